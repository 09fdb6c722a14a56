import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { toRegExpDetails } from 'oniguruma-to-es'
import { createHighlighterCore } from 'shiki/core'
import { createJavaScriptRegexEngine, defaultJavaScriptRegexConstructor } from 'shiki/engine/javascript'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { buildConverted, createPatternCache, grammarPatterns } from '../../src/highlight/patternCache'
import {
  CONVERSION,
  type ConvertRequest,
  type ConvertResponse,
  type Converted,
  convertPattern,
} from '../../src/highlight/patternOptions'

const root = join(import.meta.dirname, '../..')
const shikiConvert = (pattern: string) => defaultJavaScriptRegexConstructor(pattern, { target: 'auto' })

/** Stands in for the browser's Worker: answers each request the way the pattern worker does, or as told. */
function fakeWorker(answer: 'convert' | 'broken' | 'never' | 'throw') {
  const requests: ConvertRequest[] = []
  const workers = { started: 0, running: 0 }
  class FakeWorker {
    onmessage: ((event: { data: ConvertResponse }) => void) | null = null
    onerror: (() => void) | null = null
    constructor() {
      if (answer === 'throw') throw new Error('refused by the page')
      workers.started++
      workers.running++
    }
    postMessage(request: ConvertRequest) {
      requests.push(request)
      if (answer !== 'convert' && answer !== 'broken') return
      // 'broken': a pattern no RegExp can be built from, for every pattern asked.
      const response = {
        id: request.id,
        converted: request.patterns.map((pattern) =>
          answer === 'broken' ? (['(', 'dgv', null] as const) : convertPattern(pattern),
        ),
      }
      setTimeout(() => this.onmessage?.({ data: response }), 0)
    }
    terminate() {
      workers.running--
    }
  }
  vi.stubGlobal('Worker', FakeWorker)
  return { requests, workers }
}

afterEach(() => {
  vi.unstubAllGlobals()
  vi.useRealTimers()
})

/** Real code to tokenize: the kit's own sources, scripts and guides. */
const SAMPLES = {
  typescript: readFileSync(join(root, 'src/highlight/shiki.ts'), 'utf8'),
  bash: readFileSync(join(root, 'scripts/setup.sh'), 'utf8'),
  markdown: readFileSync(join(root, 'docs/components.md'), 'utf8'),
} as const

const grammars = async (lang: keyof typeof SAMPLES) => {
  const modules = {
    typescript: () => import('shiki/langs/typescript.mjs'),
    bash: () => import('shiki/langs/bash.mjs'),
    markdown: () => import('shiki/langs/markdown.mjs'),
  }
  return (await modules[lang]()).default
}

/**
 * The shapes of a grammar's ends and whiles with back references: each `\1` stands for what the
 * line captured (escaped by the tokenizer), the rest is the pattern as written, an anchor kept or
 * made unmatchable.
 */
function backReferenced(registrations: readonly object[]): RegExp[] {
  const shapes: RegExp[] = []
  const visit = (rule: unknown) => {
    if (typeof rule !== 'object' || rule === null) return
    for (const key of ['end', 'while']) {
      const pattern = (rule as Record<string, unknown>)[key]
      if (typeof pattern !== 'string' || !/\\\d/.test(pattern)) continue
      const parts = pattern
        .split(/\\\d+/)
        .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/\\\\([AG])/g, '\\\\(?:$1|\uFFFF)'))
      shapes.push(new RegExp(`^${parts.join('.*')}$`, 's'))
    }
    for (const value of Object.values(rule)) visit(value)
  }
  for (const registration of registrations) visit(registration)
  return shapes
}

/** The patterns shiki's engine is given while it tokenizes `lang`'s sample. */
async function patternsTokenized(lang: keyof typeof SAMPLES): Promise<Set<string>> {
  const given = new Set<string>()
  const engine = createJavaScriptRegexEngine({
    regexConstructor: (pattern) => {
      given.add(pattern)
      return shikiConvert(pattern)
    },
  })
  const highlighter = await createHighlighterCore({ themes: [], langs: [await grammars(lang)], engine })
  highlighter.codeToTokensBase(SAMPLES[lang], { lang })
  return given
}

describe('the patterns of a grammar, converted ahead', () => {
  it('spells them as the tokenizer gives them to the engine: \\z spelled out, anchors in their four forms', () => {
    const patterns = grammarPatterns({
      patterns: [{ match: 'a\\z' }, { match: 'b\\\\z' }],
      repository: {
        anchored: { begin: '\\Gx', end: '\\A\\G' },
        escaped: { match: '\\\\G' },
        quoted: { begin: '(["\'])', end: '\\1', beginCaptures: { 1: { patterns: [{ match: 'inner' }] } } },
        block: { begin: '^>', while: '\\1?>' },
      },
    })
    expect(patterns).toEqual(expect.arrayContaining(['a$(?!\\n)(?<!\\n)', 'b\\\\z', '\\\\G', '(["\'])', 'inner', '^>']))
    // \G kept or made unmatchable, as the tokenizer does by where a line is scanned from.
    expect(patterns).toEqual(expect.arrayContaining(['\\\uFFFFx', '\\Gx']))
    expect(patterns).toEqual(expect.arrayContaining(['\\\uFFFF\\\uFFFF', '\\\uFFFF\\G', '\\A\\\uFFFF', '\\A\\G']))
    // An end or while with a back reference is only known once its rule begins.
    expect(patterns).not.toContain('\\1')
    expect(patterns).not.toContain('\\1?>')
  })

  it.each(['typescript', 'bash', 'markdown'] as const)(
    'knows ahead every pattern shiki is given while tokenizing real %s, but ends filled in from the line',
    async (lang) => {
      const registrations = await grammars(lang)
      const ahead = new Set(registrations.flatMap((grammar) => grammarPatterns(grammar)))
      const given = await patternsTokenized(lang)
      const missed = [...given].filter((pattern) => !ahead.has(pattern))
      expect(given.size).toBeGreaterThan(20)
      // Each one missed is an end (or while) whose back references the line filled in.
      const filled = backReferenced(registrations)
      for (const pattern of missed)
        expect(
          filled.some((shape) => shape.test(pattern)),
          pattern,
        ).toBe(true)
      expect(missed.length / given.size).toBeLessThan(0.1)
    },
  )

  it('converts with the options shiki converts with, to the same RegExp', async () => {
    const all = [...(await grammars('typescript')), ...(await grammars('bash')), ...(await grammars('markdown'))]
    const patterns = [...new Set(all.flatMap((grammar) => grammarPatterns(grammar)))]
    expect(patterns.length).toBeGreaterThan(500)
    const seen = { ours: 0, emulated: 0 }
    for (const pattern of patterns) {
      let theirs: RegExp | Error
      try {
        theirs = shikiConvert(pattern)
      } catch (error) {
        theirs = error as Error
      }
      if (theirs instanceof Error) {
        expect(() => toRegExpDetails(pattern, CONVERSION)).toThrow()
        continue
      }
      // What the worker sends back, built the way the cache builds it.
      const built = buildConverted(convertPattern(pattern) as Converted)
      expect([built.source, built.flags]).toEqual([theirs.source, theirs.flags])
      expect(JSON.stringify((built as { rawOptions?: unknown }).rawOptions)).toBe(
        JSON.stringify((theirs as { rawOptions?: unknown }).rawOptions),
      )
      seen.ours++
      if ((theirs as { rawOptions?: unknown }).rawOptions) seen.emulated++
    }
    // Both kinds were compared: plain RegExps and emulated ones.
    expect(seen.ours).toBeGreaterThan(500)
    expect(seen.emulated).toBeGreaterThan(0)
  })
})

describe('a pattern cache in front of shiki’s engine', () => {
  it('keeps its worker for grammars that follow, and ends it once idle', async () => {
    const [typescript, bash, markdown] = [
      await grammars('typescript'),
      await grammars('bash'),
      await grammars('markdown'),
    ]
    vi.useFakeTimers()
    const { requests, workers } = fakeWorker('convert')
    const cache = createPatternCache(shikiConvert)
    cache.warm()
    expect(workers).toEqual({ started: 1, running: 1 })
    const first = cache.prepare(typescript)
    await vi.advanceTimersByTimeAsync(0)
    await first
    const second = cache.prepare(bash)
    await vi.advanceTimersByTimeAsync(0)
    await second
    expect(workers).toEqual({ started: 1, running: 1 })
    await vi.advanceTimersByTimeAsync(5_000)
    expect(workers).toEqual({ started: 1, running: 0 })
    const third = cache.prepare(markdown)
    await vi.advanceTimersByTimeAsync(0)
    await third
    expect(workers).toEqual({ started: 2, running: 1 })
    // Each grammar's patterns, none sent twice.
    const sent = requests.flatMap((request) => request.patterns)
    expect(new Set(sent).size).toBe(sent.length)
    expect(new Set(sent)).toEqual(
      new Set([...typescript, ...bash, ...markdown].flatMap((grammar) => grammarPatterns(grammar))),
    )
  })

  /** Tokenizes TypeScript through `cache`, returning the tokens and how many patterns it converted itself. */
  async function tokenizeThrough(prepare: boolean, answer?: 'convert' | 'broken' | 'never' | 'throw') {
    if (answer) fakeWorker(answer)
    let here = 0
    const cache = createPatternCache((pattern) => {
      here++
      return shikiConvert(pattern)
    })
    const typescript = await grammars('typescript')
    if (prepare) await cache.prepare(typescript)
    const engine = createJavaScriptRegexEngine({ regexConstructor: cache.construct })
    const highlighter = await createHighlighterCore({ themes: [], langs: [typescript], engine })
    return { tokens: highlighter.codeToTokensBase(SAMPLES.typescript, { lang: 'typescript' }), here }
  }

  it('tokenizes as shiki alone does, converting almost nothing on the main thread once prepared', async () => {
    const alone = await tokenizeThrough(false)
    const prepared = await tokenizeThrough(true, 'convert')
    expect(prepared.tokens).toEqual(alone.tokens)
    expect(alone.here).toBeGreaterThan(100)
    expect(prepared.here).toBeLessThan(alone.here * 0.05)
  })

  it('goes on without a worker: where none exists, where the page refuses one, and past what does not build', async () => {
    const alone = await tokenizeThrough(false)
    const broken = await tokenizeThrough(true, 'broken')
    const refused = await tokenizeThrough(true, 'throw')
    vi.stubGlobal('Worker', undefined)
    const none = await tokenizeThrough(true)
    for (const result of [none, refused, broken]) {
      expect(result.tokens).toEqual(alone.tokens)
      expect(result.here).toBe(alone.here)
    }
  })

  it('stops waiting for a worker that does not answer, and sends each pattern once', async () => {
    vi.useFakeTimers()
    const { requests } = fakeWorker('never')
    const cache = createPatternCache(shikiConvert)
    const typescript = await grammars('typescript')
    let ready = false
    void cache.prepare(typescript).then(() => (ready = true))
    await vi.advanceTimersByTimeAsync(1_000)
    expect(ready).toBe(false)
    await vi.advanceTimersByTimeAsync(1_500)
    expect(ready).toBe(true)
    void cache.prepare(typescript)
    expect(requests.length).toBe(1)
    expect(requests[0]?.patterns.length).toBeGreaterThan(300)
  })
})
