import { describe, expect, it } from 'vitest'
import { formatCost, formatDuration, formatTokens } from '../../src/labels/format'
import { en, mergeLabels, zhCN } from '../../src/labels/labels'

describe('formatCost', () => {
  it.each([
    [0, '$0'],
    [0.02240772, '$0.0224'],
    [0.000413424, '$0.000413'],
    [0.022821143999999998, '$0.0228'],
    [0.00001, '<$0.0001'],
    [1, '$1.00'],
    [12.3456, '$12.35'],
    [1234.5, '$1,234.50'],
    [-0.5, '-$0.5'],
    [Number.NaN, '—'],
  ])('%s → %s', (value, expected) => expect(formatCost(value)).toBe(expected))
})

describe('formatTokens', () => {
  it.each([
    [0, '0'],
    [999, '999'],
    [1000, '1k'],
    [12_345, '12.3k'],
    [12_672, '12.7k'],
    [180_250, '180k'],
    [999_999, '1M'],
    [1_234_567, '1.2M'],
    [2_500_000_000, '2.5B'],
    [Number.POSITIVE_INFINITY, '—'],
  ])('%s → %s', (value, expected) => expect(formatTokens(value)).toBe(expected))
})

describe('formatDuration', () => {
  it.each([
    [58, '58 ms'],
    [414, '414 ms'],
    [1400, '1.4 s'],
    [12_400, '12 s'],
    [125_000, '2 min 5 s'],
    [120_000, '2 min'],
    [3_780_000, '1 h 3 min'],
    [7_200_000, '2 h'],
    [-1, '—'],
  ])('%s → %s', (value, expected) => expect(formatDuration(value)).toBe(expected))
})

describe('in the labels of the page', () => {
  it('writes a duration in Chinese units for the zh-CN labels', () => {
    expect(formatDuration(414, zhCN)).toBe('414 毫秒')
    expect(formatDuration(125_000, zhCN)).toBe('2 分钟 5 秒')
    expect(formatDuration(3_780_000, zhCN)).toBe('1 小时 3 分钟')
  })

  it('writes numbers with the decimal mark and grouping of the labels’ language', () => {
    const de = mergeLabels(en, { lang: 'de', durationUnits: { ...en.durationUnits, s: '{n} Sek.' } })
    expect(formatDuration(1400, de)).toBe('1,4 Sek.')
    expect(formatTokens(12_345, de)).toBe('12,3k')
    expect(formatCost(1234.5, de)).toBe('$1.234,50')
    expect(formatCost(0.0224, de)).toBe('$0,0224')
  })

  it('keeps the units a partial override leaves out', () => {
    const labels = mergeLabels(en, { durationUnits: { join: ', ' } as typeof en.durationUnits })
    expect(formatDuration(125_000, labels)).toBe('2 min, 5 s')
  })
})
