import { LINE_BREAK } from '../core/text.js'
import { fencedLines } from './fence.js'
import { type MathSyntax } from './lines.js'
import { type InlineMath, mathFromMarkdown } from 'mdast-util-math'
import { math } from 'micromark-extension-math'
import type { Options } from 'react-markdown'

// The math syntax and tree extensions, made once (see gfm.ts for why).
const doubleOnly = math({ singleDollarTextMath: false })
const withSingle = math({ singleDollarTextMath: true })
const tree = mathFromMarkdown()

interface ParserData {
  micromarkExtensions?: unknown[]
  fromMarkdownExtensions?: unknown[]
}

const plugin = (syntax: unknown) =>
  function remarkMathParse(this: { data(): unknown }) {
    const data = this.data() as ParserData
    data.micromarkExtensions ??= []
    data.micromarkExtensions.push(syntax)
    data.fromMarkdownExtensions ??= []
    data.fromMarkdownExtensions.push(tree)
  }

/** The micromark and mdast extensions that read math in `syntax` (none with math off), for a parse of our own. */
export function mathExtensions(syntax: MathSyntax): { syntax: (typeof doubleOnly)[]; tree: (typeof tree)[] } {
  if (syntax === 'off') return { syntax: [], tree: [] }
  return { syntax: [syntax === 'single' ? withSingle : doubleOnly], tree: [tree] }
}

/** A remark plugin: `$$…$$` math, inline or as a block of its own. */
export const remarkMathDouble = plugin(doubleOnly)
/** The same, and `$…$` inline math too (off by default: a reply about prices has dollars in it). */
export const remarkMathSingle = plugin(withSingle)

/** What react-markdown hands to mdast-util-to-hast (its handlers, which make HTML elements of nodes). */
type ToHast = NonNullable<NonNullable<Options['remarkRehypeOptions']>>
type Handler = NonNullable<NonNullable<ToHast['handlers']>['inlineMath']>
type Properties = NonNullable<NonNullable<InlineMath['data']>['hProperties']>

/**
 * An inline formula as an element, made as mdast-util-to-hast makes a node it has no handler for:
 * named by the node's data (`code`, remark-math's), its properties and children the data's
 * (`language-math math-inline` around the TeX), where the node is. Without its structured clone of
 * the properties: one per formula at every parse, which was most of the time of a paragraph of a
 * thousand formulas parsed again as its text grew. Properties are strings, numbers, booleans or
 * arrays of them: each array is copied, so no element shares one with the tree.
 */
const inlineMathElement: Handler = (state, node: InlineMath) => {
  const { hName, hProperties, hChildren } = node.data ?? {}
  if (hProperties === undefined && hChildren === undefined) {
    // What the default makes of a node with a value and no element data: its text.
    const text = { type: 'text' as const, value: node.value }
    state.patch(node, text)
    return text
  }
  const properties: Properties = {}
  for (const [key, value] of Object.entries(hProperties ?? {}))
    properties[key] = Array.isArray(value) ? [...value] : value
  const element = {
    type: 'element' as const,
    tagName: typeof hName === 'string' ? hName : 'div',
    properties,
    children: hChildren ?? [],
  }
  state.patch(node, element)
  return element
}

/** react-markdown's options for making HTML elements of formulas (see {@link inlineMathElement}). */
export const mathToHast: ToHast = { handlers: { inlineMath: inlineMathElement } }

export type { MathSyntax } from './lines.js'

/** Whether markdown may hold math in that syntax: a `$`, or TeX's `\[` / `\(` delimiters. */
export function mayUseMath(markdown: string, syntax: MathSyntax): boolean {
  if (syntax === 'off') return false
  return (syntax === 'single' ? markdown.includes('$') : markdown.includes('$$')) || /\\[[(]/.test(markdown)
}

// Where a paragraph ends: a blank line (in a quote too), or a list item's start.
const PARAGRAPH_END = /\n[ \t>]*(?:\n|(?:[-+*]|\d{1,9}[.)])[ \t])/g
// A backtick, which a raw template cannot hold as itself.
const TICK = '`'

// Code spans and fences keep their text: `\[` inside them is not math. A fence runs to its closing
// line or the text's end; it opens only first on its line, after the marks of the list items and
// quotes it is in (three backticks within a line open a code span, three tildes there are text).
// A code span is a whole run of backticks and the next run of the same length, as the parser reads
// it; the run is taken whole (a lookahead), so a run no other closes is searched past once, not
// once for each of its lengths. Nor does it run past the end of the parser's paragraph (a blank
// line or a list item's start: PARAGRAPH_END): a backtick left open in one item of a list, which
// streams item by item, must not make code of the TeX in the next.
const CODE = new RegExp(
  String.raw`(?=${TICK}{3}|~{3})(?<=(?:^|\n)(?:[ \t]*(?:[-+*]|\d{1,9}[.)]|>))*[ \t]*)(${TICK}{3,}|~{3,})[\s\S]*?(?:\n {0,3}\1[${TICK}~]*[ \t]*(?=\n|$)|$)` +
    String.raw`|(?<!${TICK})(?=(${TICK}+))\2(?:(?!${PARAGRAPH_END.source})[\s\S])*?(?<!${TICK})\2(?!${TICK})`,
  'g',
)

/**
 * Whether texDelimiters converts `text` as it converts it at the start of a longer text (`text`
 * and more after it). Not when a run of backticks, or of tildes that may open a fence, is outside
 * code it closes before the end of `text`: a run left open, or code that runs to the end, may close
 * in what follows and keep TeX after it from being read as math. Nor when `\[` is first on a line:
 * it opens a display formula up to the first line that `\]` ends, in `text` or after it.
 */
export function convertsAlone(text: string): boolean {
  DISPLAY_OPEN.lastIndex = 0
  if (DISPLAY_OPEN.test(text)) return false
  let covered = 0
  for (const match of text.matchAll(CODE)) {
    const end = match.index + match[0].length
    if (end >= text.length) return false
    const open = text.slice(covered, match.index)
    if (open.includes('`') || open.includes('~~~')) return false
    covered = end
  }
  const rest = text.slice(covered)
  return !rest.includes('`') && !rest.includes('~~~')
}

/**
 * TeX's own delimiters as markdown math: `\[ … \]` alone on its lines becomes a `$$` block, inline
 * `\[ … \]` and `\( … \)` become `$$…$$`, as models write them. Code spans and fences are left alone.
 */
export function texDelimiters(markdown: string): string {
  if (!/\\[[(]/.test(markdown)) return markdown
  let out = ''
  let last = 0
  // The text between code: a line starts where it starts only at the text's start (code ends on
  // the line it closes), and a line ends where it ends only at the text's end (code follows on it).
  for (const match of markdown.matchAll(CODE)) {
    out += convert(markdown.slice(last, match.index), last === 0, false)
    out += match[0]
    last = match.index + match[0].length
  }
  return out + convert(markdown.slice(last), last === 0, true)
}

function convert(text: string, lineStart: boolean, lineEnd: boolean): string {
  return inlineMath(inlineMath(displayMath(text, lineStart, lineEnd), '\\[', '\\]'), '\\(', '\\)')
}

// `\[` at a line's start after spaces or tabs.
const DISPLAY_OPEN = /^[ \t]*\\\[/gm

/**
 * `\[` first on its line and `\]` last on a later or the same line (at least one character
 * between), as a `$$` block under the same indent. Each `\[` takes the first `\]` that ends a line;
 * when none follows one, none follows a later one, so the search ends there (a pattern tried at
 * each line that opens one went to the text's end from each).
 */
function displayMath(text: string, lineStart: boolean, lineEnd: boolean): string {
  let out = ''
  let last = 0
  DISPLAY_OPEN.lastIndex = 0
  for (let open = DISPLAY_OPEN.exec(text); open; open = DISPLAY_OPEN.exec(text)) {
    // At the start of text that follows code on its line: no line's start.
    if (open.index === 0 && !lineStart) continue
    const content = open.index + open[0].length
    const close = closeAtLineEnd(text, content + 1, lineEnd)
    if (!close) break
    const indent = open[0].slice(0, -2)
    const tex = text.slice(content, close.at).trim()
    const fence = fenceFor(tex)
    out += `${text.slice(last, open.index)}${indent}${fence}\n${indent}${tex}\n${indent}${fence}`
    last = DISPLAY_OPEN.lastIndex = close.end
  }
  return out + text.slice(last)
}

// A line of dollars alone, which closes a math block opened by as many or fewer.
const DOLLAR_LINE = /^[ \t]*(\$+)[ \t]*$/gm

/**
 * The fence of a math block that holds `tex`: `$$`, or one dollar more than its longest line of
 * dollars alone (TeX has no use for one, but a `$$` there would end the block and open another
 * that takes the rest of the reply).
 */
function fenceFor(tex: string): string {
  let longest = 1
  for (const line of tex.matchAll(DOLLAR_LINE)) longest = Math.max(longest, (line[1] as string).length)
  return '$'.repeat(longest + 1)
}

/**
 * The first `\]` from `from` on with only spaces or tabs after it on its line: where it is, and
 * where they end (`lineEnd`: the end of `text` ends a line).
 */
function closeAtLineEnd(text: string, from: number, lineEnd: boolean): { at: number; end: number } | null {
  for (let at = text.indexOf('\\]', from); at >= 0; at = text.indexOf('\\]', at + 1)) {
    let end = at + 2
    while (text[end] === ' ' || text[end] === '\t') end++
    if (end === text.length ? lineEnd : LINE_BREAK.test(text[end] as string)) return { at, end }
  }
  return null
}

// U+2060: no width, no break.
const WORD_JOINER = '\u2060'

/**
 * Each `open` … `close` with at least one character between, not only spaces, within one
 * paragraph, as inline `$$…$$`; the same one pass.
 */
function inlineMath(text: string, open: string, close: string): string {
  let out = ''
  let last = 0
  // The first closing delimiter after the one being read, and the first end of a paragraph after
  // it: each kept while it is still ahead, so a text of many is searched once.
  let end = -1
  let paragraphEnd = -1
  for (let at = text.indexOf(open); at >= 0; at = text.indexOf(open, last)) {
    if (end < at + open.length + 1) end = text.indexOf(close, at + open.length + 1)
    if (end < 0) break
    if (paragraphEnd < at) {
      PARAGRAPH_END.lastIndex = at
      paragraphEnd = PARAGRAPH_END.exec(text)?.index ?? text.length
    }
    if (paragraphEnd < end) {
      // It would close past the end of its paragraph, where the parser ends an inline formula: it
      // and the delimiters before that end are text.
      out += text.slice(last, paragraphEnd)
      last = paragraphEnd
      continue
    }
    const tex = text.slice(at + open.length, end).trim()
    const lead = text.slice(last, at)
    const after = end + close.length
    last = after
    if (tex === '') {
      // Nothing but spaces: no formula (`$$$$` would be a run of four dollars, shown as such).
      out += lead + text.slice(at, after)
      continue
    }
    // A dollar next to a `$$` joins it into a longer run, which closes no formula (or another one).
    // One at an edge of the TeX: a space inside each delimiter keeps them apart, and the parser
    // takes one off each side, as it does in code spans. One outside (a dollar written there, or the
    // formula before, `\(a\)\(b\)`): a word joiner, which shows as nothing and keeps the line unbroken.
    const pad = tex.startsWith('$') || tex.endsWith('$') ? ' ' : ''
    const before = (lead === '' ? out : lead).endsWith('$') ? WORD_JOINER : ''
    const behind = text[after] === '$' ? WORD_JOINER : ''
    out += `${lead}${before}$$${pad}${tex}${pad}$$${behind}`
  }
  return out + text.slice(last)
}

/** A block that is one display formula: its TeX, and whether its closing `$$` has come. */
export interface MathBlock {
  readonly tex: string
  readonly closed: boolean
}

const MATH_OPEN = /^( {0,3})(\${2,})[ \t]*$/

/**
 * Reads a block that is one `$$` display formula, as remark-math does, so a formula being written
 * needs no markdown parse at each token: `$$` alone on the first line, the TeX, and a closing line
 * of as many dollars or more (the opening line's indent taken off each line). While it streams, a
 * last line that may become the closing one is left out. `null` for anything else (text on the
 * opening line, text after the closing one, a tab in an indent): that is parsed.
 */
export function readMathBlock(block: string, streaming: boolean): MathBlock | null {
  const newline = block.indexOf('\n')
  const open = MATH_OPEN.exec(newline < 0 ? block : block.slice(0, newline))
  if (!open) return null
  const indent = open[1]?.length ?? 0
  const body = fencedLines(block, newline, indent, open[2] as string, streaming)
  if (!body || (indent > 0 && body.lines.some((line) => /^ *\t/.test(line)))) return null
  const { lines, closed } = body
  // An unclosed formula's last line, empty once its indent is off, is not part of it.
  return { tex: (!closed && lines.at(-1) === '' ? lines.slice(0, -1) : lines).join('\n'), closed }
}

/** Whether only spaces or tabs are before `at` on its line. */
export function firstOnLine(text: string, at: number): boolean {
  let before = at - 1
  while (text[before] === ' ' || text[before] === '\t') before--
  return before < 0 || text[before] === '\n'
}

/**
 * Where the inline formula a piece of a paragraph ends in opens, while its closing delimiter has
 * not come: a `\(` with no `\)` after it, paired as {@link texDelimiters} pairs them (or, reading
 * `$$` only, an odd `$$`); -1 for none. Also -1 wherever the delimiters could pair otherwise once
 * the formula closes: in or after an open code span, `\[` or a `$` beside `\(`, single-dollar
 * math, `$` runs of other lengths, a `$$` first on its line (a display formula).
 */
export function openFormulaAt(piece: string, syntax: MathSyntax): number {
  if (syntax === 'off' || !mayUseMath(piece, syntax)) return -1
  // TeX delimiters pair within the text between code spans (see texDelimiters): the last such stretch.
  let from = 0
  for (const match of piece.matchAll(CODE)) from = match.index + match[0].length
  const stretch = piece.slice(from)
  if (stretch.includes('`') || stretch.includes('\\[')) return -1
  if (stretch.includes('\\(')) {
    // A backslash before a delimiter anywhere (`\\(`, `\\)`) leaves a `\$` that the parser reads
    // as a dollar, and a dollar could pair with the formula's.
    if (piece.includes('$') || piece.includes('\\\\(') || piece.includes('\\\\)')) return -1
    // As inlineMath pairs them: each `\(` with the first `\)` at least one character on.
    for (let open = stretch.indexOf('\\('); open >= 0;) {
      const end = stretch.indexOf('\\)', open + 3)
      if (end < 0) {
        // The formulas closed before it must read as pairs of `$$` apart from its own: an empty one
        // is `$$$$`, and two side by side one run of dollars.
        for (const run of `${texDelimiters(piece.slice(0, from + open))}$$`.matchAll(/\$+/g))
          if (run[0].length !== 2) return -1
        return from + open
      }
      open = stretch.indexOf('\\(', end + 2)
    }
    return -1
  }
  // Which of a code span and a formula the parser reads depends on which opens first: a piece with
  // a backtick is left to it.
  if (syntax !== 'double' || piece.includes('`')) return -1
  let runs = 0
  let at = -1
  for (const run of piece.matchAll(/\$+/g)) {
    // A last lone dollar may be the first half of the closing `$$`.
    if (run[0].length === 1 && run.index === piece.length - 1 && runs % 2 === 1) break
    if (run[0].length !== 2 || piece[run.index - 1] === '\\' || firstOnLine(piece, run.index)) return -1
    runs++
    at = run.index
  }
  return runs % 2 === 1 ? at : -1
}
