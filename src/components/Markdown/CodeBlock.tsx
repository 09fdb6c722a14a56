import { memo, useEffect, useRef, useState, type RefObject } from 'react'
import { useCodeScheme } from '../shared/codeScheme.js'
import { tokenColorClass, useTokenColors } from '../shared/tokenColors.js'
import type { CodeToken, Highlighter } from '../../highlight/types.js'
import { mergeTokens } from '../../highlight/tokenLook.js'
import { fillLabel } from '../../labels/labels.js'
import { useLabels } from '../../labels/LabelsContext.js'
import { languageName } from '../../highlight/languageNames.js'
import { useFrameCatchUp } from '../shared/useFrameCatchUp.js'
import { regionProps, useScrollRegion } from '../shared/useScrollRegion.js'
import { CopyButton } from '../CopyButton/CopyButton.js'
import { AppendOnly, Groups } from '../../markdown/groups.js'
import {
  cachedHighlight,
  madeAt,
  rememberHighlight,
  requestHighlight,
  type HighlightResult,
} from '../../markdown/highlightQueue.js'
import { GrowingLines } from '../../markdown/fence.js'
import { LineHighlights, type LineTokens, tokensAt } from '../../markdown/lineHighlights.js'

/** Props of {@link CodeBlock}. */
export interface CodeBlockProps {
  code: string
  /** The fence's language, as written (`ts`, `python`, …). */
  lang?: string
  /** The last line is still being written: it is highlighted but not kept. */
  streaming?: boolean
  /**
   * While `streaming`, the last line's line break has come (the text goes on after `code` with
   * one), though no line after it has begun: the line is complete, and highlighted whole.
   */
  lastLineEnded?: boolean
  highlighter: Highlighter | null
}

/** A token in its colours, or `null` when it is in the highlighter's plain colour (then it is text). */
function tokenElement(token: CodeToken, content: string, key: number) {
  if (!token.light && !token.dark && !token.fontStyle) return null
  const colors = token.light || token.dark ? tokenColorClass(token.light, token.dark) : null
  return (
    <span
      // tokens of a line have no identity but their place
      key={key}
      className={colors ? `cp-code__token ${colors}` : 'cp-code__token'}
      data-style={token.fontStyle || undefined}
      style={
        !colors && (token.light || token.dark)
          ? ({ '--cp-tl': token.light, '--cp-td': token.dark } as Record<string, string>)
          : undefined
      }
    >
      {content}
    </span>
  )
}

/**
 * One line's text as highlighted tokens (each with its light and dark colour), or plain while it
 * has none; `end` (a code line's line break) goes into the last token rather than a text node of
 * its own: one node fewer per line, the same text. A token in the highlighter's plain colour (no
 * colours, no style) is text: the line it is in takes that colour ({@link highlightedLineProps}).
 * The element rendering it calls {@link useTokenColors}.
 */
export function Tokens({
  tokens,
  text,
  end = '',
}: {
  tokens: readonly CodeToken[] | undefined
  text: string
  end?: string
}) {
  if (!tokens || tokens.length === 0) return text + end
  const last = tokens.length - 1
  return tokens.map((token, i) => {
    const content = i === last ? token.content + end : token.content
    return tokenElement(token, content, i) ?? content
  })
}

/**
 * Lines as one run of text and coloured tokens, each line ending in its line break: the lines'
 * tokens in a row, merged as a line's are ({@link mergeTokens}), so the text between two coloured
 * tokens is one text node whichever lines it spans, and a token that goes on in the same look on
 * the next line (a comment, a string) is one element. Appending a line appends nodes (or lengthens
 * the last one), so the nodes of the lines before stay.
 */
function flatLines(lines: readonly string[], tokens: readonly (CodeToken[] | undefined)[], count: number) {
  const row: CodeToken[] = []
  for (let i = 0; i < count; i++) {
    const line = tokens[i]
    if (!line || line.length === 0) row.push({ content: `${lines[i] as string}\n` })
    else line.forEach((token, j) => row.push(j < line.length - 1 ? token : { ...token, content: `${token.content}\n` }))
  }
  return mergeTokens(row).map((token, key) => tokenElement(token, token.content, key) ?? token.content)
}

/**
 * Marks a line that has tokens: its text outside a token takes the highlighter's plain colour
 * (given to the block by {@link plainColorStyle}); a line without is in the block's colour.
 */
export const highlightedLineProps = (tokens: readonly CodeToken[] | undefined) =>
  tokens && tokens.length > 0 ? { 'data-highlighted': '' } : undefined

/**
 * The highlighter's plain colour for the lines of a block (custom properties they inherit), given
 * once the block has tokens: before, what a server rendered (no grammar loaded there) is the same.
 */
export function plainColorStyle(highlighter: Highlighter | null): Record<string, string> | undefined {
  const plain = highlighter?.plainColor?.()
  if (!plain) return undefined
  const style: Record<string, string> = {}
  if (plain.light) style['--cp-pl'] = plain.light
  if (plain.dark) style['--cp-pd'] = plain.dark
  return style
}

const Line = memo(function Line({ tokens, text }: { tokens: CodeToken[] | undefined; text: string }) {
  return (
    <span className="cp-code__line" {...highlightedLineProps(tokens)}>
      <Tokens tokens={tokens} text={text} end={'\n'} />
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
 * The tokens of finished code (`code`: lines joined by newlines, without a final one) in `lang`:
 * the kept ones at once, or asked of the background queue after mounting (`element` in view goes
 * first), with a re-render when they arrive. `undefined` until then, and while there is no
 * highlighter or language or `enabled` is false. Nothing is tokenized during a render. `version`
 * is the highlighter's (see `useCodeScheme`): tokens made at another are asked for again.
 */
export function useQueuedHighlight(
  code: string,
  lang: string | null,
  highlighter: Highlighter | null,
  element: RefObject<Element | null>,
  version: number,
  enabled = true,
): HighlightResult | undefined {
  const [arrived, setArrived] = useState<{
    code: string
    lang: string
    highlighter: Highlighter
    result: HighlightResult
  } | null>(null)
  let done: HighlightResult | undefined
  if (enabled && highlighter && lang) {
    const mine = arrived && arrived.code === code && arrived.lang === lang && arrived.highlighter === highlighter
    // Tokens out of date (a theme was added since) show until new ones come, as kept or as arrived.
    done =
      mine && madeAt(arrived.result, version)
        ? arrived.result
        : (cachedHighlight(highlighter, lang, code) ?? (mine ? arrived.result : undefined))
  }
  // The code asked for, or null: a block being written (not queued) changes no dependency of the
  // effect at each token, so React has no effect to run (and no task to post) for it.
  const wanted =
    enabled && highlighter !== null && lang !== null && (done === undefined || !madeAt(done, version)) ? code : null
  useEffect(() => {
    if (wanted === null || !highlighter || !lang) return
    return requestHighlight(wanted, lang, highlighter, element.current, (result) =>
      setArrived({ code: wanted, lang, highlighter, result }),
    )
  }, [wanted, lang, highlighter, element, version])
  return done
}

/**
 * Highlights `code` line by line. A block being written (or once written here) highlights its
 * complete lines once and keeps them (with the tokenizer state at their end), so a growing block
 * only highlights what is new, and a line once highlighted never turns plain again. A block that
 * arrives finished shows plain at once and gets its tokens from the background queue, blocks in
 * view first (or at once, from the tokens kept for the same code). Until the grammar is loaded, the
 * code shows plain.
 */
function useHighlightedLines(
  code: string,
  lang: string,
  streaming: boolean,
  lastLineEnded: boolean,
  highlighter: Highlighter | null,
  block: RefObject<HTMLElement | null>,
) {
  const [cache] = useState(() => new LineHighlights())
  const [growing] = useState(() => new GrowingLines())
  const body = code.endsWith('\n') ? code.slice(0, -1) : code
  const lines = growing.lines(body)
  const canonical = highlighter?.resolve(lang) ?? null
  const version = useCodeScheme(block, highlighter)
  // A finished block highlighted here before a theme was added gets new tokens from the queue.
  const live = streaming || (cache.started && cache.version === version)
  const queued = useQueuedHighlight(body, canonical, highlighter, block, version, !live)
  let tokens: LineTokens = NO_TOKENS
  if (highlighter && canonical) {
    // The last line is being written until its line break comes: then it is tokenized whole (a word
    // it ends with shows as what it is, `string` a type, not in the colour of the letter it began
    // with, while the next line has not begun).
    const complete = streaming && !lastLineEnded ? lines.length - 1 : lines.length
    if (live)
      tokens = cache.tokens(
        lines,
        complete,
        canonical,
        highlighter,
        streaming && typeof requestAnimationFrame !== 'undefined',
      )
    else if (queued) tokens = { complete: queued.lines, live: undefined }
  }
  useGrammar(live ? highlighter : null, canonical)
  // The line being written, when tokens came faster than frames, is coloured again at the next
  // frame, before it is painted (see LineHighlights.tokens).
  useFrameCatchUp(cache.behind, () => cache.catchUp())
  // The tokens a streamed block ended with are kept, for the next time the same block mounts (once
  // it is finished: while it streams, no dependency changes at each token).
  const finished = streaming ? null : body
  useEffect(() => {
    if (finished === null || !cache.started || !canonical || !highlighter) return
    const done = cache.highlighted
    if (!done || done.source !== `${finished}\n`) return
    rememberHighlight(highlighter, canonical, finished, { lines: done.lines, state: done.state, version: done.version })
  }, [finished, canonical, cache, highlighter])
  return { body, lines, unchangedLines: growing.unchanged, tokens }
}

const NO_TOKENS: LineTokens = { complete: [], live: undefined }

/** Lines a block renders as one memoized group: a growing block re-renders its last group only. */
const CHUNK = 64

/** Columns a line takes in a monospace font (a tab to the next multiple of 8). */
function columns(line: string): number {
  if (!line.includes('\t')) return line.length
  let column = 0
  for (const char of line) column = char === '\t' ? column + 8 - (column % 8) : column + 1
  return column
}

/**
 * Whether any of the first `count` lines has its tokens (a blank line's are none): the group's
 * text is then in the highlighter's plain colour, a line still waiting for its tokens included,
 * so no text of a highlighted block changes colour twice.
 */
const anyHighlighted = (tokens: readonly (CodeToken[] | undefined)[], count: number) => {
  for (let i = 0; i < count; i++) if (tokens[i] !== undefined) return true
  return false
}

/** A group's finished lines as one run (see flatLines), rendered again only when one of them changes. */
const FlatLines = memo(
  function FlatLines({
    lines,
    tokens,
    count,
  }: {
    lines: readonly string[]
    tokens: readonly (CodeToken[] | undefined)[]
    count: number
  }) {
    return flatLines(lines, tokens, count)
  },
  (before, after) => {
    if (before.count !== after.count) return false
    for (let i = 0; i < after.count; i++)
      if (before.lines[i] !== after.lines[i] || before.tokens[i] !== after.tokens[i]) return false
    return true
  },
)

// A group is a block of its own: the browser lays out a changed line's group and places the
// others, rather than every line of the block, and skips the groups out of view. Until a group is
// first shown its size is estimated: its lines at the block's line height, its longest line in
// `ch` (exact for a monospace font and ASCII), so the block scrolls sideways as far from the start.
// Its finished lines are text and coloured tokens, with no element per line; the line being
// written (`live`) is a block of its own, so a token laid out lays out that line alone.
const Chunk = memo(function Chunk({
  lines,
  tokens,
  live,
}: {
  lines: readonly string[]
  tokens: readonly (CodeToken[] | undefined)[]
  live: boolean
}) {
  const width = lines.reduce((widest, line) => Math.max(widest, columns(line)), 0)
  const count = live ? lines.length - 1 : lines.length
  return (
    <span
      className="cp-code__chunk"
      style={{ containIntrinsicSize: `auto ${width}ch auto ${lines.length * 1.45}em` }}
      data-highlighted={anyHighlighted(tokens, count) ? '' : undefined}
    >
      <FlatLines lines={lines} tokens={tokens} count={count} />
      {live && <Line tokens={tokens[count]} text={lines[count] as string} />}
    </span>
  )
})

/** A fenced code block: language label, copy button, and highlighted lines. */
export function CodeBlock({ code, lang = '', streaming = false, lastLineEnded = false, highlighter }: CodeBlockProps) {
  const labels = useLabels()
  const block = useRef<HTMLDivElement>(null)
  const { body, lines, unchangedLines, tokens } = useHighlightedLines(
    code,
    lang,
    streaming,
    lastLineEnded,
    highlighter,
    block,
  )
  // Lines and their tokens in groups that stay the same arrays while unchanged (see Chunk).
  const [lineGroups] = useState(() => new Groups<string>(CHUNK))
  const [tokenGroups] = useState(() => new Groups<CodeToken[] | undefined>(CHUNK))
  // The complete lines' tokens are an array only ever appended to (see LineHighlights): given
  // again, the lines it had are unchanged, and their groups are not looked at again.
  const [complete] = useState(() => new AppendOnly<CodeToken[]>())
  const groupedTokens = tokenGroups.of(lines.length, (i) => tokensAt(tokens, i), complete.unchanged(tokens.complete))
  const [scrollRef, scrollable] = useScrollRegion<HTMLPreElement>(streaming)
  const language = languageName(lang) ?? labels.plainText
  useTokenColors(block)
  return (
    <div className="cp-code" data-lang={lang || undefined} ref={block}>
      <div className="cp-code__header">
        <span className="cp-code__lang">{language}</span>
        <CopyButton text={body} label={labels.copyCode} />
      </div>
      {/* Focusable, and named by its language, only when long lines make it scroll. */}
      <pre
        className="cp-code__pre"
        ref={scrollRef}
        style={tokens.complete.length > 0 || tokens.live ? plainColorStyle(highlighter) : undefined}
        {...regionProps(scrollable, fillLabel(labels.codeRegion, { language }))}
      >
        <code>
          {lineGroups
            .of(lines.length, (i) => lines[i] as string, unchangedLines)
            .map((group, c, groups) => (
              // a group is its place in the block; earlier groups never move
              <Chunk
                key={c}
                lines={group}
                tokens={groupedTokens[c] ?? []}
                live={streaming && c === groups.length - 1}
              />
            ))}
        </code>
      </pre>
    </div>
  )
}
