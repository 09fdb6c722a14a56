// The reply as a stream of 4-character tokens, what each token must put on screen, and how to
// read the screen for it: shared by the streaming benchmark and the streaming test in Chromium.
import type { Root, Nodes } from 'mdast'
import remarkGfm from 'remark-gfm'
import remarkParse from 'remark-parse'
import { unified } from 'unified'
import { codeLinesIn } from './codeLines'

export function tokenize(text: string, size = 4): string[] {
  const out: string[] = []
  for (let i = 0; i < text.length; i += size) out.push(text.slice(i, i + size))
  return out
}

const ALNUM = /[\p{L}\p{N}]/u

const INLINE = new Set([
  'text',
  'inlineCode',
  'emphasis',
  'strong',
  'delete',
  'link',
  'linkReference',
  'break',
  'image',
  'imageReference',
])

/**
 * For each token, the last letters and digits (up to 16) a reader sees once the token has arrived,
 * or null when the token adds none (markup, a link's URL, a fence's info string). A commit is stale
 * when the rendered text does not contain that tail. Visibility comes from the final text's syntax
 * tree: text, inline code and code block contents are seen; everything else is markup. A tail never
 * reaches back past the start of its block or past hidden letters (a list number, a fence's
 * language), since renderers put their own text there (a language label, a copy button).
 */
export function expectations(
  text: string,
  tokens: readonly string[],
  hidden: readonly [number, number][] = [],
): (string | null)[] {
  const visible = new Uint8Array(text.length)
  const blockStart = new Uint8Array(text.length)
  const tree = unified().use(remarkParse).use(remarkGfm).parse(text) as Root
  const mark = (from: number, to: number) => visible.fill(1, from, to)
  const walk = (node: Nodes) => {
    const start = node.position?.start.offset
    const end = node.position?.end.offset
    if (start !== undefined && end !== undefined) {
      if (!INLINE.has(node.type)) blockStart[start] = 1
      if (node.type === 'text' || node.type === 'inlineCode') mark(start, end)
      if (node.type === 'code') {
        const content = text.indexOf('\n', start) + 1
        blockStart[content] = 1
        mark(content, end)
      }
    }
    if ('children' in node) for (const child of node.children) walk(child as Nodes)
  }
  walk(tree)
  // Ranges the renderer shows otherwise (a formula drawn from its TeX) are not looked for.
  for (const [from, to] of hidden) visible.fill(0, from, to)
  const out: (string | null)[] = []
  let seen = ''
  let offset = 0
  for (const token of tokens) {
    let added = false
    for (let i = 0; i < token.length; i++) {
      const char = token[i] as string
      if (blockStart[offset + i]) seen = ''
      if (!ALNUM.test(char)) continue
      if (visible[offset + i]) {
        seen += char
        added = true
      } else seen = ''
    }
    offset += token.length
    out.push(added ? seen.slice(-16) : null)
  }
  return out
}

/** The letters and digits of a text: what the expectations above are made of. */
export const alnum = (text: string) => text.replace(/[^\p{L}\p{N}]/gu, '')

// A line of code in shiki's HTML (Streamdown): a span.
const SHIKI_LINE = 'pre > code > span'

/** Whether a line of shiki's HTML is highlighted: it carries a coloured token. */
const shikiHighlighted = (line: Element) => line.querySelector('span[style]') !== null

/**
 * The elements code is highlighted by, as a whole: a line of shiki's HTML; in chatparts a group of
 * finished lines, or the line being written.
 */
export const LINE =
  'pre > code > span:not(.cp-code__chunk), pre > code > .cp-code__chunk, .cp-code__chunk > .cp-code__line'

/** Whether such an element ({@link LINE}), or a diff's line, is highlighted: marked so (chatparts) or carrying a coloured token. */
export const isHighlighted = (line: Element) => line.hasAttribute('data-highlighted') || shikiHighlighted(line)

/**
 * For each code block on screen, whether each of its lines (blank ones left out) is highlighted:
 * chatparts' read by {@link codeLinesIn}, a line of shiki's HTML or of a chatparts diff by
 * {@link isHighlighted} (a blank line carries no token and counts as coloured).
 */
export function highlightedBlocks(root: Element, keepBlank = false): boolean[][] {
  return [...root.querySelectorAll('pre')].map((pre) => {
    if (pre.querySelector('.cp-code__chunk'))
      return codeLinesIn(pre)
        .filter((line) => keepBlank || line.text.trim() !== '')
        .map((line) => line.highlighted || line.tokens.length > 0 || line.text.trim() === '')
    return [...pre.querySelectorAll(SHIKI_LINE)]
      .filter((line) => keepBlank || (line.textContent ?? '').trim() !== '')
      .map((line) => isHighlighted(line) || (line.textContent ?? '').trim() === '')
  })
}

/** Lines of code on screen (blank ones left out), and how many of them are highlighted. */
export function codeLines(root: Element) {
  const lines = highlightedBlocks(root).flat()
  return { lines: lines.length, highlighted: lines.filter(Boolean).length }
}

/** For each code block on screen, whether each of its lines is highlighted. */
export const highlightedLines = (root: Element) => highlightedBlocks(root, true)

/** The lines (block, line) highlighted at the previous commit and shown plain now. */
export function wentPlain(before: boolean[][], after: boolean[][]): [number, number][] {
  const plain: [number, number][] = []
  after.forEach((lines, block) => {
    lines.forEach((isColored, line) => {
      if (!isColored && before[block]?.[line]) plain.push([block, line])
    })
  })
  return plain
}
