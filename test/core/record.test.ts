import { describe, expect, it } from 'vitest'
import { keepRecent } from '../../src/core/record'

describe('keepRecent', () => {
  it('keeps the most recently set entries, a key set again becoming the most recent', () => {
    const map = new Map<string, number>()
    for (const [key, value] of [
      ['a', 1],
      ['b', 2],
      ['c', 3],
    ] as const)
      keepRecent(map, key, value, 3)
    // A hit on the oldest makes it the most recent: the next one in drops `b`, not `a`.
    keepRecent(map, 'a', 1, 3)
    keepRecent(map, 'd', 4, 3)
    expect([...map]).toEqual([
      ['c', 3],
      ['a', 1],
      ['d', 4],
    ])
    // A value set again under its key replaces it, in place of the most recent.
    keepRecent(map, 'c', 30, 3)
    expect([...map]).toEqual([
      ['a', 1],
      ['d', 4],
      ['c', 30],
    ])
  })
})
