import { useEffect, useRef, useState } from 'react'
import type { DiagramResult } from '../../diagrams/types.js'
import { fillLabel } from '../../labels/labels.js'
import { useLabels } from '../../labels/LabelsContext.js'
import { useRenderConfig } from '../config.js'
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
  const [drawn, setDrawn] = useState<{ source: string; result: DiagramResult } | null>(null)
  const frame = useRef<HTMLDivElement>(null)
  useEffect(() => {
    if (streaming || !diagrams) return
    let live = true
    void diagrams.render(source, { dark: onDark(frame.current), link: (url) => urlPolicy.link(url) }).then((result) => {
      if (live) setDrawn({ source, result })
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
