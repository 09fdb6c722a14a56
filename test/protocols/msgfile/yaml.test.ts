import { describe, expect, it } from 'vitest'
import { keyValue, parseYamlSubset } from '../../../src/protocols/msgfile/yaml'
import { forStrings } from '../../support/property'

describe('a key: value line of frontmatter', () => {
  it('reads as the pattern it replaced did, on any line of its characters', () => {
    const before = /^([^:]+?):(?:\s+(.*))?$/
    forStrings(/^[a:b \t\u2028]{0,16}$/, (line) => {
      const match = before.exec(line)
      expect(keyValue(line)).toEqual(match ? { key: match[1], value: match[2] } : null)
    })
  })

  it('is read in one pass when its spaces run to thousands', () => {
    expect(keyValue(`title:${'\t'.repeat(50_000)}x\u2028y`)).toBeNull()
    expect(parseYamlSubset(`title:${' '.repeat(50_000)}Notes\nsection: Discussion`)).toEqual({
      title: 'Notes',
      section: 'Discussion',
    })
  })
})
