import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { type FenceRead, readFence, readFenceAppend } from '../../src/markdown/fence'

describe('readFence', () => {
  it('reads a closed fence: its language and code', () => {
    expect(readFence('```ts title="a.ts"\nconst a = 1\n\nconst b = 2\n```')).toEqual({
      lang: 'ts',
      code: 'const a = 1\n\nconst b = 2',
      closed: true,
    })
    expect(readFence('~~~~\nx\n~~~~~')).toEqual({ lang: '', code: 'x', closed: true })
  })

  it('reads an open fence to the end, and holds back a closing fence being typed only while streaming', () => {
    expect(readFence('```py\nprint(1)\n``', true)).toEqual({ lang: 'py', code: 'print(1)', closed: false })
    expect(readFence('```py\nprint(1)\n``')).toEqual({ lang: 'py', code: 'print(1)\n``', closed: false })
    expect(readFence('```py\nprint(1)\n~~', true)?.code).toBe('print(1)\n~~')
  })

  it("removes the opening fence's indentation from the code", () => {
    expect(readFence('  ```\n    four\n  two\n```')?.code).toBe('  four\ntwo')
  })

  it('leaves to the parser what is not exactly one fence', () => {
    expect(readFence('``` a`b\nx\n```')).toBeNull()
    expect(readFence('```\nx\n```\nText after')).toBeNull()
    expect(readFence('```js &amp;\nx')).toBeNull()
    expect(readFence('Text\n```\nx\n```')).toBeNull()
  })
})

describe('readFenceAppend', () => {
  it('reads a growing block as readFence reads it whole, at every step and for every way of cutting it', () => {
    const PIECES = [
      '```ts\n',
      '~~~\n',
      'const a = 1\n',
      '\n',
      '``',
      '`',
      '```',
      '~~~',
      '  ```\n',
      'x',
      ' \n',
      '````\n',
      'after\n',
    ]
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom(...PIECES), { maxLength: 24 }),
        fc.integer({ min: 1, max: 5 }),
        fc.boolean(),
        (pieces, step, streaming) => {
          const block = pieces.join('')
          let read: FenceRead | null = null
          for (let end = step; end < block.length + step; end += step) {
            const prefix = block.slice(0, end)
            read = readFenceAppend(read, prefix, streaming)
            expect(read.fence).toEqual(readFence(prefix, streaming))
          }
        },
      ),
      { numRuns: 400 },
    )
  })

  it('hands out the code of an open fence as a slice, without splitting it into lines', () => {
    const first = readFenceAppend(null, '```py\nprint(1)\n', true)
    const next = readFenceAppend(first, '```py\nprint(1)\nprint(2)', true)
    expect(next.fence).toEqual({ lang: 'py', code: 'print(1)\nprint(2)', closed: false })
    expect(next.contentStart).toBe(6)
    // Closed, it is read whole once; after that it is not an open fence to extend.
    const closed = readFenceAppend(next, '```py\nprint(1)\nprint(2)\n```', true)
    expect(closed.fence?.closed).toBe(true)
    expect(closed.contentStart).toBe(-1)
  })
})
