import { PARAGRAPH_LINE } from './lines.js'
import { firstOnLine, type MathSyntax, openFormulaAt } from './math.js'

// Most of what a reply streams is prose. A piece of a block being written (a paragraph's sentence,
// a list item) is cut where its last mark ends: the part up to there is parsed (and, memoized, not
// again while only prose is added), the prose after it is its own text, with no parse. These say
// where that cut is sure to give what the parser gives for the whole piece.

// A line of prose: starts with a letter, a digit that does not number a list, a quote or a
// parenthesis (not a space, which may indent code; not a mark that starts another block or, under
// a line, makes the one above a heading). A number and a dot alone on a line start an empty item.
const PROSE_START = /^(?!\d{1,9}[.)](?:[ \t\n]|$))[\p{L}\p{N}"'(]/u
// Every character after which text may mean something else: emphasis, code, strikethrough, links,
// images and footnotes, HTML and autolinks, character references, escapes, tables, math.
const MARK = /[*_`~[\]()<>&;\\|$]/
const MARKS = new RegExp(MARK.source, 'g')
// Control characters but the line break: tabs (spaces the parser may strip or keep), NUL (which it
// replaces) and the rest: a piece with any is parsed whole.
// eslint-disable-next-line no-control-regex -- finding control characters is its purpose
const CONTROL = /[\0-\x09\x0b-\x1f]/
// Autolink literals run across marks (`www.a*b*c`): a piece with any is parsed whole.
const AUTOLINK = /:\/\/|www\.|@/i
// Two spaces or more before a line break make a hard break.
const HARD_BREAK = '  \n'
const LEADING = /^ +/
// A list item's marker and the one to four spaces after it (five or more start indented code).
const ITEM_MARKER = /^(?:[-*+]|\d{1,9}[.)]) {1,4}(?! )/

/** A piece cut in two: `head` to parse, `text` to show after it as it is. */
export interface PlainTail {
  /** The markdown up to the end of the last mark (the whole piece when it cannot be cut; empty when it is all prose). */
  readonly head: string
  /** The text the prose after `head` shows (empty when there is none). */
  readonly text: string
}

/**
 * Cuts a paragraph's sentence (`sentence`: its inline content) or a tight list item (`item`: what
 * is inside the item) where its last mark ends, so that what the parser shows for the whole piece
 * is what it shows for `head`, then `text`. Prose after the last mark is cut off only when it
 * cannot change what comes before it: the last mark means the same followed by it as at the end
 * (see joins), its lines all start like prose with no hard break between them, and `head` is one
 * paragraph (an item's paragraph) whose lines all start like a paragraph's. A piece with an
 * autolink literal or a control character is not cut.
 */
export function plainTail(markdown: string, shape: 'sentence' | 'item'): PlainTail {
  const whole = { head: markdown, text: '' }
  let start = 0
  if (shape === 'item') {
    const marker = ITEM_MARKER.exec(markdown)
    if (!marker) return whole
    start = marker[0].length
  }
  if (AUTOLINK.test(markdown) || CONTROL.test(markdown)) return whole
  let cut = -1
  MARKS.lastIndex = start
  for (let match = MARKS.exec(markdown); match; match = MARKS.exec(markdown)) cut = match.index + 1
  if (cut < 0) {
    // All prose: nothing to parse.
    const text = proseText(markdown.slice(start), true)
    return text === null ? whole : { head: '', text }
  }
  const rest = markdown.slice(cut)
  if (!joins(markdown, cut, rest)) return whole
  const text = proseText(rest, false)
  if (text === null) return whole
  // The head is one paragraph: each of its lines starts like one (its last too, cut short: `***`
  // under a line of text is a thematic break before the rest is added).
  return paragraphLines(markdown.slice(start, cut)) ? { head: markdown.slice(0, cut), text } : whole
}

/** Whether every line of `text` starts like a paragraph's: the first as it is (four spaces before it would make code), the others less their indent. */
function paragraphLines(text: string): boolean {
  for (const [i, line] of text.split('\n').entries())
    if (!PARAGRAPH_LINE.test(i === 0 ? line : line.replace(LEADING, ''))) return false
  return true
}

/**
 * What the parser shows between the text before `at` and what starts there: spaces as they are, or
 * a line break with spaces around it as the break alone; `end` is where the text before ends. `null`
 * for two spaces or more before the line break (a hard break).
 */
function gapBefore(text: string, at: number): { end: number; gap: string } | null {
  let end = at
  while (text.charCodeAt(end - 1) === 32) end--
  if (text[end - 1] !== '\n') return { end, gap: text.slice(end, at) }
  let line = end - 1
  while (text.charCodeAt(line - 1) === 32) line--
  return end - 1 - line > 1 ? null : { end: line, gap: '\n' }
}

const ALNUM = /[\p{L}\p{N}]/u
const PUNCTUATION = /[\p{P}\p{S}]/u

/**
 * Whether the mark that ends at `cut` means the same followed by `rest` as at the end of the text:
 * a space or a line break after it is what the end is; after a code span, a run of dollars (a
 * formula's end, or text), a link or a bracket anything is, and after an opening parenthesis that
 * no bracket or backslash is before (it starts no link destination and no TeX); after emphasis or
 * strikethrough closed after a letter or digit, punctuation is too (the run still cannot open). A
 * letter after emphasis could let the run open (and change which runs pair); anything after a
 * backslash is escaped by it.
 */
function joins(markdown: string, cut: number, rest: string): boolean {
  const next = rest[0]
  const last = markdown[cut - 1] as string
  if (next === undefined || next === ' ') return true
  if (next === '\n') return last !== '\\'
  // A run of dollars pairs as a run of backticks does, with one as long after it: the prose has
  // none, so the run is a formula's closing one, or text (an opening one no run closes).
  if (last === '`' || last === '$' || last === ')' || last === ']') return true
  if (last === '(') return markdown[cut - 2] !== ']' && markdown[cut - 2] !== '\\'
  if (last !== '*' && last !== '_' && last !== '~') return false
  let run = cut - 1
  while (markdown[run - 1] === last) run--
  return ALNUM.test(markdown[run - 1] ?? '') && PUNCTUATION.test(next)
}

/**
 * What prose shows inside a paragraph (its lines without the spaces around them, the first line's
 * leading spaces kept unless it starts the paragraph); `null` if it may be more than prose.
 */
function proseText(prose: string, first: boolean): string | null {
  if (prose.includes(HARD_BREAK)) return null
  if (first && !PROSE_START.test(prose)) return null
  const lines = prose.split('\n')
  for (let i = 0; i < lines.length; i++) {
    let line = lines[i] as string
    if (i > 0) {
      line = line.replace(LEADING, '')
      if (!PROSE_START.test(line)) return null
    }
    lines[i] = trimTrailingSpaces(line)
  }
  return lines.join('\n')
}

/**
 * What a table cell (its text between two pipes) shows when that is its own text, with no parse:
 * a cell with no mark, autolink literal or control character shows its text without the spaces
 * around it. `null` for any other cell, which must be parsed.
 */
export function plainCell(cell: string): string | null {
  if (MARK.test(cell) || AUTOLINK.test(cell) || CONTROL.test(cell)) return null
  return trimTrailingSpaces(cell.replace(LEADING, ''))
}

/** `text` without the spaces at its end. A loop from the end: `/ +$/` tries every space of a long run as the start of a match. */
function trimTrailingSpaces(text: string): string {
  let end = text.length
  while (end > 0 && text.charCodeAt(end - 1) === 32) end--
  return end === text.length ? text : text.slice(0, end)
}

/** A piece cut before the inline formula it ends in, still being written (see {@link openFormula}). */
export interface OpenFormula {
  /** The piece up to the formula, less the space before it. */
  readonly head: string
  /** What the parser shows between the head and the formula: nothing, spaces, or a line break. */
  readonly gap: string
  /** The TeX written so far, without the spaces around it (never empty). */
  readonly tex: string
}

/**
 * Cuts a paragraph's sentence or a tight list item (as {@link plainTail} does) before the inline
 * formula it ends in while the formula's closing delimiter has not come (see openFormulaAt), so the
 * piece shows its head as it did and the formula typeset as it grows, with no parse of the piece
 * at each token. What the parser shows for the piece closed right there is what it shows for
 * `head`, then `gap`, then a formula of `tex`: `null` where that is not sure (no TeX yet, an escaped
 * delimiter, a hard break, a tab or an autolink literal before it, a head that is not one
 * paragraph or one item with text).
 */
export function openFormula(markdown: string, syntax: MathSyntax, shape: 'sentence' | 'item'): OpenFormula | null {
  const at = openFormulaAt(markdown, syntax)
  if (at < 0 || markdown[at - 1] === '\\') return null
  // TeX over lines (a reply wrapped at 80 columns): each next line must go on with the paragraph,
  // not start a block of its own (or, a `$$` first on its line, close the formula as a display one);
  // and the formula must not start its line, where, read as `$$` and TeX to the line's end, it would
  // open a display formula.
  const written = markdown.slice(at + 2)
  if (
    written.includes('\n') &&
    (firstOnLine(markdown, at) ||
      written.includes('\t') ||
      !written
        .split('\n')
        .slice(1)
        .every((line) => TEX_LINE.test(line)))
  )
    return null
  // A backslash or a dollar last may be the closing delimiter's first half: not TeX to show.
  const tex = withoutCloserStart(written, markdown[at] === '$' ? '$' : '\\').trim()
  if (tex === '') return null
  const before = gapBefore(markdown, at)
  if (!before) return null
  const { gap } = before
  const head = markdown.slice(0, before.end)
  // A sentence that starts with the formula (spaces before it could make code).
  if (head === '') return shape === 'sentence' && at === 0 ? { head, gap, tex } : null
  // Emphasis right before the formula would have its delimiter (punctuation) after it, not the end.
  if (/[\s\\]$/.test(head) || (gap === '' && /[*_~]$/.test(head)) || AUTOLINK.test(head) || CONTROL.test(head))
    return null
  let start = 0
  if (shape === 'item') {
    const marker = ITEM_MARKER.exec(head)
    if (!marker || marker[0].length === head.length) return null
    start = marker[0].length
  }
  return paragraphLines(head.slice(start)) ? { head, gap, tex } : null
}

// A line of TeX that goes on with the paragraph above it: after its spaces, no character that may
// start a block (a list item, a heading, a quote, a table, HTML, a fence, a formula, an underline).
const TEX_LINE = /^ *(?![-*+#>|<$`~=_]|\d{1,9}[.)])\S/

/** `tex` less a last `mark` that may begin the closing delimiter (a backslash ending a run of an odd number of them: `\\` is TeX's line break). */
function withoutCloserStart(tex: string, mark: '$' | '\\'): string {
  if (!tex.endsWith(mark)) return tex
  if (mark === '$') return tex.slice(0, -1)
  let run = 0
  while (tex[tex.length - 1 - run] === '\\') run++
  return run % 2 === 1 ? tex.slice(0, -1) : tex
}

/** The inline elements a span being written may be (see {@link openSpan}), by their opening mark. */
const SPAN_TAGS = { '*': 'em', _: 'em', '**': 'strong', __: 'strong', '~~': 'del', '`': 'code' } as const

/** A piece cut before the emphasis, strikethrough or code span it ends in, still open (see {@link openSpan}). */
export interface OpenSpan {
  /** The piece up to the span, less the spaces before it. */
  readonly head: string
  /** What the parser shows between the head and the span: nothing (the span starts the piece), spaces, or a line break. */
  readonly gap: string
  /** The element the span is. */
  readonly tag: (typeof SPAN_TAGS)[keyof typeof SPAN_TAGS]
  /** Its text so far, as the parser shows it closed right there (never empty). */
  readonly text: string
}

/**
 * Cuts a paragraph's sentence or a tight list item (as {@link plainTail} does) before the span it
 * ends in while the span is open (`**bold so far`, `` `code so far ``), so the piece shows its head
 * as it did (parsed once, not at each token) and the span as its element around the text written
 * so far. `repaired` is the piece as `repairTail` closes it; what the parser shows for it is what
 * it shows for `head`, then `gap`, then the element around `text`. `null` unless that is sure: the
 * repair only added the span's closing mark; the span opens after a space or a line break (or
 * starts the piece), its first character is not a space, and it holds prose (emphasis: no mark,
 * autolink literal or hard break; code: no backtick, dollar or `>`) on lines that start like a paragraph's, with
 * no control character; the head is one paragraph (an item's paragraph) that ends in a character
 * that is not a space or a backslash, with no autolink literal or control character, and, before
 * code, no escaped backtick or code span left open by a lone backtick. A table cell (`cell`, its
 * text between two pipes, without the spaces before it) is cut as a sentence is, and not before a
 * span with a pipe in it.
 */
export function openSpan(piece: string, repaired: string, shape: 'sentence' | 'item' | 'cell'): OpenSpan | null {
  if (repaired === piece) return null
  // The repair closed code (a backtick) or emphasis: the span opens at the last backtick, or at the last mark.
  const code = repaired.endsWith('`')
  let end = code ? piece.lastIndexOf('`') : piece.length - 1
  if (!code) while (end >= 0 && !MARK.test(piece[end] as string)) end--
  if (end < 0) return null
  const mark = piece[end] as string
  let at = end
  while (piece[at - 1] === mark) at--
  const opener = piece.slice(at, end + 1)
  const tag = SPAN_TAGS[opener as keyof typeof SPAN_TAGS]
  if (tag === undefined || code !== (tag === 'code')) return null
  const written = code ? piece.slice(end + 1) : piece.slice(end + 1).trimEnd()
  // In code, a dollar could close math, and an angle bracket HTML, opened before the code; in a
  // table cell, an escaped pipe is a pipe, in code too.
  if (
    written === '' ||
    /^\s/.test(written) ||
    CONTROL.test(written) ||
    (code ? /[$>]/.test(written) : AUTOLINK.test(written)) ||
    (shape === 'cell' && written.includes('|'))
  )
    return null
  if (repaired !== `${piece.slice(0, end + 1)}${written}${opener}`) return null
  // A line of it that started a block would end the paragraph. Code's line breaks are spaces, and
  // the spaces that indent its lines are its own (an item's indent is not: code over lines of an
  // item is left to the parser).
  const lines = written.split('\n')
  if (code && shape === 'item' && lines.length > 1) return null
  for (const line of lines.slice(1)) if (!PARAGRAPH_LINE.test(line.replace(LEADING, ''))) return null
  const text = code ? lines.join(' ') : proseText(written, false)
  if (text === null) return null
  let start = 0
  if (shape === 'item') {
    const marker = ITEM_MARKER.exec(piece)
    if (!marker) return null
    start = marker[0].length
  }
  if (at === start) return { head: piece.slice(0, at), gap: '', tag, text }
  // After a line break, the span's line starts like a paragraph's; a backslash before the gap is
  // a hard break (see the head's check).
  const before = gapBefore(piece, at)
  if (!before || (before.gap === '\n' && !PARAGRAPH_LINE.test(piece.slice(at)))) return null
  const { gap } = before
  const head = piece.slice(0, before.end)
  if (gap === '' || before.end <= start || /[\s\\]$/.test(head) || AUTOLINK.test(head) || CONTROL.test(head))
    return null
  if (code && (head.includes('\\`') || !codeSpansClose(head))) return null
  return paragraphLines(head.slice(start)) ? { head, gap, tag, text } : null
}

/**
 * Whether no lone backtick in `text` opens a code span that a backtick after it would close: each
 * run of backticks closes at the next run as long (the text between is code) or is literal, and
 * no run of one is literal.
 */
function codeSpansClose(text: string): boolean {
  const runs = Array.from(text.matchAll(/`+/g), (match) => match[0].length)
  for (let i = 0; i < runs.length; i++) {
    const length = runs[i]
    let close = i + 1
    while (close < runs.length && runs[close] !== length) close++
    if (close < runs.length) i = close
    else if (length === 1) return false
  }
  return true
}

/** An ATX heading read without a parse (see {@link atxHeading}). */
export interface AtxHeading {
  /** 1 to 6: how many `#` open it. */
  readonly depth: 1 | 2 | 3 | 4 | 5 | 6
  /** Its inline content, without the spaces before it. */
  readonly content: string
}

const ATX = /^ {0,3}(#{1,6})(?:[ \t](.*))?$/
const HEADING_START = /^ {0,3}#/

/**
 * A block that is one ATX heading (`## Title`) whose content shows, parsed as a sentence is, what
 * the parser shows in the heading: one line, content with no `#` (a closing sequence), no tab or
 * other control character, starting like a paragraph's line (so it is not parsed as a list, a
 * quote or a block of HTML). `null` for anything else, which is parsed whole.
 */
export function atxHeading(block: string): AtxHeading | null {
  // (A heading is one line: a long paragraph is not searched for a line break at each token.)
  if (!HEADING_START.test(block) || block.includes('\n')) return null
  const match = ATX.exec(block)
  if (!match) return null
  // The spaces it ends in are shown as a sentence's are (not at all), or, in code being written, as
  // the repaired heading shows them.
  const content = (match[2] ?? '').replace(/^[ \t]+/, '')
  if (content !== '' && (content.includes('#') || CONTROL.test(content) || !PARAGRAPH_LINE.test(content))) return null
  return { depth: (match[1] as string).length as AtxHeading['depth'], content }
}

/** Whether an item's first line is its marker and text that starts like a paragraph's (no list, quote, fence or rule inside it). */
export function itemOfText(line: string): boolean {
  const start = line.trimStart()
  const marker = ITEM_MARKER.exec(start)
  return marker !== null && line.length - start.length <= 3 && PARAGRAPH_LINE.test(start.slice(marker[0].length))
}
