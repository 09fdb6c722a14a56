import { describe, expect, it } from 'vitest'
import { LineHighlights } from '../../../src/components/Markdown/lineHighlights.js'
import { fakeHighlighter } from '../helpers.js'

const text = (tokens: ({ content: string }[] | undefined)[]) => tokens.map((line) => line?.map((t) => t.content).join('') ?? null)

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
    expect(new LineHighlights().tokens(['a', 'b'], 2, 'typescript', highlighter)).toEqual([])
  })
})
