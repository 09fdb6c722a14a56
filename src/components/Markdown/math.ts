import { mathFromMarkdown } from 'mdast-util-math'
import { math } from 'micromark-extension-math'

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

/** A remark plugin: `$$…$$` math, inline or as a block of its own. */
export const remarkMathDouble = plugin(doubleOnly)
/** The same, and `$…$` inline math too (off by default: a reply about prices has dollars in it). */
export const remarkMathSingle = plugin(withSingle)

/** Which math a text may hold: none (math off), `$$` only, or `$` too. */
export type MathSyntax = 'off' | 'double' | 'single'

/** Whether markdown may hold math in that syntax: a `$`, or TeX's `\[` / `\(` delimiters. */
export function mayUseMath(markdown: string, syntax: MathSyntax): boolean {
  if (syntax === 'off') return false
  return (syntax === 'single' ? markdown.includes('$') : markdown.includes('$$')) || /\\[[(]/.test(markdown)
}

// Code spans and fences keep their text: `\[` inside them is not math.
const CODE = /(`{3,}|~{3,})[\s\S]*?(?:\n {0,3}\1[`~]*[ \t]*(?=\n|$)|$)|(`+)[\s\S]*?\2/g

/**
 * TeX's own delimiters as markdown math: `\[ … \]` alone on its lines becomes a `$$` block, inline
 * `\[ … \]` and `\( … \)` become `$$…$$`, as models write them. Code spans and fences are left alone.
 */
export function texDelimiters(markdown: string): string {
  if (!/\\[[(]/.test(markdown)) return markdown
  let out = ''
  let last = 0
  for (const match of markdown.matchAll(CODE)) {
    out += convert(markdown.slice(last, match.index))
    out += match[0]
    last = match.index + match[0].length
  }
  return out + convert(markdown.slice(last))
}

function convert(text: string): string {
  return text
    .replace(/^([ \t]*)\\\[([\s\S]+?)\\\][ \t]*$/gm, (_whole, indent: string, tex: string) => `${indent}$$\n${indent}${tex.trim()}\n${indent}$$`)
    .replace(/\\\[([\s\S]+?)\\\]/g, (_whole, tex: string) => `$$${tex.trim()}$$`)
    .replace(/\\\(([\s\S]+?)\\\)/g, (_whole, tex: string) => `$$${tex.trim()}$$`)
}
