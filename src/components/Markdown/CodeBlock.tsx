import { memo, useEffect, useState } from 'react'
import type { CodeToken, Highlighter } from '../../highlight/types.js'
import { fillLabel } from '../../labels/labels.js'
import { useLabels } from '../../labels/LabelsContext.js'
import { languageName } from '../../highlight/languageNames.js'
import { regionProps, useScrollRegion } from '../useScrollRegion.js'
import { CopyButton } from '../CopyButton/CopyButton.js'
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
 * Highlights `code` line by line. Complete lines are highlighted once and kept (with the
 * tokenizer state at their end), so a growing block only highlights what is new, and a line once
 * highlighted never turns plain again. Until the grammar is loaded, the code shows plain.
 */
function useHighlightedLines(code: string, lang: string, streaming: boolean, highlighter: Highlighter | null) {
  const [cache] = useState(() => new LineHighlights())
  const body = code.endsWith('\n') ? code.slice(0, -1) : code
  const lines = body.split('\n')
  const canonical = highlighter?.resolve(lang) ?? null
  const tokens = highlighter && canonical ? cache.tokens(lines, streaming ? lines.length - 1 : lines.length, canonical, highlighter) : []
  useGrammar(highlighter, canonical)
  return { body, lines, tokens }
}

/** A fenced code block: language label, copy button, and highlighted lines. */
export function CodeBlock({ code, lang = '', streaming = false, highlighter }: CodeBlockProps) {
  const labels = useLabels()
  const { body, lines, tokens } = useHighlightedLines(code, lang, streaming, highlighter)
  const [scrollRef, scrollable] = useScrollRegion<HTMLPreElement>()
  const language = languageName(lang) ?? labels.plainText
  return (
    <div className="cp-code" data-lang={lang || undefined}>
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
