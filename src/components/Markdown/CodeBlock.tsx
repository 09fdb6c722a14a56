import { memo, useEffect, useRef, useState, type RefObject } from 'react'
import type { CodeToken, Highlighter } from '../../highlight/types.js'
import { fillLabel } from '../../labels/labels.js'
import { useLabels } from '../../labels/LabelsContext.js'
import { languageName } from '../../highlight/languageNames.js'
import { regionProps, useScrollRegion } from '../useScrollRegion.js'
import { CopyButton } from '../CopyButton/CopyButton.js'
import { cachedHighlight, rememberHighlight, requestHighlight, type HighlightResult } from './highlightQueue.js'
import { LineHighlights } from './lineHighlights.js'

/** Props of {@link CodeBlock}. */
export interface CodeBlockProps {
  code: string
  /** The fence's language, as written (`ts`, `python`, …). */
  lang?: string
  /** The last line is still being written: it is highlighted but not kept. */
  streaming?: boolean
  highlighter: Highlighter | null
}

/** One line's text as highlighted tokens (each with its light and dark colour), or plain while it has none. */
export function Tokens({ tokens, text }: { tokens: readonly CodeToken[] | undefined; text: string }) {
  if (!tokens) return text
  return tokens.map((token, i) => (
    <span
      // tokens of a line have no identity but their place
      key={i}
      className="cp-code__token"
      data-style={token.fontStyle || undefined}
      style={token.light || token.dark ? ({ '--cp-tl': token.light, '--cp-td': token.dark } as Record<string, string>) : undefined}
    >
      {token.content}
    </span>
  ))
}

const Line = memo(function Line({ tokens, text }: { tokens: CodeToken[] | undefined; text: string }) {
  return (
    <span className="cp-code__line">
      <Tokens tokens={tokens} text={text} />
      {'\n'}
    </span>
  )
})

/** Loads `lang` in the highlighter on first use; whether it is ready (re-rendering once it is). */
export function useGrammar(highlighter: Highlighter | null, lang: string | null): boolean {
  const [, setLoaded] = useState(0)
  const ready = highlighter !== null && lang !== null && highlighter.ready(lang)
  useEffect(() => {
    if (!highlighter || !lang || ready) return
    let live = true
    void highlighter.load(lang).then((ok) => {
      if (ok && live) setLoaded((n) => n + 1)
    })
    return () => {
      live = false
    }
  }, [highlighter, lang, ready])
  return ready
}

/**
 * Highlights `code` line by line. A block being written (or once written here) highlights its
 * complete lines once and keeps them (with the tokenizer state at their end), so a growing block
 * only highlights what is new, and a line once highlighted never turns plain again. A block that
 * arrives finished shows plain at once and gets its tokens from the background queue, blocks in
 * view first (or at once, from the tokens kept for the same code). Until the grammar is loaded, the
 * code shows plain.
 */
function useHighlightedLines(code: string, lang: string, streaming: boolean, highlighter: Highlighter | null, block: RefObject<HTMLElement | null>) {
  const [cache] = useState(() => new LineHighlights())
  const [arrived, setArrived] = useState<{ body: string; lang: string; result: HighlightResult } | null>(null)
  const body = code.endsWith('\n') ? code.slice(0, -1) : code
  const lines = body.split('\n')
  const canonical = highlighter?.resolve(lang) ?? null
  const live = streaming || cache.highlighted !== null
  let tokens: (CodeToken[] | undefined)[] = []
  let missing = false
  if (highlighter && canonical) {
    if (live) tokens = cache.tokens(lines, streaming ? lines.length - 1 : lines.length, canonical, highlighter)
    else {
      const done = arrived && arrived.body === body && arrived.lang === canonical ? arrived.result : cachedHighlight(highlighter, canonical, body)
      if (done) tokens = done.lines
      else missing = true
    }
  }
  useGrammar(live ? highlighter : null, canonical)
  useEffect(() => {
    if (!missing || !highlighter || !canonical) return
    return requestHighlight(body, canonical, highlighter, block.current, (result) => setArrived({ body, lang: canonical, result }))
  }, [missing, body, canonical, highlighter, block])
  // The tokens a streamed block ended with are kept, for the next time the same block mounts.
  useEffect(() => {
    const done = cache.highlighted
    if (streaming || !done || done.source !== `${body}\n` || !canonical || !highlighter) return
    rememberHighlight(highlighter, canonical, body, { lines: done.lines, state: done.state })
  }, [streaming, body, canonical, cache, highlighter])
  return { body, lines, tokens }
}

/** A fenced code block: language label, copy button, and highlighted lines. */
export function CodeBlock({ code, lang = '', streaming = false, highlighter }: CodeBlockProps) {
  const labels = useLabels()
  const block = useRef<HTMLDivElement>(null)
  const { body, lines, tokens } = useHighlightedLines(code, lang, streaming, highlighter, block)
  const [scrollRef, scrollable] = useScrollRegion<HTMLPreElement>()
  const language = languageName(lang) ?? labels.plainText
  return (
    <div className="cp-code" data-lang={lang || undefined} ref={block}>
      <div className="cp-code__header">
        <span className="cp-code__lang">{language}</span>
        <CopyButton text={body} label={labels.copyCode} />
      </div>
      {/* Focusable, and named by its language, only when long lines make it scroll. */}
      <pre className="cp-code__pre" ref={scrollRef} {...regionProps(scrollable, fillLabel(labels.codeRegion, { language }))}>
        <code>
          {lines.map((line, i) => (
            // a line is its place in the block
            <Line key={i} tokens={tokens[i]} text={line} />
          ))}
        </code>
      </pre>
    </div>
  )
}
