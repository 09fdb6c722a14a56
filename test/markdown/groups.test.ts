import { describe, expect, it } from 'vitest'
import { AppendOnly, Groups } from '../../src/markdown/groups'

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

  it('hands out groups of items the caller says are unchanged without looking at them, and looks at the rest', () => {
    const groups = new Groups<string>(2)
    const items = ['a', 'b', 'c', 'd', 'e']
    const first = groups.of(items.length, (i) => items[i] as string)
    items.push('f')
    const looked: number[] = []
    const next = groups.of(
      items.length,
      (i) => {
        looked.push(i)
        return items[i] as string
      },
      4,
    )
    expect(next).toEqual([
      ['a', 'b'],
      ['c', 'd'],
      ['e', 'f'],
    ])
    expect(next[0]).toBe(first[0])
    expect(next[1]).toBe(first[1])
    // Only the group past the unchanged items was looked at (and made anew: it grew).
    expect(looked.every((i) => i >= 4)).toBe(true)
    expect(looked).toContain(5)
    // A group only partly unchanged is looked at whole.
    items[4] = 'x'
    const changed = groups.of(items.length, (i) => items[i] as string, 5)
    expect(changed[2]).toEqual(['x', 'f'])
  })
})

describe('AppendOnly', () => {
  it('counts the items an array given again had, and none for another array', () => {
    const seen = new AppendOnly<number>()
    const list = [1, 2]
    expect(seen.unchanged(list)).toBe(0)
    list.push(3, 4)
    expect(seen.unchanged(list)).toBe(2)
    expect(seen.unchanged(list)).toBe(4)
    expect(seen.unchanged([1, 2, 3, 4])).toBe(0)
  })

  it('lets a growing list hand out again the groups it had, made from the same items', () => {
    const groups = new Groups<number>(2)
    const seen = new AppendOnly<number>()
    const list = [1, 2, 3]
    const first = groups.of(list.length, (i) => list[i] as number, seen.unchanged(list))
    list.push(4, 5)
    const second = groups.of(list.length, (i) => list[i] as number, seen.unchanged(list))
    expect(second[0]).toBe(first[0])
    expect(second).toEqual([[1, 2], [3, 4], [5]])
  })
})
