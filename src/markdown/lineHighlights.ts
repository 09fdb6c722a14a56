import type { CodeToken, Highlighter } from '../highlight/types.js'
import { extendsText } from './../core/text.js'
import { FrameMark } from './tasks.js'

interface Highlighted {
  lang: string
  /** What the lines were highlighted by, and its version then (a theme added since makes them out of date). */
  highlighter: Highlighter
  version: number
  /** The complete lines highlighted so far (an array only ever appended to). */
  lines: CodeToken[][]
  /** The text of those lines, to see that the lines asked for later still begin with them. */
  texts: string[]
  state: unknown
  /** The line being written, as last shown, and its tokens; `behind` when text was added to them uncoloured. */
  live?: { text: string; tokens: CodeToken[] | undefined; behind: boolean }
}

/** Tokens of a block's lines: the complete lines highlighted so far, and the line being written. */
export interface LineTokens {
  /** Tokens of the first complete lines, by index (fewer than asked for while a grammar is missing). */
  readonly complete: readonly CodeToken[][]
  /** Tokens of the line being written, if there is one and it has any. */
  readonly live: CodeToken[] | undefined
}

/** Tokens of line `i`, `undefined` while it has none. */
export const tokensAt = (tokens: LineTokens, i: number): CodeToken[] | undefined =>
  i < tokens.complete.length ? tokens.complete[i] : i === tokens.complete.length ? tokens.live : undefined

/** Characters of complete lines tokenized in one call (see `LineHighlights.tokens`). */
const SYNC_CHARS = 2_000

const WORD = /^[\p{L}\p{N}_$]+$/u
const ENDS_IN_WORD = /[\p{L}\p{N}_$]$/u

/** The tokens the line being written showed, followed by the rest of `text` uncoloured (it waits to be tokenized, or ended and waits to be tokenized whole). */
function restUncoloured(previous: Highlighted['live'], text: string): CodeToken[] | undefined {
  if (!previous?.tokens) return undefined
  const added = text.slice(previous.text.length)
  return added === '' ? previous.tokens : [...previous.tokens, { content: added }]
}

/**
 * Tokens of the line being written. Tokenizing a line costs far more than a markdown token (a
 * quarter of a millisecond per theme for a long line), so the growing line is tokenized again only
 * when what was added can change its tokens: letters that continue the last word take that word's
 * color, added spaces are uncolored; anything else (punctuation, a new word after a space) and the
 * line is tokenized again, unless `defer`: then what was added follows uncoloured, and a line not
 * tokenized yet shows plain, to be coloured when the line is next tokenized (before the frame is
 * painted, see `LineHighlights.tokens`). Once complete, the line is tokenized properly and kept.
 */
function liveTokens(
  entry: Highlighted,
  text: string,
  defer: boolean,
  tokenize: () => CodeToken[] | undefined,
): { tokens: CodeToken[] | undefined; behind: boolean } {
  const previous = entry.live
  // A line behind is tokenized again as soon as it may be.
  if (previous?.tokens && extendsText(text, previous.text) && (defer || !previous.behind)) {
    const added = text.slice(previous.text.length)
    const last = previous.tokens.at(-1)
    const behind = previous.behind
    if (added === '') return previous
    if (added.trim() === '') return { tokens: restUncoloured(previous, text), behind }
    if (last && WORD.test(added) && ENDS_IN_WORD.test(last.content))
      return { tokens: [...previous.tokens.slice(0, -1), { ...last, content: last.content + added }], behind }
    if (defer) return { tokens: restUncoloured(previous, text), behind: true }
  }
  // A line with no tokens yet waits too; one with tokens that the text no longer extends does not
  // (it would turn plain).
  if (defer && !previous?.tokens) return { tokens: undefined, behind: true }
  return { tokens: tokenize(), behind: false }
}

/**
 * The highlighted lines of one code block as it grows. Complete lines are highlighted once and
 * kept (with the tokenizer state at their end), so a growing block only highlights what is new,
 * and a line once highlighted never turns plain again. A memo: the same input gives the same
 * tokens (or, while `behind`, more of them), whatever was asked before, so it may be asked while
 * rendering.
 */
export class LineHighlights {
  private entry: Highlighted | null = null
  /** The lines last asked for, and how many there were (see `tokens`). */
  private asked: { lines: readonly string[]; length: number } | null = null
  /** The block was tokenized in the frame under way (see `tokens`' `perFrame`). */
  private readonly tokenized = new FrameMark()

  /** Complete lines were left for the next call (more came at once than one call tokenizes). */
  private more = false

  /**
   * Whether what is shown is behind what was asked: text added to the line being written shows
   * uncoloured, or complete lines wait plain (a block mounted mid-stream, or a chunk of many lines).
   * `catchUp`, then ask again (at the next frame).
   */
  get behind(): boolean {
    return this.more || (this.entry?.live?.behind ?? false)
  }

  /** Makes the next `tokens` tokenize what waits, whenever the block was last tokenized (call it at the frame). */
  catchUp(): void {
    this.tokenized.clear()
  }

  /**
   * Whether any line was highlighted here, complete or being written (the block was, or is, being
   * written): it is highlighted here from then on, so a line shown coloured never waits plain for
   * the background queue (a block of one line whose end and closing fence come in one update).
   */
  get started(): boolean {
    return this.entry !== null && (this.entry.lines.length > 0 || this.entry.live?.tokens !== undefined)
  }

  /** The version of the highlighter the lines were highlighted at. */
  get version(): number | undefined {
    return this.entry?.version
  }

  /** The complete lines highlighted so far, their text and the state at their end, once any line is. */
  get highlighted(): { lang: string; source: string; lines: CodeToken[][]; state: unknown; version: number } | null {
    const entry = this.entry
    if (!entry || entry.lines.length === 0) return null
    // A copy: the entry's own array goes on growing if the block does.
    return {
      lang: entry.lang,
      source: `${entry.texts.join('\n')}\n`,
      lines: [...entry.lines],
      state: entry.state,
      version: entry.version,
    }
  }

  /**
   * Tokens of `lines` in `lang`; the first `completeCount` lines are complete, the one after them
   * (if any) is still being written. Lines highlighted before are not looked at again (only
   * compared, by identity first), so the work per call follows what was added, not the block.
   * `perFrame`: when the block was tokenized in the frame under way, what came since waits for the
   * next frame (`behind`, until `catchUp`) and shows uncoloured meanwhile, so tokens faster than
   * frames cost one tokenizing a frame. `lines` given again (the same array) is taken to have
   * changed from its last line on at most, as a GrowingLines array does.
   */
  tokens(
    lines: readonly string[],
    completeCount: number,
    lang: string,
    highlighter: Highlighter,
    perFrame = false,
  ): LineTokens {
    let entry = this.entry
    const compared = this.asked?.lines === lines ? Math.max(0, this.asked.length - 1) : 0
    const version = highlighter.version?.() ?? 0
    // (Set again once the entry kept is the one checked against these lines.)
    this.asked = null
    if (
      !entry ||
      entry.lang !== lang ||
      entry.highlighter !== highlighter ||
      entry.version !== version ||
      entry.lines.length > completeCount ||
      !sameStart(entry.texts, lines, entry.lines.length, compared)
    )
      entry = { lang, highlighter, version, lines: [], texts: [], state: undefined }
    const from = entry.lines.length
    const wait = perFrame && this.tokenized.current
    // (Unless the line that was being written no longer begins with what it showed: it would turn plain.)
    if (wait && from < completeCount && (!entry.live?.tokens || extendsText(lines[from] as string, entry.live.text))) {
      // The line that was being written ended: it keeps the tokens it showed, what followed in it
      // uncoloured; the lines after it are plain.
      this.more = true
      const text = lines[from] as string
      if (entry.live?.text !== text)
        entry = { ...entry, live: { text, tokens: restUncoloured(entry.live, text), behind: true } }
      this.entry = entry
      this.asked = { lines, length: lines.length }
      return { complete: entry.lines, live: entry.live?.tokens }
    }
    // Lines up to about SYNC_CHARS characters a call (always one): a block that arrives with
    // thousands of complete lines at once is coloured over a few frames, not in one long task.
    let to = from
    for (let chars = 0; to < completeCount && (to === from || chars < SYNC_CHARS); to++)
      chars += (lines[to] as string).length + 1
    this.more = to < completeCount
    if (to > from) {
      const added = highlighter.tokenize(`${lines.slice(from, to).join('\n')}\n`, lang, entry.state)
      // No tokens (the grammar is gone): what was highlighted stays so, the rest is plain, and
      // nothing waits for a frame any more.
      if (!added) {
        this.more = false
        if (entry.live?.behind) this.entry = { ...entry, live: { ...entry.live, behind: false } }
        return { complete: entry.lines, live: undefined }
      }
      if (perFrame) this.tokenized.mark()
      // Appended in place: a caller holding the array sees at least the lines it was given.
      for (let i = from; i < to; i++) {
        entry.lines.push(added.lines[i - from] ?? [])
        entry.texts.push(lines[i] as string)
      }
      entry = { lang, highlighter, version, lines: entry.lines, texts: entry.texts, state: added.state }
    }
    let live: CodeToken[] | undefined
    // The line being written continues from the complete lines' state: it waits for them.
    if (!this.more && completeCount < lines.length) {
      const text = lines[completeCount] ?? ''
      const state = entry.state
      const result = liveTokens(entry, text, wait, () => {
        const tokens = highlighter.tokenize(text, lang, state)?.lines[0]
        // (A call that tokenized nothing, the grammar not loaded yet, does not count.)
        if (tokens && perFrame) this.tokenized.mark()
        return tokens
      })
      live = result.tokens
      entry =
        entry.live !== undefined && entry.live.tokens === live && entry.live.behind === result.behind
          ? entry
          : { ...entry, live: { text, tokens: live, behind: result.behind } }
    }
    this.entry = entry
    this.asked = { lines, length: lines.length }
    return { complete: entry.lines, live }
  }
}

/**
 * Whether `lines` begins with the first `count` of `texts` (the same strings are usually the same
 * objects); the first `known` of them are known to be.
 */
function sameStart(texts: readonly string[], lines: readonly string[], count: number, known: number): boolean {
  if (lines.length < count) return false
  for (let i = count - 1; i >= known; i--) if (texts[i] !== lines[i]) return false
  return true
}
