import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { splitBlocks } from '../../../src/components/Markdown/blocks'

describe('splitBlocks', () => {
  it('splits at blank lines and keeps a fenced block whole, blank lines included', () => {
    const text = '# Title\n\nIntro line.\n\n```ts\nconst a = 1\n\nconst b = 2\n```\n\n- one\n- two'
    expect(splitBlocks(text)).toEqual(['# Title', 'Intro line.', '```ts\nconst a = 1\n\nconst b = 2\n```', '- one\n- two'])
  })

  it('keeps an indented continuation with its list item', () => {
    expect(splitBlocks('1. First\n\n   more about the first\n\n2. Second')).toEqual(['1. First\n\n   more about the first', '2. Second'])
  })

  it('does not split text that uses reference definitions', () => {
    const text = 'See [the docs][1].\n\n[1]: https://example.com'
    expect(splitBlocks(text)).toEqual([text])
  })

  it('keeps an unclosed fence open to the end', () => {
    expect(splitBlocks('Text\n\n```py\nprint(1)\n\nprint(2)')).toEqual(['Text', '```py\nprint(1)\n\nprint(2)'])
  })

  it('loses no non-blank line, in order, for any text', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom('a', '', '```', '  b', '- c', '~~~', '# d', '|x|'), { maxLength: 40 }), (lines) => {
        const text = lines.join('\n')
        const kept = splitBlocks(text).join('\n').split('\n').filter((line) => line.trim() !== '')
        expect(kept).toEqual(lines.filter((line) => line.trim() !== ''))
      }),
    )
  })
})
