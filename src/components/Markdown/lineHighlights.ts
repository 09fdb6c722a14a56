import type { CodeToken, Highlighter } from '../../highlight/types.js'
import { extendsText } from './blocks.js'

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

/**
 * The highlighted lines of one code block as it grows. Complete lines are highlighted once and
 * kept (with the tokenizer state at their end), so a growing block only highlights what is new,
 * and a line once highlighted never turns plain again. A memo: the same input gives the same
 * tokens, whatever was asked before, so it may be asked while rendering.
 */
export class LineHighlights {
  private entry: Highlighted | null = null

  /** The complete lines highlighted so far and the state at their end, once any line is. */
  get highlighted(): { lang: string; source: string; lines: CodeToken[][]; state: unknown } | null {
    return this.entry && this.entry.source !== '' ? this.entry : null
  }

  /**
   * Tokens per line of `lines` in `lang` (`undefined` for a line not highlighted yet); the first
   * `completeCount` lines are complete, the one after them (if any) is still being written.
   */
  tokens(lines: readonly string[], completeCount: number, lang: string, highlighter: Highlighter): (CodeToken[] | undefined)[] {
    const complete = lines.slice(0, completeCount)
    const completeSource = complete.length > 0 ? `${complete.join('\n')}\n` : ''
    let entry = this.entry
    if (!entry || entry.lang !== lang || !extendsText(completeSource, entry.source)) entry = { lang, source: '', lines: [], state: undefined }
    if (completeSource.length > entry.source.length) {
      const added = highlighter.tokenize(completeSource.slice(entry.source.length), lang, entry.state)
      if (added) entry = { lang, source: completeSource, lines: [...entry.lines, ...added.lines.slice(0, complete.length - entry.lines.length)], state: added.state }
    }
    const tokens: (CodeToken[] | undefined)[] = [...entry.lines]
    if (entry.source === completeSource && completeCount < lines.length) {
      const text = lines[lines.length - 1] ?? ''
      const state = entry.state
      const live = liveTokens(entry, text, () => highlighter.tokenize(text, lang, state)?.lines[0])
      entry = { ...entry, live: { text, tokens: live } }
      tokens.push(live)
    }
    if (entry.source === completeSource) this.entry = entry
    return tokens
  }
}
