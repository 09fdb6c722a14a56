import type { DiagramOptions, DiagramRenderer, DiagramResult } from './types.js'

type Mermaid = typeof import('mermaid').default
type Purify = typeof import('dompurify').default

const URL_OPEN = /url\(/gi
// A reference inside the drawing (`url(#arrowhead)`, quoted or not, spaces before it).
const LOCAL = /\s*['"]?#/y
const IMPORT = /@import[^;]*;?/gi

/** CSS from the drawing with every remote `url()` and `@import` taken out. */
export const localCss = (css: string) => withoutRemoteUrls(css.replace(IMPORT, ''))

/**
 * `css` with each `url(…)` that is not a reference inside the drawing (a request to somewhere) as
 * `none`; one never closed takes the rest of the style with it. Each `url(` looks for its `)` once,
 * from where the last search found one (a pattern went to the end of the text from each of
 * thousands of unclosed ones).
 */
function withoutRemoteUrls(css: string): string {
  let out = ''
  let last = 0
  let close = -1
  URL_OPEN.lastIndex = 0
  for (let open = URL_OPEN.exec(css); open; open = URL_OPEN.exec(css)) {
    const inside = URL_OPEN.lastIndex
    // The first `)` after it: the one found for an earlier `url(` when that is still ahead (or none).
    if (close < inside) close = css.indexOf(')', inside)
    if (close < 0) close = Number.POSITIVE_INFINITY
    LOCAL.lastIndex = inside
    if (LOCAL.test(css)) continue
    out += `${css.slice(last, open.index)}none`
    // A `url(` never closed runs to the end of the style, as a browser reads it.
    if (close === Number.POSITIVE_INFINITY) return out
    last = URL_OPEN.lastIndex = close + 1
  }
  return out + css.slice(last)
}

/**
 * A sanitizer for drawings: SVG only (no script, no `foreignObject`, no event handlers, no HTML),
 * no remote `url()` in its styles, and each link through the `link` it is given (removed when
 * refused). One DOMPurify instance, its hooks set once: sanitizing is synchronous, so the link
 * policy of the drawing being sanitized is the one in effect.
 */
function sanitizer(purify: Purify): (svg: string, link: DiagramOptions['link']) => string {
  const instance = purify(window)
  let current: DiagramOptions['link'] = () => null
  instance.addHook('afterSanitizeAttributes', (node) => {
    for (const name of ['href', 'xlink:href']) {
      const value = node.getAttribute(name)
      if (value === null) continue
      // A reference inside the drawing (a marker, a gradient) stays; anything else is a link.
      if (value.startsWith('#')) continue
      const allowed = current(value)
      if (allowed === null || allowed.startsWith('#')) node.removeAttribute(name)
      else {
        node.setAttribute(name, allowed)
        node.setAttribute('target', '_blank')
        node.setAttribute('rel', 'noopener noreferrer')
      }
    }
    const style = node.getAttribute('style')
    if (style !== null) node.setAttribute('style', localCss(style))
  })
  instance.addHook('uponSanitizeElement', (node, data) => {
    if (data.tagName === 'style' && node.textContent) node.textContent = localCss(node.textContent)
  })
  return (svg, link) => {
    current = link
    try {
      return instance.sanitize(svg, { USE_PROFILES: { svg: true, svgFilters: true }, ADD_ATTR: ['target'], FORBID_TAGS: ['foreignObject'] })
    } finally {
      current = () => null
    }
  }
}

/**
 * The default diagram renderer: mermaid, imported the first time a diagram is shown. Drawn with
 * `securityLevel: 'strict'` (labels as text, no click handlers), SVG text labels (no HTML in
 * `foreignObject`), directives unable to change the security settings, styles or fonts; then
 * sanitized with DOMPurify, each link through the URL policy, no remote `url()`. One drawing at a
 * time: mermaid keeps global state.
 */
export function createMermaidRenderer(): DiagramRenderer {
  let libraries: Promise<{ mermaid: Mermaid; sanitize: ReturnType<typeof sanitizer> }> | undefined
  let queue: Promise<unknown> = Promise.resolve()
  let count = 0
  const load = () => {
    libraries ??= Promise.all([import('mermaid'), import('dompurify')]).then(([mermaid, purify]) => ({ mermaid: mermaid.default, sanitize: sanitizer(purify.default) }))
    return libraries
  }
  return {
    render(source, options) {
      const run = async (): Promise<DiagramResult> => {
        const { mermaid, sanitize } = await load()
        mermaid.initialize({
          startOnLoad: false,
          securityLevel: 'strict',
          theme: options.dark ? 'dark' : 'default',
          htmlLabels: false,
          flowchart: { htmlLabels: false },
          suppressErrorRendering: true,
          maxTextSize: 50_000,
          maxEdges: 500,
          secure: [
            'secure',
            'securityLevel',
            'startOnLoad',
            'maxTextSize',
            'maxEdges',
            'htmlLabels',
            'flowchart',
            'theme',
            'themeCSS',
            'themeVariables',
            'fontFamily',
            'darkMode',
            'suppressErrorRendering',
          ],
        })
        try {
          const { svg } = await mermaid.render(`cp-diagram-${++count}`, source)
          return { svg: sanitize(svg, options.link) }
        } catch (error) {
          return { error: error instanceof Error ? error.message : String(error) }
        }
      }
      const result = queue.then(run, run)
      queue = result.catch(() => undefined)
      return result.catch((error: unknown) => ({ error: error instanceof Error ? error.message : String(error) }))
    },
  }
}

let shared: DiagramRenderer | undefined

/** The diagram renderer the components use unless given another: one per page, created on first use. */
export function defaultDiagramRenderer(): DiagramRenderer {
  shared ??= createMermaidRenderer()
  return shared
}
