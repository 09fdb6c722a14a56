import { describe, expect, it } from 'vitest'
import { Groups } from '../../../src/components/Markdown/groups'

describe('Groups', () => {
  it('cuts items into groups, and hands out a group again as the same array while its items are the same', () => {
    const groups = new Groups<string>(2)
    const items = ['a', 'b', 'c']
    const first = groups.of(items.length, (i) => items[i] as string)
    expect(first).toEqual([['a', 'b'], ['c']])
    items.push('d', 'e')
    const next = groups.of(items.length, (i) => items[i] as string)
    expect(next).toEqual([['a', 'b'], ['c', 'd'], ['e']])
    expect(next[0]).toBe(first[0])
    expect(next[1]).not.toBe(first[1])
    items[0] = 'z'
    const changed = groups.of(items.length, (i) => items[i] as string)
    expect(changed[0]).toEqual(['z', 'b'])
    expect(changed[0]).not.toBe(next[0])
    expect(changed[1]).toBe(next[1])
    expect(groups.of(0, () => 'x')).toEqual([])
  })
})
