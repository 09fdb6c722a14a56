import { keepRecent } from '../core/record.js'
import type { CodeToken, Highlighter } from '../highlight/types.js'
import { createViewQueue, type ViewItem } from './tasks.js'

/**
 * Highlighting of finished code, off the critical path. A code block that mounts finished (a saved
 * session, a message scrolled back into view) shows its lines plain at once and asks here for its
 * tokens; they are made in slices of a few milliseconds between frames, blocks in view first, so
 * opening a long session never blocks on the highlighter. A block being streamed does not come here:
 * it highlights its new line synchronously, so its tokens are never late.
 *
 * Tokens made are kept (for the same code in the same language), so a block mounted again, by a
 * virtualized list or a re-render, shows its colours at once and never turns plain.
 */

/** The highlighted lines of one finished block, and the tokenizer state at their end. */
export interface HighlightResult {
  lines: CodeToken[][]
  state: unknown
  /** The highlighter's version the tokens were made at (see `Highlighter.version`): older ones are out of date. */
  version?: number | undefined
}

/** One block waiting for its tokens. */
interface Job extends ViewItem {
  code: string
  lang: string
  highlighter: Highlighter
  /** Lines done so far (a long block is tokenized across several slices). */
  lines: CodeToken[][]
  state: unknown
  /** Character offset of the next line to tokenize. */
  offset: number
  /** The highlighter's version when the first line was tokenized. */
  version: number
  done: (result: HighlightResult) => void
}

/** Time one slice may take before yielding, in ms: well under a frame and under the 50 ms of a long task. */
const SLICE_MS = 8
/**
 * Lines tokenized per call within a slice, and characters: a call ends after the line that reaches
 * either, so long lines (minified code, data on one line) go a few to a call. A line is never cut;
 * the highlighter bounds one line's cost (shiki's leaves a line of over 2,000 characters plain).
 */
const LINES_PER_CALL = 24
const CHARS_PER_CALL = 2_000
/** Finished blocks whose tokens are kept, most recently used last. */
const CACHE_SIZE = 400

/** Whether `result` was made at the highlighter's `version` (tokens without one were made at 0). */
export const madeAt = (result: HighlightResult, version: number): boolean => (result.version ?? 0) === version

/** Per highlighter (each has its own themes and grammars), the kept tokens by language and code. */
const caches = new WeakMap<Highlighter, Map<string, HighlightResult>>()
const cacheKey = (lang: string, code: string) => `${lang}\u0000${code}`

/**
 * The tokens made for `code` in `lang` by `highlighter`, if any: a block mounted again shows them
 * at once (out of date ones too, until new ones are made: see `HighlightResult.version`).
 */
export function cachedHighlight(highlighter: Highlighter, lang: string, code: string): HighlightResult | undefined {
  const cache = caches.get(highlighter)
  const key = cacheKey(lang, code)
  const hit = cache?.get(key)
  if (cache && hit) keepRecent(cache, key, hit, CACHE_SIZE)
  return hit
}

/** Keeps the tokens of a finished block (also those a streamed block ended with), the oldest dropped past a few hundred. */
export function rememberHighlight(highlighter: Highlighter, lang: string, code: string, result: HighlightResult): void {
  let cache = caches.get(highlighter)
  if (!cache) caches.set(highlighter, (cache = new Map<string, HighlightResult>()))
  keepRecent(cache, cacheKey(lang, code), result, CACHE_SIZE)
}

function finish(job: Job) {
  jobs.remove(job)
  const result = { lines: job.lines, state: job.state, version: job.version }
  rememberHighlight(job.highlighter, job.lang, job.code, result)
  job.done(result)
}

/** One step of a job: loads its grammar, or tokenizes a few of its lines, continuing from the state the previous lines ended in. */
function step(job: Job) {
  if (!job.highlighter.ready(job.lang)) {
    job.paused = true
    void job.highlighter.load(job.lang).then((ok) => {
      job.paused = false
      if (ok) jobs.schedule()
      else jobs.remove(job)
    })
    return
  }
  let end = job.offset
  for (let n = 0; n < LINES_PER_CALL && end < job.code.length && end - job.offset < CHARS_PER_CALL; n++) {
    const next = job.code.indexOf('\n', end)
    end = next === -1 ? job.code.length : next + 1
  }
  if (job.offset === 0) job.version = job.highlighter.version?.() ?? 0
  const result = job.highlighter.tokenize(job.code.slice(job.offset, end), job.lang, job.state)
  if (!result) {
    jobs.remove(job)
    return
  }
  job.lines.push(...result.lines.slice(0, countLines(job.code, job.offset, end)))
  job.state = result.state
  job.offset = end
  if (end >= job.code.length) finish(job)
}

const jobs = createViewQueue<Job>(SLICE_MS, step)

/** Lines in `code` between two offsets that end at a newline (or at the end of the code). */
function countLines(code: string, from: number, to: number): number {
  let count = 0
  for (let i = code.indexOf('\n', from); i !== -1 && i < to; i = code.indexOf('\n', i + 1)) count++
  return to >= code.length && !code.endsWith('\n') ? count + 1 : count
}

/**
 * Asks for the tokens of a finished block (`code`, lines joined by newlines, without a final one).
 * `done` is called once, in a later task, unless the returned function cancels it (the block
 * unmounted, or its code changed). `element` is the block on the page: in view, it goes first.
 */
export function requestHighlight(
  code: string,
  lang: string,
  highlighter: Highlighter,
  element: Element | null,
  done: (result: HighlightResult) => void,
): () => void {
  const job: Job = { code, lang, highlighter, lines: [], state: undefined, offset: 0, version: 0, done, element }
  jobs.add(job)
  return () => jobs.remove(job)
}
