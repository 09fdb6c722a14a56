import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { itemContent, ListReader, splitListItems } from '../../src/markdown/list'
import { type MathSyntax } from '../../src/markdown/math'

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
