import { describe, expect, it } from 'vitest'
import { createIdGenerator } from '../../src/core/ids'

describe('id generator', () => {
  it('makes ids that sort by creation time, deterministic for a fixed clock and randomness', () => {
    // opencode minted msg_e797b2a8d001… 14 ms before it stamped time.created (1780154575515).
    let time = 1_780_154_575_501
    const next = createIdGenerator({ now: () => time, random: () => 0.5 })
    const first = next('msg')
    time += 1
    const second = next('msg')
    const third = next('msg')
    expect([third, first, second].sort()).toEqual([first, second, third])
    expect(first.slice(0, 16)).toBe('msg_e797b2a8d001')
    expect(createIdGenerator({ now: () => 1_780_154_575_501, random: () => 0.5 })('msg')).toBe(first)
  })
})
