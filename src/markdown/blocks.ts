import { fromMarkdown } from 'mdast-util-from-markdown'
import { keepRecent } from '../core/record.js'
import { LINE_BREAK, ownString } from '../core/text.js'
// A reference definition (`[id]: url`) resolves across the whole text, so a text with one is never split.
// The opening bracket at a line's start, indented up to three spaces; see hasDefinition.
const DEFINITION_START = /^ {0,3}\[/gm
const SPACE = /\s/
/** A fence's opening marker at a line's start: three or more backticks or tildes, indented up to three spaces. */
export const FENCE = /^ {0,3}(`{3,}|~{3,})/
// Display math's fence, when math is on: `$$` or more (and a meta with no `$`) opens one, as
// remark-math reads it (a line of as many or more alone closes it: see closesFence).
const MATH_OPEN = /^ {0,3}(\${2,})[^$]*$/
const INDENTED_CODE = /^(?: {4}| {0,3}\t)/

/** Which math a text may hold: none (math off), `$$` only, or `$` too. */
export type MathSyntax = 'off' | 'double' | 'single'

/** Where a scan stands at the start of a line: enough to go on from there later. */
interface ScanState {
  /** Offset of the line to scan next. */
  readonly line: number
  /** Where the open block's lines start (blank lines before it included). */
  readonly start: number
  /** End of the open block's last non-blank line; -1 while it has none. */
  readonly end: number
  /** The open fence's marker (`$$` for a formula's). */
  readonly fence: string | null
  /** The open fence is a block of its own at the top level: the line after its closing line starts another block. */
  readonly fenceAlone: boolean
  /** The column of the content of the list item the open fence is in (0: none): a line left of it ends the item, and the fence with it. */
  readonly fenceIn: number
  /**
   * The column of the content of the list item the open fence may be in (0: none): opened under a
   * list the scan is not sure of, a line left of it either goes on with the code (no list) or ends
   * the item and the fence with it (a list): see `uncut`.
   */
  readonly fenceMaybeIn: number
  /**
   * The scan cannot tell where the blocks end from here on (a line that may have ended a fence or
   * may be its code, see `fenceMaybeIn`): the rest of the text is one block, which the parser reads
   * whole. Rare: a fence in an item under lazy lines, closed or written on left of the item.
   */
  readonly uncut: boolean
  /** The line before was blank. */
  readonly blank: boolean
  /** The marker (`-`, `*`, `+`, `.` or `)`) of the open block's outermost list item, if it has one. */
  readonly list: string | null
  /** Where the content of that list's last item starts (its column): lines after a blank line go on with the item when indented as far. */
  readonly content: number
  /** The line before was a heading or thematic break of its own: the next line starts another block. */
  readonly alone: boolean
  /** The open block has held a list: a fence in it may be an item's, which the list's end closes where this scan does not see it. */
  readonly listed: boolean
  /** That list surely is one as the parser reads it, and its item goes on to the line before: under a paragraph's line its first item may be the paragraph's text (or `-` its heading's underline), and a line left of its content may have ended it. Only then is a fence in it followed as the item's. */
  readonly listSure: boolean
  /** A line of that list may have opened code the scan does not follow (a fence under a list in its item, a formula): a line left of its content is no surely lazy one. */
  readonly listFenced: boolean
  /**
   * A line since the last blank one may start HTML whose block takes every line to a blank one (not
   * HTML that surely ends at a line holding its end: that is followed by `htmlEnd`).
   */
  readonly html: boolean
  /**
   * The end of the open HTML block that ends at a line holding it, not at a blank line (a comment's
   * `-->`, say: see htmlBlockEnd), while that line has not come: every line up to it is the block's.
   */
  readonly htmlEnd: RegExp | null
  /**
   * The HTML that may be open (`html`) surely is: a block element's tag, or a tag alone where no
   * paragraph is open (one under a paragraph's line is its text). A fence line in it is its text.
   */
  readonly htmlSure: boolean
  /** The line before surely left no paragraph open: a heading's underline under a paragraph, a thematic break, a fence's closing line. */
  readonly settled: boolean
  /** The open block's last line is indented code (outside any list). */
  readonly code: boolean
  /**
   * That code's line ended a list after a blank line (it is not indented to the item's content):
   * micromark reads it as a code block of one line and the next line afresh (an item `10.` there
   * is an item, where after other indented code it is a paragraph's text).
   */
  readonly codeEndedList: boolean
  /**
   * The last line that was not blank is the block's outermost list item, surely one, and its marker
   * alone: after a blank line nothing goes on with it (an item starts with one blank line at most),
   * and the list ends at any line that is not its next item.
   */
  readonly bareItem: boolean
  /** The line before holds a pipe (a table's header row, if a delimiter row follows). */
  readonly pipe: boolean
  /** The open block's last lines are a table's (from its delimiter row on). */
  readonly table: boolean
  /** The line before ended what it was in with no paragraph left open: a fence's closing line, a thematic break or a heading's underline. */
  readonly ended: boolean
  /** The line before left a list item with no paragraph a line under it could continue: a marker alone, or a fence's closing line. */
  readonly shut: boolean
  /** A line since the last blank one is a quote's or HTML: a paragraph there may be a quote's, which a line of `-` outside it cannot underline. */
  readonly markup: boolean
}

interface Scanned {
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

/**
 * Scans `text` from `state` into top-level blocks. Blocks end at a blank line outside a code
 * fence (or, with `math`, a `$$` formula), unless the next line is indented (a list item's
 * continuation); a heading (and a thematic break) is a block of its own, so a reply written
 * without blank lines is not one block parsed again at every token. Blocks are cut by offset (a
 * slice is a view, not a copy), and the scan can go on from its last line when text is appended.
 */
function scan(text: string, state: ScanState, math: boolean): Scanned {
  const blocks: string[] = []
  const starts: number[] = []
  let {
    start,
    end,
    fence,
    fenceAlone,
    fenceIn,
    fenceMaybeIn,
    uncut,
    blank,
    list,
    content,
    listed,
    listSure,
    listFenced,
    settled,
    html,
    htmlEnd,
    htmlSure,
    alone,
    code,
    codeEndedList,
    bareItem,
    pipe,
    table,
    ended,
    shut,
    markup,
  } = state
  let offset = state.line
  let last: ScanState = state
  let closedBeforeLast = 0
  while (offset <= text.length) {
    last = {
      line: offset,
      start,
      end,
      fence,
      fenceAlone,
      fenceIn,
      fenceMaybeIn,
      uncut,
      blank,
      list,
      content,
      listed,
      listSure,
      listFenced,
      settled,
      html,
      htmlEnd,
      htmlSure,
      alone,
      code,
      codeEndedList,
      bareItem,
      pipe,
      table,
      ended,
      shut,
      markup,
    }
    closedBeforeLast = blocks.length
    let lineEnd = text.indexOf('\n', offset)
    if (lineEnd < 0) lineEnd = text.length
    // A line ending in `\r\n` ends before its `\r` (see normalizeLineEndings).
    const lineStop = text.charCodeAt(lineEnd - 1) === 13 && lineEnd > offset ? lineEnd - 1 : lineEnd
    const line = text.slice(offset, lineStop)
    const marker = FENCE.exec(line)
    const empty = line.trim() === ''
    // A fence in a list item is no lazy line's: a line left of the item's content ends the item and
    // its code (a fence there opens another, outside the list), and the item with no paragraph open.
    if (fence !== null && fenceIn > 0 && !empty && indentColumns(line) < fenceIn) {
      fence = null
      shut = true
    }
    if (fence !== null && fenceMaybeIn > 0 && !empty && indentColumns(line) < fenceMaybeIn) uncut = true
    if (htmlEnd !== null) {
      // An HTML block that ends at a line holding its end takes every line up to it, blank ones and
      // headings too; what follows that line is read afresh.
      if (htmlEnd.test(line)) {
        htmlEnd = null
        // Nothing is left open: no HTML, no quote's paragraph (the HTML ended it).
        ended = settled = true
        markup = false
      }
    } else if (fence) {
      // (Read from the item's content on, for a fence in an item: its closing line is indented as far.)
      if (closesFence(fenceIn > 0 && !line.slice(0, fenceIn).includes('\t') ? line.slice(fenceIn) : line, fence))
        fence = null
      ended = shut = settled = fence === null
      // What follows a top-level code block's closing line is read afresh: the block ends there.
      if (fence === null && fenceAlone) alone = true
    } else if (empty) {
      blank = true
      // An item that is a marker alone ends at a blank line (an item starts with one blank line at most).
      if (shut) listSure = false
      if (bareItem) content = Number.MAX_SAFE_INTEGER
      pipe = table = ended = shut = markup = settled = html = htmlSure = false
    } else {
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
      // indented as code stays with the block. Anything else starts a new block: a line indented
      // less than code where no list is open (the paragraph of an item `10.` whose lines are
      // indented three, say, or a code fence so indented) starts one of its own, as the paragraph
      // above it ended at the blank line (kept with it, the paragraph was parsed whole from there,
      // its elements made again).
      // After indented code (a blank line between or not), micromark reads an item that could not
      // interrupt a paragraph (a number other than 1, or nothing after the marker) as a paragraph:
      // kept with the code, so the block parsed reads it so too. (Right under a quote's lines, what
      // looks like code may be a lazy line of its paragraph.)
      const paragraphItem =
        code && !codeEndedList && (blank || !markup) && list === null && item !== null && !mayInterrupt(item, line)
      const goesOn =
        paragraphItem ||
        (list === null
          ? marker === null && INDENTED_CODE.test(line)
          : (bullet === list && own < content) || own >= content)
      // A heading or break left of every list item's content ends the block before it and is one alone.
      // (Not where HTML may be open: its block takes every line to a blank one, headings too.)
      const isAlone = isBlockAlone(line) && (list === null || own < content) && !html
      // A code fence right under a paragraph's line interrupts it: outside lists, tables, indented
      // code and lines that may be a quote's or HTML, it starts a block of its own, so a reply that
      // writes `Run this:` and its code with no blank line between does not parse both at every
      // token of the code.
      const interrupts = marker !== null && !blank && end >= 0 && !listed && !markup && !table && !code && !alone
      // A list this line surely ends after a blank line (it is not indented to the item's content).
      const endsList = blank && !goesOn && list !== null && (listSure || bareItem)
      // micromark reads indented code that ends a list as a block of one line: the line after it
      // (blank lines between or not) starts another.
      if (!uncut && ((blank && !goesOn) || isAlone || alone || interrupts || codeEndedList)) {
        // Trailing blank lines belong to the break, not to the block.
        if (end >= 0) {
          blocks.push(text.slice(start, end))
          starts.push(start)
        }
        start = offset
        end = -1
        list = null
        listed = false
        content = 0
        // A heading or a fence ends a quote's paragraph (no lazy line goes on with it): what follows is no quote's.
        if (!blank) markup = html = htmlSure = false
      }
      // The block's outermost list item (the last one left of the content of the one before; not one
      // nested in it) sets the marker and the content column: a list of another marker may follow.
      let setsList = false
      if (item && !paragraphItem && (list === null || own < content)) {
        // Sure where no paragraph's line is above it, or where it interrupts one (a bullet or a 1 with
        // text after it, not an underline: it is an item whether the list above was one or a
        // paragraph's text), outside HTML and tables; under a quote's lines or a list's item, any
        // marker left of its content starts an item.
        const interrupting = mayInterrupt(item, line)
        listSure =
          end < 0 ||
          blank ||
          (code && !markup) ||
          settled ||
          (list !== null && listSure) ||
          (markup ? !html && !table : interrupting && !table)
        if (list === null) listFenced = false
        list = bullet
        listed = true
        content = contentColumn(line, item)
        setsList = true
      } else if (
        list !== null &&
        own < content &&
        (shut ||
          LIST_ENDS.test(line) ||
          THEMATIC_BREAK.test(line) ||
          (math && MATH_OPEN.test(line)) ||
          interruptingHtml(line))
      ) {
        // A quote, a fence (a formula's, with math on), HTML of a kind that interrupts a paragraph
        // or a thematic break (never a lazy heading underline) left of the item's content interrupts
        // its paragraph, and any line there ends an item with none: the list is over (the block goes
        // on; what follows is read as after any block).
        list = null
        content = 0
      } else if (list !== null && own < content) {
        // A line left of the item's content goes on with its paragraph, lazily, or ends the list if
        // the item has none open (after a heading in it, code, HTML or a table, say): surely the
        // first only under a line of the item's paragraph text.
        // (HTML may interrupt the paragraph, and end the list, where this scan does not tell its kinds apart.)
        listSure &&=
          !listFenced &&
          !markup &&
          !table &&
          !HTML_START.test(line) &&
          continuesParagraph(lineBefore(text, offset), content, !DELIMITER.test(line))
      }
      if (list !== null) listFenced ||= MAY_FENCE.test(line)
      // Indented code: four columns in, outside a list, starting a block, after a blank line, after a
      // table (which it ends) or a line that ended a block, or going on with code.
      code = list === null && INDENTED_CODE.test(line) && (code || blank || end < 0 || table || ended)
      codeEndedList = code && endsList
      bareItem = setsList && listSure && line.slice((item as RegExpExecArray)[0].length).trim() === ''
      // (A line read as a paragraph's text is no underline.)
      // (`===` or `---` with no paragraph above, at the top level, is text: a line under it may go on with it.)
      ended = !paragraphItem && (THEMATIC_BREAK.test(line) || (UNDERLINE.test(line) && (list !== null || underline)))
      settled = !paragraphItem && (underline || THEMATIC_BREAK.test(line))
      shut = item !== null && line.slice(item[0].length).trim() === ''
      table = !code && (table || (pipe && DELIMITER.test(line)))
      pipe = line.includes('|')
      blank = false
      alone = isAlone
      // HTML that ends at a line holding its end (a comment, say), at the top level where no HTML
      // may be open: ended on this line, what follows is read afresh (code indented under it is
      // code, and HTML may start under it); else followed to that line. Where HTML surely is open,
      // it is that HTML's text; where the scan is unsure (HTML that may be a paragraph's text, a
      // list, a table), the rest is left whole if it does not end on its line.
      const raw = htmlBlockEnd(line)
      const rawEnded = raw !== null && raw.end.test(line.slice(raw.from))
      const rawSure = raw !== null && !html && list === null && !table
      if (raw !== null && rawSure) {
        if (rawEnded) ended = settled = true
        else htmlEnd = raw.end
        // It ends a quote's paragraph above it.
        markup = false
      } else if (raw !== null && !rawEnded && !(html && htmlSure)) uncut = true
      const startsHtml = !rawSure && mayStartHtml(line)
      if (startsHtml && !html && list === null)
        htmlSure = HTML_BLOCK_NAME.test(line) || (end < 0 && HTML_TAG_ALONE.test(line))
      markup ||= startsHtml || QUOTE.test(line)
      html ||= startsHtml
      // In HTML surely open, a fence line is its text.
      fence = html && htmlSure ? null : (marker?.[1] ?? (math ? (MATH_OPEN.exec(line)?.[1] ?? null) : null))
      // A code fence that starts a block at the top level (not a formula's: a line after `$$` goes on with it as the parser reads it).
      fenceAlone = marker !== null && end < 0 && list === null
      fenceIn = list !== null && listSure ? content : 0
      fenceMaybeIn = list !== null && !listSure ? content : 0
    }
    if (!empty) end = lineStop
    offset = lineEnd + 1
  }
  return { blocks, starts, open: end >= 0 ? text.slice(start, end) : null, openStart: start, last, closedBeforeLast }
}

/**
 * `source` with a line ending after it when its last line may be HTML. micromark reads such a line
 * under a list item or a quote (`- a` then `<b>`) as their lazy text when a line ending follows it,
 * as in the text the block was cut from, and, at the very end of its input, as HTML that ends them;
 * a block is cut without its line ending. Any other block is returned as it is.
 */
export function withLineEnding(source: string): string {
  return HTML_START.test(source.slice(source.lastIndexOf('\n') + 1)) ? `${source}\n` : source
}

/**
 * A block with its line endings as `\n`: CommonMark reads `\r\n` and a lone `\r` as line endings, and
 * so does the parser; the kit's own readers (lists, quotes, tables, paragraphs, fences) read `\n`.
 * The same string when it has no `\r`.
 */
export function normalizeLineEndings(block: string): string {
  return block.includes('\r') ? block.replace(/\r\n?/g, '\n') : block
}

/** The columns a line is indented by: spaces, and tabs to the next multiple of four (as CommonMark counts them). */
function indentColumns(line: string): number {
  let column = 0
  for (let i = 0; i < line.length; i++) {
    const char = line[i]
    if (char === ' ') column++
    else if (char === '\t') column += 4 - (column % 4)
    else break
  }
  return column
}

const START: ScanState = {
  line: 0,
  start: 0,
  end: -1,
  fence: null,
  fenceAlone: false,
  fenceIn: 0,
  fenceMaybeIn: 0,
  uncut: false,
  blank: false,
  list: null,
  content: 0,
  listed: false,
  listSure: false,
  listFenced: false,
  html: false,
  htmlEnd: null,
  htmlSure: false,
  settled: false,
  alone: false,
  code: false,
  pipe: false,
  table: false,
  ended: false,
  shut: false,
  markup: false,
  codeEndedList: false,
  bareItem: false,
}

/** A heading's underline (under a paragraph; `===` alone is text). */
export const UNDERLINE = /^ {0,3}(?:=+|-+)[ \t]*$/
// A thematic break, or a heading's underline (text alone, if there is no paragraph above: taken for
// an underline all the same, which only keeps lines together).
const endsBlock = (line: string) => THEMATIC_BREAK.test(line) || UNDERLINE.test(line)

// A line that may open code or a formula somewhere in it (under list markers, say).
const MAY_FENCE = /`{3}|~{3}|\$\$|\\\[/

// A line that ends a list when it is not indented to the item's content: a quote, a code fence.
const LIST_ENDS = /^ {0,3}(?:>|`{3,}|~{3,})/

// A list item's first line: its indent, bullet or number and delimiter, and the spaces after them.
const ITEM = /^( {0,3})(?:([-+*])|(\d{1,9})([.)]))( +|$)/

/** Whether the item `item` found on `line` may interrupt a paragraph: a bullet or `1.`, with text after it (not an underline). */
function mayInterrupt(item: RegExpExecArray, line: string): boolean {
  return item[3] === undefined || Number(item[3]) === 1
    ? line.slice(item[0].length).trim() !== '' && !UNDERLINE.test(line)
    : false
}

/**
 * The column where the content of the list item whose first line `item` matched starts: after its
 * marker and one to four spaces; one space when there are more (the rest is indented code) or when
 * nothing follows the marker yet.
 */
function contentColumn(line: string, item: RegExpExecArray): number {
  const spaces = (item[5] ?? '').length
  return item[0].length - spaces + (spaces === 0 || spaces > 4 || item[0].length === line.length ? 1 : spaces)
}

/**
 * Splits markdown into top-level blocks so each can be rendered and memoized on its own: a
 * finished block never re-renders while the text after it grows. A text with reference
 * definitions stays one block, since they resolve across the whole text. `math`: `$$` lines fence
 * display math (its blank lines and headings are the formula's), as with math on.
 */
export function splitBlocks(text: string, math = false): string[] {
  const { finished, live } = splitAppend(null, text, math)
  return live === null ? [...finished] : [...finished, live]
}

/** The blocks of a text, split so that the next, longer text re-scans only its last line. */
export interface SplitText {
  readonly text: string
  /** Blocks that text appended later cannot change. Kept (same array) until another one finishes. */
  readonly finished: readonly string[]
  /** The last block, which later text may still extend; `null` when there is none yet. */
  readonly live: string | null
  /** Where the live block's lines start in `text` (-1: the text is one block, not split). */
  readonly liveStart: number
  /** Where the scan stood at the start of the text's last line (`null`: the text is not split). */
  readonly resume: ScanState | null
  /** How many finished blocks were closed before the last line: that line may close one more, and is scanned again. */
  readonly resumeFinished: number
  /** `$$` lines were read as display math's fences. */
  readonly math: boolean
}

/**
 * Whether `text` begins with `prefix`. The same answer as `text.startsWith(prefix)`, which V8 runs
 * character by character: for a 15 KB streamed reply checked at every token that was the largest
 * single cost in splitting it. A slice is a view and `===` on it compares memory.
 */
export function extendsText(text: string, prefix: string): boolean {
  return text.length >= prefix.length && text.slice(0, prefix.length) === prefix
}

const whole = (text: string, math: boolean, grew: boolean): SplitText => ({
  text,
  finished: [],
  live: text === '' ? null : grew ? ownString(text) : text,
  liveStart: -1,
  resume: null,
  resumeFinished: 0,
  math,
})

/**
 * Splits `text` into blocks, re-using `previous` when `text` extends it: the scan goes on from the
 * start of the previous text's last line, so the work per appended token follows the token (and
 * that line), not the text or the live block. Gives the same blocks as {@link splitBlocks}.
 */
export function splitAppend(previous: SplitText | null, text: string, math = false): SplitText {
  if (previous && previous.text === text && previous.math === math) return previous
  const grew =
    previous !== null &&
    previous.math === math &&
    text.length > previous.text.length &&
    extendsText(text, previous.text)
  const resume = grew && previous.resume !== null ? previous.resume : null
  // Lines before the resumed one were searched for a reference definition already.
  if (hasDefinition(resume ? text.slice(resume.line) : text)) return whole(text, math, grew)
  const scanned = scan(text, resume ?? START, math)
  // A text that grows (streams) is a new string at each token, and a block cut from it is a slice
  // that keeps all of it: what is kept as it grows (blocks, and what is cut from them and kept: a
  // settled sentence, a code line, a memoized element's text) would keep thousands of earlier
  // copies of the text. Each is made a string of its own (see ownString), the open block at every
  // token, as it is read at every token. A text read once keeps its blocks as slices of it.
  const blocks = grew ? scanned.blocks.map(ownString) : scanned.blocks
  const live = grew && scanned.open !== null ? ownString(scanned.open) : scanned.open
  let finished: readonly string[]
  if (resume && previous) {
    const kept = previous.resumeFinished
    finished = previous.finished.length === kept ? previous.finished : previous.finished.slice(0, kept)
    if (blocks.length > 0) finished = [...finished, ...blocks]
    // The line scanned again closed the same block as before: the same array, so nothing re-renders.
    if (
      finished !== previous.finished &&
      finished.length === previous.finished.length &&
      finished.at(-1) === previous.finished.at(-1)
    )
      finished = previous.finished
  } else finished = blocks
  return {
    text,
    finished,
    live,
    liveStart: scanned.openStart,
    resume: scanned.last,
    resumeFinished: finished.length - scanned.blocks.length + scanned.closedBeforeLast,
    math,
  }
}

/**
 * Whether `text` has a line that opens a reference definition: up to three spaces, `[`, a label of
 * at least one character with no `]` (it may run over lines), `]:` and a space or line break. In
 * one pass: a label ends at its first `]`, and when no `]` follows an opening bracket none follows
 * a later one, so the text after it is not searched again for each (as a pattern would, from each
 * of thousands of lines that start with `[`).
 */
export function hasDefinition(text: string): boolean {
  DEFINITION_START.lastIndex = 0
  for (let open = DEFINITION_START.exec(text); open; open = DEFINITION_START.exec(text)) {
    const label = open.index + open[0].length
    const close = text.indexOf(']', label)
    if (close < 0) return false
    if (close > label && text[close + 1] === ':' && SPACE.test(text[close + 2] ?? '')) return true
    // Bracket lines before that `]` have it as their first `]` too, with a label: search after it.
    if (DEFINITION_START.lastIndex <= close) DEFINITION_START.lastIndex = close
  }
  return false
}

/** A block that is one fenced code block, as its language and code. */
export interface Fence {
  lang: string
  code: string
  /** The closing fence has arrived. */
  closed: boolean
}

// A closing fence line: a code fence's, or a `$$` formula's.
const CLOSE = /^ {0,3}(`{3,}|~{3,}|\${2,})[ \t]*$/

/** Whether `line` closes a fence opened with `marker`: the same character, as many or more, nothing after it. */
export function closesFence(line: string, marker: string): boolean {
  const close = CLOSE.exec(line)?.[1]
  return close !== undefined && close[0] === marker[0] && close.length >= marker.length
}

/**
 * Reads a block that is exactly one fenced code block (opened, maybe closed, nothing after it), so
 * it can be rendered without a markdown parse. `null` for anything else. While `streaming`, a last
 * line that could be the closing fence being typed (`` ` `` or ``` `` ```) is held back.
 */
export function readFence(block: string, streaming = false): Fence | null {
  const newline = block.indexOf('\n')
  const first = newline < 0 ? block : block.slice(0, newline)
  const open = FENCE.exec(first)
  // A line break inside the line (`\r`, U+2028, U+2029) makes it no fence line.
  if (!open || LINE_BREAK.test(first)) return null
  const marker = open[1] as string
  const indent = open[0].length - marker.length
  const info = first.slice(open[0].length).trim()
  // Backticks in a backtick fence's info string make it inline code; escapes and entities need the parser.
  if ((marker[0] === '`' && info.includes('`')) || /[\\&]/.test(info)) return null
  const body = fencedLines(block, newline, indent, marker, streaming)
  if (!body) return null
  return { lang: info.split(/\s+/)[0] ?? '', code: body.lines.join('\n'), closed: body.closed }
}

/**
 * The lines inside a block opened by a fence line (its first line, ending at `newline`, indented by
 * `indent`, its fence `marker`): up to a closing line of the same character, as many or more, with
 * the opening indent taken off each. While `streaming`, a last line that could be the closing fence
 * being typed is held back. `null` when text follows the closing line (the parser reads that).
 * Shared by code fences and `$$` formulas, which close alike.
 */
export function fencedLines(
  block: string,
  newline: number,
  indent: number,
  marker: string,
  streaming: boolean,
): { lines: string[]; closed: boolean } | null {
  const lines = newline < 0 ? [] : block.slice(newline + 1).split('\n')
  const char = marker[0] as string
  let end = lines.length
  let closed = false
  for (let i = 0; i < lines.length; i++) {
    if (closesFence(lines[i] as string, marker)) {
      end = i
      closed = true
      break
    }
  }
  // Anything after the closing fence (no blank line between) needs the parser.
  if (closed && lines.slice(end + 1).some((line) => line.trim() !== '')) return null
  let content = lines.slice(0, end)
  if (
    !closed &&
    streaming &&
    content.length > 0 &&
    new RegExp(`^ {0,3}\\${char}{1,${marker.length}}$`).test(content.at(-1) as string)
  )
    content = content.slice(0, -1)
  if (indent > 0) content = content.map((line) => line.replace(new RegExp(`^ {0,${indent}}`), ''))
  return { lines: content, closed }
}

/** A fence read from a block, kept so that the same block, grown, is read again from its last line. */
export interface FenceRead {
  readonly block: string
  readonly streaming: boolean
  readonly fence: Fence | null
  /** Where the code starts in the block, when the fence is open and unindented (else -1: read it whole). */
  readonly contentStart: number
}

/**
 * {@link readFence}, for a block that grows: while the fence is open, text appended to it is code
 * until a closing line, so only the lines from the previous block's last one on are looked at and
 * the code is a slice of the block. The same result as `readFence(block, streaming)`.
 */
export function readFenceAppend(previous: FenceRead | null, block: string, streaming: boolean): FenceRead {
  if (previous && previous.block === block && previous.streaming === streaming) return previous
  const fence = previous?.fence
  if (
    !previous ||
    !fence ||
    fence.closed ||
    previous.contentStart < 0 ||
    previous.streaming !== streaming ||
    !extendsText(block, previous.block)
  )
    return readWhole(block, streaming)
  const { contentStart } = previous
  const marker = /^(`{3,}|~{3,})/.exec(block)?.[1] ?? ''
  let line = Math.max(contentStart, previous.block.lastIndexOf('\n') + 1)
  while (line <= block.length) {
    let end = block.indexOf('\n', line)
    if (end < 0) end = block.length
    const close = CLOSE.exec(block.slice(line, end))
    // A closing line, or anything after it, is read whole (once).
    if (close && close[1]?.[0] === marker[0] && (close[1]?.length ?? 0) >= marker.length)
      return readWhole(block, streaming)
    line = end + 1
  }
  const lastLine = block.lastIndexOf('\n') + 1
  let codeEnd = block.length
  if (
    streaming &&
    lastLine >= contentStart &&
    new RegExp(`^ {0,3}\\${marker[0]}{1,${marker.length}}$`).test(block.slice(lastLine))
  )
    codeEnd = Math.max(contentStart, lastLine - 1)
  return {
    block,
    streaming,
    contentStart,
    fence: { lang: fence.lang, code: block.slice(contentStart, codeEnd), closed: false },
  }
}

function readWhole(block: string, streaming: boolean): FenceRead {
  const fence = readFence(block, streaming)
  const newline = block.indexOf('\n')
  const unindented = /^(`{3,}|~{3,})/.test(block)
  return {
    block,
    streaming,
    fence,
    contentStart: fence && !fence.closed && unindented && newline >= 0 ? newline + 1 : -1,
  }
}

const QUOTE_MARK = /^ {0,3}> ?/

/**
 * The text inside a block that is one block quote, every line of it marked (`>` after up to three
 * spaces, and the one space after it, taken off as the parser does), so a streaming quote is read
 * block by block inside; `null` for anything else, which is then rendered whole. Not read: a line
 * with no mark (lazy continuation), a tab (its width after `>` depends on its column), a carriage
 * return, a reference definition inside (it reaches across blocks), a quote with code or a
 * `$$` formula inside that ends in blank lines, and lists micromark reads otherwise in a quote (see listSpreadInQuote). While the quote streams,
 * a last line not yet past its indent is an empty line of the quote.
 */
export function quoteText(block: string, streaming: boolean): string | null {
  if (!block.startsWith('>') && !/^ {1,3}>/.test(block)) return null
  if (block.includes('\t') || block.includes('\r')) return null
  const inner: string[] = []
  let start = 0
  while (start <= block.length) {
    const newline = block.indexOf('\n', start)
    const end = newline < 0 ? block.length : newline
    const line = block.slice(start, end)
    const mark = QUOTE_MARK.exec(line)
    if (mark) inner.push(line.slice(mark[0].length))
    else if (streaming && newline < 0 && /^ {0,3}$/.test(line)) inner.push('')
    else return null
    if (newline < 0) break
    start = newline + 1
  }
  const text = inner.join('\n')
  // With code fences or `$$` formulas inside, a finished quote that ends in blank lines is read
  // whole: they may be lines of code left open, for the parser, where a text's trailing blank lines
  // are no block's. While the quote streams, its last line is not yet what it will be (`>` may be a
  // blank line or the start of one): what it may make of a list is judged once it is written.
  const openCode =
    !streaming && (inner.at(-1) ?? '').trim() === '' && (FENCE_ANYWHERE.test(text) || text.includes('$$'))
  return hasDefinition(text) || listSpreadInQuote(streaming ? inner.slice(0, -1) : inner) || openCode ? null : text
}

/**
 * Whether a list inside a quote is followed by what may make micromark read it otherwise there
 * than in the same text outside a quote: blank lines and then a quote or a list item (of this list
 * or another), or two blank lines (it may be loose there, and tight read block by block); blank
 * lines and then a line indented into an item (after a nested list, it is tight there, and loose
 * read block by block). Such a quote is parsed whole.
 */
function listSpreadInQuote(lines: readonly string[]): boolean {
  let list = false
  let blanks = 0
  for (const line of lines) {
    if (line.trim() === '') {
      blanks++
      if (list && blanks >= 2) return true
      continue
    }
    if (list && blanks > 0) {
      if (/^ {0,3}>/.test(line) || ITEM.test(line) || line.startsWith(' ')) return true
      // Text not indented after a blank line ends the list (a paragraph, a table): read as outside a quote.
      list = false
    }
    blanks = 0
    list ||= ITEM.test(line)
  }
  return false
}

/** A list block cut into its items, so a streaming list re-parses only its last item. */
export interface ListItems {
  ordered: boolean
  /** The first item's number, for an ordered list. */
  start: number
  items: string[]
  /** Items are separated by blank lines: every item's text is a paragraph (`<p>`). */
  loose: boolean
}

// Lines that would end the list, or change it, if met without indentation (a footnote's definition among them).
const INTERRUPTS = /^ {0,3}(?:[#>|]|`{3,}|~{3,}|([-*_])(?:\s*\1){2,}\s*$|=+\s*$|-+\s*$|<|\[\^)/

/**
 * Cuts a block that is one list (no task boxes) into its top-level items; `null` for anything else,
 * which is then rendered whole. Items are cut where a line starts with the list's own marker at its
 * own indentation; other lines (indented content, lazy continuation text) belong to the item above,
 * and after a blank line, lines indented to the item's content. The list is loose when blank lines
 * separate its items or the blocks directly inside one item (not those inside a list or code in
 * it: the item is parsed to tell).
 */
export function splitListItems(block: string, math: MathSyntax = 'off'): ListItems | null {
  return scanList(block, math, null).list
}

/** A list's scan as it stood before the text's last line: a longer text (the same lines and more) goes on from there. */
interface ListScan {
  /** Where the last line starts. */
  readonly offset: number
  readonly first: RegExpExecArray
  readonly fenced: boolean
  readonly mathFenced: boolean
  readonly items: readonly string[]
  readonly current: readonly string[]
  readonly blanks: readonly string[]
  readonly content: number
  readonly inner: boolean
  readonly loose: boolean
  readonly bare: boolean
  readonly fence: string | null
  readonly unsure: boolean
}

interface ListScanned {
  readonly list: ListItems | null
  /** The scan before the last line; `null` where a longer text is scanned from its start. */
  readonly resume: ListScan | null
  /** No list, decided before the last line: a longer text is none either. */
  readonly never: boolean
}

/**
 * {@link splitListItems}, going on from `from` (the scan of a text this one extends, before its last
 * line) where it can: the lines before it are not read again, nor their items joined again.
 */
function scanList(block: string, math: MathSyntax, from: ListScan | null): ListScanned {
  let first: RegExpExecArray
  // With code in the list, lines not indented to an item's content are the parser's to read (they
  // may end the list, and no lazy line goes on with code). So with display math (a `$$` line, or
  // TeX's `\[`, which becomes one), when math is on: it interrupts a paragraph as a fence does, so
  // a formula under an item but not indented to its content ends the list; and which formula blank
  // lines around it belong to is the parser's to say.
  let mathFenced: boolean
  let fenced: boolean
  if (from) {
    // The lines before the last one were looked at for fences already; a fence in what follows
    // changes how every line is read: read again from the start.
    const rest = block.slice(from.offset)
    mathFenced = from.mathFenced || (math !== 'off' && MATH_FENCE_ANYWHERE.test(rest))
    fenced = mathFenced || from.fenced || FENCE_ANYWHERE.test(rest)
    if (mathFenced !== from.mathFenced || fenced !== from.fenced) return scanList(block, math, null)
    first = from.first
  } else {
    const firstEnd = block.indexOf('\n')
    const item = ITEM.exec(firstEnd < 0 ? block : block.slice(0, firstEnd))
    if (!item) return { list: null, resume: null, never: firstEnd >= 0 }
    first = item
    mathFenced = math !== 'off' && MATH_FENCE_ANYWHERE.test(block)
    fenced = mathFenced || FENCE_ANYWHERE.test(block)
  }
  const indent = first[1] ?? ''
  const bullet = first[2]
  const delimiter = first[4]
  const items: string[] = from ? [...from.items] : []
  let current: string[] = from ? [...from.current] : []
  let content = from?.content ?? 0
  let inner = from?.inner ?? false
  let loose = from?.loose ?? false
  // The item's first line is its marker alone: a line right under it must be indented to the
  // item's content to be in it (no paragraph in the item to continue), or the list ends there.
  let bare = from?.bare ?? false
  // The code fence open in the item, directly in it (its marker at the item's content, or one
  // column in: not in a list inside it). Only the item's end or its closing line closes it, so its
  // blank lines are the code's. Not followed past a fence further in (in a list in the item), HTML
  // or a table in the item, which may take or end a fence's lines otherwise: `unsure`.
  let fence: string | null = from?.fence ?? null
  let unsure = from?.unsure ?? false
  const close = () => {
    if (current.length === 0) return
    // Read on from an earlier scan (the list grows), its own string (see ownString): one line
    // joined is that line, a slice of the block.
    const joined = current.join('\n')
    const item = from ? ownString(joined) : joined
    items.push(item)
    if (inner && !loose) loose = itemSpread(item)
  }
  // The blank lines since the last line that was not: kept if the item goes on after them.
  const blanks: string[] = from ? [...from.blanks] : []
  // Reads a line of the item, from its content column on, for the fence it opens or closes.
  const follow = (rest: string) => {
    if (fence !== null) {
      if (closesFence(rest, fence)) fence = null
      return
    }
    fence = ITEM_FENCE.exec(rest)?.[1] ?? null
    unsure ||= fence === null && (FENCE.test(rest.trimStart()) || ITEM_MARKUP.test(rest))
  }
  let resume: ListScan | null = null
  // No list: decided before the last line, for any longer text too.
  const none = (last: boolean): ListScanned => ({ list: null, resume, never: !last })
  for (let start = from?.offset ?? 0; ;) {
    const end = block.indexOf('\n', start)
    const line = end < 0 ? block.slice(start) : block.slice(start, end)
    // The last line may grow: the scan before it is what a longer text goes on from.
    if (end < 0)
      resume = {
        offset: start,
        first,
        fenced,
        mathFenced,
        items: [...items],
        current: [...current],
        blanks: [...blanks],
        content,
        inner,
        loose,
        bare,
        fence,
        unsure,
      }
    start = end + 1
    // (A tab's width depends on its column: where code starts or ends under it is the parser's to say.)
    if (fenced && line.includes('\t')) return none(end < 0)
    if (line.trim() === '') {
      if (mathFenced) return none(end < 0)
      blanks.push(line)
      if (end < 0) break
      continue
    }
    // A thematic break (`- - -`, `* * *`) is not an item, though it looks like one: it ends the list.
    if (THEMATIC_BREAK.test(line)) return none(end < 0)
    const item = ITEM.exec(line)
    if (item && item[1] === indent && item[2] === bullet && item[4] === delimiter) {
      if (/^\s*\[[ xX]\]/.test(line.slice(item[0].length))) return none(end < 0)
      // Blank lines at the end of an item whose code may still be open: whether they part it from
      // this item (a loose list) is the parser's to say.
      if (blanks.length > 0 && (fence !== null || unsure)) return none(end < 0)
      close()
      current = [line]
      content = contentColumn(line, item)
      bare = line.slice(item[0].length).trim() === ''
      loose ||= blanks.length > 0
      blanks.length = 0
      inner = false
      fence = null
      unsure = false
      follow(line.slice(content))
      if (end < 0) break
      continue
    }
    const own = line.length - line.trimStart().length
    if (bare && current.length === 1 && blanks.length === 0 && own < content) return none(end < 0)
    // An item that starts with a blank line ends at a second one, empty: what follows is not in it.
    if (bare && current.length === 1 && blanks.length > 0) return none(end < 0)
    if (blanks.length > 0) {
      // After a blank line, only content indented to the item's goes on with it.
      if (own < content || line.includes('\t')) return none(end < 0)
      current.push(...blanks)
      blanks.length = 0
      // Blank lines in the item's code are the code's; others may part its blocks (a loose list).
      if (fence === null || unsure) inner = true
    } else if (
      own < content &&
      (item || fenced || INTERRUPTS.test(line) || !continuesParagraph(current.at(-1) ?? '', content))
    ) {
      // Not indented to the item's content: a marker or a heading, quote, fence or rule there is
      // not in the item (it ends the list, or is an item of it at another indent), and other text
      // is only if it continues a paragraph (lazily, so not in code): the parser's to read.
      return none(end < 0)
    }
    current.push(line)
    // (Spaces only: a no-break space does not indent.)
    if (fenced && INDENT.test(line.slice(0, content))) follow(line.slice(content))
    if (end < 0) break
  }
  close()
  return { list: { ordered: bullet === undefined, start: Number(first[3] ?? 1), items, loose }, resume, never: false }
}

/**
 * {@link splitListItems} for a list being written: a text that extends the last one read is read
 * from its last line (the items before the one being written are not cut or joined again), so a
 * token costs its line, not the list.
 */
export class ListReader {
  private block = ''
  private math: MathSyntax = 'off'
  private scanned: ListScanned | null = null

  read(block: string, math: MathSyntax = 'off'): ListItems | null {
    const last = this.scanned
    const grows =
      last !== null && math === this.math && block.length >= this.block.length && extendsText(block, this.block)
    if (grows && block.length === this.block.length) return last.list
    // (While the first line is the last one, what it starts with may change: read it again.)
    const resume = grows && last.resume !== null && last.resume.offset > 0 ? last.resume : null
    this.scanned = grows && last.never ? last : scanList(block, math, resume)
    this.block = block
    this.math = math
    return this.scanned.list
  }
}

// A code fence's opening line directly in a list item: its marker at the item's content, or a
// column in (a list in the item has its content two columns in or more).
const ITEM_FENCE = /^ ?(`{3,}|~{3,})/
// HTML or a table row in an item: a fence's lines there may be theirs.
const ITEM_MARKUP = /^ {0,3}[<|]/

/** A tight list item cut into its first line and the list nested under it (see {@link nestedList}). */
export interface NestedList {
  /** The item's paragraph: its marker and the lines of text before the nested list, as written. */
  readonly head: string
  /** The list under it, its lines without the item's indent. */
  readonly list: ListItems
}

// A nested list's first line that ends the item's paragraph: a bullet, or a number 1 (others would continue it).
const INTERRUPTING_ITEM = /^(?:[-+*]|1[.)]) +\S/
const INDENT = /^ +$/

/**
 * A line of a paragraph, told conservatively: prose (a letter, a digit that does not number a list,
 * a quote or a parenthesis), or a code span or emphasis before a word or number (as the paragraph
 * reader starts one). Not a space (indented code), a bracket (which may define a reference), nor
 * any mark that starts another block or, under a line, makes it a heading (`#`, `>`, `-`, `=`,
 * `*` and a space, `|`, a fence, HTML).
 */
export const PARAGRAPH_LINE =
  /^(?:(?!\d{1,9}[.)](?:[ \t]|$))[\p{L}\p{N}"'(]|`(?!``)|\*\*?[\p{L}\p{N}`]|__?[\p{L}\p{N}])/u

/**
 * Cuts an item of a tight list (its text as splitListItems gives it) that is a paragraph (its first
 * line, and lines under it each indented to the item's content and starting like a paragraph's
 * line) over a tight list (a bullet or a 1 that interrupts the paragraph, every line under it
 * indented to the item's content with spaces, none blank): the paragraph can be shown as an item
 * alone is and the nested list read item by item, so a growing nested list re-parses its last item
 * only. `null` for any other item, which is parsed whole.
 */
export function nestedList(item: string, math: MathSyntax = 'off'): NestedList | null {
  const newline = item.indexOf('\n')
  if (newline < 0) return null
  const first = item.slice(0, newline)
  const marker = ITEM.exec(first)
  if (!marker || marker[0].length === first.length || item.includes('\t')) return null
  const content = contentColumn(first, marker)
  const lines = item.slice(newline + 1).split('\n')
  const inner: string[] = []
  for (const line of lines) {
    // (Spaces only: a no-break space does not indent.)
    if (line.trim() === '' || line.length <= content || !INDENT.test(line.slice(0, content))) return null
    inner.push(line.slice(content))
  }
  // The paragraph's lines after its first, up to the nested list.
  let start = 0
  while (start < inner.length && !INTERRUPTING_ITEM.test(inner[start] as string)) {
    if (!PARAGRAPH_LINE.test(inner[start] as string)) return null
    start++
  }
  if (start === inner.length) return null
  const list = splitListItems(inner.slice(start).join('\n'), math)
  return list && !list.loose ? { head: [first, ...lines.slice(0, start)].join('\n'), list } : null
}

// What a line of an item starts with when it is no paragraph text: a heading, a fence, a table row,
// a quote (and HTML: see mayStartHtml).
const NOT_PARAGRAPH = /^(?:#{1,6}(?:[ \t]|$)|`{3,}|~{3,}|[|>])/

/**
 * Whether a line right under `previous` (a line of an item whose content starts at `content`) may
 * continue its paragraph lazily: `previous` is paragraph text, under the item's and nested items'
 * markers, not indented code. Told conservatively: a line that may not is left to the parser.
 */
function continuesParagraph(previous: string, content: number, pipes = false): boolean {
  const own = previous.length - previous.trimStart().length
  if (own >= content + 4) return false
  let text = previous.trimStart()
  for (let marker = ITEM.exec(text); marker; marker = ITEM.exec(text)) {
    // Five spaces or more after a marker: the item starts with indented code, no paragraph.
    if ((marker[5] ?? '').length > 4) return false
    text = text.slice(marker[0].length)
  }
  // A thematic break or a heading's underline leaves no paragraph open (`===` may be text: told as none, conservatively).
  // A line that starts with a pipe is a paragraph's, unless a delimiter row under it makes it a
  // table's head (`pipes`: the line under it is none; else told as no paragraph, conservatively).
  return ((pipes && text.startsWith('|')) || paragraphText(text)) && !endsBlock(text)
}

// A quote's line.
const QUOTE = /^ {0,3}>/
const HTML_START = /^ {0,3}</

// The starts of the HTML blocks that end at a line holding their end rather than at a blank line
// (CommonMark's kinds 1 to 5), each with that end: a raw text element (its name, then a space, `>`
// or the line's end), a comment, a processing instruction, CDATA, a declaration.
const HTML_RAW_START = /^ {0,3}<(?:(?:script|pre|style|textarea)(?=[\s>]|$)|(!--)|(\?)|(!\[CDATA\[)|(![A-Za-z]))/i
const HTML_RAW_END = /<\/(?:script|pre|style|textarea)>/i
const HTML_ENDS = [HTML_RAW_END, /-->/, /\?>/, /\]\]>/, />/]

// The start of an HTML block that ends at a blank line and may interrupt a paragraph (CommonMark's
// kind 6): `<` or `</`, one of the names of block elements, then a space, `>`, `/>` or the line's end.
const HTML_BLOCK_NAME =
  /^ {0,3}<\/?(?:address|article|aside|base|basefont|blockquote|body|caption|center|col|colgroup|dd|details|dialog|dir|div|dl|dt|fieldset|figcaption|figure|footer|form|frame|frameset|h[1-6]|head|header|hr|html|iframe|legend|li|link|main|menu|menuitem|nav|noframes|ol|optgroup|option|p|param|search|section|summary|table|tbody|td|tfoot|th|thead|title|tr|track|ul)(?:[ \t>]|\/>|$)/i
// A line that is one complete open or closing tag and nothing else but spaces (CommonMark's kind 7,
// which ends at a blank line and interrupts no paragraph): its name, attributes (a name, then maybe
// `=` and a value unquoted or in quotes), maybe `/`, then `>`.
const HTML_TAG_ALONE =
  /^ {0,3}(?:<[A-Za-z][A-Za-z0-9-]*(?:[ \t]+[A-Za-z_:][\w.:-]*(?:[ \t]*=[ \t]*(?:[^\s"'=<>`]+|'[^']*'|"[^"]*"))?)*[ \t]*\/?>|<\/[A-Za-z][A-Za-z0-9-]*[ \t]*>)[ \t]*$/

/** Whether `line` starts HTML of a kind that interrupts a paragraph (all but a tag alone): no lazy line of one. */
const interruptingHtml = (line: string) => HTML_RAW_START.test(line) || HTML_BLOCK_NAME.test(line)

/**
 * Whether `line` may start an HTML block, whose block takes lines a paragraph would not (a heading,
 * an underline): of any kind but the seventh, where it starts so; of the seventh, told conservatively
 * (a tag alone on its line, even under a paragraph, which it cannot interrupt). A line that starts
 * with a tag and goes on with text (`<b>bold</b> text`) starts none: it is a paragraph's.
 */
function mayStartHtml(line: string): boolean {
  if (!HTML_START.test(line)) return false
  // A line too long to read as one tag is told as one, conservatively.
  return line.length > 2_000 || HTML_RAW_START.test(line) || HTML_BLOCK_NAME.test(line) || HTML_TAG_ALONE.test(line)
}

/**
 * For a line that starts an HTML block ending at a line that holds its end (not at a blank line),
 * that end and where to look for it on this line (after the start: `<!-->` does not close the
 * comment it opens, as micromark reads it); `null` for any other line.
 */
function htmlBlockEnd(line: string): { end: RegExp; from: number } | null {
  const start = HTML_RAW_START.exec(line)
  if (start === null) return null
  const kind = start.slice(1).findIndex((group) => group !== undefined) + 1
  return { end: HTML_ENDS[kind] as RegExp, from: start[0].length }
}

/** The line before the one starting at `offset` (without its line ending). */
function lineBefore(text: string, offset: number): string {
  return text.slice(text.lastIndexOf('\n', offset - 2) + 1, offset - 1).replace(/\r$/, '')
}

/** Whether `line`, not in a table, is paragraph text: a row with pipes is, until a delimiter row makes it a table's head. */
const paragraphOrRow = (line: string) => paragraphText(line) || line.trimStart().startsWith('|')

/** Whether `line` is paragraph text, which a line of `-` under it underlines as a heading. Told conservatively. */
function paragraphText(line: string): boolean {
  const text = line.trimStart()
  return text !== '' && !NOT_PARAGRAPH.test(text) && !mayStartHtml(text)
}

// A fence's marker at the start of any line after spaces (a line break in the spaces would only make
// it the start of a later line).
export const FENCE_ANYWHERE = /^[^\S\n\r\u2028\u2029]*(`{3,}|~{3,})/m
// A line that may open display math: `$$`, or TeX's `\[`, which a line may open at any indent (see texDelimiters).
const MATH_FENCE_ANYWHERE = /^[^\S\n\r\u2028\u2029]*(?:\$\$|\\\[)/m
/** A thematic break (`***`, `- - -`, `___`): a line that looks like a list item or emphasis and is neither. */
export const THEMATIC_BREAK = /^ {0,3}([-*_])(?:[ \t]*\1){2,}[ \t]*$/

// Whether items (with a blank line inside) directly hold blocks apart, by the item's own syntax
// tree; the same items come back at every token of a list being written, so answers are kept.
const spreads = new Map<string, boolean>()
// An item is spread for good once it is: text added after it cannot join blocks a blank line
// parted (what could hold a blank line, code or HTML, opens before it). So the item being written,
// once spread, is not parsed again at each token.
let spreadBefore = ''
function itemSpread(item: string): boolean {
  if (spreadBefore !== '' && extendsText(item, spreadBefore)) return true
  let spread = spreads.get(item)
  if (spread === undefined) {
    const list = fromMarkdown(item).children[0]
    spread = list?.type === 'list' && list.children[0]?.spread === true
    keepRecent(spreads, item, spread, 500)
  }
  if (spread) spreadBefore = item
  return spread
}

/** A list item's content as a text of its own, to be read block by block (see itemContent). */
export interface ItemContent {
  /** The item's first line up to its content: its indent, marker and the spaces after it. */
  readonly marker: string
  /** The item's lines from its content column on: what the parser reads inside the item. */
  readonly text: string
}

// A line of spaces only: a blank line (a no-break space is text).
const SPACES = /^ *$/

/**
 * The content of a list item (its text as splitListItems gives it): its first line after the
 * marker and every line under it from the item's content column on, which the parser reads as a
 * text of its own inside the item. `null` where that is not all there is to it: an item whose
 * first line is its marker alone or starts with indented code, a line under it not indented to its
 * content with spaces (a lazy line, which only a paragraph takes), a tab (its width depends on its
 * column).
 */
export function itemContent(item: string): ItemContent | null {
  if (item.includes('\t')) return null
  const newline = item.indexOf('\n')
  const head = newline < 0 ? item : item.slice(0, newline)
  const marker = ITEM.exec(head)
  const spaces = marker?.[5]?.length ?? 0
  if (!marker || spaces === 0 || spaces > 4 || marker[0].length === head.length) return null
  const column = marker[0].length
  const lines = [head.slice(column)]
  if (newline >= 0) {
    for (const line of item.slice(newline + 1).split('\n')) {
      if (SPACES.test(line)) lines.push(line.slice(Math.min(line.length, column)))
      else if (line.length > column && INDENT.test(line.slice(0, column))) lines.push(line.slice(column))
      else return null
    }
  }
  return { marker: head.slice(0, column), text: lines.join('\n') }
}

/**
 * A text cut into lines as it grows: only the text from the last line on is cut again, and lines
 * before it stay the same strings in the same array (appended to in place; a text that does not
 * extend the last one gets a new array).
 */
export class GrowingLines {
  private text = ''
  private list: string[] = ['']
  /** How many lines at the start of the last `lines` are those of the call before it. */
  unchanged = 1

  lines(text: string): readonly string[] {
    this.unchanged = this.list.length
    if (text === this.text) return this.list
    if (text.length > this.text.length && extendsText(text, this.text)) {
      const lastStart = this.text.length - (this.list.at(-1) as string).length
      this.list.pop()
      this.unchanged = this.list.length
      // Lines are kept as the text grows (and by the memoized elements that show them): each its
      // own string, not a slice of this text (see ownString). The one being written is copied at
      // every call, as it is read at every call.
      for (const line of text.slice(lastStart).split('\n')) this.list.push(ownString(line))
    } else {
      this.list = text.split('\n')
      this.unchanged = 0
    }
    this.text = text
    return this.list
  }
}

/** A column of a table being read: its cell of the delimiter row, and the alignment that gives its cells. */
export interface TableColumn {
  /** The column's cell of the delimiter row (`---:`), under which a cell of it parses as a one-cell table. */
  delimiter: string
  align: 'left' | 'center' | 'right' | undefined
}

/** A table block cut into rows, and each row into the cells it has of the table's columns. */
export interface TableRows {
  /** The header row over the delimiter row. */
  head: string
  columns: readonly TableColumn[]
  /**
   * The body rows written so far, each as its cells' text between their pipes (untrimmed), one
   * per column: a short row is filled with empty cells, a long one loses the extra, as GFM does.
   * A row read once is the same array from then on.
   */
  rows: readonly (readonly string[])[]
  /** The cell of the last row still being written (its column; its text as written so far, not repaired); -1 when none is. */
  open: number
}

const ROW = /^ {0,3}\|/
// A delimiter row that is a heading's underline (dashes alone) or starts as a list item does (a dash,
// then a space): the header is a heading, or a paragraph the item interrupts; there is no table.
const NOT_DELIMITER = /^ {0,3}(?:-+[ \t]*$|-[ \t])/
// Spaces are matched by one quantifier at each place, so a line of thousands is not tried in every
// split between two of them (`\|?\s*` after `\s*` was).
export const DELIMITER = /^(?: {0,3}\|)?\s*:?-+:?\s*(?:\|\s*:?-+:?\s*)*(?:\|\s*)?$/

/** The cells of a table row: split at pipes that are not escaped, without the outer pipes. */
export function tableCells(row: string): string[] {
  let line = row.trim()
  if (line.startsWith('|')) line = line.slice(1)
  let escaped = false
  const cells: string[] = []
  let start = 0
  for (let i = 0; i < line.length; i++) {
    if (escaped) escaped = false
    else if (line[i] === '\\') escaped = true
    else if (line[i] === '|') {
      cells.push(line.slice(start, i))
      start = i + 1
    }
  }
  if (start < line.length || cells.length === 0) cells.push(line.slice(start))
  return cells
}

/**
 * Reads a growing block that is one GFM table (a header row and a delimiter row, each starting
 * with a pipe, then rows that all start with one), so a streaming table parses its last row only.
 * `null` for anything else, which is then parsed whole. Rows read once are kept, so the work per
 * call follows the last row, not the table.
 */
export class TableReader {
  private readonly growing = new GrowingLines()
  private list: readonly string[] | null = null
  private head: { text: string; columns: readonly TableColumn[] } | null = null
  private done: (readonly string[])[] = []
  private broken = false

  /** The table `block` holds so far. */
  read(block: string): TableRows | null {
    // A block whose first line is no row is no table however it grows: not split into lines at each token.
    if (!ROW.test(block)) return null
    const lines = this.growing.lines(block)
    if (lines !== this.list) {
      // A new array: the block did not extend the last one; start over.
      this.list = lines
      this.head = null
      this.done = []
      this.broken = false
    }
    if (this.broken || lines.length < 2) return null
    let head = this.head
    if (!head) {
      const header = lines[0] as string
      const delimiter = lines[1] as string
      const cells = tableCells(delimiter)
      if (
        !ROW.test(header) ||
        !DELIMITER.test(delimiter) ||
        NOT_DELIMITER.test(delimiter) ||
        cells.length !== tableCells(header).length
      )
        return null
      head = { text: `${header}\n${delimiter}`, columns: cells.map(column) }
      // The delimiter row is settled once a line follows it.
      if (lines.length > 2) this.head = head
    }
    const { columns } = head
    const fit = (cells: string[]) => Array.from({ length: columns.length }, (_, i) => cells[i] ?? ' ')
    const last = lines.length - 1
    for (let i = this.done.length + 2; i < last; i++) {
      const line = lines[i] as string
      if (!ROW.test(line)) {
        this.broken = true
        return null
      }
      this.done.push(fit(tableCells(line)))
    }
    const tail = last >= 2 ? (lines[last] as string) : ''
    if (tail.trim() === '') return { head: head.text, columns, rows: this.done, open: -1 }
    if (!ROW.test(tail)) return null
    // Only the last cell can be open: the cells before it end at a pipe.
    const cells = tableCells(tail)
    const open = cells.length - 1
    // The spaces the row ends in are the open cell's (a code span being written shows them).
    const end = tail.trimEnd()
    if (end.length < tail.length && !end.endsWith('|')) cells[open] += tail.slice(end.length)
    return { head: head.text, columns, rows: [...this.done, fit(cells)], open: open < columns.length ? open : -1 }
  }
}

/** A column from its cell of the delimiter row. */
function column(cell: string): TableColumn {
  const delimiter = cell.trim()
  const left = delimiter.startsWith(':')
  const right = delimiter.endsWith(':')
  return { delimiter, align: left && right ? 'center' : right ? 'right' : left ? 'left' : undefined }
}
