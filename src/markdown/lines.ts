// What a line of Markdown is, told from the line alone (or the line above it): the tests shared by
// the block scan and the readers of fences, lists and quotes.

/** Which math a text may hold: none (math off), `$$` only, or `$` too. */
export type MathSyntax = 'off' | 'double' | 'single'

/** A fence's opening marker at a line's start: three or more backticks or tildes, indented up to three spaces. */
export const FENCE = /^ {0,3}(`{3,}|~{3,})/

// A fence's marker at the start of any line after spaces (a line break in the spaces would only make
// it the start of a later line).
export const FENCE_ANYWHERE = /^[^\S\n\r\u2028\u2029]*(`{3,}|~{3,})/m

// Display math's fence, when math is on: `$$` or more (and a meta with no `$`) opens one, as
// remark-math reads it (a line of as many or more alone closes it: see closesFence).
export const MATH_OPEN = /^ {0,3}(\${2,})[^$]*$/

// A line that may open display math: `$$`, or TeX's `\[`, which a line may open at any indent (see texDelimiters).
export const MATH_FENCE_ANYWHERE = /^[^\S\n\r\u2028\u2029]*(?:\$\$|\\\[)/m

export const INDENTED_CODE = /^(?: {4}| {0,3}\t)/

/** A thematic break (`***`, `- - -`, `___`): a line that looks like a list item or emphasis and is neither. */
export const THEMATIC_BREAK = /^ {0,3}([-*_])(?:[ \t]*\1){2,}[ \t]*$/

/** A heading's underline (under a paragraph; `===` alone is text). */
export const UNDERLINE = /^ {0,3}(?:=+|-+)[ \t]*$/

// A thematic break, or a heading's underline (text alone, if there is no paragraph above: taken for
// an underline all the same, which only keeps lines together).
export const endsBlock = (line: string) => THEMATIC_BREAK.test(line) || UNDERLINE.test(line)

// A closing fence line: a code fence's, or a `$$` formula's.
export const CLOSE = /^ {0,3}(`{3,}|~{3,}|\${2,})[ \t]*$/

/** Whether `line` closes a fence opened with `marker`: the same character, as many or more, nothing after it. */
export function closesFence(line: string, marker: string): boolean {
  const close = CLOSE.exec(line)?.[1]
  return close !== undefined && close[0] === marker[0] && close.length >= marker.length
}

// A list item's first line: its indent, bullet or number and delimiter, and the spaces after them.
export const ITEM = /^( {0,3})(?:([-+*])|(\d{1,9})([.)]))( +|$)/

/** Whether the item `item` found on `line` may interrupt a paragraph: a bullet or `1.`, with text after it (not an underline). */
export function mayInterrupt(item: RegExpExecArray, line: string): boolean {
  return item[3] === undefined || Number(item[3]) === 1
    ? line.slice(item[0].length).trim() !== '' && !UNDERLINE.test(line)
    : false
}

/**
 * The column where the content of the list item whose first line `item` matched starts: after its
 * marker and one to four spaces; one space when there are more (the rest is indented code) or when
 * nothing follows the marker yet.
 */
export function contentColumn(line: string, item: RegExpExecArray): number {
  const spaces = (item[5] ?? '').length
  return item[0].length - spaces + (spaces === 0 || spaces > 4 || item[0].length === line.length ? 1 : spaces)
}

/** The columns a line is indented by: spaces, and tabs to the next multiple of four (as CommonMark counts them). */
export function indentColumns(line: string): number {
  let column = 0
  for (let i = 0; i < line.length; i++) {
    const char = line[i]
    if (char === ' ') column++
    else if (char === '\t') column += 4 - (column % 4)
    else break
  }
  return column
}

export const INDENT = /^ +$/

// A quote's line.
export const QUOTE = /^ {0,3}>/

// What a line of an item starts with when it is no paragraph text: a heading, a fence, a table row,
// a quote (and HTML: see mayStartHtml).
export const NOT_PARAGRAPH = /^(?:#{1,6}(?:[ \t]|$)|`{3,}|~{3,}|[|>])/

/**
 * A line of a paragraph, told conservatively: prose (a letter, a digit that does not number a list,
 * a quote or a parenthesis), or a code span or emphasis before a word or number (as the paragraph
 * reader starts one). Not a space (indented code), a bracket (which may define a reference), nor
 * any mark that starts another block or, under a line, makes it a heading (`#`, `>`, `-`, `=`,
 * `*` and a space, `|`, a fence, HTML).
 */
export const PARAGRAPH_LINE =
  /^(?:(?!\d{1,9}[.)](?:[ \t]|$))[\p{L}\p{N}"'(]|`(?!``)|\*\*?[\p{L}\p{N}`]|__?[\p{L}\p{N}])/u

/** Whether `line` is paragraph text, which a line of `-` under it underlines as a heading. Told conservatively. */
export function paragraphText(line: string): boolean {
  const text = line.trimStart()
  return text !== '' && !NOT_PARAGRAPH.test(text) && !mayStartHtml(text)
}

/** Whether `line`, not in a table, is paragraph text: a row with pipes is, until a delimiter row makes it a table's head. */
export const paragraphOrRow = (line: string) => paragraphText(line) || line.trimStart().startsWith('|')

/**
 * Whether a line right under `previous` (a line of an item whose content starts at `content`) may
 * continue its paragraph lazily: `previous` is paragraph text, under the item's and nested items'
 * markers, not indented code. Told conservatively: a line that may not is left to the parser.
 */
export function continuesParagraph(previous: string, content: number, pipes = false): boolean {
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

/** The line before the one starting at `offset` (without its line ending). */
export function lineBefore(text: string, offset: number): string {
  return text.slice(text.lastIndexOf('\n', offset - 2) + 1, offset - 1).replace(/\r$/, '')
}

export const HTML_START = /^ {0,3}</

// The starts of the HTML blocks that end at a line holding their end rather than at a blank line
// (CommonMark's kinds 1 to 5), each with that end: a raw text element (its name, then a space, `>`
// or the line's end), a comment, a processing instruction, CDATA, a declaration.
export const HTML_RAW_START =
  /^ {0,3}<(?:(?:script|pre|style|textarea)(?=[\s>]|$)|(!--)|(\?)|(!\[CDATA\[)|(![A-Za-z]))/i

export const HTML_RAW_END = /<\/(?:script|pre|style|textarea)>/i

export const HTML_ENDS = [HTML_RAW_END, /-->/, /\?>/, /\]\]>/, />/]

// The start of an HTML block that ends at a blank line and may interrupt a paragraph (CommonMark's
// kind 6): `<` or `</`, one of the names of block elements, then a space, `>`, `/>` or the line's end.
export const HTML_BLOCK_NAME =
  /^ {0,3}<\/?(?:address|article|aside|base|basefont|blockquote|body|caption|center|col|colgroup|dd|details|dialog|dir|div|dl|dt|fieldset|figcaption|figure|footer|form|frame|frameset|h[1-6]|head|header|hr|html|iframe|legend|li|link|main|menu|menuitem|nav|noframes|ol|optgroup|option|p|param|search|section|summary|table|tbody|td|tfoot|th|thead|title|tr|track|ul)(?:[ \t>]|\/>|$)/i

// A line that is one complete open or closing tag and nothing else but spaces (CommonMark's kind 7,
// which ends at a blank line and interrupts no paragraph): its name, attributes (a name, then maybe
// `=` and a value unquoted or in quotes), maybe `/`, then `>`.
export const HTML_TAG_ALONE =
  /^ {0,3}(?:<[A-Za-z][A-Za-z0-9-]*(?:[ \t]+[A-Za-z_:][\w.:-]*(?:[ \t]*=[ \t]*(?:[^\s"'=<>`]+|'[^']*'|"[^"]*"))?)*[ \t]*\/?>|<\/[A-Za-z][A-Za-z0-9-]*[ \t]*>)[ \t]*$/

/** Whether `line` starts HTML of a kind that interrupts a paragraph (all but a tag alone): no lazy line of one. */
export const interruptingHtml = (line: string) => HTML_RAW_START.test(line) || HTML_BLOCK_NAME.test(line)

/**
 * Whether `line` may start an HTML block, whose block takes lines a paragraph would not (a heading,
 * an underline): of any kind but the seventh, where it starts so; of the seventh, told conservatively
 * (a tag alone on its line, even under a paragraph, which it cannot interrupt). A line that starts
 * with a tag and goes on with text (`<b>bold</b> text`) starts none: it is a paragraph's.
 */
export function mayStartHtml(line: string): boolean {
  if (!HTML_START.test(line)) return false
  // A line too long to read as one tag is told as one, conservatively.
  return line.length > 2_000 || HTML_RAW_START.test(line) || HTML_BLOCK_NAME.test(line) || HTML_TAG_ALONE.test(line)
}

/**
 * For a line that starts an HTML block ending at a line that holds its end (not at a blank line),
 * that end and where to look for it on this line (after the start: `<!-->` does not close the
 * comment it opens, as micromark reads it); `null` for any other line.
 */
export function htmlBlockEnd(line: string): { end: RegExp; from: number } | null {
  const start = HTML_RAW_START.exec(line)
  if (start === null) return null
  const kind = start.slice(1).findIndex((group) => group !== undefined) + 1
  return { end: HTML_ENDS[kind] as RegExp, from: start[0].length }
}
