import { useEffect, useRef, useState } from 'react'
import { keepRecent } from '../../core/record.js'
import { escapeRegExp } from '../../core/text.js'
import type { DiagramRenderer, DiagramResult } from '../../diagrams/types.js'
import { fillLabel } from '../../labels/labels.js'
import { useLabels } from '../../labels/LabelsContext.js'
import { useRenderConfig } from '../config.js'
import type { UrlPolicy } from '../urlPolicy.js'
import { CodeBlock } from './CodeBlock.js'

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
  if (!byPolicy) kept.set(renderer, (byPolicy = new WeakMap()))
  let drawings = byPolicy.get(policy)
  if (!drawings) byPolicy.set(policy, (drawings = new Map()))
  return drawings
}

const drawingKey = (dark: boolean, source: string) => `${dark ? 'dark' : 'light'}\n${source}`

/** The background the last diagram was drawn for: the likeliest one for a diagram shown again. */
let lastDark = false

let reuses = 0
/**
 * A kept drawing for one more place on the page: the ids in it (the root's, and those made from
 * it: markers, styles scoped to it) made its own, so two places showing the same drawing never
 * share an id.
 */
function reuse(drawing: DiagramResult): DiagramResult {
  if (!('svg' in drawing)) return drawing
  const id = /^\s*<svg\b[^>]*?\sid="([^"]+)"/.exec(drawing.svg)?.[1]
  if (!id) return drawing
  const own = `${id}r${++reuses}`
  // Where an id is named: an attribute (`id="…"`, `aria-labelledby="title-…"`), a selector or a
  // reference (`#…`, `url(#…)`), an id made from it (`…_marker`); not a label's words.
  return { svg: drawing.svg.replace(new RegExp(`(?<=[#"(_-])${escapeRegExp(id)}(?![A-Za-z0-9])`, 'g'), own) }
}

/** Props of {@link Diagram}. */
export interface DiagramProps {
  /** The diagram's source (mermaid). */
  source: string
  /** The block is still being written: shown as code until it is complete. */
  streaming?: boolean | undefined
}

/**
 * A ```` ```mermaid ```` block drawn by the diagram renderer (mermaid by default), loaded the first
 * time a diagram is shown. While the block is written, while it is drawn, and when it cannot be,
 * its source shows as a code block: never an error flash; a diagram that cannot be drawn says why
 * under its source. The drawing is sanitized SVG with every link through the URL policy.
 */
export function Diagram({ source, streaming = false }: DiagramProps) {
  const labels = useLabels()
  const { diagrams, urlPolicy, highlighter } = useRenderConfig()
  // A drawing made before for this source shows at its first render (its background checked once mounted).
  // `from`: the result as drawn or kept, of which `result` may be a copy with ids of its own.
  const [drawn, setDrawn] = useState<{ source: string; result: DiagramResult; from: DiagramResult } | null>(() => {
    const known = streaming || !diagrams ? undefined : drawingsOf(diagrams, urlPolicy).get(drawingKey(lastDark, source))
    return known ? { source, result: reuse(known), from: known } : null
  })
  const frame = useRef<HTMLDivElement>(null)
  useEffect(() => {
    if (streaming || !diagrams) return
    let live = true
    const dark = onDark(frame.current)
    lastDark = dark
    const drawings = drawingsOf(diagrams, urlPolicy)
    const key = drawingKey(dark, source)
    const known = drawings.get(key)
    // Only drawings are kept: a failure (mermaid not loaded, a source it cannot read) is tried again.
    const drawing = known
      ? Promise.resolve({ result: known, kept: true })
      : diagrams.render(source, { dark, link: (url) => urlPolicy.link(url) }).then((result) => {
          if ('svg' in result) keepRecent(drawings, key, result, KEPT)
          return { result, kept: false }
        })
    if (known) keepRecent(drawings, key, known, KEPT)
    void drawing.then(({ result, kept }) => {
      if (!live) return
      setDrawn((previous) => (previous?.source === source && previous.from === result ? previous : { source, result: kept ? reuse(result) : result, from: result }))
    })
    return () => {
      live = false
    }
  }, [source, streaming, diagrams, urlPolicy])
  const result = drawn?.source === source ? drawn.result : null
  if (result && 'svg' in result) {
    return (
      // The drawing has no text alternative of its own: its source is one, for whoever needs it.
      <figure ref={frame} className="cp-diagram" data-state="drawn" lang={labels.lang}>
        <div className="cp-diagram__drawing" role="img" aria-label={labels.diagram} dangerouslySetInnerHTML={{ __html: result.svg }} />
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
