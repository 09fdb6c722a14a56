import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { hashOf, IdMap } from '../../src/core/idMap'

// Found once by the birthday bound over `prt_<n>`; the test checks that they still collide.
const COLLIDING: [string, string] = ['prt_49511', 'prt_1327780']

const op = fc.oneof(
  fc.record({
    kind: fc.constant('set' as const),
    key: fc.string({ maxLength: 3 }),
    value: fc.integer({ min: 0, max: 5 }),
  }),
  fc.record({ kind: fc.constant('delete' as const), key: fc.string({ maxLength: 3 }) }),
)

describe('IdMap', () => {
  it('behaves like a Map under any sequence of writes, and never changes an older version', () => {
    fc.assert(
      fc.property(fc.array(op, { maxLength: 200 }), (ops) => {
        let map = IdMap.empty<number>()
        const model = new Map<string, number>()
        const versions: [IdMap<number>, [string, number][]][] = []
        for (const write of ops) {
          const before = map
          if (write.kind === 'set') {
            const same = model.get(write.key) === write.value
            map = map.set(write.key, write.value)
            model.set(write.key, write.value)
            if (same) expect(map).toBe(before)
          } else {
            const absent = !model.has(write.key)
            map = map.delete(write.key)
            model.delete(write.key)
            if (absent) expect(map).toBe(before)
          }
          versions.push([map, [...model.entries()]])
        }
        expect(map.size).toBe(model.size)
        expect([...map.entries()].sort()).toEqual([...model.entries()].sort())
        for (const [key, value] of model) expect(map.get(key)).toBe(value)
        for (const [version, entries] of versions) {
          expect(version.size).toBe(entries.length)
          for (const [key, value] of entries) expect(version.get(key)).toBe(value)
        }
      }),
    )
  })

  it('holds thousands of ids and keeps every value reachable', () => {
    let map = IdMap.empty<number>()
    for (let i = 0; i < 5000; i++) map = map.set(`msg_${i.toString(36)}`, i)
    expect(map.size).toBe(5000)
    for (let i = 0; i < 5000; i += 7) expect(map.get(`msg_${i.toString(36)}`)).toBe(i)
    for (let i = 0; i < 5000; i += 2) map = map.delete(`msg_${i.toString(36)}`)
    expect(map.size).toBe(2500)
    expect(map.has('msg_0')).toBe(false)
    expect(map.get('msg_1')).toBe(1)
    expect([...map.values()].every((value) => value % 2 === 1)).toBe(true)
  })

  it('keeps keys whose hashes collide apart', () => {
    const [a, b] = COLLIDING
    expect(hashOf(a)).toBe(hashOf(b))
    let map = IdMap.from([
      ['x', 0],
      [a, 1],
      [b, 2],
    ])
    expect(map.get(a)).toBe(1)
    expect(map.get(b)).toBe(2)
    expect(map.set(b, 2)).toBe(map)
    map = map.set(b, 3)
    expect([map.get(a), map.get(b), map.size]).toEqual([1, 3, 3])
    map = map.delete(a)
    expect([map.has(a), map.get(b), map.size]).toEqual([false, 3, 2])
    expect(map.delete(a)).toBe(map)
  })

  it('builds from a plain object and converts back', () => {
    const map = IdMap.from({ a: 1, b: 2 })
    expect(map.toObject()).toEqual({ a: 1, b: 2 })
    expect(Object.fromEntries(map)).toEqual({ a: 1, b: 2 })
    expect([...map.keys()].sort()).toEqual(['a', 'b'])
  })
})
