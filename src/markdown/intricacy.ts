import { extendsText } from './../core/text.js'
import { FENCE, THEMATIC_BREAK } from './lines.js'
import { DELIMITER } from './table.js'

/**
 * Why a block's markup is too intricate to parse: containers or brackets nested too deep
 * (`nesting`), emphasis marks in runs too long or too many in one paragraph (`marks`), too many
 * underlined headings in one block (`headings`).
 */
export type Intricacy = 'nesting' | 'marks' | 'headings'

/**
 * Where markup stops being what a reply writes and starts costing the parser more than linear
 * time. micromark, under react-markdown, takes time that grows with the square (or more) of these
 * counts: every list or quote level re-reads the events of the levels inside it; every closing
 * bracket re-reads its label from its opening one; every emphasis mark that closes walks back over
 * the marks before it, and every pair it makes splices the paragraph's events; every underlined
 * heading of a block goes over the block's events again. A block past one of these is shown as
 * written; under them it parses in a frame or less. The times behind each limit are in
 * bench/README.md ("Figures behind limits in the code").
 */
export const LIMITS = {
  /** List markers and `>` at the start of one line. */
  containers: 24,
  /** Columns of indent before a line's list marker (a list nested 32 deep by two spaces a level). */
  indent: 64,
  /** Brackets open at once in one paragraph, table cell or heading. */
  brackets: 32,
  /** Characters of one run of `*` or `_` (not a thematic break). */
  run: 64,
  /**
   * What emphasis costs the parser in a block, summed over its paragraphs (table cells, headings):
   * each paragraph's runs of `*` and `_` (walked over) times the runs that may open or close
   * (which walk) and their marks (each pair made splices the events). A thousand runs of `*_` in
   * one paragraph reach it; a paragraph with 200 bold phrases is at a quarter of it.
   */
  emphasis: 2_000_000,
  /** Underlined (setext) headings in one block. */
  headings: 200,
} as const

interface State {
  verdict: Intricacy | null
  /** The fence a line is inside: its character and length, and the `>` and indent its line had in a list or quote. */
  fence: { char: string; length: number; quotes: number; width: number } | null
  /** A list item or quote has been seen: an indented line may be their content, not code. */
  containers: boolean
  /** The line before had a pipe: a delimiter row under it makes a table. */
  pipe: boolean
  /** The lines are a table's: each cell is a paragraph of its own. */
  table: boolean
  /** The line before was paragraph text, which a `===` or `---` line turns into a heading. */
  paragraph: boolean
  headings: number
  /** Runs of `*` and `_` in the current paragraph (list item, table cell, heading). */
  runs: number
  /** Of those, runs that may open or close emphasis (not a `_` inside a word). */
  active: number
  /** The marks of those that may. */
  marks: number
  /** The emphasis cost of the block's paragraphs before this one (see LIMITS.emphasis). */
  spent: number
  /** Brackets open in the current paragraph. */
  brackets: number
}

const START: State = {
  verdict: null,
  fence: null,
  containers: false,
  pipe: false,
  table: false,
  paragraph: false,
  headings: 0,
  runs: 0,
  active: 0,
  marks: 0,
  spent: 0,
  brackets: 0,
}

const SETEXT_UNDERLINE = /^ {0,3}(?:=+|-+)[ \t]*$/
// A line being written that may yet be a thematic break: its long runs are not judged until it ends.
const MAYBE_BREAK = /^ {0,3}([-*_])(?:[ \t]*\1)*[ \t]*$/
const ATX_HEADING = /^#{1,6}(?:[ \t]|$)/
const BLANK = /^[ \t]*$/

const STAR = 42
const UNDERSCORE = 95
const BACKSLASH = 92
const OPEN_BRACKET = 91
const CLOSE_BRACKET = 93
const PIPE = 124

/**
 * Reads a block, as it grows, for markup too intricate to parse (see {@link LIMITS}): in one pass
 * that goes on from the start of the last line read when the block extends the one before, so the
 * work per token of a block being written follows its last line. The counts are read from the
 * surface, the way the parser would see the lines where that is cheap to tell (fences, tables, list
 * items, headings) and over-counting where it is not (a bracket in a code span counts): a shape that
 * costs the parser more than linear time is never missed, and replies stay far under the limits.
 */
export class IntricacyReader {
  private text = ''
  /** Where the last line not yet read in full starts. */
  private done = 0
  private state: State = { ...START }

  read(block: string): Intricacy | null {
    if (block !== this.text && !(block.length > this.text.length && extendsText(block, this.text))) {
      this.state = { ...START }
      this.done = 0
    }
    this.text = block
    const state = this.state
    for (
      let newline = block.indexOf('\n', this.done);
      newline >= 0 && state.verdict === null;
      newline = block.indexOf('\n', this.done)
    ) {
      readLine(state, block, this.done, newline, true)
      this.done = newline + 1
    }
    if (state.verdict !== null || this.done === block.length) return state.verdict
    // The last line, still being written: read on a copy, to be read again once it is longer.
    const last = { ...state }
    readLine(last, block, this.done, block.length, false)
    return last.verdict
  }
}

/** What {@link IntricacyReader} says of a whole text. */
export function intricacy(markdown: string): Intricacy | null {
  return new IntricacyReader().read(markdown)
}

/** A paragraph (list item, table cell, heading) ends: its counts start again. */
function endParagraph(state: State) {
  state.paragraph = false
  state.spent += emphasisCost(state)
  state.runs = 0
  state.active = 0
  state.marks = 0
  state.brackets = 0
}

const emphasisCost = (state: State) => (state.active + state.marks) * state.runs

const isSpaceOrEnd = (text: string, at: number, end: number) => at >= end || text[at] === ' ' || text[at] === '\t'
const isAsciiAlphanumeric = (code: number) =>
  (code >= 48 && code <= 57) || (code >= 65 && code <= 90) || (code >= 97 && code <= 122)
const isDigit = (char: string | undefined) => char !== undefined && char >= '0' && char <= '9'

/** The end of an ordered list marker (`12.`, `3)`) starting at `at`, or -1. */
function orderedMarkerEnd(text: string, at: number, end: number): number {
  let digits = at
  while (digits < end && digits - at < 9 && isDigit(text[digits])) digits++
  if (digits === at || (text[digits] !== '.' && text[digits] !== ')') || !isSpaceOrEnd(text, digits + 1, end)) return -1
  return digits + 1
}

/** The `>` and the columns of indent at the start of a line, up to its first other character. */
function lead(text: string, start: number, end: number): { at: number; quotes: number; width: number } {
  let at = start
  let quotes = 0
  let width = 0
  for (; at < end; at++) {
    const char = text[at]
    if (char === ' ') width++
    else if (char === '\t') width += 4 - (width % 4)
    else if (char === '>') {
      quotes++
      width++
    } else break
  }
  return { at, quotes, width }
}

/** Reads the line `text[start, end)` into `state`; `complete` when its line break has come. */
function readLine(state: State, text: string, start: number, end: number, complete: boolean) {
  const line = text.slice(start, end)
  const pipe = state.pipe
  state.pipe = false
  const fence = state.fence
  if (fence) {
    const { at, quotes, width } = lead(text, start, end)
    // In a list or quote, a line with fewer `>` or less indent than the fence's line ends the quote
    // or item, and the fence with it; a blank line does not.
    if (at === end || (quotes >= fence.quotes && width >= fence.width)) {
      let run = at
      while (run < end && text[run] === fence.char) run++
      if (run - at >= fence.length && BLANK.test(text.slice(run, end))) state.fence = null
      return
    }
    state.fence = null
  }
  if (state.paragraph && SETEXT_UNDERLINE.test(line)) {
    endParagraph(state)
    state.table = false
    if (++state.headings > LIMITS.headings) state.verdict = 'headings'
    return
  }
  const thematicBreak = complete ? THEMATIC_BREAK : MAYBE_BREAK
  if (thematicBreak.test(line)) {
    endParagraph(state)
    state.table = false
    return
  }
  // The containers the line opens or goes on in: indent, `>`, list markers.
  let at = start
  let width = 0
  let quotes = 0
  let items = 0
  let ordered = false
  let spaces = 0
  while (at < end && quotes + items <= LIMITS.containers) {
    const char = text[at] as string
    if (char === ' ' || char === '\t') {
      const columns = char === ' ' ? 1 : 4 - (width % 4)
      width += columns
      spaces += columns
      at++
      continue
    }
    let next = -1
    if (char === '>') next = at + 1
    else if ((char === '-' || char === '+' || char === '*') && isSpaceOrEnd(text, at + 1, end)) next = at + 1
    else if (isDigit(char)) next = orderedMarkerEnd(text, at, end)
    if (next < 0) break
    if (char === '>') quotes++
    else {
      // A list marker past the indent a reply nests to.
      if (width > LIMITS.indent) {
        state.verdict = 'nesting'
        return
      }
      items++
      ordered = isDigit(char)
    }
    width += next - at
    spaces = 0
    at = next
  }
  if (quotes + items > LIMITS.containers) {
    state.verdict = 'nesting'
    return
  }
  // An ordered item that does not start at 1 cannot break a paragraph outside a list: it goes on in it.
  const item =
    items > 0 &&
    !(ordered && items === 1 && quotes === 0 && state.paragraph && !state.containers && !/^ *1[.)]/.test(line))
  if (quotes > 0 || item) state.containers = true
  const rest = text.slice(at, end)
  if (BLANK.test(rest)) {
    endParagraph(state)
    state.table = false
    return
  }
  // Indented code: four columns past the containers, not a paragraph's next line, not in a list
  // or quote (where it may be an item's text).
  if (spaces >= 4 && !state.paragraph && !state.containers) return
  // The spaces before it are read (`spaces`): the fence's marker starts the rest.
  const open = spaces < 4 ? FENCE.exec(rest) : null
  // A backtick fence has no backtick after its marker; otherwise the line is inline code.
  if (open && !(open[1]?.startsWith('`') && rest.indexOf('`', open[0].length) >= 0)) {
    const marker = open[1] as string
    state.fence = { char: marker[0] as string, length: marker.length, quotes, width: state.containers ? width : 0 }
    endParagraph(state)
    state.table = false
    return
  }
  if (thematicBreak.test(rest)) {
    endParagraph(state)
    state.table = false
    return
  }
  if (pipe && DELIMITER.test(rest)) {
    state.table = true
    endParagraph(state)
    return
  }
  const heading = ATX_HEADING.test(rest)
  if (item || heading) state.table = false
  if (item || heading || state.table) endParagraph(state)
  readInline(state, text, at, end)
  state.pipe = rest.includes('|')
  if (heading) endParagraph(state)
  else state.paragraph = !state.table
}

/** Counts the emphasis runs and open brackets of inline text; a pipe of a table starts another cell. */
function readInline(state: State, text: string, start: number, end: number) {
  for (let at = start; at < end; at++) {
    const code = text.charCodeAt(at)
    if (code === BACKSLASH) at++
    else if (code === STAR || code === UNDERSCORE) {
      let run = at + 1
      while (run < end && text.charCodeAt(run) === code) run++
      state.runs++
      // A `_` between letters or digits neither opens nor closes: the parser only walks past it.
      if (
        code === STAR ||
        !(
          at > start &&
          isAsciiAlphanumeric(text.charCodeAt(at - 1)) &&
          run < end &&
          isAsciiAlphanumeric(text.charCodeAt(run))
        )
      ) {
        state.active++
        state.marks += run - at
      }
      if (run - at > LIMITS.run || state.spent + emphasisCost(state) > LIMITS.emphasis) {
        state.verdict = 'marks'
        return
      }
      at = run - 1
    } else if (code === OPEN_BRACKET) {
      if (++state.brackets > LIMITS.brackets) {
        state.verdict = 'nesting'
        return
      }
    } else if (code === CLOSE_BRACKET) {
      if (state.brackets > 0) state.brackets--
    } else if (code === PIPE && state.table) endParagraph(state)
  }
}
