import type { MathRenderer, MathResult } from './types.js'

type Katex = typeof import('katex').default

/**
 * The default math renderer: KaTeX, imported the first time a formula is shown (an app that never
 * shows math never loads it). Untrusted TeX: `trust` is off, so `\href`, `\url`,
 * `\includegraphics` and `\htmlClass` render as errors, never as links, images or markup;
 * `maxExpand` and `maxSize` bound what a formula may cost. Its stylesheet is the app's to import
 * (`katex/dist/katex.min.css`), with its fonts.
 */
export function createKatexRenderer(): MathRenderer {
  let katex: Katex | undefined
  let loading: Promise<boolean> | undefined
  const cache = new Map<string, MathResult>()
  return {
    ready: () => katex !== undefined,
    load() {
      loading ??= import('katex').then(
        (module) => {
          katex = module.default
          return true
        },
        () => false,
      )
      return loading
    },
    render(tex, display) {
      if (!katex) return null
      const key = `${display ? 'D' : 'I'}${tex}`
      const known = cache.get(key)
      if (known) return known
      let result: MathResult
      try {
        result = {
          html: katex.renderToString(tex, {
            displayMode: display,
            throwOnError: true,
            trust: false,
            strict: 'ignore',
            output: 'htmlAndMathml',
            maxExpand: 500,
            maxSize: 20,
          }),
        }
      } catch (error) {
        result = { error: error instanceof Error ? error.message : String(error) }
      }
      // Formulas repeat (a reply's variables), and typesetting one costs more than a markdown block.
      if (cache.size > 500) cache.clear()
      cache.set(key, result)
      return result
    },
  }
}

let shared: MathRenderer | undefined

/** The math renderer the components use unless given another: one per page, created on first use. */
export function defaultMathRenderer(): MathRenderer {
  shared ??= createKatexRenderer()
  return shared
}
