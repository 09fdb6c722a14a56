// The remark plugins a block is parsed with, chosen by what its text may use.
import { type Options } from 'react-markdown'
import { mayUseGfm, remarkGfmParse } from '../../markdown/gfm.js'
import { type MathSyntax, mayUseMath, remarkMathDouble, remarkMathSingle, texDelimiters } from '../../markdown/math.js'
import { remarkUntrusted } from '../../markdown/tree.js'

type Plugin = NonNullable<Options['remarkPlugins']>[number]

const REMARK_PLUGINS: Plugin[] = [remarkGfmParse, remarkUntrusted]

const COMMONMARK_PLUGINS: Plugin[] = [remarkUntrusted]

// Every combination made once, so a block's plugins keep their identity from render to render.
const WITH_MATH = {
  double: { gfm: [remarkGfmParse, remarkMathDouble, remarkUntrusted], plain: [remarkMathDouble, remarkUntrusted] },
  single: { gfm: [remarkGfmParse, remarkMathSingle, remarkUntrusted], plain: [remarkMathSingle, remarkUntrusted] },
} satisfies Record<Exclude<MathSyntax, 'off'>, { gfm: Plugin[]; plain: Plugin[] }>

/** The plugins for `markdown`: GFM's and math's only when one of their marks appears (see `mayUseGfm`, `mayUseMath`). */
export function pluginsFor(markdown: string, math: MathSyntax = 'off'): Plugin[] {
  const gfm = mayUseGfm(markdown)
  if (math === 'off' || !mayUseMath(markdown, math)) return gfm ? REMARK_PLUGINS : COMMONMARK_PLUGINS
  return gfm ? WITH_MATH[math].gfm : WITH_MATH[math].plain
}

// Links and images are checked by the components below, which know what to show instead.
export const keepUrl = (url: string) => url

/** Markdown in the given math syntax, with TeX's own delimiters made markdown math (see `texDelimiters`). */
export const withMath = (text: string, math: MathSyntax) => (math === 'off' ? text : texDelimiters(text))

/** A remark plugin: the list a piece starts with is loose (see StreamingList). */
function remarkLooseList() {
  return (tree: { children?: { type: string; spread?: boolean | null }[] }) => {
    const list = tree.children?.[0]
    if (list?.type === 'list') list.spread = true
  }
}

const looseCache = new Map<Plugin[], Plugin[]>()

/** `plugins` and remarkLooseList after them, the same array for the same plugins. */
export function withLoose(plugins: Plugin[]): Plugin[] {
  let loose = looseCache.get(plugins)
  if (!loose) looseCache.set(plugins, (loose = [...plugins, remarkLooseList]))
  return loose
}
