// Where the block scan stands at the start of a line, and the copy it scans on with.

/** Where a scan stands at the start of a line: enough to go on from there later. */
export interface ScanState {
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

export const START: ScanState = {
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

/** The scan's state while it reads a line: the same fields, written in place. */
export type Scan = { -readonly [Key in keyof ScanState]: ScanState[Key] }

/**
 * A copy of `state` to scan on with. Written out field by field: every copy then has the same
 * shape, which keeps the scan's reads of it fast.
 */
export function copy(state: ScanState): Scan {
  return {
    line: state.line,
    start: state.start,
    end: state.end,
    fence: state.fence,
    fenceAlone: state.fenceAlone,
    fenceIn: state.fenceIn,
    fenceMaybeIn: state.fenceMaybeIn,
    uncut: state.uncut,
    blank: state.blank,
    list: state.list,
    content: state.content,
    alone: state.alone,
    listed: state.listed,
    listSure: state.listSure,
    listFenced: state.listFenced,
    html: state.html,
    htmlEnd: state.htmlEnd,
    htmlSure: state.htmlSure,
    settled: state.settled,
    code: state.code,
    codeEndedList: state.codeEndedList,
    bareItem: state.bareItem,
    pipe: state.pipe,
    table: state.table,
    ended: state.ended,
    shut: state.shut,
    markup: state.markup,
  }
}
