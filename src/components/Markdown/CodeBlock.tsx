import { memo, useEffect, useRef, useState } from 'react'
import type { CodeToken, Highlighter } from '../../highlight/types.js'
import { useLabels } from '../../labels/LabelsContext.js'
import { CopyButton } from '../CopyButton/CopyButton.js'
import { extendsText } from './blocks.js'

/** Props of {@link CodeBlock}. */
export interface CodeBlockProps {
  code: string
  /** The fence's language, as written (`ts`, `python`, …). */
  lang?: string
  /** The last line is still being written: it is highlighted but not kept. */
  streaming?: boolean
  highlighter: Highlighter | null
}

interface Highlighted {
  lang: string
  /** The complete lines highlighted so far, joined with their newlines. */
  source: string
  lines: CodeToken[][]
  state: unknown
  /** The line being written, as last shown, and its tokens. */
  live?: { text: string; tokens: CodeToken[] | undefined }
}

const WORD = /^[\p{L}\p{N}_$]+$/u
const ENDS_IN_WORD = /[\p{L}\p{N}_$]$/u

/**
 * Tokens of the line being written. Tokenizing a line costs far more than a markdown token (a
 * quarter of a millisecond per theme for a long line), so the growing line is tokenized again only
 * when what was added can change its tokens: letters that continue the last word take that word's
 * color, added spaces are uncolored; anything else (punctuation, a new word after a space) and the
 * line is tokenized again. Once complete, the line is tokenized properly and kept.
 */
function liveTokens(entry: Highlighted, text: string, tokenize: () => CodeToken[] | undefined): CodeToken[] | undefined {
  const previous = entry.live
  if (previous?.tokens && extendsText(text, previous.text)) {
    const added = text.slice(previous.text.length)
    const last = previous.tokens.at(-1)
    if (added === '') return previous.tokens
    if (added.trim() === '') return [...previous.tokens, { content: added }]
    if (last && WORD.test(added) && ENDS_IN_WORD.test(last.content)) return [...previous.tokens.slice(0, -1), { ...last, content: last.content + added }]
  }
  return tokenize()
}

const Line = memo(function Line({ tokens, text }: { tokens: CodeToken[] | undefined; text: string }) {
  return (
    <span className="cp-code__line">
      {tokens
        ? tokens.map((token, i) => (
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
        : text}
      {'\n'}
    </span>
  )
})

/**
 * Highlights `code` line by line. Complete lines are highlighted once and kept (with the
 * tokenizer state at their end), so a growing block only highlights what is new, and a line once
 * highlighted never turns plain again. Until the grammar is loaded, the code shows plain.
 */
function useHighlightedLines(code: string, lang: string, streaming: boolean, highlighter: Highlighter | null) {
  const cache = useRef<Highlighted | null>(null)
  const [, setLoaded] = useState(0)
  const body = code.endsWith('\n') ? code.slice(0, -1) : code
  const lines = body.split('\n')
  const completeCount = streaming ? lines.length - 1 : lines.length
  const complete = lines.slice(0, completeCount)
  const completeSource = complete.length > 0 ? `${complete.join('\n')}\n` : ''
  const canonical = highlighter?.resolve(lang) ?? null

  let tokens: (CodeToken[] | undefined)[] = []
  if (highlighter && canonical) {
    let entry = cache.current
    if (!entry || entry.lang !== canonical || !extendsText(completeSource, entry.source)) entry = { lang: canonical, source: '', lines: [], state: undefined }
    if (completeSource.length > entry.source.length) {
      const added = highlighter.tokenize(completeSource.slice(entry.source.length), canonical, entry.state)
      if (added) entry = { lang: canonical, source: completeSource, lines: [...entry.lines, ...added.lines.slice(0, complete.length - entry.lines.length)], state: added.state }
    }
    tokens = [...entry.lines]
    if (entry.source === completeSource && completeCount < lines.length) {
      const text = lines[lines.length - 1] ?? ''
      const state = entry.state
      const live = liveTokens(entry, text, () => highlighter.tokenize(text, canonical, state)?.lines[0])
      entry = { ...entry, live: { text, tokens: live } }
      tokens.push(live)
    }
    if (entry.source === completeSource) cache.current = entry
  }
  const ready = highlighter !== null && canonical !== null && highlighter.ready(canonical)
  useEffect(() => {
    if (!highlighter || !canonical || ready) return
    let live = true
    void highlighter.load(canonical).then((ok) => {
      if (ok && live) setLoaded((n) => n + 1)
    })
    return () => {
      live = false
    }
  }, [highlighter, canonical, ready])
  return { body, lines, tokens }
}

/** A fenced code block: language label, copy button, and highlighted lines. */
export function CodeBlock({ code, lang = '', streaming = false, highlighter }: CodeBlockProps) {
  const labels = useLabels()
  const { body, lines, tokens } = useHighlightedLines(code, lang, streaming, highlighter)
  return (
    <div className="cp-code" data-lang={lang || undefined}>
      <div className="cp-code__header">
        <span className="cp-code__lang">{lang || 'text'}</span>
        <CopyButton text={body} label={labels.copyCode} />
      </div>
      {/* Focusable so a keyboard can scroll long lines. */}
      {/* a scrollable region must be reachable by keyboard */}
      <pre className="cp-code__pre" tabIndex={0}>
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
