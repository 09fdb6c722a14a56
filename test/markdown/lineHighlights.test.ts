// @vitest-environment jsdom
// (Frames and elements: the queues schedule by animation frame and read where boxes are.)
import { describe, expect, it, vi } from 'vitest'
import fc from 'fast-check'
import { GrowingLines } from '../../src/markdown/fence.js'
import { LineHighlights, type LineTokens, tokensAt } from '../../src/markdown/lineHighlights.js'
import type { Highlighter } from '../../src/highlight/types'
import { fakeHighlighter, framesOnRequest, loadedHighlighter } from '../components/helpers.js'

const text = ({ complete, live }: LineTokens) =>
  [...complete, ...(live ? [live] : [])].map((line) => line.map((t) => t.content).join(''))

describe('LineHighlights', () => {
  it('highlights only the lines added since the last call, and the live line without keeping it', async () => {
    const { highlighter, calls } = await loadedHighlighter()
    const cache = new LineHighlights()
    expect(text(cache.tokens(['const a = 1', 'const b'], 1, 'typescript', highlighter))).toEqual([
      'const a = 1',
      'const b',
    ])
    calls.length = 0
    expect(text(cache.tokens(['const a = 1', 'const b = 2', 'x'], 2, 'typescript', highlighter))).toEqual([
      'const a = 1',
      'const b = 2',
      'x',
    ])
    // The first line was not tokenized again; the second was, once, as a complete line.
    expect(calls).toEqual(['const b = 2\n', 'x'])
  })

  it('does not compare again the lines of an array given again before its last line, as GrowingLines gives them', async () => {
    const { highlighter } = await loadedHighlighter()
    const growing = new GrowingLines()
    const cache = new LineHighlights()
    const code = Array.from({ length: 400 }, (_, i) => `const line${i} = ${i}`).join('\n')
    // The lines' array, with every read of a line before the last three counted.
    let reads = 0
    let target: readonly string[] = []
    const lines = new Proxy([] as string[], {
      get: (_, key) => {
        if (typeof key === 'string' && /^\d+$/.test(key) && Number(key) < target.length - 3) reads++
        return Reflect.get(target, key)
      },
      has: (_, key) => Reflect.has(target, key),
    })
    const ask = (end: number) => {
      target = growing.lines(code.slice(0, end))
      return cache.tokens(lines, target.length - 1, 'typescript', highlighter)
    }
    for (let end = 4; end < 6000; end += 4) ask(end)
    reads = 0
    const last = ask(6004)
    expect(reads).toBe(0)
    expect(text(last).slice(0, -1)).toEqual(code.slice(0, 6004).split('\n').slice(0, -1))
    // A new array (the text replaced, not extended) is compared whole, and an earlier line changed starts over.
    const changed = code.slice(0, 6004).replace('const line3 ', 'let line3 ')
    expect(text(cache.tokens(changed.split('\n'), changed.split('\n').length - 1, 'typescript', highlighter))[3]).toBe(
      'let line3 = 3',
    )
  })

  it('is a memo: the same input gives the same tokens whatever was asked before', async () => {
    const { highlighter } = await loadedHighlighter('typescript', 'python')
    const warm = new LineHighlights()
    warm.tokens(['a b', 'c d e', 'f'], 3, 'typescript', highlighter)
    warm.tokens(['other'], 1, 'python', highlighter)
    const fresh = new LineHighlights()
    const input = ['a b', 'c d', 'e f g']
    expect(warm.tokens(input, 2, 'typescript', highlighter)).toEqual(fresh.tokens(input, 2, 'typescript', highlighter))
    // Asked again (a second render of the same props), nothing changes.
    expect(warm.tokens(input, 2, 'typescript', highlighter)).toEqual(fresh.tokens(input, 2, 'typescript', highlighter))
  })

  it('once a frame: shows text added to the line being written uncoloured until it catches up, then as tokenized whole', async () => {
    const { highlighter, calls } = await loadedHighlighter()
    // Frames come only when the test says: every change comes within the same frame.
    framesOnRequest()
    const cache = new LineHighlights()
    const line = (text: string) => cache.tokens(['const a = 1', text], 1, 'typescript', highlighter, true).live
    line('const b')
    calls.length = 0
    // Tokenized in this frame: what follows (punctuation, which would be tokenized again) waits.
    const waiting = line('const b = (')
    expect(calls).toEqual([])
    expect(cache.behind).toBe(true)
    expect(waiting?.map((token) => token.content).join('')).toBe('const b = (')
    expect(waiting?.at(-1)).toEqual({ content: ' = (' })
    // Asked again with the same text (a second render), nothing changes.
    expect(line('const b = (')).toBe(waiting)
    // At the frame: tokenized once, as a line never deferred would be.
    cache.catchUp()
    const caught = line('const b = (')
    expect(calls).toEqual(['const b = ('])
    expect(cache.behind).toBe(false)
    expect(caught).toEqual(
      new LineHighlights().tokens(['const a = 1', 'const b = ('], 1, 'typescript', highlighter).live,
    )
    // Without perFrame, every change is tokenized at once.
    calls.length = 0
    cache.tokens(['const a = 1', 'const b = (1'], 1, 'typescript', highlighter)
    cache.tokens(['const a = 1', 'const b = (1)'], 1, 'typescript', highlighter)
    expect(calls).toEqual(['const b = (1', 'const b = (1)'])
    expect(cache.behind).toBe(false)
    // Once a frame has begun, the line is tokenized at once again.
    calls.length = 0
    line('const b = (1) + 2')
    vi.advanceTimersToNextFrame()
    line('const b = (1) + 2 +')
    expect(calls).toEqual(['const b = (1) + 2 +'])
    // A line begun within the frame waits like any other (shown plain: it had no colour), and is
    // tokenized at the frame.
    calls.length = 0
    const fresh = new LineHighlights()
    fresh.tokens(['const a = 1', 'const b = (1)', ''], 2, 'typescript', highlighter, true)
    expect(fresh.tokens(['const a = 1', 'const b = (1)', 'x.y'], 2, 'typescript', highlighter, true).live).toEqual([
      { content: 'x.y' },
    ])
    expect(calls).toEqual(['const a = 1\nconst b = (1)\n', ''])
    expect(fresh.behind).toBe(true)
    fresh.catchUp()
    fresh.tokens(['const a = 1', 'const b = (1)', 'x.y'], 2, 'typescript', highlighter, true)
    expect(calls).toEqual(['const a = 1\nconst b = (1)\n', '', 'x.y'])
    expect(fresh.behind).toBe(false)
    // A line whose tokens are all in the plain colour (no colours of their own) has tokens: it waits like any other.
    const plain: Highlighter = {
      ...highlighter,
      tokenize: (code, lang, state) => {
        const result = highlighter.tokenize(code, lang, state)
        return (
          result && {
            ...result,
            lines: result.lines.map((tokens) => tokens.map((token) => ({ content: token.content }))),
          }
        )
      },
    }
    const uncoloured = new LineHighlights()
    uncoloured.tokens(['const a = 1', 'foo'], 1, 'typescript', plain, true)
    calls.length = 0
    expect(uncoloured.tokens(['const a = 1', 'foo('], 1, 'typescript', plain, true).live).toEqual([
      { content: 'foo' },
      { content: '(' },
    ])
    expect(calls).toEqual([])
    expect(uncoloured.behind).toBe(true)
  })

  it('tokenizes the lines completed within a frame together at the frame, each showing meanwhile what it showed', async () => {
    const { highlighter, calls } = await loadedHighlighter()
    framesOnRequest()
    const cache = new LineHighlights()
    const ask = (text: string) => {
      const lines = text.split('\n')
      return cache.tokens(lines, lines.length - 1, 'typescript', highlighter, true)
    }
    const first = ask('const a').live
    expect(calls).toEqual(['const a'])
    // Within the frame: the line ends, two more come. Nothing is tokenized; the ended line keeps
    // its tokens, the rest of it uncoloured, and the lines after it are plain.
    const waiting = ask('const a = 1\nconst b = 2\nlet')
    expect(calls).toEqual(['const a'])
    expect(waiting.complete).toEqual([])
    expect(tokensAt(waiting, 0)).toEqual([...(first ?? []), { content: ' = 1' }])
    expect([tokensAt(waiting, 1), tokensAt(waiting, 2)]).toEqual([undefined, undefined])
    expect(cache.behind).toBe(true)
    // Asked again within the frame (a second render): the same tokens.
    expect(tokensAt(ask('const a = 1\nconst b = 2\nlet'), 0)).toBe(tokensAt(waiting, 0))
    // At the frame: the complete lines in one call, then the line being written; as if never deferred.
    cache.catchUp()
    const caught = ask('const a = 1\nconst b = 2\nlet')
    expect(calls).toEqual(['const a', 'const a = 1\nconst b = 2\n', 'let'])
    expect(caught).toEqual(
      new LineHighlights().tokens(['const a = 1', 'const b = 2', 'let'], 2, 'typescript', highlighter),
    )
    expect(cache.behind).toBe(false)
    // Once the next frame has begun, a line is tokenized as it completes.
    vi.advanceTimersToNextFrame()
    calls.length = 0
    ask('const a = 1\nconst b = 2\nlet c\n')
    expect(calls).toEqual(['let c\n', ''])
  })

  it('stops waiting for frames once the grammar gives no tokens', async () => {
    const { highlighter } = await loadedHighlighter()
    framesOnRequest()
    let gone = false
    const fickle: Highlighter = {
      ...highlighter,
      tokenize: (code, lang, state) => (gone ? null : highlighter.tokenize(code, lang, state)),
    }
    const cache = new LineHighlights()
    cache.tokens(['const a'], 0, 'typescript', fickle, true)
    cache.tokens(['const a = 1', 'b'], 1, 'typescript', fickle, true)
    expect(cache.behind).toBe(true)
    gone = true
    cache.catchUp()
    cache.tokens(['const a = 1', 'b'], 1, 'typescript', fickle, true)
    // Else the block would ask for a frame, and render, at every frame from now on.
    expect(cache.behind).toBe(false)
  })

  it('colours many complete lines that come at once over several calls, a few thousand characters each, the line being written last', async () => {
    const { highlighter, calls } = await loadedHighlighter()
    // A block mounted mid-stream: 500 complete lines and one being written.
    const lines = [
      ...Array.from({ length: 500 }, (_, i) => `const value${i} = compute(${i}, 'some text')`),
      'const last =',
    ]
    const cache = new LineHighlights()
    const first = cache.tokens(lines, 500, 'typescript', highlighter, true)
    expect(first.complete.length).toBeGreaterThan(0)
    expect(first.complete.length).toBeLessThan(500)
    expect(first.live).toBeUndefined()
    expect(cache.behind).toBe(true)
    let result = first
    for (let frame = 0; cache.behind && frame < 100; frame++) {
      cache.catchUp()
      result = cache.tokens(lines, 500, 'typescript', highlighter, true)
    }
    expect(cache.behind).toBe(false)
    // Each call held whole lines, no more than one past 2,000 characters.
    const blocks = calls.filter((call) => call.endsWith('\n'))
    expect(blocks.length).toBeGreaterThan(1)
    expect(blocks.join('')).toBe(`${lines.slice(0, 500).join('\n')}\n`)
    for (const call of blocks)
      expect(call.length - (call.slice(0, -1).split('\n').at(-1)?.length ?? 0)).toBeLessThanOrEqual(2_001)
    // In the end, the tokens of the whole block, the line being written with them.
    const whole = highlighter.tokenize(`${lines.slice(0, 500).join('\n')}\n`, 'typescript')
    expect(result.complete).toEqual(whole?.lines.slice(0, 500))
    expect(result.live).toEqual(highlighter.tokenize('const last =', 'typescript', whole?.state)?.lines[0])
  })

  it('leaves lines plain while the grammar is not loaded', () => {
    const { highlighter } = fakeHighlighter()
    expect(new LineHighlights().tokens(['a', 'b'], 2, 'typescript', highlighter)).toEqual({
      complete: [],
      live: undefined,
    })
  })

  it('gives the tokens of a whole-block highlight at every step of a growing block, and starts over when an earlier line changes', async () => {
    const { highlighter } = await loadedHighlighter()
    const cache = new LineHighlights()
    const growing = new GrowingLines()
    const body = 'const a = 1\nlet b = a + 2\n\nfunction f() {\n  return b\n}'
    for (let end = 1; end <= body.length; end++) {
      const lines = growing.lines(body.slice(0, end))
      const fresh = new LineHighlights().tokens([...lines], lines.length - 1, 'typescript', highlighter)
      const kept = cache.tokens(lines, lines.length - 1, 'typescript', highlighter)
      // The live line may be extended from its last tokens (see liveTokens), so only its text is compared.
      expect(kept.complete).toEqual(fresh.complete)
      expect(text({ complete: [], live: kept.live })).toEqual(text({ complete: [], live: fresh.live }))
    }
    const changed = ['const z = 1', 'let b = a + 2', 'x']
    expect(text(cache.tokens(changed, 2, 'typescript', highlighter))).toEqual(['const z = 1', 'let b = a + 2', 'x'])
  })
})

describe('GrowingLines', () => {
  it('cuts a text into the lines split would, however it grows or changes', () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom('a', 'bc', '\n', '\n\n', 'd\ne'), { maxLength: 30 }),
        fc.integer({ min: 1, max: 6 }),
        (pieces, step) => {
          const text = pieces.join('')
          const growing = new GrowingLines()
          for (let end = 0; end <= text.length + step; end += step)
            expect(growing.lines(text.slice(0, end))).toEqual(text.slice(0, end).split('\n'))
          expect(growing.lines('x\ny')).toEqual(['x', 'y'])
        },
      ),
    )
  })

  it('says truly how many lines at the start are those it gave the call before', () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom('a', 'bc', '\n', '\n\n', 'd\ne'), { maxLength: 30 }),
        fc.array(fc.integer({ min: 0, max: 8 }), { minLength: 1, maxLength: 20 }),
        (pieces, steps) => {
          const text = pieces.join('')
          const growing = new GrowingLines()
          let before: string[] = [...growing.lines('')]
          let end = 0
          for (const step of steps) {
            // Mostly growing; a step of 0 goes back to the start (a text that does not extend the last).
            end = step === 0 ? 0 : end + step
            const lines = growing.lines(text.slice(0, end))
            expect(growing.unchanged).toBeLessThanOrEqual(Math.min(lines.length, before.length))
            for (let i = 0; i < growing.unchanged; i++) expect(lines[i]).toBe(before[i])
            before = [...lines]
          }
        },
      ),
    )
    const growing = new GrowingLines()
    growing.lines('one\ntwo\nthr')
    growing.lines('one\ntwo\nthree\nfo')
    // Only the last line was cut again.
    expect(growing.unchanged).toBe(2)
  })

  it('keeps the lines before the last one as they were, in the same array', () => {
    const growing = new GrowingLines()
    const first = growing.lines('one\ntw')
    const line = first[0]
    const next = growing.lines('one\ntwo\nthr')
    expect(next).toBe(first)
    expect(next[0]).toBe(line)
    expect(next).toEqual(['one', 'two', 'thr'])
  })
})
