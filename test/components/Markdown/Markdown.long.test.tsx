// The streaming Markdown tests of long texts, long lists, quotes and whole replies (split from
// Markdown.test.tsx so the two run in parallel workers).
import { act, render } from '@testing-library/react'
import fc from 'fast-check'
import { type ReactNode } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { ChatpartsProvider } from '../../../src/components/shared/config'
import { ListReader } from '../../../src/markdown/list'
import { quoteText } from '../../../src/markdown/quote'
import { Markdown } from '../../../src/components/Markdown/Markdown'
import { SPLIT_LIST_FROM } from '../../../src/components/Markdown/readers'
import { firstGroup, fresh, parsedWhole, stream, streamsAsWhole, view } from './streamed'
import { allCodeLines } from '../../support/codeLines'

// The list and quote splitters, watched (they do what they do): which are read in pieces.
vi.mock('../../../src/markdown/quote', async (original) => {
  const quote = await original<typeof import('../../../src/markdown/quote')>()
  return { ...quote, quoteText: vi.fn(quote.quoteText) }
})

describe('a long text', () => {
  const paragraphs = (count: number) =>
    Array.from({ length: count }, (_, i) => `Paragraph ${i + 1} of the reply.`).join('\n\n')

  it('is laid out in groups of 32 blocks, the same streamed as whole', () => {
    const text = paragraphs(70)
    const { container } = render(view(text, false))
    const groups = container.querySelectorAll('.cp-markdown > .cp-markdown__group')
    expect([...groups].map((group) => group.children.length)).toEqual([32, 32, 6])
    expect(groups[2]?.lastElementChild?.textContent).toBe('Paragraph 70 of the reply.')
    expect(stream(text, 7).container.innerHTML).toBe(container.innerHTML)
  })

  it('keeps the groups before the last as they are while it grows', () => {
    const result = render(view(paragraphs(40), true))
    const first = result.container.querySelector('.cp-markdown__group')
    const firstBlock = first?.firstElementChild
    act(() => result.rerender(view(`${paragraphs(70)} And more`, true)))
    act(() => result.rerender(view(paragraphs(71), false)))
    expect(result.container.querySelector('.cp-markdown__group')).toBe(first)
    expect(first?.firstElementChild).toBe(firstBlock)
    expect(result.container.querySelectorAll('.cp-markdown__group')).toHaveLength(3)
  })
})

describe('a long item of a tight list, being written', () => {
  const SENTENCES = [
    'Every write goes through `saveNote`, which bumps the **version**.',
    'Clients keep a cursor and ask for *changes* since it.',
    '每次写入都通过`saveNote`完成，并把**版本号**加一。',
    '客户端只记住游标。',
  ]

  it('parses its settled sentences once, not its text since the marker at each mark', () => {
    const strongs = vi.fn()
    const components = {
      strong: ({ children }: { children?: ReactNode }) => {
        strongs()
        return <strong>{children}</strong>
      },
    }
    const shown = (markdown: string, streaming: boolean) => (
      <ChatpartsProvider highlighter={null}>
        <Markdown text={markdown} streaming={streaming} components={components} />
      </ChatpartsProvider>
    )
    // One bold word at the start, then 3 KB of sentences with code spans and emphasis, none bold.
    const item = `- **First** of all, the plan. ${Array.from({ length: 60 }, () => 'Clients keep a cursor and ask `GET /sync` for *changes* since it.').join(' ')}`
    const text = `${item}
- next`
    const result = render(shown('', true))
    for (let end = 4; end < text.length; end += 4) act(() => result.rerender(shown(text.slice(0, end), true)))
    // Parsed with each new mark the bold came before, it rendered once per code span and emphasis (120 of them).
    expect(strongs.mock.calls.length).toBeLessThan(20)
    act(() => result.rerender(shown(text, false)))
    expect(result.container.innerHTML).toBe(render(shown(text, false)).container.innerHTML)
  })

  it('is read whole again once a line under it opens a block (a heading indented to its content)', () => {
    const sentences = (count: number) =>
      Array.from({ length: count }, () => 'Clients keep a cursor and ask for *changes* since it.').join(' ')
    // The lazy last line keeps the item from being read block by block; the heading is the item's own.
    for (const [marker, indent] of [
      ['- ', '    '],
      ['1.  ', '      '],
    ]) {
      const text = `${marker}${sentences(6)}\n${indent}# Heading\nlazy line. ${sentences(8)}`
      expect(fresh(text), marker).toContain('<h1 data-depth="1">Heading</h1>')
      expect(stream(text, 4).container.innerHTML, marker).toBe(fresh(text))
    }
  })

  it('ends as the list rendered whole, for items of sentences over lines, in any marker, with a task box or blocks under a line', () => {
    const item = fc.tuple(
      fc.constantFrom('- ', '* ', '1. ', '2) ', '10.  ', '-    ', '  - '),
      fc.constantFrom('', '', '[ ] ', '[x] '),
      fc.array(fc.constantFrom(...SENTENCES), { minLength: 4, maxLength: 24 }),
      // What goes between sentences: mostly a space or nothing (after a full-width stop); a line
      // indented to the content, further, or lazily; a line that opens a block; a tab.
      fc.array(
        fc.constantFrom(
          ' ',
          ' ',
          ' ',
          ' ',
          '',
          '',
          '\n',
          '\n  ',
          '\n    ',
          '\n      ',
          '\n    # Heading\n',
          '\n  > quoted\n',
          '\n    - nested\n',
          '\n\t',
        ),
        { minLength: 24, maxLength: 24 },
      ),
    )
    fc.assert(
      fc.property(fc.array(item, { minLength: 1, maxLength: 2 }), fc.integer({ min: 2, max: 40 }), (items, step) => {
        const text = items
          .map(
            ([marker, task, sentences, gaps]) =>
              marker + task + sentences.map((sentence, i) => (i === 0 ? '' : gaps[i]) + sentence).join(''),
          )
          .join('\n')
        expect(stream(text, step).container.innerHTML, JSON.stringify(text)).toBe(fresh(text))
      }),
      { numRuns: 15 },
    )
  })
})

describe('a long list that arrives finished', () => {
  it('is read item by item, and shows what the parser gives for it whole', () => {
    const lists = [
      '- an item with **bold** words\n  - nested *emphasis*\n    1. deeper still\n'.repeat(200),
      '1. **First**\n\n   More about it, then a list:\n\n   - x\n   - y\n\n'.repeat(200),
      '- - two levels\n'.repeat(900),
    ]
    for (const list of lists) {
      expect(list.length).toBeGreaterThanOrEqual(SPLIT_LIST_FROM)
      const reads = vi.spyOn(ListReader.prototype, 'read')
      const result = render(view(list, false))
      expect(reads).toHaveBeenCalledWith(list.trimEnd(), 'double')
      reads.mockRestore()
      // One element per item, each item parsed alone: the list element is the kit's own (see StreamingList).
      expect(result.container.querySelectorAll('.cp-markdown__group > :is(ul, ol) > li').length).toBe(
        list.match(/^(?:-|1\.) /gm)?.length,
      )
      expect(firstGroup(result.container.innerHTML), list.slice(0, 60)).toBe(parsedWhole(list.trimEnd()))
    }
    // Three lists of 12 KB or more, each rendered twice: seconds on a busy machine.
  })

  it('is parsed whole when shorter', () => {
    const reads = vi.spyOn(ListReader.prototype, 'read')
    render(view('- a\n- b **c**\n  - d', false))
    expect(reads).not.toHaveBeenCalled()
    reads.mockRestore()
  })
})

describe('a fenced code block', () => {
  it('keeps a blank last line of its code, alone or in a list, streamed or not', () => {
    const lines = (html: string) => allCodeLines(new DOMParser().parseFromString(html, 'text/html')).length
    for (const text of [
      '```\nconst a = 1\n\n```',
      '- item\n\n  ```\n  const a = 1\n\n  ```',
      '> ```\n> const a = 1\n>\n> ```',
    ]) {
      expect(lines(fresh(text)), text).toBe(2)
      for (const step of [1, 4])
        expect(stream(text, step).container.innerHTML, `${text} in steps of ${step}`).toBe(fresh(text))
    }
    expect(lines(fresh('```\nconst a = 1\n```'))).toBe(1)
  })
})

describe('a list whose lines are not all in its items', () => {
  it('ends as the text rendered whole when a line under an item is not indented to its content', () => {
    // An item under-indented for `1. ` (a list of its own), a heading in the item and text under it
    // (no paragraph to continue: a paragraph after the list), a fence closed in the item.
    // And a paragraph the block splitter keeps with a list's last lines, with indented code after it.
    for (const text of [
      '1. first\n  - nested',
      '1. first\n   # in the item\nafter the list',
      '- a\n  ```\n  code\n  ```\nafter',
      '1. a\n  2. b',
      '- a\n      code in a\nlazy',
      '- start\n2. second\n  # two in\nlazy text\n\n    code',
      // An item of indented code (no paragraph to continue), an empty item ended by a blank line.
      '1.     indented code\na < b and Vec<T> here\n# Title\n',
      '- \n\n  after the empty item\n# Title\n',
    ])
      for (const step of [1, 3])
        expect(stream(text, step).container.innerHTML, `${JSON.stringify(text)} in steps of ${step}`).toBe(fresh(text))
  })

  it('ends as the text rendered whole with a formula or a footnote under an item, not indented to its content', () => {
    // As models write it: display math right under an item. With math on, it ends the list (a list
    // of one item, the formula, a list from 2), as the parser reads the text whole.
    const area = '1. Compute the area:\n$$\nA = \\pi r^2\n$$\n2. Then the volume.\n'
    const whole = fresh(area)
    expect(firstGroup(whole)).toMatch(
      /^<ol>\n<li>Compute the area:<\/li>\n<\/ol>\n<pre class="cp-math[^]*<ol start="2">/,
    )
    for (const text of [area, '- See [^1]\n[^1]: The note.', '1. Area:\n\\[\nA = r^2\n\\]\n2. Next'])
      for (const step of [1, 3])
        expect(stream(text, step).container.innerHTML, `${JSON.stringify(text)} in steps of ${step}`).toBe(fresh(text))
    // Without math the `$$` lines are text of the item.
    for (const step of [1, 3])
      expect(stream(area, step, { math: null }).container.innerHTML).toBe(fresh(area, { math: null }))
  })

  it('ends as the text rendered whole, for lists of the lines a reply writes', () => {
    const LINE = fc.constantFrom(
      '- item',
      '  - nested',
      '1. first',
      '2. second',
      '   # three in',
      '  # two in',
      'lazy text',
      '   more of first',
      '',
      '> q',
      '    code',
      '   ```',
      '```',
      '| a |',
      '- - x',
      '* star',
      '10. ten',
    )
    streamsAsWhole(
      fc.array(LINE, { minLength: 1, maxLength: 8 }).map((lines) => ['- start', ...lines].join('\n')),
      150,
    )
  })

  it('ends as the text rendered whole, for lists whose items hold code and blocks of their own', () => {
    // Code in an item at its content column or not, blank lines in it and around it, text, headings,
    // quotes and lists under it, lines indented further or less, items of other kinds.
    const LINE = fc.constantFrom(
      '- item',
      '1. step',
      '2. next',
      '',
      '  ```ts',
      '   ```',
      '  ```',
      '  ~~~',
      '```',
      '  code();',
      '      deeper();',
      '   text in the item',
      '  text *in* it',
      '  # in the item',
      '  > quoted in it',
      '  - nested',
      '    ```',
      '    nested code',
      '  ',
      ' one in',
      'after',
      '    code',
      '  ***',
    )
    streamsAsWhole(
      fc.array(LINE, { minLength: 1, maxLength: 10 }).map((lines) => ['- start', ...lines].join('\n')),
      150,
    )
  })
})

describe('an HTML block with a heading line in it', () => {
  it("shows the heading line as the HTML block's text, streamed or whole", () => {
    const text = '<details>\n## Inner\n</details>\n\n# After'
    const whole = fresh(text)
    for (const step of [1, 4]) expect(stream(text, step).container.innerHTML).toBe(whole)
    const rendered = render(view(text, false)).container
    expect(rendered.querySelector('h2')).toBeNull()
    expect(rendered.textContent).toContain('## Inner')
    expect(rendered.querySelector('h1')?.textContent).toBe('After')
  })
})

describe('HTML that ends at a line holding its end', () => {
  it('keeps a comment with its blank lines and heading lines, streamed or whole, and reads what follows it afresh', () => {
    const text =
      'Intro\n\n<!--\ndraft:\n\n# Not a heading\n\n-->\n    code under it\n\n10. after the code\n\n- item\n<br>\n\n# After'
    const whole = fresh(text)
    for (const step of [1, 5]) expect(stream(text, step).container.innerHTML).toBe(whole)
    const rendered = render(view(text, false)).container
    // The comment is text (raw HTML is never markup), its heading line with it.
    expect(rendered.textContent).toContain('# Not a heading')
    expect([...rendered.querySelectorAll('h1')].map((heading) => heading.textContent)).toEqual(['After'])
    // Code under the comment is code, and `10.` after it and a blank line its paragraph, as parsed whole.
    expect(rendered.querySelector('pre')?.textContent).toContain('code under it')
    expect(rendered.querySelector('ol')).toBeNull()
    // `<br>` under the item is the item's text, as in the text parsed whole.
    expect(rendered.querySelector('li')?.textContent).toContain('<br>')
  })
})

describe('a code span of three backticks being written over lines', () => {
  it('never shows its closing run as a code fence, at any token, in a text read whole', () => {
    // A reference definition keeps the text one block, repaired whole at each token: the span's
    // closing run, added after a line break just written, opened a fence (a block in a paragraph).
    const text = 'Title ```\na\n    x\nb\n[ref]: https://example.com\n  more text'
    const result = render(view('', true))
    for (let end = 1; end < text.length; end++) {
      act(() => result.rerender(view(text.slice(0, end), true)))
      expect(result.container.querySelector('.cp-code, p pre, p div'), JSON.stringify(text.slice(0, end))).toBeNull()
    }
    act(() => result.rerender(view(text, false)))
    expect(result.container.innerHTML).toBe(fresh(text))
  })
})

describe('indented code that ends a list', () => {
  it('streams as the text rendered whole: the code a block of one line, an item `10.` after it a list', () => {
    for (const text of [
      '   - y\n\n    code\n10. tenth',
      '   - y\n\n    code\n    more\n10. tenth',
      '   1. y\n\n    code\n\n- z',
    ]) {
      const whole = fresh(text)
      for (const step of [1, 3]) expect(stream(text, step).container.innerHTML, JSON.stringify(text)).toBe(whole)
    }
    expect(
      render(view('   - y\n\n    code\n10. tenth', false)).container.querySelector('ol')?.getAttribute('start'),
    ).toBe('10')
    // The line after it, more code, is another block; `10. tenth` after that is a paragraph's text.
    const rendered = render(view('   - y\n\n    code\n    more\n10. tenth', false)).container
    expect(rendered.querySelectorAll('pre')).toHaveLength(2)
    expect(rendered.querySelector('ol')).toBeNull()
  })
})

describe('a block quote streamed block by block', () => {
  const QUOTE = [
    '> # Notes',
    '> Text with *emphasis* and `code`.',
    '>',
    '> - one',
    '> - two',
    '>   - nested',
    '>',
    '> | a | b |',
    '> |---|---|',
    '> | 1 | 2 |',
    '>',
    '> > nested quote',
    '> > more',
    '>',
    '>     indented code',
    '>',
    '> The end.',
  ].join('\n')

  it('is read inside as a text is: every line marked, no tab, no definition, no code that may be open at its end', () => {
    expect(quoteText('> a\n>\n>  b\n  > c', false)).toBe('a\n\n b\nc')
    expect(quoteText('> a\n', true)).toBe('a\n')
    expect(quoteText('> a\n  ', true)).toBe('a\n')
    expect(quoteText('> a\n  ', false)).toBeNull()
    // Code and formulas inside are read as a text's blocks are.
    expect(quoteText('> Run:\n> ```sh\n> ls\n> ```\n> done', false)).toBe('Run:\n```sh\nls\n```\ndone')
    expect(quoteText('> ```\n> code\n>', true)).toBe('```\ncode\n')

    for (const block of [
      '> a\nlazy',
      '    > code',
      '>\ta',
      '> a\r\n> b',
      '> [x]: /url',
      '> ```\n> code\n>',
      '> $$\n> x\n>',
      '> - a\n>\n> > b',
      '> - a\n>\n>\n> b',
      'a\n> b',
    ])
      expect(quoteText(block, false), JSON.stringify(block)).toBeNull()
  })

  it('ends as the quote rendered whole, for every way of cutting it', () => {
    const whole = fresh(QUOTE)
    for (const step of [1, 2, 5, 30]) expect(stream(QUOTE, step).container.innerHTML).toBe(whole)
  })

  it('keeps the blocks already written inside as the same elements, while it grows and once it is finished', () => {
    const result = render(view('> First paragraph.\n>\n> # No', true))
    const first = result.container.querySelector('blockquote > p')
    act(() => result.rerender(view(`> First paragraph.\n>\n${QUOTE}`, true)))
    expect(result.container.querySelector('blockquote > p')).toBe(first)
    act(() => result.rerender(view(`> First paragraph.\n>\n${QUOTE}\n\nAfter.`, false)))
    expect(result.container.querySelector('blockquote > p')).toBe(first)
    expect(result.container.innerHTML).toBe(fresh(`> First paragraph.\n>\n${QUOTE}\n\nAfter.`))
  })

  it('arrives finished and long: read block by block inside, it shows what the parser gives for it whole', () => {
    const long = Array.from(
      { length: 200 },
      (_, i) => `> Paragraph ${i} with **bold** words.\n>\n> - a point\n>   - nested *one*\n>`,
    ).join('\n')
    expect(long.length).toBeGreaterThanOrEqual(SPLIT_LIST_FROM)
    vi.mocked(quoteText).mockClear()
    const rendered = render(view(long, false)).container
    expect(
      vi
        .mocked(quoteText)
        .mock.results.some((result) => typeof result.value === 'string' && result.value.startsWith('Paragraph 0')),
    ).toBe(true)
    expect(firstGroup(rendered.innerHTML)).toBe(parsedWhole(long))
  })

  it('ends as the quote rendered whole when a line of its list goes on after a blank line under a nested list', () => {
    // micromark reads this list tight in a quote and loose outside one: the quote is parsed whole.
    for (const text of [
      '> - item\n>   - nested\n>\n>    # three in\n> # Title',
      '> - item\n>   - nested\n>\n>    more of the item',
    ])
      for (const step of [1, 3, 7])
        expect(stream(text, step).container.innerHTML, `${JSON.stringify(text)} in steps of ${step}`).toBe(fresh(text))
  })

  it('reads the code a quote holds as a code block being written, not the quote again at each token', () => {
    const renders = vi.fn()
    const components = {
      a: ({ children }: { children?: ReactNode }) => {
        renders()
        return <a href="#d">{children}</a>
      },
    }
    const lines = Array.from({ length: 8 }, (_, i) => `> const step${i} = run(${i})`).join('\n')
    const text = `> As [the docs](#d) say:\n>\n> \`\`\`ts\n${lines}\n> \`\`\`\n>\n> And [more](#d).`
    const shown = (markdown: string, streaming: boolean) => (
      <ChatpartsProvider highlighter={null}>
        <Markdown text={markdown} streaming={streaming} components={components} />
      </ChatpartsProvider>
    )
    const result = render(shown('', true))
    let pre: Element | null = null
    for (let end = 1; end <= text.length; end++) {
      const prefix = text.slice(0, end)
      renders.mockClear()
      act(() => result.rerender(shown(prefix, true)))
      // Once the code has a line, nothing before it renders again until the text after it.
      if (prefix.includes('```ts\n> c') && !prefix.includes('And'))
        expect(renders, JSON.stringify(prefix)).not.toHaveBeenCalled()
      pre ??= result.container.querySelector('blockquote pre')
      if (pre) expect(result.container.querySelector('blockquote pre'), JSON.stringify(prefix)).toBe(pre)
    }
    act(() => result.rerender(shown(text, false)))
    expect(pre).not.toBeNull()
    expect(result.container.innerHTML).toBe(render(shown(text, false)).container.innerHTML)
  })

  it('ends as the quote rendered whole, for quotes of the lines a reply writes', () => {
    const LINE = fc.constantFrom(
      '# Title',
      'Text line',
      'more *text* and `code`',
      '- item',
      '  - nested',
      '1. first',
      '10. tenth',
      '   # three in',
      '> inner',
      '***',
      '---',
      '| a | b |',
      '|---|---|',
      '```',
      '```ts',
      '  ```',
      'const x = 1',
      '~~~',
      '',
      'Title',
      '    code',
      '[link](https://example.com)',
      '- [ ] task',
      '$$',
      'a $b$ c',
    )
    streamsAsWhole(
      fc
        .array(fc.tuple(LINE, fc.constantFrom('> ', '>', ' > ')), { minLength: 1, maxLength: 8 })
        .map((lines) => lines.map(([line, mark]) => (line === '' ? mark.trimEnd() : mark + line)).join('\n')),
      150,
    )
  })
})

describe('a reply of every kind of line', () => {
  // Lines a reply writes, of every block and mark, run together by line breaks (`\r\n` too, as
  // Windows tools write them), spaces (long paragraphs) and blank lines. Each check found a text
  // that streamed otherwise than it renders whole: display math and a footnote's definition under
  // a list item, an item of indented code or empty, with lines under it, `\r\n` line endings, a
  // code span of three backticks over lines closed at the start of a line.
  const LINE = fc.constantFrom(
    '# Title',
    'Title',
    '===',
    '---',
    '***',
    '',
    'Plain prose line. Another sentence follows here.',
    'Some *emphasis* and **strong** and `code` here.',
    'A *open emphasis',
    'closes here* and more.',
    'A [link](https://example.com) and ![img](https://example.com/a.png).',
    'An autolink https://example.com/x and www.example.com too.',
    'Math $x^2$ inline and $$y$$ double.',
    'TeX \\(a + b\\) inline and \\[c\\] too.',
    '\\[',
    '\\]',
    '$$',
    'x = 1',
    '<b>html</b> and <br> tag',
    'a < b and Vec<T> here',
    'C:\\path\\to\\file and \\*escaped\\*',
    'hard break  ',
    '- item one',
    '  - nested',
    '1. first',
    '1.     indented code',
    '- ',
    '> quote line',
    '>',
    '```ts',
    '```',
    '    indented code',
    '| a | b |',
    '|---|---|',
    '[ref]: https://example.com',
    'See [ref] and [^1].',
    '[^1]: A footnote.',
    '~~strike~~ and ~one~',
    '- [x] done',
    '<div>',
    '  continuation two spaces',
    '<!-- a comment -->',
    '<!--',
    '-->',
    '* * *',
    '- - -',
  )
  const replies = fc
    .array(fc.tuple(LINE, fc.constantFrom('\n', ' ', '\n\n', '\r\n', '\r\n\r\n')), { minLength: 1, maxLength: 16 })
    .map((lines) => lines.map(([line, separator]) => line + separator).join(''))

  it('reads `\r\n` line endings as `\n`: the same page, streamed or whole', () => {
    const reply = [
      '# Steps',
      '',
      '1. Install:',
      '   ```bash',
      '   npm install',
      '   ```',
      '2. Run it.',
      '',
      '| a | b |',
      '|---|---|',
      '| 1 | 2 |',
      '',
      '> A quote',
      '> going on',
      '',
      'Done *now*.',
      '$$',
      'x^2',
      '$$',
      '',
    ].join('\n')
    const crlf = reply.replace(/\n/g, '\r\n')
    expect(fresh(crlf)).toBe(fresh(reply))
    for (const step of [1, 5]) expect(stream(crlf, step).container.innerHTML).toBe(fresh(reply))
  })

  it('ends as the text rendered whole, streamed in any steps, in each math syntax', () => {
    streamsAsWhole(replies, 30, { math: null })
    streamsAsWhole(replies, 30)
    streamsAsWhole(replies, 30, { inlineDollarMath: true })
  })
})
