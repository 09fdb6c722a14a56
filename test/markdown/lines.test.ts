import { describe, expect, it } from 'vitest'
import { readFence } from '../../src/markdown/fence'
import { FENCE_ANYWHERE } from '../../src/markdown/lines'
import { hasDefinition, splitBlocks } from '../../src/markdown/split'
import { DELIMITER } from '../../src/markdown/table'
import { forStrings } from '../support/property'

// Each of these replaced a pattern that took more than linear time on some line (thousands of tabs,
// of lines opening a bracket): the same answers on any text of the characters that matter, and an
// answer on the hostile text of a size that hung the page.

describe('patterns read in one pass', () => {
  it('finds a reference definition where the pattern it replaced did', () => {
    const before = /^ {0,3}\[[^\]]+\]:\s/m
    forStrings(/^[[\] :a\n\r\t]{0,30}$/, (text) => expect(hasDefinition(text)).toBe(before.test(text)))
    expect(hasDefinition('[\n'.repeat(50_000))).toBe(false)
    expect(hasDefinition(`${'[\n'.repeat(50_000)}]: /url`)).toBe(true)
    expect(splitBlocks(`Text\n\n${' [\n'.repeat(20_000)}`)).toHaveLength(2)
  })

  it('reads a delimiter row as the pattern it replaced did', () => {
    const before = /^ {0,3}\|?\s*:?-+:?\s*(\|\s*:?-+:?\s*)*\|?\s*$/
    forStrings(/^[ \t|:\-x]{0,24}$/, (text) => expect(DELIMITER.test(text)).toBe(before.test(text)))
    expect(DELIMITER.test(`-|- ${'\t'.repeat(50_000)} -`)).toBe(false)
  })

  it('finds a fence on any line as the pattern it replaced did', () => {
    const before = /^\s*(`{3,}|~{3,})/m
    forStrings(/^[`~ \t\n\r\u00a0\u2028x]{0,24}$/, (text) => expect(FENCE_ANYWHERE.test(text)).toBe(before.test(text)))
    expect(FENCE_ANYWHERE.test('\n'.repeat(50_000))).toBe(false)
  })

  it('reads no fence from a first line with a line break of another kind in it, as before', () => {
    expect(readFence('```js\u2028more\ncode\n```')).toBeNull()
    expect(readFence('```js\rmore\ncode\n```')).toBeNull()
    expect(readFence(`${'`'.repeat(50_000)}\r`)).toBeNull()
    expect(readFence('  ```ts title\ncode\n  ```')).toEqual({ lang: 'ts', code: 'code', closed: true })
  })
})
