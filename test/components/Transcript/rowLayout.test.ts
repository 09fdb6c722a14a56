import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { ESTIMATE, messageHeightGuess, RowLayout } from '../../../src/components/Transcript/rowLayout'
import type { Part } from '../../../src/core/model/types'
import reply from '../../fixtures/streaming/reply.md?raw'

const ids = (n: number, prefix = 'm') => Array.from({ length: n }, (_, i) => `${prefix}${i}`)

describe('RowLayout', () => {
  it('places rows by their measured heights, estimating the others', () => {
    const rows = new RowLayout()
    rows.setIds(ids(4))
    expect(rows.top(4)).toBe(4 * ESTIMATE)
    expect(rows.measure('m1', 100)).toBe(100 - ESTIMATE)
    expect([0, 1, 2, 3, 4].map((i) => rows.top(i))).toEqual([
      0,
      ESTIMATE,
      ESTIMATE + 100,
      2 * ESTIMATE + 100,
      3 * ESTIMATE + 100,
    ])
    expect(rows.measure('m1', 100)).toBe(0)
  })

  it('places a row not measured yet by its estimate, asked once, until it is measured', () => {
    const asked: string[] = []
    const rows = new RowLayout((id) => {
      asked.push(id)
      return id === 'long' ? 5000 : 100
    })
    rows.setIds(['a', 'long', 'b'])
    expect(rows.top(3)).toBe(5200)
    expect(rows.rowAt(4000)).toBe(1)
    // The first rows that fill a view are one long reply, not a screenful of default-sized rows.
    expect(rows.lastRows(2400)).toEqual({ start: 1, end: 3 })
    expect(rows.measure('long', 4800)).toBe(-200)
    expect(rows.top(3)).toBe(5000)
    rows.setIds(['a', 'long', 'b', 'c'])
    expect(rows.top(4)).toBe(5100)
    expect(asked).toEqual(['a', 'long', 'b', 'c'])
  })

  it('guesses a message from its parts: a long reply far taller than a short one, finished tools and reasoning a line each', () => {
    const text = (value: string): Part => ({ id: 'p', sessionID: 's', messageID: 'm', type: 'text', text: value })
    const short = messageHeightGuess([text('Done.')])
    const long = messageHeightGuess([text(reply)])
    // The 15 KB reply lays out at about 6,400 px wide of 760 px.
    expect(long).toBeGreaterThan(4000)
    expect(long).toBeLessThan(9000)
    expect(short).toBeLessThan(150)
    const tool = {
      id: 't',
      sessionID: 's',
      messageID: 'm',
      type: 'tool',
      callID: 'c',
      tool: 'bash',
      state: { status: 'completed', input: {}, output: reply, title: '', metadata: {}, time: { start: 1, end: 2 } },
    } as Part
    expect(messageHeightGuess([text('Done.'), tool])).toBeLessThan(short + 60)
    expect(messageHeightGuess([])).toBeGreaterThan(0)
  })

  it('finds the row under a position, and the last rows that fill a height', () => {
    const rows = new RowLayout()
    rows.setIds(ids(10))
    for (const id of ids(10)) rows.measure(id, 50)
    expect(rows.rowAt(0)).toBe(0)
    expect(rows.rowAt(49)).toBe(0)
    expect(rows.rowAt(50)).toBe(1)
    expect(rows.rowAt(10_000)).toBe(10)
    expect(rows.lastRows(120)).toEqual({ start: 7, end: 10 })
  })

  it('keeps measured heights when rows are added, removed or reordered', () => {
    const rows = new RowLayout()
    rows.setIds(['a', 'b', 'c'])
    rows.measure('b', 10)
    rows.setIds(['b', 'c', 'd'])
    expect(rows.indexOf('b')).toBe(0)
    expect(rows.indexOf('a')).toBe(-1)
    expect(rows.top(1)).toBe(10)
  })

  it('agrees with a plain sum of heights after any sequence of measures and appends (property)', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.oneof(
            fc.record({ measure: fc.nat(30), height: fc.integer({ min: 1, max: 500 }) }),
            fc.record({ append: fc.integer({ min: 1, max: 5 }) }),
          ),
          { maxLength: 40 },
        ),
        (steps) => {
          const rows = new RowLayout()
          let list = ids(5)
          rows.setIds(list)
          const heights = new Map<string, number>()
          for (const step of steps) {
            if ('append' in step) {
              list = [...list, ...ids(step.append, `n${list.length}_`)]
              rows.setIds(list)
            } else {
              const id = list[step.measure % list.length] as string
              rows.measure(id, step.height)
              heights.set(id, step.height)
            }
          }
          let sum = 0
          for (let i = 0; i < list.length; i++) {
            expect(rows.top(i)).toBe(sum)
            sum += heights.get(list[i] as string) ?? ESTIMATE
          }
          expect(rows.top(list.length)).toBe(sum)
        },
      ),
      { numRuns: 200 },
    )
  })
})
