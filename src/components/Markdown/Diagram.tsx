import { useEffect, useLayoutEffect, useRef, useState } from 'react'
import { keepRecent } from '../../core/record.js'
import type { DiagramRenderer, DiagramResult } from '../../diagrams/types.js'
import { fillLabel } from '../../labels/labels.js'
import { useLabels } from '../../labels/LabelsContext.js'
import { useRenderConfig } from '../shared/config.js'
import type { UrlPolicy } from '../shared/urlPolicy.js'
import { CodeBlock } from './CodeBlock.js'
import { drawQueue } from '../../markdown/drawQueue.js'

/** Whether the text around `element` is light (so the drawing is for a dark background). */
function onDark(element: Element | null): boolean {
  if (!element) return false
  const [r = 0, g = 0, b = 0] =
    getComputedStyle(element)
      .color.match(/\d+(\.\d+)?/g)
      ?.map(Number) ?? []
  return 0.2126 * r + 0.7152 * g + 0.0722 * b > 140
}

/** Drawings kept per renderer and URL policy: the most recently shown. */
const KEPT = 32
const kept = new WeakMap<DiagramRenderer, WeakMap<UrlPolicy, Map<string, DiagramResult>>>()

/**
 * The drawings made with `renderer` under `policy` (a drawing's links went through it), by
 * background and source. A diagram shown again (scrolled back into a virtualized transcript, a
 * message mounted again) shows its drawing at once: no new drawing, and no source in its place for
 * a moment, which is not the drawing's height.
 */
function drawingsOf(renderer: DiagramRenderer, policy: UrlPolicy): Map<string, DiagramResult> {
  let byPolicy = kept.get(renderer)
  if (!byPolicy) kept.set(renderer, (byPolicy = new WeakMap<UrlPolicy, Map<string, DiagramResult>>()))
  let drawings = byPolicy.get(policy)
  if (!drawings) byPolicy.set(policy, (drawings = new Map<string, DiagramResult>()))
  return drawings
}

const drawingKey = (dark: boolean, source: string) => `${dark ? 'dark' : 'light'}\n${source}`

/** The background the last diagram was drawn for: the likeliest one for a diagram shown again. */
let lastDark = false

// How a drawing sits in its box: as wide as the reply at most, and still for a reader who asked for
// less motion (mermaid animates some edges).
const DRAWING_CSS =
  'svg{max-width:100%;height:auto}@media (prefers-reduced-motion:reduce){svg *{animation:none!important}}'
let drawingSheet: CSSStyleSheet | null | undefined

/** One sheet for every drawing's tree, where the browser can share it (`adoptedStyleSheets`). */
function sharedSheet(): CSSStyleSheet | null {
  if (drawingSheet !== undefined) return drawingSheet
  drawingSheet = null
  try {
    const sheet = new CSSStyleSheet()
    sheet.replaceSync(DRAWING_CSS)
    drawingSheet = sheet
  } catch {
    // No constructable sheets: each tree gets a style element.
  }
  return drawingSheet
}

/**
 * A drawing in a tree of its own (a shadow root), so that its styles and ids are its own: mermaid
 * writes a style element into each drawing, and in the page's tree every one of them is a style
 * sheet the browser weighs against the whole page whenever a drawing arrives (with a hundred
 * drawings, seconds of style work while a session opens), and two places showing one drawing
 * would share its ids.
 */
function Drawing({ svg, label }: { svg: string; label: string }) {
  const host = useRef<HTMLDivElement>(null)
  useLayoutEffect(() => {
    const element = host.current
    if (!element) return
    const tree = element.shadowRoot ?? element.attachShadow({ mode: 'open' })
    const sheet = sharedSheet()
    const adopts = sheet !== null && 'adoptedStyleSheets' in tree
    if (adopts) tree.adoptedStyleSheets = [sheet]
    // The renderer's sanitized SVG (see DiagramResult), after a style element where no sheet is shared.
    tree.innerHTML = adopts ? svg : `<style>${DRAWING_CSS}</style>${svg}`
    // The page's own styles reach the drawing as `.cp-diagram__drawing::part(drawing)`.
    tree.querySelector('svg')?.setAttribute('part', 'drawing')
  }, [svg])
  return <div ref={host} className="cp-diagram__drawing" role="img" aria-label={label} />
}

/** Props of {@link Diagram}. */
export interface DiagramProps {
  /** The diagram's source (mermaid). */
  source: string
  /** The block is still being written: shown as code until it is complete. */
  streaming?: boolean | undefined
}

/**
 * A ```` ```mermaid ```` block drawn by the diagram renderer (mermaid from `chatparts/mermaid`), loaded the first
 * time a diagram is shown. While the block is written, while it is drawn, and when it cannot be,
 * its source shows as a code block: never an error flash; a diagram that cannot be drawn says why
 * under its source. The drawing is sanitized SVG with every link through the URL policy.
 */
export function Diagram({ source, streaming = false }: DiagramProps) {
  const labels = useLabels()
  const { diagrams, urlPolicy, highlighter } = useRenderConfig()
  // A drawing made before for this source shows at its first render (its background checked once mounted).
  const [drawn, setDrawn] = useState<{ source: string; result: DiagramResult } | null>(() => {
    const known = streaming || !diagrams ? undefined : drawingsOf(diagrams, urlPolicy).get(drawingKey(lastDark, source))
    return known ? { source, result: known } : null
  })
  const frame = useRef<HTMLDivElement>(null)
  // A block that was written here, as the reader watched: drawn at its turn wherever it has
  // scrolled to by then (a transcript following the reply moves it out of view at once).
  const written = useRef(false)
  useEffect(() => {
    if (streaming) written.current = true
  }, [streaming])
  // The source to draw: none while it is written, so a token changes no dependency (no effect to run).
  const finished = streaming ? null : source
  useEffect(() => {
    if (finished === null || !diagrams) return
    const source = finished
    let live = true
    const dark = onDark(frame.current)
    lastDark = dark
    const drawings = drawingsOf(diagrams, urlPolicy)
    const key = drawingKey(dark, source)
    const known = drawings.get(key)
    const show = (result: DiagramResult) => {
      if (live)
        setDrawn((previous) =>
          previous?.source === source && previous.result === result ? previous : { source, result },
        )
    }
    if (known) {
      keepRecent(drawings, key, known, KEPT)
      void Promise.resolve(known).then(show)
      return () => {
        live = false
      }
    }
    // Drawn at its turn, once near the view (see drawQueue). Only drawings are kept: a failure
    // (mermaid not loaded, a source it cannot read) is tried again.
    const job = {
      element: written.current ? null : frame.current,
      draw: () =>
        diagrams.render(source, { dark, link: (url) => urlPolicy.link(url) }).then(
          (result) => {
            if ('svg' in result) keepRecent(drawings, key, result, KEPT)
            show(result)
          },
          (error: unknown) => show({ error: error instanceof Error ? error.message : String(error) }),
        ),
    }
    drawQueue.add(job)
    return () => {
      live = false
      drawQueue.remove(job)
    }
  }, [finished, diagrams, urlPolicy])
  const result = drawn?.source === source ? drawn.result : null
  if (result && 'svg' in result) {
    return (
      // The drawing has no text alternative of its own: its source is one, for whoever needs it.
      <figure ref={frame} className="cp-diagram" data-state="drawn" lang={labels.lang}>
        <Drawing svg={result.svg} label={labels.diagram} />
        <details className="cp-diagram__source">
          <summary>{labels.diagramSource}</summary>
          <CodeBlock code={source} lang="mermaid" highlighter={highlighter} />
        </details>
      </figure>
    )
  }
  return (
    <div ref={frame} className="cp-diagram" data-state={result ? 'error' : 'source'}>
      <CodeBlock code={source} lang="mermaid" streaming={streaming} highlighter={highlighter} />
      {result && 'error' in result ? (
        <p className="cp-diagram__error" lang={labels.lang}>
          {fillLabel(labels.diagramError, { error: result.error.split('\n')[0] ?? '' })}
        </p>
      ) : null}
    </div>
  )
}
