// A Markdown text cut into top-level blocks, each rendered and memoized on its own; a longer text
// (a stream's next token) is cut again from its last line only.
import { extendsText, ownString } from '../core/text.js'
import { HTML_START } from './lines.js'
import { scan } from './scan.js'
import { type ScanState, START } from './scanState.js'

/**
 * Splits markdown into top-level blocks so each can be rendered and memoized on its own: a
 * finished block never re-renders while the text after it grows. A text with reference
 * definitions stays one block, since they resolve across the whole text. `math`: `$$` lines fence
 * display math (its blank lines and headings are the formula's), as with math on.
 */
export function splitBlocks(text: string, math = false): string[] {
  const { finished, live } = splitAppend(null, text, math)
  return live === null ? [...finished] : [...finished, live]
}

/** The blocks of a text, split so that the next, longer text re-scans only its last line. */
export interface SplitText {
  readonly text: string
  /** Blocks that text appended later cannot change. Kept (same array) until another one finishes. */
  readonly finished: readonly string[]
  /** The last block, which later text may still extend; `null` when there is none yet. */
  readonly live: string | null
  /** Where the live block's lines start in `text` (-1: the text is one block, not split). */
  readonly liveStart: number
  /** Where the scan stood at the start of the text's last line (`null`: the text is not split). */
  readonly resume: ScanState | null
  /** How many finished blocks were closed before the last line: that line may close one more, and is scanned again. */
  readonly resumeFinished: number
  /** `$$` lines were read as display math's fences. */
  readonly math: boolean
}

const whole = (text: string, math: boolean, grew: boolean): SplitText => ({
  text,
  finished: [],
  live: text === '' ? null : grew ? ownString(text) : text,
  liveStart: -1,
  resume: null,
  resumeFinished: 0,
  math,
})

/**
 * Splits `text` into blocks, re-using `previous` when `text` extends it: the scan goes on from the
 * start of the previous text's last line, so the work per appended token follows the token (and
 * that line), not the text or the live block. Gives the same blocks as {@link splitBlocks}.
 */
export function splitAppend(previous: SplitText | null, text: string, math = false): SplitText {
  if (previous && previous.text === text && previous.math === math) return previous
  const grew =
    previous !== null &&
    previous.math === math &&
    text.length > previous.text.length &&
    extendsText(text, previous.text)
  const resume = grew && previous.resume !== null ? previous.resume : null
  // Lines before the resumed one were searched for a reference definition already.
  if (hasDefinition(resume ? text.slice(resume.line) : text)) return whole(text, math, grew)
  const scanned = scan(text, resume ?? START, math)
  // A text that grows (streams) is a new string at each token, and a block cut from it is a slice
  // that keeps all of it: what is kept as it grows (blocks, and what is cut from them and kept: a
  // settled sentence, a code line, a memoized element's text) would keep thousands of earlier
  // copies of the text. Each is made a string of its own (see ownString), the open block at every
  // token, as it is read at every token. A text read once keeps its blocks as slices of it.
  const blocks = grew ? scanned.blocks.map(ownString) : scanned.blocks
  const live = grew && scanned.open !== null ? ownString(scanned.open) : scanned.open
  let finished: readonly string[]
  if (resume && previous) {
    const kept = previous.resumeFinished
    finished = previous.finished.length === kept ? previous.finished : previous.finished.slice(0, kept)
    if (blocks.length > 0) finished = [...finished, ...blocks]
    // The line scanned again closed the same block as before: the same array, so nothing re-renders.
    if (
      finished !== previous.finished &&
      finished.length === previous.finished.length &&
      finished.at(-1) === previous.finished.at(-1)
    )
      finished = previous.finished
  } else finished = blocks
  return {
    text,
    finished,
    live,
    liveStart: scanned.openStart,
    resume: scanned.last,
    resumeFinished: finished.length - scanned.blocks.length + scanned.closedBeforeLast,
    math,
  }
}

// A reference definition (`[id]: url`) resolves across the whole text, so a text with one is never split.
// The opening bracket at a line's start, indented up to three spaces; see hasDefinition.
const DEFINITION_START = /^ {0,3}\[/gm

const SPACE = /\s/

/**
 * Whether `text` has a line that opens a reference definition: up to three spaces, `[`, a label of
 * at least one character with no `]` (it may run over lines), `]:` and a space or line break. In
 * one pass: a label ends at its first `]`, and when no `]` follows an opening bracket none follows
 * a later one, so the text after it is not searched again for each (as a pattern would, from each
 * of thousands of lines that start with `[`).
 */
export function hasDefinition(text: string): boolean {
  DEFINITION_START.lastIndex = 0
  for (let open = DEFINITION_START.exec(text); open; open = DEFINITION_START.exec(text)) {
    const label = open.index + open[0].length
    const close = text.indexOf(']', label)
    if (close < 0) return false
    if (close > label && text[close + 1] === ':' && SPACE.test(text[close + 2] ?? '')) return true
    // Bracket lines before that `]` have it as their first `]` too, with a label: search after it.
    if (DEFINITION_START.lastIndex <= close) DEFINITION_START.lastIndex = close
  }
  return false
}

/**
 * `source` with a line ending after it when its last line may be HTML. micromark reads such a line
 * under a list item or a quote (`- a` then `<b>`) as their lazy text when a line ending follows it,
 * as in the text the block was cut from, and, at the very end of its input, as HTML that ends them;
 * a block is cut without its line ending. Any other block is returned as it is.
 */
export function withLineEnding(source: string): string {
  return HTML_START.test(source.slice(source.lastIndexOf('\n') + 1)) ? `${source}\n` : source
}

/**
 * A block with its line endings as `\n`: CommonMark reads `\r\n` and a lone `\r` as line endings, and
 * so does the parser; the kit's own readers (lists, quotes, tables, paragraphs, fences) read `\n`.
 * The same string when it has no `\r`.
 */
export function normalizeLineEndings(block: string): string {
  return block.includes('\r') ? block.replace(/\r\n?/g, '\n') : block
}
