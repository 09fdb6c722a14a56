import { EmulatedRegExp } from 'oniguruma-to-es'
import { defaultJavaScriptRegexConstructor } from 'shiki/engine/javascript'
import { type ConvertRequest, type ConvertResponse, type Converted } from './patternOptions.js'
import PatternWorker from './patterns.worker.ts?worker&inline'

/**
 * Patterns converted ahead of time for shiki's JavaScript engine. Converting a grammar's Oniguruma
 * patterns to JavaScript is most of what its first lines cost, and the engine does it on the main
 * thread the first time a rule is tried: a page's first block of a language would hold a frame of
 * the streaming reply for that long. Here a worker converts a grammar's patterns once it is loaded,
 * before the first line is tokenized, and the engine only builds each RegExp from the result.
 *
 * Where no worker can be started (a server, a policy refusing `blob:` workers) or it is slow to
 * answer, the engine converts on the main thread as it would without this: nothing is lost.
 */
export interface PatternCache {
  /** The engine's `regexConstructor`: builds a pattern converted ahead, or converts it now. */
  construct: (pattern: string) => RegExp
  /**
   * Converts the patterns of `grammars` (the grammar last, those it embeds before it) in the
   * worker. Resolves once the last grammar's are in, or when no worker answers in time.
   */
  prepare(grammars: readonly object[]): Promise<void>
  /** Starts the worker ahead of the first grammar, so its own start is not waited for. */
  warm(): void
}

/** How long a grammar waits for its patterns before the engine converts them itself. */
const WAIT_MS = 2_000
/** How long an idle worker is kept for the next grammar (a page's first blocks name a few at once). */
const IDLE_MS = 5_000

/**
 * A pattern cache for one engine. `convertHere` converts what the worker did not (shiki's own
 * conversion by default).
 */
export function createPatternCache(
  convertHere: (pattern: string) => RegExp = (pattern) =>
    defaultJavaScriptRegexConstructor(pattern, { target: 'auto' }),
): PatternCache {
  const converted = new Map<string, Converted>()
  // Patterns sent to the worker (or converted): never sent twice.
  const asked = new Set<string>()
  // The worker while it converts; null once one could not start (not tried again).
  let worker: Worker | null | undefined
  let nextId = 0
  const pending = new Map<number, (response: ConvertResponse | null) => void>()

  let idle: ReturnType<typeof setTimeout> | undefined

  const stop = () => {
    clearTimeout(idle)
    worker?.terminate()
    worker = null
    for (const done of pending.values()) done(null)
    pending.clear()
  }

  const startWorker = (): Worker | null => {
    if (worker !== undefined) return worker
    if (typeof Worker === 'undefined') return (worker = null)
    try {
      worker = new PatternWorker()
    } catch {
      return (worker = null)
    }
    const current = worker
    current.onmessage = (event: MessageEvent<ConvertResponse>) => {
      const done = pending.get(event.data.id)
      pending.delete(event.data.id)
      if (pending.size === 0) endWhenIdle(current)
      done?.(event.data)
    }
    // A worker that cannot run (refused by the page's policy, failed to load) is not tried again.
    current.onerror = stop
    endWhenIdle(current)
    return current
  }

  // Grammars load a few times a page: an idle worker is ended after a while, and started again.
  const endWhenIdle = (current: Worker) => {
    clearTimeout(idle)
    idle = setTimeout(() => {
      if (worker !== current || pending.size > 0) return
      current.terminate()
      worker = undefined
    }, IDLE_MS)
  }

  const convert = (patterns: string[]): Promise<void> => {
    if (patterns.length === 0) return Promise.resolve()
    const target = startWorker()
    if (!target) return Promise.resolve()
    for (const pattern of patterns) asked.add(pattern)
    clearTimeout(idle)
    const id = nextId++
    const answered = new Promise<ConvertResponse | null>((resolve) => pending.set(id, resolve)).then((response) => {
      response?.converted.forEach((result, i) => {
        const pattern = patterns[i]
        if (result && pattern !== undefined) converted.set(pattern, result)
      })
    })
    const request: ConvertRequest = { id, patterns }
    target.postMessage(request)
    return answered
  }

  return {
    construct: (pattern) => {
      const ahead = converted.get(pattern)
      if (!ahead) return convertHere(pattern)
      // Built once: the engine keeps what it is given, by pattern.
      converted.delete(pattern)
      try {
        return buildConverted(ahead)
      } catch {
        // Whatever the worker sent that does not build, the engine's own conversion decides on.
        return convertHere(pattern)
      }
    },
    warm() {
      startWorker()
    },
    async prepare(grammars) {
      const last = grammars.length - 1
      // The grammar asked for first; those it embeds after, without waiting for them.
      const own = grammarPatterns(grammars[last]).filter((pattern) => !asked.has(pattern))
      const embedded = grammars.slice(0, last).flatMap((grammar) => grammarPatterns(grammar))
      const first = convert(own)
      void convert([...new Set(embedded)].filter((pattern) => !asked.has(pattern)))
      let timer: ReturnType<typeof setTimeout> | undefined
      await Promise.race([first, new Promise<void>((resolve) => (timer = setTimeout(resolve, WAIT_MS)))])
      clearTimeout(timer)
    },
  }
}

/** The RegExp of a converted pattern, as oniguruma-to-es builds it from the same details. */
export function buildConverted([source, flags, options]: Converted): RegExp {
  return options ? new EmulatedRegExp(source, flags, options) : new RegExp(source, flags)
}

/** The rule keys of a TextMate grammar that hold a pattern. */
const PATTERN_KEYS = ['match', 'begin', 'end', 'while'] as const
/** A back reference (`\1`) in an `end` or `while`, filled from the line when the rule begins. */
const BACK_REFERENCE = /\\\d/

/**
 * Every pattern the engine may be given for `grammar`, written as the tokenizer writes them: `\z`
 * spelled out, and a pattern with `\A` or `\G` in the four forms where each anchor is kept or
 * made unmatchable. An `end` or `while` with back references is left out: its pattern is known
 * only once its rule begins on a line.
 */
export function grammarPatterns(grammar: unknown): string[] {
  const out = new Set<string>()
  const seen = new Set<object>()
  const visit = (rule: unknown) => {
    if (typeof rule !== 'object' || rule === null || seen.has(rule)) return
    seen.add(rule)
    for (const key of PATTERN_KEYS) {
      const pattern = (rule as Record<string, unknown>)[key]
      if (typeof pattern !== 'string') continue
      const source = spellEnd(pattern)
      if ((key === 'end' || key === 'while') && BACK_REFERENCE.test(source)) continue
      for (const form of anchorForms(source)) out.add(form)
    }
    for (const value of Object.values(rule)) if (typeof value === 'object') visit(value)
  }
  visit(grammar)
  return [...out]
}

/** `\z` as the tokenizer rewrites it (the end of the text, not before a final newline). */
function spellEnd(pattern: string): string {
  return pattern.replace(/\\(.)/gs, (escape: string, char: string) => (char === 'z' ? '$(?!\\n)(?<!\\n)' : escape))
}

/** The forms the tokenizer gives a pattern: itself, or with `\A` and `\G` each kept or made unmatchable. */
function anchorForms(source: string): string[] {
  if (!/\\[AG]/.test(source.replace(/\\[^AG]/gs, ''))) return [source]
  const forms: string[] = []
  for (const keepA of [false, true])
    for (const keepG of [false, true])
      forms.push(
        source.replace(/\\(.)/gs, (escape: string, char: string) =>
          (char === 'A' && !keepA) || (char === 'G' && !keepG) ? '\\\uFFFF' : escape,
        ),
      )
  return forms
}
