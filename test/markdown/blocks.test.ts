import fc from 'fast-check'
import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import ReactMarkdown from 'react-markdown'
import { describe, expect, it } from 'vitest'
import {
  DELIMITER,
  extendsText,
  FENCE_ANYWHERE,
  GrowingLines,
  type FenceRead,
  hasDefinition,
  itemContent,
  ListReader,
  readFence,
  readFenceAppend,
  type SplitText,
  splitAppend,
  splitBlocks,
  splitListItems,
  withLineEnding,
} from '../../src/markdown/blocks'
import { type MathSyntax, remarkMathDouble } from '../../src/markdown/math'
import { remarkGfmParse } from '../../src/markdown/gfm'
import { ParagraphReader } from '../../src/markdown/paragraph'
import { heapKeptBy } from '../support/heap'
import { forStrings } from '../support/property'
import reply from '../fixtures/streaming/reply.md?raw'

describe('splitBlocks', () => {
  it('splits at blank lines and keeps a fenced block whole, blank lines included', () => {
    const text = '# Title\n\nIntro line.\n\n```ts\nconst a = 1\n\nconst b = 2\n```\n\n- one\n- two'
    expect(splitBlocks(text)).toEqual([
      '# Title',
      'Intro line.',
      '```ts\nconst a = 1\n\nconst b = 2\n```',
      '- one\n- two',
    ])
  })

  it('keeps an indented continuation with its list item, and a loose list as one block', () => {
    expect(splitBlocks('1. First\n\n   more about the first\n\n2. Second')).toEqual([
      '1. First\n\n   more about the first\n\n2. Second',
    ])
    // Items separated by blank lines are one list (CommonMark): one block, not one list per item.
    expect(splitBlocks('Intro.\n\n- a\n\n- b\n\n- c\n\nAfter.')).toEqual(['Intro.', '- a\n\n- b\n\n- c', 'After.'])
    expect(splitBlocks('1. a\n   - nested\n\n2. b')).toEqual(['1. a\n   - nested\n\n2. b'])
    // A tab indents to the next multiple of four columns: past the item's content, the line is the item's.
    expect(splitBlocks('* star\n\n\tmore of star')).toEqual(['* star\n\n\tmore of star'])
    expect(splitBlocks('- a\n\n  text\twith a tab')).toEqual(['- a\n\n  text\twith a tab'])
    // A quote or a fence not indented to the item's content ends the list: indented code after it
    // and a blank line is code, and an empty item after that a paragraph (as micromark reads it).
    for (const text of ['1) a\n>\n\n    code\n\n- ', '1) a\n```\n```\n\n\tcode\n\n- '])
      expect(splitBlocks(text)).toEqual([text])
    // Indented code ends a table, and follows a thematic break, a heading's underline or a closed
    // fence (in or after an item with no paragraph): after it and a blank line, `10.` is a paragraph.
    for (const text of [
      '| a | b |\n|---|---|\n    code\n\n10.',
      'x | y\n--|--\n1 | 2\n    code\n\n10. ten',
      '---\n    code\n\n10. ten',
      '-\n===\n===\n    code\n\n10. ten',
      '- a\n  ```\n  x\n  ```\nafter\n===\n    code\n\n10. ten',
      // A lone `-` under a paragraph's line is its heading's underline, not an empty item; a
      // thematic break ends a list whose item it is not in.
      'more *text*\n-\n    indented code\n\n10. tenth',
      '  - nested\n---\n    indented code\n\n10.',
    ])
      expect(splitBlocks(text), text).toEqual([text])
    // Under a quote's line a `-` is an item (an underline cannot continue a quote lazily).
    expect(splitBlocks('> quoted\n-\n   # three in')).toEqual(['> quoted\n-\n   # three in'])
    // Indentation is spaces and tabs only: a no-break space is text.
    expect(splitBlocks('- a\n\n\u00a0\u00a0after')).toEqual(['- a', '\u00a0\u00a0after'])
    // Lines indented three under `10.` (whose content is four in) are no part of its item: after a
    // blank line each starts a block of its own, a code fence among them too.
    expect(splitBlocks('10. **Ten.**\n\n   Some text.\n\n   ```ts\n   const x = 1\n   ```\n\n   After.')).toEqual([
      '10. **Ten.**',
      '   Some text.',
      '   ```ts\n   const x = 1\n   ```',
      '   After.',
    ])
    // A paragraph ends at a blank line: a line indented less than code after it starts a block (the
    // paragraph read in pieces is not parsed whole again from there); code stays with the block.
    expect(splitBlocks('Text.\n\n  more text\n\n    code')).toEqual(['Text.', '  more text\n\n    code'])
    expect(splitBlocks('Text.\n\n   - an item')).toEqual(['Text.', '   - an item'])
    // Another marker starts another list; a paragraph between two lists ends the first.
    expect(splitBlocks('- a\n\n* b')).toEqual(['- a', '* b'])
    expect(splitBlocks('1. a\n\n2) b')).toEqual(['1. a', '2) b'])
    expect(splitBlocks('- a\n\nText.\n\n- b')).toEqual(['- a', 'Text.', '- b'])
    // After a blank line, text indented less than the item's content ends the list (`10. ` is four wide).
    expect(splitBlocks('9. a\n\n   more of a\n\n10. b\n\n   not of b\n\n11. c')).toEqual([
      '9. a\n\n   more of a\n\n10. b',
      '   not of b',
      '11. c',
    ])
  })

  it('makes a heading or a thematic break a block of its own, unless it is in a list item', () => {
    expect(splitBlocks('## Steps\nDo this.\n## Then\n- an item\n***\nMore text\n# End')).toEqual([
      '## Steps',
      'Do this.',
      '## Then',
      '- an item',
      '***',
      'More text',
      '# End',
    ])
    expect(splitBlocks('- a\n  # in the item\n  * * *\n- b')).toEqual(['- a\n  # in the item\n  * * *\n- b'])
    expect(splitBlocks('1. a\n   # in the item')).toEqual(['1. a\n   # in the item'])
    // `10. ` is four wide: three spaces are not in the item, and the heading ends the list.
    expect(splitBlocks('10. a\n   # after the list')).toEqual(['10. a', '   # after the list'])
    // `#tag` is no heading; `---` under text makes it a heading, and stays with it.
    expect(splitBlocks('#tag and text\nmore\nTitle\n---')).toEqual(['#tag and text\nmore\nTitle\n---'])
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
      fc.property(
        fc.array(fc.constantFrom('a', '', '```', '  b', '- c', '~~~', '# d', '|x|'), { maxLength: 40 }),
        (lines) => {
          const text = lines.join('\n')
          const kept = splitBlocks(text)
            .join('\n')
            .split('\n')
            .filter((line) => line.trim() !== '')
          expect(kept).toEqual(lines.filter((line) => line.trim() !== ''))
        },
      ),
    )
  })
})

const LINES = [
  'a',
  '',
  '```',
  '  b',
  '- c',
  '~~~',
  '# d',
  '|x|',
  '1. e',
  '    f',
  '[r]: u',
  ' ',
  '<!--',
  '-->',
  '<div>',
  '<pre>',
  '* * *',
]

/** The blocks a split gives, finished and live, as splitBlocks lists them. */
const blocksOf = (split: SplitText): string[] => [...split.finished, ...(split.live === null ? [] : [split.live])]

describe('splitAppend', () => {
  it('gives the blocks of splitBlocks at every step of a text appended piece by piece', () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom(...LINES), { maxLength: 30 }),
        fc.integer({ min: 1, max: 7 }),
        (lines, step) => {
          const text = lines.join('\n')
          let split: SplitText | null = null
          for (let end = 0; end <= text.length; end += step) {
            const prefix = text.slice(0, end)
            split = splitAppend(split, prefix)
            expect(blocksOf(split)).toEqual(splitBlocks(prefix))
          }
          split = splitAppend(split, text)
          expect(blocksOf(split)).toEqual(splitBlocks(text))
        },
      ),
    )
  })

  it('keeps the same finished array until another block finishes', () => {
    const first = splitAppend(null, 'One.\n\nTwo')
    const second = splitAppend(first, 'One.\n\nTwo more')
    expect(second.finished).toBe(first.finished)
    expect(second.live).toBe('Two more')
    const third = splitAppend(second, 'One.\n\nTwo more\n\nThree')
    expect(third.finished).toEqual(['One.', 'Two more'])
    expect(third.finished).not.toBe(second.finished)
  })

  it('starts over when the text is replaced rather than extended', () => {
    const first = splitAppend(null, 'One.\n\nTwo')
    expect(splitAppend(first, 'Other.\n\nText').finished).toEqual(['Other.'])
  })

  it('starts over when a longer text changed before its end, even by one character', () => {
    const first = splitAppend(null, 'One.\n\nTwo.\n\nThree')
    const edited = splitAppend(first, 'One!\n\nTwo.\n\nThree and more')
    expect(edited.finished).toEqual(['One!', 'Two.'])
  })
})

describe('extendsText', () => {
  it('answers as startsWith does, for prefixes, near misses and unrelated strings', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme' }), fc.string({ unit: 'grapheme' }), fc.nat(), (a, b, cut) => {
        const text = a + b
        const prefix = text.slice(0, cut % (text.length + 1))
        expect(extendsText(text, prefix)).toBe(true)
        expect(extendsText(text, b)).toBe(text.startsWith(b))
        expect(extendsText(a, text)).toBe(a.startsWith(text))
        if (prefix.length > 0) {
          const changed = `${prefix.slice(0, -1)}${prefix.at(-1) === 'x' ? 'y' : 'x'}`
          expect(extendsText(text, changed)).toBe(false)
        }
      }),
    )
  })
})

describe('readFence', () => {
  it('reads a closed fence: its language and code', () => {
    expect(readFence('```ts title="a.ts"\nconst a = 1\n\nconst b = 2\n```')).toEqual({
      lang: 'ts',
      code: 'const a = 1\n\nconst b = 2',
      closed: true,
    })
    expect(readFence('~~~~\nx\n~~~~~')).toEqual({ lang: '', code: 'x', closed: true })
  })

  it('reads an open fence to the end, and holds back a closing fence being typed only while streaming', () => {
    expect(readFence('```py\nprint(1)\n``', true)).toEqual({ lang: 'py', code: 'print(1)', closed: false })
    expect(readFence('```py\nprint(1)\n``')).toEqual({ lang: 'py', code: 'print(1)\n``', closed: false })
    expect(readFence('```py\nprint(1)\n~~', true)?.code).toBe('print(1)\n~~')
  })

  it("removes the opening fence's indentation from the code", () => {
    expect(readFence('  ```\n    four\n  two\n```')?.code).toBe('  four\ntwo')
  })

  it('leaves to the parser what is not exactly one fence', () => {
    expect(readFence('``` a`b\nx\n```')).toBeNull()
    expect(readFence('```\nx\n```\nText after')).toBeNull()
    expect(readFence('```js &amp;\nx')).toBeNull()
    expect(readFence('Text\n```\nx\n```')).toBeNull()
  })
})

describe('readFenceAppend', () => {
  it('reads a growing block as readFence reads it whole, at every step and for every way of cutting it', () => {
    const PIECES = [
      '```ts\n',
      '~~~\n',
      'const a = 1\n',
      '\n',
      '``',
      '`',
      '```',
      '~~~',
      '  ```\n',
      'x',
      ' \n',
      '````\n',
      'after\n',
    ]
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom(...PIECES), { maxLength: 24 }),
        fc.integer({ min: 1, max: 5 }),
        fc.boolean(),
        (pieces, step, streaming) => {
          const block = pieces.join('')
          let read: FenceRead | null = null
          for (let end = step; end < block.length + step; end += step) {
            const prefix = block.slice(0, end)
            read = readFenceAppend(read, prefix, streaming)
            expect(read.fence).toEqual(readFence(prefix, streaming))
          }
        },
      ),
      { numRuns: 400 },
    )
  })

  it('hands out the code of an open fence as a slice, without splitting it into lines', () => {
    const first = readFenceAppend(null, '```py\nprint(1)\n', true)
    const next = readFenceAppend(first, '```py\nprint(1)\nprint(2)', true)
    expect(next.fence).toEqual({ lang: 'py', code: 'print(1)\nprint(2)', closed: false })
    expect(next.contentStart).toBe(6)
    // Closed, it is read whole once; after that it is not an open fence to extend.
    const closed = readFenceAppend(next, '```py\nprint(1)\nprint(2)\n```', true)
    expect(closed.fence?.closed).toBe(true)
    expect(closed.contentStart).toBe(-1)
  })
})

describe('splitListItems', () => {
  it('cuts a tight list at its own markers, keeping nested and lazy lines with their item', () => {
    expect(splitListItems('- one\n  - nested\n- two\nlazy text\n- three')).toEqual({
      ordered: false,
      start: 1,
      items: ['- one\n  - nested', '- two\nlazy text', '- three'],
      loose: false,
    })
    expect(splitListItems('3. three\n4. four')).toEqual({
      ordered: true,
      start: 3,
      items: ['3. three', '4. four'],
      loose: false,
    })
  })

  it('cuts a loose list at its items, the blank lines between them left out', () => {
    expect(splitListItems('- a\n\n- b\n  - nested\n\n\n- c')).toEqual({
      ordered: false,
      start: 1,
      items: ['- a', '- b\n  - nested', '- c'],
      loose: true,
    })
    expect(splitListItems('2. a\n3. b\n\n4. c')?.loose).toBe(true)
  })

  it('keeps the blocks of an item with it, loose only when they are the item’s own', () => {
    expect(splitListItems('1. a\n\n   more of a\n2. b')).toEqual({
      ordered: true,
      start: 1,
      items: ['1. a\n\n   more of a', '2. b'],
      loose: true,
    })
    // A blank line inside a list in the item does not make the outer list loose.
    expect(splitListItems('- a\n  - b\n\n  - c\n- d')).toEqual({
      ordered: false,
      start: 1,
      items: ['- a\n  - b\n\n  - c', '- d'],
      loose: false,
    })
    // Nor does one in the item's code; one between the item's text and its code does.
    expect(splitListItems('- a\n  ```\n  x\n\n  ```\n- b')).toEqual({
      ordered: false,
      start: 1,
      items: ['- a\n  ```\n  x\n\n  ```', '- b'],
      loose: false,
    })
    expect(splitListItems('1. Step\n\n   ```ts\n   x\n   ```\n2. Next')).toEqual({
      ordered: true,
      start: 1,
      items: ['1. Step\n\n   ```ts\n   x\n   ```', '2. Next'],
      loose: true,
    })
  })

  it('leaves whole what a cut could change: blank lines before text not indented to the item, or with code in the list, task boxes, other markers, interruptions', () => {
    expect(splitListItems('1. a\n\n  more\n2. b')).toBeNull()
    // Blank lines at the end of an item whose code may be open, in it or in a list in it.
    expect(splitListItems('- a\n  ```\n  x\n\n- b')).toBeNull()
    expect(splitListItems('- a\n  - b\n    ```\n\n- c')).toBeNull()
    expect(splitListItems('- a\n  ```\n\tx\n  ```\n- b')).toBeNull()
    expect(splitListItems('- [ ] a\n- [x] b')).toBeNull()
    expect(splitListItems('- a\n* b')).toBeNull()
    expect(splitListItems('1. a\n2) b')).toBeNull()
    expect(splitListItems('- a\n# heading')).toBeNull()
    expect(splitListItems('- a\n---')).toBeNull()
    // `- - -` and `* * *` look like items and are thematic breaks: the list ends there.
    expect(splitListItems('- a\n- - -')).toBeNull()
    expect(splitListItems('* a\n* * *\n* b')).toBeNull()
    expect(splitListItems('- a\n\n- - -')).toBeNull()
    expect(splitListItems('Paragraph\n- a')).toBeNull()
    // A footnote's definition interrupts the item's paragraph: the list ends there.
    expect(splitListItems('- a [^1]\n[^1]: note')).toBeNull()
    // An item that starts with indented code or a thematic break has no paragraph for a line under it to continue.
    expect(splitListItems('1.     code\nafter')).toBeNull()
    expect(splitListItems('1. ---\nafter')).toBeNull()
    // An item that starts with a blank line ends, empty, at a second one.
    expect(splitListItems('-\n\n  after')).toBeNull()
    expect(splitListItems('-\n  in the item\n- b')?.items).toEqual(['-\n  in the item', '- b'])
  })

  it('leaves whole a list with display math under an item not indented to its content, when math is on', () => {
    // `$$` (or TeX's `\[`) interrupts the item's paragraph as a fence does: the list ends there.
    expect(splitListItems('1. Area:\n$$\nA = r^2\n$$\n2. Next', 'double')).toBeNull()
    expect(splitListItems('1. Area:\n\\[\nA = r^2\n\\]\n2. Next', 'single')).toBeNull()
    // Blank lines with a formula in the list: which item they belong to is the parser's to say.
    expect(splitListItems('- a\n  $$\n  x\n\n  $$\n- b', 'double')).toBeNull()
    // Indented to the item's content, the formula is the item's.
    expect(splitListItems('1. Area:\n   $$\n   A = r^2\n   $$\n2. Next', 'double')?.items).toEqual([
      '1. Area:\n   $$\n   A = r^2\n   $$',
      '2. Next',
    ])
    // Without math, `$$` is text: a lazy line of the item.
    expect(splitListItems('1. Area:\n$$\n2. Next')?.items).toEqual(['1. Area:\n$$', '2. Next'])
  })
})

// Each of these replaced a pattern that took more than linear time on some line (thousands of tabs,
// of lines opening a bracket): the same answers on any text of the characters that matter, and an
// answer on the hostile text of a size that hung the page.
describe('ListReader', () => {
  it('reads a list written piece by piece as splitListItems reads it whole, at every step', () => {
    // Items of both kinds and indents, nested items, code fences in and out of items, blank lines,
    // tabs, task boxes, rules, quotes, formulas and lazy lines: what makes a list read whole or not.
    const PIECES = [
      '- a\n',
      '1. b\n',
      '2) c\n',
      '  - nested\n',
      '   1. three in\n',
      '\n',
      '  ```ts\n',
      '  x = 1\n',
      '```\n',
      '  ~~~\n',
      '$$\n',
      '\\[x\n',
      '\tx\n',
      '- [ ] task\n',
      '* * *\n',
      '> q\n',
      'lazy text\n',
      '  more\n',
      '    code\n',
      '-\n',
      '10. ten\n',
      'x',
      ' y',
      '*',
      '**b** ',
      '1',
      ')',
      '- ',
    ]
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom(...PIECES), { minLength: 1, maxLength: 16 }),
        fc.integer({ min: 1, max: 9 }),
        fc.constantFrom<MathSyntax>('off', 'double'),
        (pieces, step, math) => {
          const block = pieces.join('')
          const reader = new ListReader()
          for (let end = step; end < block.length + step; end += step) {
            const prefix = block.slice(0, end)
            expect(reader.read(prefix, math), JSON.stringify(prefix)).toEqual(splitListItems(prefix, math))
          }
        },
      ),
      { numRuns: 600 },
    )
  })

  it('starts over for a text that does not extend the last one, or another math syntax', () => {
    const reader = new ListReader()
    expect(reader.read('- a\n- b')?.items).toEqual(['- a', '- b'])
    expect(reader.read('1. x\n2. y')?.items).toEqual(['1. x', '2. y'])
    // With math on, a formula's blank lines are the parser's to place; off, `$$` is text of the item.
    expect(reader.read('1. x\n\n   $$\n   y\n   $$', 'double')).toBeNull()
    expect(reader.read('1. x\n\n   $$\n   y\n   $$', 'off')?.items).toEqual(['1. x\n\n   $$\n   y\n   $$'])
    // No list decided before the last line stays none as the text grows.
    expect(reader.read('Text\n- a')).toBeNull()
    expect(reader.read('Text\n- a\n- b')).toBeNull()
  })
})

describe('itemContent', () => {
  it('reads an item as the text inside it: its first line after the marker, the lines under it from its content column on', () => {
    expect(itemContent('1. **Step**\n\n   ```ts\n   const a = 1\n\n     indented\n   ```\n   After.')).toEqual({
      marker: '1. ',
      text: '**Step**\n\n```ts\nconst a = 1\n\n  indented\n```\nAfter.',
    })
    // A blank line of spaces keeps those past the content column (a line of code in the item).
    expect(itemContent('- a\n  ```\n      \n  ```')?.text).toBe('a\n```\n    \n```')
    expect(itemContent('  * x')).toEqual({ marker: '  * ', text: 'x' })
  })

  it('reads no item whose lines are not all inside it, or whose content column is not its text', () => {
    // A lazy line, a line indented with a no-break space, a tab, a marker alone, indented code first.
    for (const item of ['- a\nlazy', '- a\n\u00a0\u00a0b', '- a\n\u00a0', '- a\n\tb', '-\n  a', '-', '-      code'])
      expect(itemContent(item), JSON.stringify(item)).toBeNull()
  })
})

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

describe('blocks rendered one by one', () => {
  // Lines of the kinds a reply writes, and the ones that decide where blocks end (indented code
  // among them: after it and a blank line, micromark reads `10. x` as a paragraph, and the split
  // keeps them together so the block parsed reads it so too).
  const LINE = fc.constantFrom(
    '    indented code',
    '10.',
    '-',
    '# Title',
    '## Sub',
    'Text line',
    'more *text*',
    '- item',
    '  - nested',
    '1. first',
    '10. tenth',
    '   # three in',
    '  # two in',
    '> quoted',
    '***',
    '* * *',
    '- - -',
    '---',
    '===',
    '| a | b |',
    '|---|---|',
    '```',
    '```ts',
    '~~~',
    '  ```',
    '   ```ts',
    '    ```',
    '   indented text',
    '',
    'Title',
    '#tag',
    '\tafter a tab',
    '  a\ttab inside',
  )
  const html = (markdown: string) =>
    renderToStaticMarkup(createElement(ReactMarkdown, { remarkPlugins: [remarkGfmParse] }, markdown))
  /**
   * Checks that `text` split into blocks, each rendered alone by `render` as the kit renders a block
   * (`withLineEnding`), is the text rendered whole (the line breaks between elements aside): the split
   * cuts only where the parser's blocks end. The text ends with a line break, as every block but the
   * last is followed by one in it (see withLineEnding).
   */
  const expectSplitAsWhole = (text: string, render = html, math = false): void => {
    const blocks = splitBlocks(text, math).map((block) => render(withLineEnding(block)))
    expect(blocks.join('').replace(/\n/g, ''), JSON.stringify(text)).toBe(render(`${text}\n`).replace(/\n/g, ''))
  }
  /** {@link expectSplitAsWhole} for texts of up to 14 lines drawn from `lines`. */
  const splitsAsWhole = (lines: fc.Arbitrary<string>, numRuns: number, render = html, math = false) =>
    fc.assert(
      fc.property(fc.array(lines, { maxLength: 14 }), (drawn) => expectSplitAsWhole(drawn.join('\n'), render, math)),
      { numRuns },
    )

  it('keep the rest of a text in one block where a fence in an item the split is unsure of meets a line left of the item', () => {
    // Under lazy lines (`===`, a row of pipes) the split cannot tell that `- item` is still a list:
    // if it is, a line left of the item ends the item and its fence, and a fence line there opens
    // another (its code takes `# Title`); if not, the fence is the top level's and that line closes
    // it or goes on with it. A property run found the first (its `# Title` split off as a heading).
    const texts = [
      '- item\n===\n|---|---|\n   ```ts\n```\n# Title',
      '- item\n===\n|---|---|\n   ```ts\n```\n  a\ttab inside\n> quoted\n# Title\n1. first',
      '- item\n===\n|---|---|\n   ```ts\n# Title\n```\n\npara',
      '- item\n===\n   ```ts\n  code\n```\n\n# After',
    ]
    for (const text of texts) {
      expectSplitAsWhole(text)
      // Streamed, the same blocks.
      let split = splitAppend(null, text.slice(0, 1))
      for (let end = 2; end <= text.length; end++) split = splitAppend(split, text.slice(0, end))
      expect(blocksOf(split), JSON.stringify(text)).toEqual(splitBlocks(text))
    }
  })

  it('read a break of spaced marks (`* * *`) as a break, not an item: what follows it is read as after any block', () => {
    // Read as an item `* * *`, the break left a list open under it: the heading indented two under
    // it went on with that item rather than standing alone, the code under the heading was not seen
    // as code, and `10. tenth` after it was cut off as a list where the parser reads a paragraph.
    for (const text of [
      '* * *\n  # two in\n    indented code\n\n10. tenth',
      '- - -\n  # two in\n    indented code\n\n10. tenth',
      '* * *\n  ## Sub\n    indented code',
      '_ _ _\n  # two in\n    indented code\n\n2. second',
      // A break of `-` with spaces is a block alone too, and ends the quote above it: `-` under the
      // code after it is that code's paragraph, which the fence under it interrupts.
      '> quoted\n- - -\n    indented code\n-\n  ```\nText line\n  # two in',
    ])
      expectSplitAsWhole(text)
    expect(splitBlocks('* * *\n  # two in\n    indented code\n\n10. tenth')).toEqual([
      '* * *',
      '  # two in',
      '    indented code\n\n10. tenth',
    ])
  })

  it('read a line indented as code under a paragraph as its text: a line of `=` or `-` under it underlines both', () => {
    // The indented line is no code (code cannot interrupt a paragraph), so the heading's text is both
    // lines, and what is indented under the heading is code, which keeps `10.` after it as its text.
    for (const text of [
      'Text\n    ```\n===\n    ```\n\n10.',
      'Text\n    # x\n---\n    code\n\n10.',
      '|---|---|\n    ```\n===\n    ```\n\n10.\n# Title\n|---|---|',
    ])
      expectSplitAsWhole(text)
    expect(splitBlocks('Text\n    ```\n===\n    ```\n\n10.')).toEqual(['Text\n    ```\n===\n    ```\n\n10.'])
  })

  it('read an item that cannot interrupt a paragraph (`10.`, a marker alone) under its line as its text', () => {
    // Read as an item, `10.` left `===` under it no underline and `-` under that the underline of
    // `===` rather than an item, and the heading indented into that item was cut off on its own.
    for (const text of [
      'a\n10.\n===\n-\n  # two in',
      '  a\ttab inside\n10.\n===\n-\n  # two in',
      'Text\n2. second\n===',
      'Text\n*\n# h',
    ])
      expectSplitAsWhole(text)
    expect(splitBlocks('a\n10.\n===\n-\n  # two in')).toEqual(['a\n10.\n===\n-\n  # two in'])
  })

  it('show what the text parsed whole shows', () => {
    splitsAsWhole(LINE, 1_500)
    // Each run parses a text whole and by blocks: a busy machine takes seconds.
  })

  it("show what the text parsed whole shows with HTML in it: a heading or a break under an HTML line is the HTML block's text", () => {
    // An HTML block (`<div>`, or `<b>` starting one) takes every line to a blank one. Raw HTML shows
    // as text, so a heading split off from it showed as a heading where the parser reads text.
    const HTML_LINE = fc.constantFrom(
      '<div>',
      '<details>',
      '<b>bold</b>',
      '<!-- note -->',
      '<!--',
      '-->',
      '<pre>',
      '</pre>',
      '<!DOCTYPE html>',
      '</div>',
      '# Title',
      '  ## Sub',
      '***',
      '---',
      '===',
      'Text line',
      '',
      '    indented code',
      '```',
      '~~~',
      '> quoted',
      '| a | b |',
      '|---|---|',
      '10. tenth',
      '- item',
    )
    splitsAsWhole(HTML_LINE, 1_000)
    expect(splitBlocks('<details>\n## Inner\n</details>\n\n# After')).toEqual([
      '<details>\n## Inner\n</details>',
      '# After',
    ])
    // A comment, a processing instruction or a raw text element (`<pre>`, `<script>`) ends at the line
    // that holds its end, not at a blank line: blank lines and headings up to it are its text, and
    // what follows is read afresh (indented code under a comment closed on its line is code, so `10.`
    // after the code and a blank line is that code's paragraph, not a list).
    for (const text of [
      '<!-- note -->\n    indented code\n\n10. tenth',
      '<!--\n\n# x\n\n-->\n    code\n\n10. x',
      'Text\n<pre>\n\n## y\n</pre>\n# z',
      '<?php echo 1;\n\n# not a heading\n?>\n\n# A heading',
      // Inside HTML already open, such a start is text: the HTML block still ends at a blank line.
      '</div>\n***\n<div>\n<!DOCTYPE html>\n10.\n\n\tafter a tab\n    indented code\n| a | b |',
      // Ended on its line, it leaves nothing open: HTML may start under it, and code after it is code.
      '<!DOCTYPE html>\n<pre>\n\n===',
      '> q\n<!--\nx\n-->\n    code\n10. y',
      // Under HTML surely open (a block element's tag), a fence line is its text; under a tag alone
      // below a paragraph's line (the paragraph's text), a fence.
      '<div>\n  # two in\n   ```ts\n\tafter a tab\n\n  ```\n  # two in\n\n```\n# Title',
      '<div>\n~~~\nx\n\n~~~',
      'Text\n<span>\n```\nx\n\ny\n```',
      '<div>\n<pre>\n\n```\n</pre>\n\ncode\n```',
      // Where the scan cannot tell (a raw start under a tag that may be a paragraph's text), the rest is one block.
      'Text\n</pre>\n<pre>\n\n# x',
      // Left of an item's content, HTML that interrupts a paragraph ends the list.
      '  - nested\n<?php x ?>\n\tafter a tab\n\n10.\n  # two in',
      '- a\n<?php x ?>\n    code\n\n10. x',
    ])
      expectSplitAsWhole(text)
    expect(splitBlocks('<!--\n\n# x\n\n-->\n\n# After')).toEqual(['<!--\n\n# x\n\n-->', '# After'])
    // A line that starts with a tag and goes on with text starts no HTML block: it is a paragraph's,
    // which `===` under it makes a heading (code under that is code), as a line of text would be.
    expectSplitAsWhole('## Sub\n<b>bold</b>\n===\n\tafter a tab\n\n10.')
    expect(splitBlocks('<b>bold</b> text\n===\n# After')).toEqual(['<b>bold</b> text\n===', '# After'])
    // Streamed, the same blocks: the comment is followed from the line it opens on.
    const comment = 'Intro\n\n<!--\n\n# x\n\n-->\n\n# After\n\nText'
    let split = splitAppend(null, comment.slice(0, 1))
    for (let end = 2; end <= comment.length; end++) split = splitAppend(split, comment.slice(0, end))
    expect(blocksOf(split)).toEqual(splitBlocks(comment))
    // `===` with no paragraph above is text, and code under it the text's next line: `-` under them
    // is their heading's underline, not an item after code.
    expectSplitAsWhole('===\n    ```\n\tafter a tab\n-\n-\n\tafter a tab\n   # three in\n***')
  })

  it('read indented code that ends a list as micromark does: a block of one line, the line after it read afresh', () => {
    // After other indented code, `10. tenth` is a paragraph's text; after the code line that ended a
    // list, an item. That line is a code block of its own, whatever follows it.
    for (const text of [
      '   - y\n\n    code\n10. tenth',
      '   - y\n\n    code\n\n10. tenth',
      '   - y\n\n    code\n    more\n10. tenth',
      '   - y\n\n    code\n\n    more\n10. x',
      '   - y\n\n    code\nlazy',
      '   1. y\n\n    code\n- z',
      // An item that is its marker alone ends at the blank line under it: code there ends the list too.
      '-\n\n    indented code\n    indented code\n\n10. tenth\n- item',
      '-\n\n  text\n\n    code\n10. tenth',
    ])
      expectSplitAsWhole(text)
    expect(splitBlocks('   - y\n\n    code\n    more\n10. tenth')).toEqual([
      '   - y',
      '    code',
      '    more\n10. tenth',
    ])
    // Code that does not end a list keeps the item under it, the paragraph's text micromark reads.
    expect(splitBlocks('# Title\n    code\n10. tenth')).toEqual(['# Title', '    code\n10. tenth'])
  })

  it('show what the text parsed whole shows where a code fence follows a line with no blank line between', () => {
    // A fence under a paragraph's line is a block of its own, and so is what follows its closing
    // line; not in HTML (whose block goes on to a blank line), a table, a list or indented code.
    // (Not HTML: a fence in it is its text, which the split, as before, does not know.)
    const FENCE_LINE = fc.constantFrom(
      '```',
      '```ts',
      '~~~',
      '  ```',
      '    ```',
      '````',
      'Text line',
      'more *text*',
      '> quoted',
      '- item',
      '-',
      '  item text',
      '1. first',
      '| a | b |',
      '|---|---|',
      '    indented code',
      '',
      '[link]',
      '$$',
    )
    splitsAsWhole(FENCE_LINE, 1_500)
    // Texts the property found, each split otherwise than the parser reads it on the way: a fence
    // in an item ended by a line left of its content, an item after indented code, a row with pipes
    // underlined, an item after a paragraph's lazy line, a list under a quote.
    for (const text of [
      '- item\n  ```\n```\nmore *text*\n```',
      '-\n  ```\n    ```\n    indented code\nTitle\n  # two in',
      '    indented code\n-\n  ```\n## Sub',
      '| a | b |\n-\n    ```\n\n2.',
      '===\n10. tenth\n- item\n  ```\n```\n## Sub',
      '- item\n   # three in\nTitle\n  ```\n* * *',
      '> quoted\n-\n  ```\n```\n# Title',
      '> quoted\n  # two in\n    indented code\n-\n  ```\n## Sub',
      '    indented code\n-\n-\n    indented code\n\n2.',
      '> quoted\n===\n    indented code\n-\n  # two in',
    ])
      expectSplitAsWhole(text)
    expect(splitBlocks('Run this:\n```sh\nnpm test\n```\nThen read the output.')).toEqual([
      'Run this:',
      '```sh\nnpm test\n```',
      'Then read the output.',
    ])
    // In HTML the fence is the HTML block's line; under a list item it is the item's.
    expect(splitBlocks('<div>\n```\nx\n```')).toEqual(['<div>\n```\nx\n```'])
    expect(splitBlocks('Text\n<div>\n```\nx\n```')).toEqual(['Text\n<div>\n```\nx\n```'])
    expect(splitBlocks('- a\n  ```\n  x\n  ```\n  b')).toEqual(['- a\n  ```\n  x\n  ```\n  b'])
  })

  it('show what the text parsed whole shows with math on: a `$$` formula keeps its blank lines and headings', () => {
    // Not a fence under an item (indented to its content) with a closing line that is not: the
    // parser ends the item there and opens another fence; the split, as for code fences, closes it.
    const MATH_LINE = fc.constantFrom(
      '$$',
      '$$$',
      '$$ meta',
      '$$x$$',
      'x = 1',
      '# Title',
      '***',
      '',
      'Text line',
      '- item',
      '```',
      '    code',
    )
    const withMath = (markdown: string) =>
      renderToStaticMarkup(
        createElement(ReactMarkdown, { remarkPlugins: [remarkGfmParse, remarkMathDouble] }, markdown),
      )
    splitsAsWhole(fc.oneof(LINE, MATH_LINE), 1_000, withMath, true)
    expect(splitBlocks('$$\na\n\n# b\n$$\n\nText', true)).toEqual(['$$\na\n\n# b\n$$', 'Text'])
    // Without math, `$$` is text.
    expect(splitBlocks('$$\na\n\n# b\n$$', false)).toEqual(['$$\na', '# b', '$$'])
  })
})

describe('a streamed text, read as it grows', () => {
  it('keeps no earlier copy of itself in what the readers give', () => {
    // The bench reply seven times over (100 KB), appended 4 characters at a time as a store gives
    // it: each token's text is a new string. What the readers give is held as memoized elements
    // hold their props: in its place (a block, a sentence, an item, a line), the first string of
    // the text it has until it changes. A slice of a token's text, held, keeps that whole text:
    // thousands of copies of the reply (13 MB from the finished blocks alone).
    const source = Array.from({ length: 7 }, (_, i) => reply.replace(/^## (.*)$/m, `## $1, part ${i + 1}`)).join('\n')
    const kept = heapKeptBy(() => {
      const held = new Map<string, string>()
      const hold = (place: string, text: string | null | undefined) => {
        if (text != null && held.get(place) !== text) held.set(place, text)
      }
      const paragraphs = new ParagraphReader()
      const lists = new ListReader()
      const lines = new GrowingLines()
      let split: SplitText | null = null
      let text = ''
      for (let at = 0; at < source.length; at += 4) {
        text += source.slice(at, at + 4)
        split = splitAppend(split, text)
        split.finished.forEach((block, i) => hold(`block ${i}`, block))
        const live = split.live
        if (live === null) continue
        const block = split.finished.length
        hold(`block ${block}`, live)
        const paragraph = paragraphs.read(live)
        paragraph?.pieces.forEach((piece, i) => hold(`block ${block} piece ${i}`, piece))
        hold(`block ${block} rest`, paragraph?.tail)
        lists.read(live)?.items.forEach((item, i) => hold(`block ${block} item ${i}`, item))
        lines.lines(live).forEach((line, i) => hold(`block ${block} line ${i}`, line))
      }
      return held
    })
    expect(kept).toBeLessThan(4 * 1024 * 1024)
  })
})
