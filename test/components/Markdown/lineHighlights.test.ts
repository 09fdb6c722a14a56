import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { GrowingLines } from '../../../src/components/Markdown/blocks.js'
import { LineHighlights, type LineTokens } from '../../../src/components/Markdown/lineHighlights.js'
import { fakeHighlighter } from '../helpers.js'

const text = ({ complete, live }: LineTokens) => [...complete, ...(live ? [live] : [])].map((line) => line.map((t) => t.content).join(''))

describe('LineHighlights', () => {
  it('highlights only the lines added since the last call, and the live line without keeping it', async () => {
    const { highlighter, calls, release } = fakeHighlighter()
    release()
    await highlighter.load('typescript')
    const cache = new LineHighlights()
    expect(text(cache.tokens(['const a = 1', 'const b'], 1, 'typescript', highlighter))).toEqual(['const a = 1', 'const b'])
    calls.length = 0
    expect(text(cache.tokens(['const a = 1', 'const b = 2', 'x'], 2, 'typescript', highlighter))).toEqual(['const a = 1', 'const b = 2', 'x'])
    // The first line was not tokenized again; the second was, once, as a complete line.
    expect(calls).toEqual(['const b = 2\n', 'x'])
  })

  it('is a memo: the same input gives the same tokens whatever was asked before', async () => {
    const { highlighter, release } = fakeHighlighter()
    release()
    await Promise.all([highlighter.load('typescript'), highlighter.load('python')])
    const warm = new LineHighlights()
    warm.tokens(['a b', 'c d e', 'f'], 3, 'typescript', highlighter)
    warm.tokens(['other'], 1, 'python', highlighter)
    const fresh = new LineHighlights()
    const input = ['a b', 'c d', 'e f g']
    expect(warm.tokens(input, 2, 'typescript', highlighter)).toEqual(fresh.tokens(input, 2, 'typescript', highlighter))
    // Asked again (a second render of the same props), nothing changes.
    expect(warm.tokens(input, 2, 'typescript', highlighter)).toEqual(fresh.tokens(input, 2, 'typescript', highlighter))
  })

  it('leaves lines plain while the grammar is not loaded', () => {
    const { highlighter } = fakeHighlighter()
    expect(new LineHighlights().tokens(['a', 'b'], 2, 'typescript', highlighter)).toEqual({ complete: [], live: undefined })
  })

  it('gives the tokens of a whole-block highlight at every step of a growing block, and starts over when an earlier line changes', async () => {
    const { highlighter, release } = fakeHighlighter()
    release()
    await highlighter.load('typescript')
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
      fc.property(fc.array(fc.constantFrom('a', 'bc', '\n', '\n\n', 'd\ne'), { maxLength: 30 }), fc.integer({ min: 1, max: 6 }), (pieces, step) => {
        const text = pieces.join('')
        const growing = new GrowingLines()
        for (let end = 0; end <= text.length + step; end += step) expect(growing.lines(text.slice(0, end))).toEqual(text.slice(0, end).split('\n'))
        expect(growing.lines('x\ny')).toEqual(['x', 'y'])
      }),
    )
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
