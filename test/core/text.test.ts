import { describe, expect, it } from 'vitest'
import { ownString } from '../../src/core/text.js'
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
