import { THEMATIC_BREAK, UNDERLINE } from './lines.js'

// Every repair starts from one of these (a line break, a fence, a table's pipe, a bracket, a code or
// emphasis mark): a text without any is already in its final shape, as most of prose is.
const NEEDS_REPAIR = /[\n`~|[*_]/

/**
 * Makes the unfinished tail of a streaming markdown text render in its final shape, so a growing
 * reply does not flicker: an open code fence is closed, an unclosed `**`, `*`, `~~` or `` ` `` is
 * closed (or dropped when nothing follows it yet), a half-typed link shows as its text, a table
 * whose delimiter row has not arrived gets one, and a lone `-` or `=` that would briefly turn the
 * line above into a heading waits for its next character.
 */
export function repairTail(block: string): string {
  if (!NEEDS_REPAIR.test(block)) return block
  const fence = /^ {0,3}(`{3,}|~{3,})/.exec(block)
  if (fence) {
    const marker = fence[1] as string
    const lines = block.split('\n')
    const closed = lines
      .slice(1)
      .some(
        (line) =>
          line.trim().startsWith(marker[0] as string) &&
          line.trim() === marker[0]?.repeat(line.trim().length) &&
          line.trim().length >= marker.length,
      )
    return closed ? block : `${block}\n${marker}`
  }
  let lines = block.split('\n')
  // A code fence in the making (a line of one or two backticks or tildes so far): it waits for its
  // third mark rather than showing as text for a token.
  if (FENCE_BEING_TYPED.test(lines.at(-1) ?? '')) {
    lines = lines.slice(0, -1)
    if (lines.length === 0) return ''
  }
  // A fence just opened under a line of the block is an empty code block, not a code span to close.
  if (lines.length > 1 && FENCE_OPENED.test(lines.at(-1) ?? '')) return lines.join('\n')
  // A setext underline in the making, or a bullet with nothing after it yet.
  if (lines.length > 1 && /^\s*([-=*+]|[-=]{2})\s*$/.test(lines.at(-1) ?? '')) lines = lines.slice(0, -1)
  lines = repairTable(lines)
  // A thematic break (`***`, `___`, `* * *`) is no emphasis to close.
  if (THEMATIC_BREAK.test(lines.at(-1) ?? '')) return lines.join('\n')
  // Emphasis and code spans run across the lines of a paragraph (a reply wrapped at 80 columns):
  // the marks left open are counted over the paragraph the last line is in, from the line that
  // starts it (a list item, a quote line, a table row, a heading) or after a blank line.
  let from = lines.length - 1
  while (from > 0 && !STARTS_BLOCK.test(lines[from] as string) && (lines[from - 1] as string).trim() !== '') from--
  const repaired = [...lines.slice(0, from), repairInline(lines.slice(from).join('\n'))].join('\n')
  // A mark dropped from the end of `=== *` leaves a heading's underline, and a bracket dropped from
  // `--- - [` a thematic break under the paragraph: the line waits, as a lone `=` does.
  const newline = repaired.lastIndexOf('\n')
  const last = lines.at(-1) as string
  const made = (pattern: RegExp) => pattern.test(repaired.slice(newline + 1)) && !pattern.test(last)
  if (newline >= 0 && (made(UNDERLINE) || made(THEMATIC_BREAK))) return repaired.slice(0, newline)
  return repaired
}

const FENCE_BEING_TYPED = /^[ \t]*(?:`{1,2}|~{1,2})$/
const FENCE_OPENED = /^[ \t]*(?:`{3,}[^`]*$|~{3})/

// A line that starts a block of its own rather than going on with the paragraph above it.
const STARTS_BLOCK = /^\s*(?:[-+*][ \t]|\d{1,9}[.)][ \t]|[#>|]|`{3,}|~{3,})/

function cells(row: string): number {
  const inner = row.trim().replace(/^\|/, '').replace(/\|$/, '')
  return inner.split(/(?<!\\)\|/).length
}

// A delimiter row with three dashes or more in each cell. Each run of spaces is matched by one
// quantifier (`\s*\|?\s*` took cubic time on a line of tabs).
export const COMPLETE_DELIMITER = /^(?:\s*\|)?\s*:?-{3,}:?\s*(?:\|\s*:?-{3,}:?\s*)*(?:\|\s*)?$/

function repairTable(lines: string[]): string[] {
  const header = lines[0] ?? ''
  if (!/^\s*\|/.test(header)) return lines
  const delimiter = lines[1]
  const complete = delimiter !== undefined && COMPLETE_DELIMITER.test(delimiter) && cells(delimiter) === cells(header)
  if (complete) return lines
  const row = `|${' --- |'.repeat(cells(header))}`
  // A delimiter row being typed is replaced; a header alone gets one.
  if (delimiter !== undefined && /^[\s|:-]*$/.test(delimiter)) return [header, row, ...lines.slice(2)]
  return [header, row, ...lines.slice(1)]
}

/** Closes what the last line of a streaming text leaves open (emphasis, code, a link being written). */
export function repairInline(line: string): string {
  if (!NEEDS_REPAIR.test(line)) return line
  let text = unfinishedLinkAsText(line)
  // An opening bracket with no close yet (not a task list box) shows without it.
  const open = text.lastIndexOf('[')
  if (open >= 0 && !text.slice(open).includes(']') && text[open - 1] !== '\\') {
    const before = text.slice(0, open)
    const inner = text.slice(open + 1)
    const taskBox = /^\s*([-*+]|\d+[.)])\s+$/.test(before) && /^[ xX]?$/.test(inner)
    if (!taskBox) text = `${before.replace(/!$/, '')}${inner}`
  }
  // The code spans are read once: those before the one left open (all of them if none is) hold no emphasis.
  const { closed, open: code } = codeSpans(text)
  if (code === null) return closeEmphasis(withoutSpans(text, closed), text)
  const { at, length } = code
  const outside = withoutSpans(text.slice(0, at), closed)
  // A line break (and spaces) at its end is the next line not written yet: the closing run goes
  // before it, not at the start of a line of its own, where three backticks would open a fence.
  let inside = text.slice(at + length).replace(TRAILING_LINE_BREAK, '')
  // An opening run with nothing after it yet is dropped.
  if (inside === '') return closeEmphasis(outside, text.slice(0, at))
  // Else the span is closed with a run as long, and then what is open before it. A shorter run at its
  // end is its closing run being typed (`` ``code` ``), dropped; a longer one is code, kept apart
  // from the closing run by a space.
  let last = 0
  while (inside[inside.length - 1 - last] === '`') last++
  if (last > 0 && last < length) inside = inside.slice(0, -last)
  const closer = '`'.repeat(length)
  return closeEmphasis(outside, `${text.slice(0, at + length)}${inside}${last >= length ? ' ' : ''}${closer}`)
}

// A line break at the end of a text, and the spaces or tabs after it.
const TRAILING_LINE_BREAK = /\r?\n[ \t]*$/

/** A run of backticks: where it starts in the text, and how many. */
interface Run {
  at: number
  length: number
}

/**
 * The code spans of `text`, read as CommonMark reads runs of backticks: a run closes at the next run
 * as long (the text between is code, backslashes in it included), and a backslash before a run makes
 * its first backtick text. `closed` are the spans (from the opening run to the end of the closing
 * one); `open` is the first run with none as long after it, which the end of a streaming text may
 * yet close (`null` when every run closes).
 */
function codeSpans(text: string): { closed: [number, number][]; open: Run | null } {
  const closed: [number, number][] = []
  if (!text.includes('`')) return { closed, open: null }
  const runs = Array.from(text.matchAll(/`+/g), (match): Run => ({ at: match.index, length: match[0].length }))
  for (let i = 0; i < runs.length; i++) {
    let { at, length } = runs[i] as Run
    let slashes = 0
    while (text[at - 1 - slashes] === '\\') slashes++
    if (slashes % 2 === 1) {
      at++
      length--
      if (length === 0) continue
    }
    // Each opening run looks ahead to its closing one only, and the search goes on after it: linear.
    let close = i + 1
    while (close < runs.length && (runs[close] as Run).length !== length) close++
    if (close === runs.length) return { closed, open: { at, length } }
    const end = runs[close] as Run
    closed.push([at, end.at + end.length])
    i = close
  }
  return { closed, open: null }
}

/** `text` without the code spans `closed` (see {@link codeSpans}) that end in it. */
function withoutSpans(text: string, closed: readonly [number, number][]): string {
  let out = ''
  let from = 0
  for (const [start, end] of closed) {
    out += text.slice(from, start)
    from = end
  }
  return out + text.slice(from)
}

/**
 * The emphasis and strikethrough marks, each with the pattern of its runs that open or close one
 * (made once, not at every token): a double mark anywhere; a single one not beside another of its
 * kind, with no letter before it and text after it (opening), or text before it and no letter
 * after it (closing).
 */
const EMPHASIS_RUNS = ['**', '__', '~~', '*', '_'].map((marker) => {
  const escaped = marker.replace(/[*_~]/g, '\\$&')
  const single = `(?<![${escaped}\\w])${escaped}(?![${escaped}\\s])|(?<=[^\\s${escaped}])${escaped}(?![${escaped}\\w])`
  return { marker, runs: new RegExp(marker.length === 2 ? escaped : single, 'g') }
})

/**
 * Closes the emphasis and strikethrough that `outside` (the text that holds them, its code spans
 * taken out) leaves open at the end of `text` (which that text begins), the mark opened last first,
 * so marks opened inside open ones close inside them. An opening mark with nothing after it yet is
 * dropped (alone, it would show as text): a last lone `*` after bold (`**Note:*`), the first half of
 * its closing `**`, is such a mark, opened last, and goes before the bold is closed.
 */
function closeEmphasis(outside: string, text: string): string {
  // Most lines being written have no mark at all.
  if (!/[*_~]/.test(outside)) return text
  const open: { marker: string; at: number }[] = []
  for (const { marker, runs } of EMPHASIS_RUNS) {
    let count = 0
    let last = -1
    for (const run of outside.matchAll(runs)) {
      count++
      last = run.index
    }
    if (count % 2 === 1) open.push({ marker, at: last })
  }
  open.sort((a, b) => b.at - a.at)
  // Once a mark is closed, the text ends in that closing mark, not in what was written.
  let closed = false
  for (const { marker } of open) {
    if (!closed && text.endsWith(marker)) text = text.slice(0, -marker.length)
    else {
      text = `${text.trimEnd()}${marker}`
      closed = true
    }
  }
  return text
}

/**
 * A link or image whose URL is still arriving (`[text](http…` to the end, no `)` yet) shows as its
 * text until it closes: from the first `[` whose first `]` is followed by `(` with no `)` after it,
 * to the end, becomes the text between the brackets (what `/!?\[([^\]]*)\]\([^)]*$/` replaced
 * with `$1`). In one pass: the pattern tried every `[` against the rest of the text, and a text of
 * 20,000 brackets took a third of a second at every token.
 */
export function unfinishedLinkAsText(text: string): string {
  const lastParen = text.lastIndexOf(')')
  let previousClose = -1
  for (let close = text.indexOf(']'); close !== -1; previousClose = close, close = text.indexOf(']', close + 1)) {
    if (text[close + 1] !== '(' || lastParen > close) continue
    // The first `[` after the `]` before: its first `]` is this one.
    const open = text.indexOf('[', previousClose + 1)
    if (open === -1 || open > close) continue
    const start = open > 0 && text[open - 1] === '!' ? open - 1 : open
    return text.slice(0, start) + text.slice(open + 1, close)
  }
  return text
}
