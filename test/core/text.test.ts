import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { extendsText, ownString } from '../../src/core/text.js'
import { heapKeptBy } from '../support/heap.js'

const MB = 1024 * 1024

describe('ownString', () => {
  it('gives the same text', () => {
    for (const text of ['', 'a', 'twelve chars', 'thirteen char', 'x'.repeat(10_000), 'héllo wörld — 文字 🙂 and more'])
      expect(ownString(text)).toBe(text)
  })

  it('keeps none of the string a slice was cut from', () => {
    // 40 texts of 1 MB, each made by appending (as a stream makes its text), a 40-character slice
    // kept of each: the slices alone keep every text; owned, only their 40 characters each.
    const slices = (own: boolean) => () => {
      const kept: string[] = []
      for (let i = 0; i < 40; i++) {
        const text = `${i} ${'word '.repeat(200_000)}`
        const slice = text.slice(100, 140)
        kept.push(own ? ownString(slice) : slice)
      }
      return kept
    }
    expect(heapKeptBy(slices(false))).toBeGreaterThan(20 * MB)
    expect(heapKeptBy(slices(true))).toBeLessThan(1 * MB)
  })
})

describe('extendsText', () => {
  it('answers as startsWith does, for prefixes, near misses and unrelated strings', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme' }), fc.string({ unit: 'grapheme' }), fc.nat(), (a, b, cut) => {
        const text = a + b
        const prefix = text.slice(0, cut % (text.length + 1))
        expect(extendsText(text, prefix)).toBe(true)
        expect(extendsText(text, b)).toBe(text.startsWith(b))
        expect(extendsText(a, text)).toBe(a.startsWith(text))
        if (prefix.length > 0) {
          const changed = `${prefix.slice(0, -1)}${prefix.at(-1) === 'x' ? 'y' : 'x'}`
          expect(extendsText(text, changed)).toBe(false)
        }
      }),
    )
  })
})
