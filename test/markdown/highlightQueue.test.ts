import { describe, expect, it } from 'vitest'
import { cachedHighlight, requestHighlight, type HighlightResult } from '../../src/markdown/highlightQueue'
import { createShikiHighlighter } from '../../src/highlight/shiki'
import type { Highlighter } from '../../src/highlight/types'

const whenDone = (code: string, lang: string, highlighter: Highlighter) =>
  new Promise<HighlightResult>((resolve) => requestHighlight(code, lang, highlighter, null, resolve))

/** TypeScript of 200 lines whose comments and template strings span the queue's slices of lines. */
function longSource(): string {
  const out: string[] = []
  for (let i = 0; i < 20; i++) {
    out.push(
      `/*`,
      ` * block ${i}: a comment over`,
      ` * several lines`,
      ` */`,
      `const text${i} = \``,
      `  line one ${i}`,
      `  \${value} two`,
      '`',
      `export function f${i}(a: number) {`,
      `  return a + ${i}`,
      '}'.padEnd(1),
    )
  }
  return out.slice(0, 200).join('\n')
}

describe('the background highlight queue', () => {
  it('gives a long block, tokenized a slice at a time, exactly the tokens of the whole block at once', async () => {
    const highlighter = createShikiHighlighter()
    const code = longSource()
    const result = await whenDone(code, 'typescript', highlighter)
    const whole = highlighter.tokenize(code, 'typescript')
    expect(whole).not.toBeNull()
    expect(result.lines).toHaveLength(code.split('\n').length)
    expect(result.lines).toEqual(whole?.lines)
    // Kept: the same block asks for nothing again.
    expect(cachedHighlight(highlighter, 'typescript', code)?.lines).toEqual(whole?.lines)
  })

  it('tokenizes long lines a few to a call, never cutting one, and gives the tokens of the whole block at once', async () => {
    const highlighter = createShikiHighlighter()
    await highlighter.load('javascript')
    const calls: string[] = []
    const counting: Highlighter = {
      ...highlighter,
      tokenize(code, lang, state) {
        calls.push(code)
        return highlighter.tokenize(code, lang, state)
      },
    }
    // A minified bundle's lines (1,200 characters each) between short ones.
    const minified = 'function a(b,c){return b.map(function(x){return x*2+c["k"]})};'.repeat(20)
    const lines = Array.from({ length: 30 }, (_, i) => (i % 3 === 0 ? `const short${i} = ${i}` : `${minified}/*${i}*/`))
    const code = lines.join('\n')
    const result = await whenDone(code, 'javascript', counting)
    expect(result.lines).toEqual(highlighter.tokenize(code, 'javascript')?.lines)
    expect(calls.join('')).toBe(code)
    // Every call ends at a line's end, and holds one line past 2,000 characters at most.
    for (const call of calls) {
      expect(code.startsWith(call) || code.includes(`\n${call}`)).toBe(true)
      const callLines = call.replace(/\n$/, '').split('\n')
      expect(callLines.slice(0, -1).join('\n').length).toBeLessThan(2_000)
    }
    expect(calls.length).toBeGreaterThanOrEqual(10)
  })

  it('never answers while the block is still mounting: the tokens come in a later task', async () => {
    const highlighter = createShikiHighlighter()
    await highlighter.load('typescript')
    let answered = false
    const done = new Promise<void>((resolve) =>
      requestHighlight('const late = true', 'typescript', highlighter, null, () => {
        answered = true
        resolve()
      }),
    )
    expect(answered).toBe(false)
    await done
    expect(answered).toBe(true)
  })

  it('drops a block that unmounted before its turn', async () => {
    const highlighter = createShikiHighlighter()
    await highlighter.load('typescript')
    let cancelledAnswered = false
    const cancel = requestHighlight('const gone = 1', 'typescript', highlighter, null, () => {
      cancelledAnswered = true
    })
    cancel()
    await whenDone('const after = 2', 'typescript', highlighter)
    expect(cancelledAnswered).toBe(false)
    expect(cachedHighlight(highlighter, 'typescript', 'const gone = 1')).toBeUndefined()
  })

  it('lets a block in an unknown language go without an answer, and the others on', async () => {
    const highlighter = createShikiHighlighter()
    let answered = false
    requestHighlight('whatever', 'not-a-language', highlighter, null, () => {
      answered = true
    })
    await whenDone('let x = 1', 'typescript', highlighter)
    expect(answered).toBe(false)
  })
})
