// Cutting a text into top-level blocks: whole, as it grows, and rendered block by block as it renders whole.
import fc from 'fast-check'
import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import ReactMarkdown from 'react-markdown'
import { describe, expect, it } from 'vitest'
import { GrowingLines } from '../../src/markdown/fence'
import { ListReader } from '../../src/markdown/list'
import { splitAppend, splitBlocks, type SplitText, withLineEnding } from '../../src/markdown/split'
import { remarkMathDouble } from '../../src/markdown/math'
import { remarkGfmParse } from '../../src/markdown/gfm'
import { ParagraphReader } from '../../src/markdown/paragraph'
import { HTML_LINE, MATH_LINE, REPLY_LINE } from './sampleLines'
import { heapKeptBy } from '../support/heap'
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

describe('blocks rendered one by one', () => {
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
    splitsAsWhole(REPLY_LINE, 1_500)
    // Each run parses a text whole and by blocks: a busy machine takes seconds.
  })

  it("show what the text parsed whole shows with HTML in it: a heading or a break under an HTML line is the HTML block's text", () => {
    // An HTML block (`<div>`, or `<b>` starting one) takes every line to a blank one. Raw HTML shows
    // as text, so a heading split off from it showed as a heading where the parser reads text.
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
    const withMath = (markdown: string) =>
      renderToStaticMarkup(
        createElement(ReactMarkdown, { remarkPlugins: [remarkGfmParse, remarkMathDouble] }, markdown),
      )
    splitsAsWhole(fc.oneof(REPLY_LINE, MATH_LINE), 1_000, withMath, true)
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
