// The scan that cuts a Markdown text into top-level blocks, line by line, keeping where it stands
// at each line so that a longer text (a stream's next token) goes on from its last line.
import { copy, type Scan, type ScanState } from './scanState.js'
import { DELIMITER } from './table.js'
import {
  closesFence,
  contentColumn,
  continuesParagraph,
  FENCE,
  HTML_BLOCK_NAME,
  HTML_START,
  HTML_TAG_ALONE,
  htmlBlockEnd,
  indentColumns,
  INDENTED_CODE,
  interruptingHtml,
  ITEM,
  lineBefore,
  MATH_OPEN,
  mayInterrupt,
  mayStartHtml,
  paragraphOrRow,
  paragraphText,
  QUOTE,
  THEMATIC_BREAK,
  UNDERLINE,
} from './lines.js'

export interface Scanned {
  /** Blocks closed during the scan, and the offset of where each one's lines start. */
  blocks: string[]
  starts: number[]
  /** The block still open at the end of the text, and where its lines start. */
  open: string | null
  openStart: number
  /** The state at the start of the text's last line, which text appended later extends. */
  last: ScanState
  /** How many of `blocks` were closed before the last line (which may close one more). */
  closedBeforeLast: number
}

// A line that is a block of its own wherever it is not a list item's content: an ATX heading, or a
// thematic break of `*` or `_` (one of `-` too, but for `---`, which under a paragraph's line makes
// it a heading: see isBlockAlone).
const ALONE = /^ {0,3}(?:#{1,6}(?:[ \t]|$)|([*_])(?:[ \t]*\1){2,}[ \t]*$)/
/** Whether `line` is a block of its own wherever it is not a list item's content (see ALONE): `- - -` is, `---` is not. */
const isBlockAlone = (line: string) => ALONE.test(line) || (THEMATIC_BREAK.test(line) && !UNDERLINE.test(line))

// A line that may open code or a formula somewhere in it (under list markers, say).
const MAY_FENCE = /`{3}|~{3}|\$\$|\\\[/

// A line that ends a list when it is not indented to the item's content: a quote, a code fence.
const LIST_ENDS = /^ {0,3}(?:>|`{3,}|~{3,})/

/** What a line that is neither blank nor inside a fence or HTML block is, read against the state before it. */
interface LineRead {
  /** A line of `-` or `=` under a paragraph's line: its heading's underline. */
  readonly underline: boolean
  /** The list item the line starts, if it starts one. */
  readonly item: RegExpExecArray | null
  /** That item's marker (`-`, `*`, `+`, `.` or `)`). */
  readonly bullet: string | null
  /** The columns the line is indented by. */
  readonly own: number
  /** An item that is a paragraph's text after indented code (see readLine). */
  readonly paragraphItem: boolean
  /** The line goes on with the open block after a blank line. */
  readonly goesOn: boolean
  /** A heading or thematic break that is a block of its own. */
  readonly isAlone: boolean
  /** A code fence that interrupts the paragraph above it. */
  readonly interrupts: boolean
  /** The line surely ends the list above it after a blank line. */
  readonly endsList: boolean
}

/**
 * Scans `text` from `state` into top-level blocks. Blocks end at a blank line outside a code
 * fence (or, with `math`, a `$$` formula), unless the next line is indented (a list item's
 * continuation); a heading (and a thematic break) is a block of its own, so a reply written
 * without blank lines is not one block parsed again at every token. Blocks are cut by offset (a
 * slice is a view, not a copy), and the scan can go on from its last line when text is appended.
 */
export function scan(text: string, state: ScanState, math: boolean): Scanned {
  const blocks: string[] = []
  const starts: number[] = []
  const scan = copy(state)
  let last: ScanState = state
  let closedBeforeLast = 0
  while (scan.line <= text.length) {
    const offset = scan.line
    let lineEnd = text.indexOf('\n', offset)
    if (lineEnd < 0) {
      lineEnd = text.length
      // The last line: where the scan stands before it is where a longer text goes on from.
      last = copy(scan)
      closedBeforeLast = blocks.length
    }
    // A line ending in `\r\n` ends before its `\r` (see normalizeLineEndings).
    const lineStop = text.charCodeAt(lineEnd - 1) === 13 && lineEnd > offset ? lineEnd - 1 : lineEnd
    const line = text.slice(offset, lineStop)
    const marker = FENCE.exec(line)
    const empty = line.trim() === ''
    leaveItemFence(scan, line, empty)
    if (scan.htmlEnd !== null) htmlLine(scan, line)
    else if (scan.fence) fenceLine(scan, line)
    else if (empty) blankLine(scan)
    else {
      const read = readLine(scan, text, offset, line, marker)
      // micromark reads indented code that ends a list as a block of one line: the line after it
      // (blank lines between or not) starts another.
      const cuts = (scan.blank && !read.goesOn) || read.isAlone || scan.alone || read.interrupts || scan.codeEndedList
      if (!scan.uncut && cuts) {
        // Trailing blank lines belong to the break, not to the block.
        if (scan.end >= 0) {
          blocks.push(text.slice(scan.start, scan.end))
          starts.push(scan.start)
        }
        startBlock(scan, offset)
      }
      const setsList = followList(scan, read, text, offset, line, math)
      afterLine(scan, read, line, marker, math, setsList)
    }
    if (!empty) scan.end = lineStop
    scan.line = lineEnd + 1
  }
  return {
    blocks,
    starts,
    open: scan.end >= 0 ? text.slice(scan.start, scan.end) : null,
    openStart: scan.start,
    last,
    closedBeforeLast,
  }
}

/**
 * A fence in a list item is no lazy line's: a line left of the item's content ends the item and
 * its code (a fence there opens another, outside the list), and the item with no paragraph open.
 */
function leaveItemFence(scan: Scan, line: string, empty: boolean): void {
  if (scan.fence === null || empty) return
  if (scan.fenceIn > 0 && indentColumns(line) < scan.fenceIn) {
    scan.fence = null
    scan.shut = true
  }
  if (scan.fence !== null && scan.fenceMaybeIn > 0 && indentColumns(line) < scan.fenceMaybeIn) scan.uncut = true
}

/**
 * A line in an HTML block that ends at a line holding its end: it takes every line up to it, blank
 * ones and headings too; what follows that line is read afresh.
 */
function htmlLine(scan: Scan, line: string): void {
  if (!scan.htmlEnd?.test(line)) return
  scan.htmlEnd = null
  // Nothing is left open: no HTML, no quote's paragraph (the HTML ended it).
  scan.ended = scan.settled = true
  scan.markup = false
}

/** A line in an open fence: code, or the fence's closing line. */
function fenceLine(scan: Scan, line: string): void {
  const fence = scan.fence as string
  // (Read from the item's content on, for a fence in an item: its closing line is indented as far.)
  const content = scan.fenceIn > 0 && !line.slice(0, scan.fenceIn).includes('\t') ? line.slice(scan.fenceIn) : line
  if (closesFence(content, fence)) scan.fence = null
  scan.ended = scan.shut = scan.settled = scan.fence === null
  // What follows a top-level code block's closing line is read afresh: the block ends there.
  if (scan.fence === null && scan.fenceAlone) scan.alone = true
}

function blankLine(scan: Scan): void {
  scan.blank = true
  // An item that is a marker alone ends at a blank line (an item starts with one blank line at most).
  if (scan.shut) scan.listSure = false
  if (scan.bareItem) scan.content = Number.MAX_SAFE_INTEGER
  scan.pipe = scan.table = scan.ended = scan.shut = scan.markup = scan.settled = scan.html = scan.htmlSure = false
}

/** Starts a block at the line at `offset`: the one before ended where the scan cut it. */
function startBlock(scan: Scan, offset: number): void {
  scan.start = offset
  scan.end = -1
  scan.list = null
  scan.listed = false
  scan.content = 0
  // A heading or a fence ends a quote's paragraph (no lazy line goes on with it): what follows is no quote's.
  if (!scan.blank) scan.markup = scan.html = scan.htmlSure = false
}

function readLine(scan: Scan, text: string, offset: number, line: string, marker: RegExpExecArray | null): LineRead {
  const { list, blank, end, code, table, ended, alone, markup, content } = scan
  // A line of `-` under a paragraph's line is its heading's underline, not an empty item (under
  // a line with pipes too: with no pipe of its own it is no table's delimiter row). A line above
  // indented as code that is not code is a paragraph's line too, whatever it starts with (in
  // `Text`, then four spaces and three backticks, the backticks are the paragraph's text).
  // The line above may be a paragraph's, at the top level (told for sure from the line itself).
  const paragraphAbove = list === null && !blank && end >= 0 && !code && !table && !ended && !alone && !markup
  const above = paragraphAbove && UNDERLINE.test(line) ? lineBefore(text, offset) : null
  const underline = above !== null && (paragraphOrRow(above) || INDENTED_CODE.test(above))
  // (A thematic break made of `*` or `-` with spaces, `* * *`, is no item: a break comes first.)
  const marked = underline || THEMATIC_BREAK.test(line) ? null : ITEM.exec(line)
  // An item that cannot interrupt a paragraph (a number other than 1, or a marker alone) right
  // under a line surely a paragraph's, at the top level, is that paragraph's text (`a` then
  // `10.`: a line of `===` under them underlines both).
  const item =
    marked !== null && paragraphAbove && !mayInterrupt(marked, line) && paragraphText(lineBefore(text, offset))
      ? null
      : marked
  const bullet = item ? ((item[2] ?? item[4]) as string) : null
  const own = indentColumns(line)
  // After a blank line, an item with the list's marker goes on with the list (a loose list is
  // one list), and so does a line indented to its item's content; in other blocks a line
  // indented as code stays with the block. Anything else starts a new block.
  // After indented code, micromark reads an item that could not interrupt a paragraph (a number
  // other than 1, or nothing after the marker) as a paragraph: kept with the code, so the block
  // parsed reads it so too. (Under a quote's lines, what looks like code may be a lazy line.)
  const afterCode = code && !scan.codeEndedList && (blank || !markup) && list === null && item !== null
  const paragraphItem = afterCode && !mayInterrupt(item, line)
  // So is an item nested on the item's line (`- -`, `- 2. x`): the item is one, but what is nested
  // is its paragraph's text, which only the block parsed with the code above it reads so.
  const goesOn =
    paragraphItem ||
    (afterCode && nestedCannotInterrupt(line.slice(item[0].length))) ||
    (list === null ? marker === null && INDENTED_CODE.test(line) : (bullet === list && own < content) || own >= content)
  // A heading or break left of every list item's content ends the block before it and is one alone.
  // (Not where HTML may be open: its block takes every line to a blank one, headings too.)
  const isAlone = isBlockAlone(line) && (list === null || own < content) && !scan.html
  // A code fence right under a paragraph's line interrupts it: outside lists, tables, indented
  // code and lines that may be a quote's or HTML, it starts a block of its own, so a reply that
  // writes `Run this:` and its code with no blank line between does not parse both at every
  // token of the code.
  const interrupts = marker !== null && !blank && end >= 0 && !scan.listed && !markup && !table && !code && !alone
  // A list this line surely ends after a blank line (it is not indented to the item's content).
  const endsList = blank && !goesOn && list !== null && (scan.listSure || scan.bareItem)
  return { underline, item, bullet, own, paragraphItem, goesOn, isAlone, interrupts, endsList }
}

/** Whether items nested at the start of `rest` (an item's text) end in one that cannot interrupt a paragraph. */
function nestedCannotInterrupt(rest: string): boolean {
  for (let item = ITEM.exec(rest); item !== null && !THEMATIC_BREAK.test(rest); item = ITEM.exec(rest)) {
    if (!mayInterrupt(item, rest)) return true
    rest = rest.slice(item[0].length)
  }
  return false
}

/**
 * Follows the block's outermost list through a line: an item of it, a line that ends it, or a lazy
 * line of its item's paragraph. Whether the line starts the list's item.
 */
function followList(scan: Scan, read: LineRead, text: string, offset: number, line: string, math: boolean): boolean {
  const { item, own } = read
  let setsList = false
  // The block's outermost list item (the last one left of the content of the one before; not one
  // nested in it) sets the marker and the content column: a list of another marker may follow.
  if (item && !read.paragraphItem && (scan.list === null || own < scan.content)) {
    // Sure where no paragraph's line is above it, or where it interrupts one (a bullet or a 1 with
    // text after it, not an underline: it is an item whether the list above was one or a
    // paragraph's text), outside HTML and tables; under a quote's lines or a list's item, any
    // marker left of its content starts an item.
    const interrupting = mayInterrupt(item, line)
    scan.listSure =
      scan.end < 0 ||
      scan.blank ||
      (scan.code && !scan.markup) ||
      scan.settled ||
      (scan.list !== null && scan.listSure) ||
      (scan.markup ? !scan.html && !scan.table : interrupting && !scan.table)
    if (scan.list === null) scan.listFenced = false
    scan.list = read.bullet
    scan.listed = true
    scan.content = contentColumn(line, item)
    setsList = true
  } else if (
    scan.list !== null &&
    own < scan.content &&
    (scan.shut ||
      LIST_ENDS.test(line) ||
      THEMATIC_BREAK.test(line) ||
      (math && MATH_OPEN.test(line)) ||
      interruptingHtml(line))
  ) {
    // A quote, a fence (a formula's, with math on), HTML of a kind that interrupts a paragraph
    // or a thematic break (never a lazy heading underline) left of the item's content interrupts
    // its paragraph, and any line there ends an item with none: the list is over (the block goes
    // on; what follows is read as after any block).
    scan.list = null
    scan.content = 0
  } else if (scan.list !== null && own < scan.content) {
    // A line left of the item's content goes on with its paragraph, lazily, or ends the list if
    // the item has none open (after a heading in it, code, HTML or a table, say): surely the
    // first only under a line of the item's paragraph text.
    // (HTML may interrupt the paragraph, and end the list, where this scan does not tell its kinds apart.)
    scan.listSure &&=
      !scan.listFenced &&
      !scan.markup &&
      !scan.table &&
      !HTML_START.test(line) &&
      continuesParagraph(lineBefore(text, offset), scan.content, !DELIMITER.test(line))
  }
  return setsList
}

/** What the line leaves for the next one: code, tables, HTML, fences, and what it ended. */
function afterLine(
  scan: Scan,
  read: LineRead,
  line: string,
  marker: RegExpExecArray | null,
  math: boolean,
  setsList: boolean,
): void {
  const { item, paragraphItem } = read
  // Indented code: four columns in, outside a list, starting a block, after a blank line, after a
  // table (which it ends) or a line that ended a block, or going on with code.
  scan.code =
    scan.list === null &&
    INDENTED_CODE.test(line) &&
    (scan.code || scan.blank || scan.end < 0 || scan.table || scan.ended)
  scan.codeEndedList = scan.code && read.endsList
  scan.bareItem = setsList && scan.listSure && line.slice((item as RegExpExecArray)[0].length).trim() === ''
  // (A line read as a paragraph's text is no underline.)
  // (`===` or `---` with no paragraph above, at the top level, is text: a line under it may go on with it.)
  scan.ended =
    !paragraphItem && (THEMATIC_BREAK.test(line) || (UNDERLINE.test(line) && (scan.list !== null || read.underline)))
  scan.settled = !paragraphItem && (read.underline || THEMATIC_BREAK.test(line))
  scan.shut = item !== null && line.slice(item[0].length).trim() === ''
  scan.table = !scan.code && (scan.table || (scan.pipe && DELIMITER.test(line)))
  scan.pipe = line.includes('|')
  scan.blank = false
  scan.alone = read.isAlone
  // HTML that ends at a line holding its end (a comment, say), at the top level where no HTML
  // may be open: ended on this line, what follows is read afresh (code indented under it is
  // code, and HTML may start under it); else followed to that line. Where HTML surely is open,
  // it is that HTML's text; where the scan is unsure (HTML that may be a paragraph's text, a
  // list, a table), the rest is left whole if it does not end on its line.
  const raw = htmlBlockEnd(line)
  const rawEnded = raw !== null && raw.end.test(line.slice(raw.from))
  const rawSure = raw !== null && !scan.html && scan.list === null && !scan.table
  if (raw !== null && rawSure) {
    if (rawEnded) scan.ended = scan.settled = true
    else scan.htmlEnd = raw.end
    // It ends a quote's paragraph above it.
    scan.markup = false
  } else if (raw !== null && !rawEnded && !(scan.html && scan.htmlSure)) scan.uncut = true
  const startsHtml = !rawSure && mayStartHtml(line)
  if (startsHtml && !scan.html && scan.list === null)
    scan.htmlSure = HTML_BLOCK_NAME.test(line) || (scan.end < 0 && HTML_TAG_ALONE.test(line))
  scan.markup ||= startsHtml || QUOTE.test(line)
  scan.html ||= startsHtml
  // In HTML surely open, a fence line is its text.
  scan.fence = scan.html && scan.htmlSure ? null : (marker?.[1] ?? (math ? (MATH_OPEN.exec(line)?.[1] ?? null) : null))
  // A code fence that starts a block at the top level (not a formula's: a line after `$$` goes on with it as the parser reads it).
  scan.fenceAlone = marker !== null && scan.end < 0 && scan.list === null
  // A fence in a list is followed as its item's where the list surely is one and no line of it
  // before may have opened code the scan does not follow (this line may close that code).
  const followed = scan.list !== null && scan.listSure && !scan.listFenced
  scan.fenceIn = followed ? scan.content : 0
  scan.fenceMaybeIn = scan.list !== null && !followed ? scan.content : 0
  // The lines of a fence followed are no code left unfollowed.
  if (scan.list !== null && !(followed && scan.fence !== null)) scan.listFenced ||= MAY_FENCE.test(line)
}
