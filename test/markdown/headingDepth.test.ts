import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { ShallowestHeading } from '../../src/markdown/headingDepth'

const read = (text: string) => new ShallowestHeading().read(text)

describe('ShallowestHeading', () => {
  it('finds the shallowest ATX or setext heading', () => {
    expect(read('no heading\n\njust text')).toBe(0)
    expect(read('### Steps\n\ntext\n\n#### Detail')).toBe(3)
    expect(read('## A\n\n# B')).toBe(1)
    expect(read('Title\n=====\n\n### Sub')).toBe(1)
    expect(read('Title\n---\n\n### Sub')).toBe(2)
    expect(read('   ## indented three')).toBe(2)
  })

  it('does not take for a heading what is not one', () => {
    // Code, a tag without a space, four spaces of indent, a break under a list or after a blank line.
    expect(read('```sh\n# a comment\n```\n\n### Real')).toBe(3)
    expect(read('~~~~\n# inside\n~~~\n# still inside\n~~~~\n')).toBe(0)
    expect(read('#hashtag\n\n    # code')).toBe(0)
    expect(read('- item\n---\n\ntext\n\n---')).toBe(0)
    expect(read('> quote\n===')).toBe(0)
  })

  it('gives the same answer read as it streams, token by token, as read whole', () => {
    const line = fc.constantFrom(
      '# One',
      '## Two',
      '#### Four',
      'text',
      '',
      '```',
      '~~~',
      '---',
      '===',
      '- item',
      '> quote',
      '    # code',
      '#tag',
    )
    fc.assert(
      fc.property(
        fc.array(line, { maxLength: 24 }),
        fc.array(fc.integer({ min: 1, max: 7 }), { minLength: 1, maxLength: 8 }),
        (lines, steps) => {
          const text = lines.join('\n')
          const streamed = new ShallowestHeading()
          let at = 0
          for (let i = 0; at < text.length; i++) {
            at = Math.min(text.length, at + (steps[i % steps.length] as number))
            streamed.read(text.slice(0, at))
          }
          expect(streamed.read(text)).toBe(read(text))
        },
      ),
    )
  })

  it('starts over when the text is replaced rather than grown', () => {
    const headings = new ShallowestHeading()
    expect(headings.read('# One\n\ntext')).toBe(1)
    expect(headings.read('### Three\n')).toBe(3)
  })
})
