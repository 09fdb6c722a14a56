import { act, render } from '@testing-library/react'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { ChatpartsProvider } from '../../../src/components/shared/config'
import { splitBlocks } from '../../../src/markdown/split'
import { intricacy, IntricacyReader, LIMITS } from '../../../src/markdown/intricacy'
import { TextPart } from '../../../src/components/TextPart/TextPart'
import reply from '../../fixtures/streaming/reply.md?raw'

const R = (piece: string, times: number) => piece.repeat(times)

// Shapes that cost micromark more than linear time (seconds for tens of KB), each past its limit.
const HOSTILE: [string, string, string][] = [
  ['nested brackets', R('[', 5_000) + 'x' + R(']', 5_000), 'nesting'],
  ['nested images', R('![', 2_000) + 'x' + R(']', 2_000), 'nesting'],
  ['references left open', R('[a][', 2_000), 'nesting'],
  ['list markers on one line', R('- ', 2_000) + 'x', 'nesting'],
  ['ordered markers on one line', R('1. ', 2_000) + 'x', 'nesting'],
  ['quotes and items on one line', R('> - ', 1_000) + 'x', 'nesting'],
  ['a list nested by indent', Array.from({ length: 200 }, (_, i) => R('  ', i) + '- a').join('\n'), 'nesting'],
  ['long runs of stars', R('*', 3_000) + 'w' + R('*', 3_000), 'marks'],
  ['long runs of underscores', R('_', 3_000) + 'w' + R('_', 3_000), 'marks'],
  ['stars and underscores', R('*_', 5_000) + 'x', 'marks'],
  ['emphasis opened in links', R('*[a*', 5_000), 'nesting'],
  ['a word after each star', R('*a', 5_000), 'marks'],
  ['emphasis over thousands of lines', R('*_\n', 3_000), 'marks'],
  ['underlined headings', R('a\n=\n', 2_000), 'headings'],
  ['underlined headings apart, one block by a reference', '[r]: /u\n\n' + R('a\n-\n\n', 2_000), 'headings'],
]

describe('markup too intricate to parse', () => {
  it.each(HOSTILE)('is found in %s', (_, text, kind) => {
    expect(intricacy(text)).toBe(kind)
  })

  it('is not found in a real reply, nor in what replies write at length', () => {
    for (const block of splitBlocks(reply)) expect(intricacy(block), block).toBeNull()
    const shapes = [
      // A table of 500 rows with bold cells: each cell is a paragraph of its own.
      '| name | state |\n|---|---|\n' + R('| **alpha** | __done__ |\n', 500),
      // A list of 500 items with bold text and links.
      R('- **Item** with [a link](https://example.com) and *stress*\n', 500),
      // A paragraph of 200 bold phrases, and one of code names with underscores.
      R('Some **bold words** here. ', 200),
      R('call get_user_by_id and set_the_value_now ', 2_000),
      // Separators of 80 stars, dashes or underscores.
      `Text\n\n${R('*', 80)}\n\n${R('-', 80)}\n\n${R('_', 80)}\n\nMore`,
      // Code with long runs and brackets, fenced, in a list item and in a quote.
      '```\n' + R('*', 500) + '\n' + R('[', 500) + '\n```',
      '- item\n  ```\n  ' + R('[[', 300) + '\n  ```',
      '> ```\n> ' + R('_', 300) + '\n> ```',
      // Lists nested eight deep, quotes six deep.
      Array.from({ length: 8 }, (_, i) => R('  ', i) + '- level').join('\n'),
      R('> ', 6) + 'deep quote',
      // Forty setext headings in a block of notes.
      R('Title\n=====\n\n', 40),
    ]
    for (const text of shapes) expect(intricacy(text), text.slice(0, 80)).toBeNull()
  })

  it('is found by its cost, not its marks alone: under the limits, nothing', () => {
    expect(intricacy(R('[', LIMITS.brackets) + 'x' + R(']', LIMITS.brackets))).toBeNull()
    expect(intricacy(R('[', LIMITS.brackets + 1) + 'x')).toBe('nesting')
    expect(intricacy(R('- ', LIMITS.containers) + 'x')).toBeNull()
    expect(intricacy(R('- ', LIMITS.containers + 1) + 'x')).toBe('nesting')
    expect(intricacy(R('*', LIMITS.run) + 'w' + R('*', LIMITS.run))).toBeNull()
    expect(intricacy(R('*', LIMITS.run + 1) + 'w')).toBe('marks')
    // Brackets and emphasis count per paragraph: the same marks in paragraphs apart are fine.
    expect(intricacy(R(R('[', LIMITS.brackets) + 'x\n\n', 20))).toBeNull()
    expect(intricacy(R('a\n=\n\n', LIMITS.headings))).toBeNull()
    expect(intricacy('[r]: /u\n\n' + R('a\n=\n\n', LIMITS.headings + 1))).toBe('headings')
  })

  it('does not count what the parser reads as code or as another paragraph', () => {
    // A fence holds its lines until it closes; a line with fewer `>` ends the quote and the fence.
    expect(intricacy('```\n' + R('[', 100) + '\n```')).toBeNull()
    expect(intricacy('```\n' + R('[', 100) + '\n```\n' + R('[', 100))).toBe('nesting')
    expect(intricacy('> ```\n> x\n' + R('[', 100))).toBe('nesting')
    expect(intricacy('- ```\n  x\n' + R('[', 100))).toBe('nesting')
    // Outside a list, a fence indented by two keeps lines indented less.
    expect(intricacy('  ```\n' + R('[', 100) + '\n  ```')).toBeNull()
    // A backtick fence with a backtick after it is no fence.
    expect(intricacy('```a`\n' + R('[', 100))).toBe('nesting')
    // Indented code is code, unless it goes on a paragraph or sits in a list.
    expect(intricacy('    ' + R('[', 100))).toBeNull()
    expect(intricacy('text\n    ' + R('[', 100))).toBe('nesting')
    // An ordered item that does not start at 1 cannot break a paragraph: its marks count with it.
    const line = R('[', 20) + '\n'
    expect(intricacy('text\n' + R('2. ' + line, 3))).toBe('nesting')
    expect(intricacy('- a\n' + R('2. ' + line, 3))).toBeNull()
    // A table's cells are paragraphs of their own; after a blank line the pipes are text again.
    const cells = R('|' + R('[', 20), 3)
    expect(intricacy(`| a | b |\n|---|---|\n${cells}`)).toBeNull()
    expect(intricacy(`| a | b |\n|---|---|\n| 1 | 2 |\n\n${cells}`)).toBe('nesting')
  })

  it('reads a growing block as it reads the whole, at every step', () => {
    const piece = fc.constantFrom(
      '[',
      ']',
      '*',
      '_',
      '*_',
      '- ',
      '> ',
      '1. ',
      '2. ',
      '\n',
      '\n\n',
      '```\n',
      '~~~',
      '|',
      '|---|\n',
      'a',
      'word ',
      '  ',
      '=\n',
      '\\[',
      '#',
      R('[', 11),
      R('- ', 9),
      R('*', 33),
    )
    let found = 0
    fc.assert(
      fc.property(
        fc.array(piece, { minLength: 150, maxLength: 400 }),
        fc.array(fc.integer({ min: 1, max: 9 }), { minLength: 1, maxLength: 40 }),
        (pieces, steps) => {
          const text = pieces.join('')
          const reader = new IntricacyReader()
          let end = 0
          for (let i = 0; end < text.length; i++) {
            end = Math.min(text.length, end + (steps[i % steps.length] as number) * 7)
            const verdict = reader.read(text.slice(0, end))
            expect(verdict).toBe(intricacy(text.slice(0, end)))
            if (verdict) found++
          }
        },
      ),
      { numRuns: 300 },
    )
    // The texts reach the limits often enough for the comparison to mean something.
    expect(found).toBeGreaterThan(100)
    // A block replaced rather than grown is read again from its start.
    const reader = new IntricacyReader()
    expect(reader.read(R('[', 40))).toBe('nesting')
    expect(reader.read('plain')).toBeNull()
  })
})

const part = (text: string) => ({ id: 'prt_1', sessionID: 'ses_1', messageID: 'msg_1', type: 'text' as const, text })

describe('a block too intricate to parse, on the page', () => {
  const hostile = R('- ', 3_000) + 'x'
  const text = `Before, **formatted**.\n\n${hostile}\n\nAfter, *formatted*.`

  it('is shown as written under a note, every character of it, and the blocks around it formatted', () => {
    const { container } = render(
      <ChatpartsProvider highlighter={null}>
        <TextPart part={part(text)} />
      </ChatpartsProvider>,
    )
    const block = container.querySelector('.cp-md-unformatted')
    expect(block?.getAttribute('data-intricacy')).toBe('nesting')
    expect(block?.querySelector('.cp-md-unformatted__note')?.textContent).toMatch(/shown as written/i)
    expect(block?.querySelector('.cp-md-unformatted__text')?.textContent).toBe(hostile)
    expect(container.querySelectorAll('li')).toHaveLength(0)
    expect(container.querySelector('strong')?.textContent).toBe('formatted')
    expect(container.querySelector('em')?.textContent).toBe('formatted')
  })

  it('ends, streamed token by token, as a fresh render of the whole text', () => {
    const fresh = render(
      <ChatpartsProvider highlighter={null}>
        <TextPart part={part(text)} />
      </ChatpartsProvider>,
    ).container.innerHTML
    const view = render(
      <ChatpartsProvider highlighter={null}>
        <TextPart part={part('')} streaming />
      </ChatpartsProvider>,
    )
    for (let end = 0; end < text.length; end += 97) {
      act(() =>
        view.rerender(
          <ChatpartsProvider highlighter={null}>
            <TextPart part={part(text.slice(0, end))} streaming />
          </ChatpartsProvider>,
        ),
      )
    }
    act(() =>
      view.rerender(
        <ChatpartsProvider highlighter={null}>
          <TextPart part={part(text)} />
        </ChatpartsProvider>,
      ),
    )
    expect(view.container.innerHTML).toBe(fresh)
  })
})
