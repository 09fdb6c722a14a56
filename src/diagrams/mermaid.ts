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
      return instance.sanitize(svg, {
        USE_PROFILES: { svg: true, svgFilters: true },
        ADD_ATTR: ['target'],
        FORBID_TAGS: ['foreignObject'],
      })
    } finally {
      current = () => null
    }
  }
}

/** The data URL of the frame mermaid puts a drawing in when it draws in a sandbox (see `fromFrame`). */
const FRAME_SOURCE = /\ssrc="data:text\/html;charset=UTF-8;base64,([A-Za-z0-9+/=]*)"/

/**
 * The SVG inside the frame markup mermaid returns for `securityLevel: 'sandbox'` (an `<iframe>`
 * whose source is the drawing as a base64 data URL of UTF-8), or `null` if that is not what it is.
 */
export function fromFrame(markup: string): string | null {
  const encoded = FRAME_SOURCE.exec(markup)?.[1]
  if (encoded === undefined) return null
  let html: string
  try {
    html = new TextDecoder().decode(Uint8Array.from(atob(encoded), (char) => char.charCodeAt(0)))
  } catch {
    return null
  }
  const start = html.indexOf('<svg')
  const end = html.lastIndexOf('</svg>')
  return start === -1 || end < start ? null : html.slice(start, end + '</svg>'.length)
}

/**
 * The default diagram renderer: mermaid, imported the first time a diagram is shown. SVG text
 * labels (no HTML in `foreignObject`), no click handlers, directives unable to change the security
 * settings, styles or fonts; the drawing then sanitized with DOMPurify, each link through the URL
 * policy, no remote `url()`. One drawing at a time: mermaid keeps global state.
 *
 * Drawn in a frame of its own where mermaid can (`securityLevel: 'sandbox'`): mermaid lays a
 * drawing out in the document it draws in, with a style element of its own, and a style element
 * added to the page's document has the browser look over every element of the page for what it
 * may restyle: in a long session, most of a drawing's time. In a frame, it looks over the frame's
 * few elements. The SVG is taken out of the frame mermaid returns; a diagram type mermaid cannot
 * draw in a frame (git graphs), or markup not as expected, is drawn in the page
 * (`securityLevel: 'strict'`).
 */
export function createMermaidRenderer(): DiagramRenderer {
  let libraries: Promise<{ mermaid: Mermaid; sanitize: ReturnType<typeof sanitizer> }> | undefined
  let queue: Promise<unknown> = Promise.resolve()
  let count = 0
  const load = () => {
    libraries ??= Promise.all([import('mermaid'), import('dompurify')]).then(([mermaid, purify]) => ({
      mermaid: mermaid.default,
      sanitize: sanitizer(purify.default),
    }))
    return libraries
  }
  return {
    render(source, options) {
      const run = async (): Promise<DiagramResult> => {
        const { mermaid, sanitize } = await load()
        const id = `cp-diagram-${++count}`
        try {
          const framed = fromFrame((await draw(mermaid, source, id, 'sandbox', options.dark)).svg)
          if (framed !== null) return { svg: sanitize(framed, options.link) }
        } catch {
          // Drawn in the page below: the same error again if the source is at fault.
        }
        try {
          const { svg } = await draw(mermaid, source, id, 'strict', options.dark)
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

let frameBox: HTMLElement | null = null

/**
 * Where mermaid puts the frame it draws in: a box of the page's own, out of sight, whose layout
 * and style are its own (`contain: strict`), so that adding the frame and taking it out change
 * nothing else in the page.
 */
function drawingBox(): HTMLElement {
  if (frameBox?.isConnected) return frameBox
  frameBox = document.createElement('div')
  frameBox.setAttribute('aria-hidden', 'true')
  frameBox.style.cssText =
    'position:fixed;left:0;top:0;width:100vw;height:0;overflow:hidden;visibility:hidden;contain:strict;pointer-events:none'
  document.body.append(frameBox)
  return frameBox
}

/** One drawing by mermaid, in a frame (`sandbox`) or in the page (`strict`). */
function draw(mermaid: Mermaid, source: string, id: string, securityLevel: 'sandbox' | 'strict', dark: boolean) {
  mermaid.initialize({
    startOnLoad: false,
    securityLevel,
    theme: dark ? 'dark' : 'default',
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
  return securityLevel === 'sandbox' ? mermaid.render(id, source, drawingBox()) : mermaid.render(id, source)
}

let shared: DiagramRenderer | undefined

/** The diagram renderer the components use unless given another: one per page, created on first use. */
export function defaultDiagramRenderer(): DiagramRenderer {
  shared ??= createMermaidRenderer()
  return shared
}
