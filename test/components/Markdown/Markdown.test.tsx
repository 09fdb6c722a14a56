import { act, render } from '@testing-library/react'
import fc from 'fast-check'
import { type ReactNode } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { ChatpartsProvider } from '../../../src/components/shared/config'
import { tableCells, TableReader } from '../../../src/markdown/table'
import { repairTail } from '../../../src/markdown/repair'
import { ListElements } from '../../../src/components/Markdown/List'
import { Markdown } from '../../../src/components/Markdown/Markdown'
import { PiecesAndRest } from '../../../src/components/Markdown/pieces'
import { ParagraphReader, settled } from '../../../src/markdown/paragraph'
import { remarkGfmParse } from '../../../src/markdown/gfm'
import { type MathSyntax, remarkMathDouble, remarkMathSingle, texDelimiters } from '../../../src/markdown/math'
import { renderToStaticMarkup } from 'react-dom/server'
import ReactMarkdown from 'react-markdown'
import { firstGroup, fresh, parsedWhole, stream, view } from './streamed'

describe('tableCells', () => {
  it('splits a row at pipes that are not escaped, without its outer pipes', () => {
    expect(tableCells('| a | b |')).toEqual([' a ', ' b '])
    expect(tableCells('a | b')).toEqual(['a ', ' b'])
    expect(tableCells('| a \\| b | `c` |')).toEqual([' a \\| b ', ' `c` '])
    expect(tableCells('|')).toEqual([''])
  })
})

describe('TableReader', () => {
  it('reads the head, the columns and the cells of each row of a growing table, keeping the rows it read', () => {
    const reader = new TableReader()
    expect(reader.read('| a | b | c | d |')).toBeNull()
    const columns = [
      { delimiter: '---', align: undefined },
      { delimiter: '--:', align: 'right' },
      { delimiter: ':--', align: 'left' },
      { delimiter: ':-:', align: 'center' },
    ]
    expect(reader.read('| a | b | c | d |\n|---|--:| :-- |:-:|')).toEqual({
      head: '| a | b | c | d |\n|---|--:| :-- |:-:|',
      columns,
      rows: [],
      open: -1,
    })
    const first = reader.read('| a | b | c | d |\n|---|--:| :-- |:-:|\n| 1 | 2 | 3 | 4 |\n| 5 | `6 \\| x')
    // A short row is filled with empty cells; only its last cell can be open (as written: it is repaired where it is shown).
    expect(first?.open).toBe(1)
    expect(first?.rows).toEqual([
      [' 1 ', ' 2 ', ' 3 ', ' 4 '],
      [' 5 ', ' `6 \\| x', ' ', ' '],
    ])
    const next = reader.read(
      '| a | b | c | d |\n|---|--:| :-- |:-:|\n| 1 | 2 | 3 | 4 |\n| 5 | `6 \\| x` | 7 | 8 | 9 |\n',
    )
    // A row with too many cells loses the extra ones, as GFM does; a row ended by its line break has no cell open.
    expect(next?.open).toBe(-1)
    expect(next?.rows).toEqual([
      [' 1 ', ' 2 ', ' 3 ', ' 4 '],
      [' 5 ', ' `6 \\| x` ', ' 7 ', ' 8 '],
    ])
    expect(next?.rows[0]).toBe(first?.rows[0])
  })

  it('leaves to the parser a block that is not a table of rows starting with a pipe', () => {
    expect(new TableReader().read('Text\n| a |\n|---|')).toBeNull()
    expect(new TableReader().read('a | b\n--|--\n1 | 2')).toBeNull()
    // A delimiter row that starts as a list item is one, and dashes alone a heading's underline:
    // the parser reads a paragraph and a list, or a heading.
    for (const text of ['| a | b |\n-  |---|\n| 1 | 2 |', '| a |\n-', '| a |\n---\n| 1 |', '| a |\n- ']) {
      expect(new TableReader().read(text), text).toBeNull()
      for (const step of [1, 4]) expect(stream(text, step).container.innerHTML).toBe(fresh(text))
    }
    expect(new TableReader().read('| a |\n:-\n| 1 |')?.rows).toEqual([[' 1 ']])
    const reader = new TableReader()
    expect(reader.read('| a |\n|---|\n| 1 |\n')).not.toBeNull()
    expect(reader.read('| a |\n|---|\n| 1 |\nlazy text\n')).toBeNull()
    // Changed before its end, the block is read again from its start.
    expect(reader.read('| b |\n|---|\n| 2 |')?.rows).toEqual([[' 2 ']])
  })
})

describe('a table streamed row by row', () => {
  const TABLE = [
    '| # | file | status | lines |',
    '|---:|:---|:---:|---|',
    '| 1 | `src/a.ts` | **changed** | 120 |',
    '| 2 | `src/b|c.ts` | *new* | 3 |',
    '| 3 | a \\| pipe | ~~gone~~ | [link](https://example.com) |',
    '| 4 | short row |',
    '| 5 | too | many | cells | here |',
    '| 6 | ![img](https://example.com/a.png) | <b>html</b> | $x$ |',
  ].join('\n')

  it('ends as the table rendered whole, for every way of cutting it', () => {
    const whole = fresh(TABLE)
    for (const step of [1, 3, 7, 40]) expect(stream(TABLE, step).container.innerHTML).toBe(whole)
  })

  it('keeps the rows already written as the same elements, while it grows and once it is finished', () => {
    const result = render(view('', true))
    const lines = TABLE.split('\n')
    act(() => result.rerender(view(lines.slice(0, 3).join('\n'), true)))
    const row = result.container.querySelector('tbody tr')
    const cell = result.container.querySelector('tbody td')
    for (let n = 4; n <= lines.length; n++) act(() => result.rerender(view(lines.slice(0, n).join('\n'), true)))
    act(() => result.rerender(view(`${TABLE}\n\nAfter the table.`, false)))
    expect(result.container.querySelector('tbody tr')).toBe(row)
    expect(result.container.querySelector('tbody td')).toBe(cell)
    expect(result.container.querySelectorAll('tbody tr')).toHaveLength(6)
  })

  it('renders any table of rows the same streamed as whole', () => {
    const cell = fc.constantFrom(
      'a',
      ' b ',
      '`c`',
      '**d**',
      '\\|',
      '',
      '1',
      '*e*',
      ' ',
      ' - ',
      '---',
      ' :-: ',
      'a  b',
      ' www.a.com ',
      '&amp;',
      '<b>x</b>',
      ' x\t',
      '[l](u)',
    )
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 4 }),
        fc.array(fc.array(cell, { minLength: 0, maxLength: 5 }), { maxLength: 5 }),
        fc.integer({ min: 1, max: 9 }),
        (columns, rows, step) => {
          const table = [
            `|${Array.from({ length: columns }, (_, i) => ` h${i} `).join('|')}|`,
            `|${'---|'.repeat(columns)}`,
            ...rows.map((cells) => `|${cells.join('|')}|`),
          ].join('\n')
          expect(stream(table, step).container.innerHTML).toBe(fresh(table))
        },
      ),
      { numRuns: 60 },
    )
  })
})

describe('a list streamed item by item', () => {
  const LIST = [
    '- first, with `code`',
    '- second',
    '  - nested **one**',
    '  - nested two',
    '    1. deeper',
    '- third [link](https://example.com)',
    '- fourth',
  ].join('\n')

  it('ends as the list rendered whole, for every way of cutting it', () => {
    const whole = fresh(LIST)
    for (const step of [1, 2, 5, 30]) expect(stream(LIST, step).container.innerHTML).toBe(whole)
    const ordered = '3. three\n4. four\n   - sub\n5. five'
    expect(stream(ordered, 2).container.innerHTML).toBe(fresh(ordered))
  })

  it('keeps its items as the same elements from its first item on, and once it is finished', () => {
    const result = render(view('- first', true))
    const first = result.container.querySelector('li')
    act(() => result.rerender(view('- first\n- sec', true)))
    act(() => result.rerender(view(`${LIST}\n\nAfter the list.`, false)))
    expect(result.container.querySelector('li')).toBe(first)
    expect(result.container.innerHTML).toBe(fresh(`${LIST}\n\nAfter the list.`))
  })

  it("renders a list longer than a group of items the same streamed as whole, and no item's text again but the one being written", () => {
    const items = Array.from({ length: 70 }, (_, i) => `- \`src/file${i}.ts\`: changed **${i}**`)
    const text = items.join('\n')
    expect(stream(text, 7).container.innerHTML).toBe(fresh(text))
    // Each item shows its text through a custom strong element: it renders again only when its item does.
    const rendered: string[] = []
    const components = {
      strong: ({ children }: { children?: ReactNode }) => {
        rendered.push(String(children))
        return <strong>{children}</strong>
      },
    }
    const counted = (markdown: string, streaming: boolean) => (
      <ChatpartsProvider highlighter={null}>
        <Markdown text={markdown} streaming={streaming} components={components} />
      </ChatpartsProvider>
    )
    const result = render(counted(items.slice(0, 69).join('\n'), true))
    const first = result.container.querySelector('li')
    rendered.length = 0
    for (const end of [
      '- `src/file69.ts`: chan',
      '- `src/file69.ts`: changed **6',
      '- `src/file69.ts`: changed **69**',
    ])
      act(() => result.rerender(counted(`${items.slice(0, 69).join('\n')}\n${end}`, true)))
    act(() => result.rerender(counted(text, false)))
    // Only the item being written renders its text again (`**6` repaired as it shows, then `**69**`): no item above it.
    expect(new Set(rendered)).toEqual(new Set(['6', '69']))
    expect(result.container.querySelector('li')).toBe(first)
    expect(result.container.querySelectorAll('li')).toHaveLength(70)
  })

  it('keeps the item being written as one element while its text turns from plain prose to markup and back', () => {
    // Plain prose is shown without a parse (see plain.ts); the item element is the list's own.
    const steps = [
      '- plain words',
      '- plain words and `co',
      '- plain words and `code`',
      '- plain words and `code` then more',
      '- plain words and `code` then more\n  - nested',
    ]
    const result = render(view('- first\n- plain', true))
    const item = result.container.querySelectorAll('li')[1]
    for (const text of steps) {
      act(() => result.rerender(view(`- first\n${text}`, true)))
      expect(result.container.querySelectorAll('ul > li')[1]).toBe(item)
    }
    act(() => result.rerender(view(`- first\n${steps.at(-1)}`, false)))
    expect(result.container.innerHTML).toBe(fresh(`- first\n${steps.at(-1)}`))
  })

  it('reads a list nested under an item as it is written, item by item, the same as the text repaired and rendered whole', () => {
    const renders = vi.fn()
    const components = {
      a: ({ children }: { children?: ReactNode }) => {
        renders()
        return <a href="#d">{children}</a>
      },
    }
    const nested = Array.from({ length: 12 }, (_, i) => `  - step ${i} with [a link](#d) and **bold ${i}** text`).join(
      '\n',
    )
    // The second item's paragraph is two lines, with a link, over its nested list.
    const text = `- first item\n- Steps, written over\n  *2 lines* with [a link](#d):\n${nested}\n    1. an ordered one\n       - deeper \`code\`\n- last item`
    const shown = (markdown: string, streaming: boolean) => (
      <ChatpartsProvider highlighter={null}>
        <Markdown text={markdown} streaming={streaming} components={components} />
      </ChatpartsProvider>
    )
    const result = render(shown('', true))
    let before = 0
    for (let end = 1; end <= text.length; end++) {
      const prefix = text.slice(0, end)
      renders.mockClear()
      act(() => result.rerender(shown(prefix, true)))
      // At most the link of the item being written renders again: the items before it are not parsed again.
      expect(renders.mock.calls.length, prefix).toBeLessThanOrEqual(1)
      // (A line that is a marker alone, or not yet past it, waits for its text: the text repaired would drop it.)
      if (!/^\s*(?:[-*+]|\d+[.)])?\s*$/.test(prefix.slice(prefix.lastIndexOf('\n') + 1))) {
        const whole = render(shown(repairTail(prefix), false))
        expect(result.container.innerHTML, JSON.stringify(prefix)).toBe(whole.container.innerHTML)
        whole.unmount()
      }
      before += renders.mock.calls.length
    }
    expect(before).toBeGreaterThan(0)
    act(() => result.rerender(shown(text, false)))
    expect(result.container.innerHTML).toBe(render(shown(text, false)).container.innerHTML)
    // An item whose first line is a list, a quote, a fence or a rule is parsed whole, and so is one
    // whose lines under it are "indented" with no-break spaces (no indent to the parser), or whose
    // paragraph has a line that may not be a paragraph's (an underline, a heading, a number) or is
    // not indented to the item's content.
    for (const other of [
      '- start\n- - x\n  - nested',
      '- start\n- > q\n  - nested',
      '- start\n- ```\n  - nested',
      '- start\n- ***\n  - nested',
      '- start\n- a\n\u00a0\u00a0- nested',
      '- start\n- a\n  b\n  ---\n  - nested',
      '- start\n- a\n  # b\n  - nested',
      '- start\n- a\n  2. b\n  - nested',
      '- start\n- a\n   b\n  - nested',
      '- start\n- a\nlazy\n  - nested',
      '- a\n  - b\n  \u00a0- c',
    ])
      expect(stream(other, 1).container.innerHTML, other).toBe(fresh(other))
  })

  it('renders a loose list as one list, as the parser does the text whole, streamed or not', () => {
    for (const list of [
      '- a\n\n- b\n\n- c',
      '3. three\n\n4. four **bold**\n\n5. five',
      '- a\n  - nested\n  - nested two\n\n- b',
      '- a\n- b\n\n- c',
      '- a\n\n  more of a\n\n- b',
      '- a\n\n  more of a\n- b',
      '- a\n- - -',
      '- a\n\n- - -',
      '* a\n* * *\n* b',
      '- a\n  - b\n\n  - c\n- d',
      '1. **First**\n\n   More about it, then a list:\n\n   - x\n   - y\n\n2. **Second**\n\n   And more.',
    ]) {
      // Through the DOM too, so both are written the same way (`<hr>`, not `<hr/>`). A thematic
      // break is a block of its own: the line breaks between blocks are not the parser's.
      const between = (html: string | undefined) => html?.replace(/>\n</g, '><')
      const rendered = fresh(list)
      expect(between(firstGroup(rendered)), list).toBe(between(parsedWhole(list)))
      for (const step of [1, 4]) expect(stream(list, step).container.innerHTML, list).toBe(rendered)
    }
  })

  it('reads the code and the paragraphs an item holds block by block, not the item again at each token', () => {
    const renders = vi.fn()
    const components = {
      a: ({ children }: { children?: ReactNode }) => {
        renders()
        return <a href="#d">{children}</a>
      },
    }
    const code = (n: number, indent: string) =>
      Array.from({ length: n }, (_, i) => `${indent}const step${i} = run(${i}) // line ${i}`).join('\n')
    // A loose list (blank lines between an item's blocks) and a tight one (code right under the text).
    const loose = [1, 2, 3]
      .map(
        (n) =>
          `${n}. **Step ${n}**: see [the docs](#d).\n\n   \`\`\`ts\n${code(8, '   ')}\n   \`\`\`\n\n   Then check it says \`ok\`.`,
      )
      .join('\n\n')
    const tight = [1, 2, 3]
      .map(() => `- Run [this](#d):\n  \`\`\`bash\n${code(8, '  ')}\n  \`\`\`\n  # Then\n  more text`)
      .join('\n')
    const shown = (markdown: string, streaming: boolean) => (
      <ChatpartsProvider highlighter={null}>
        <Markdown text={markdown} streaming={streaming} components={components} />
      </ChatpartsProvider>
    )
    for (const text of [loose, tight]) {
      const result = render(shown('', true))
      const pres = new Map<number, Element>()
      for (let end = 1; end <= text.length; end++) {
        const prefix = text.slice(0, end)
        renders.mockClear()
        act(() => result.rerender(shown(prefix, true)))
        // Inside an item's code (after its opening line), nothing of the item before it renders again.
        const lastLine = prefix.slice(prefix.lastIndexOf('\n') + 1)
        if (
          /```\w*\n(?:.*\n)*\s+\S*$/.test(prefix.slice(prefix.lastIndexOf('```'))) &&
          !lastLine.trimStart().startsWith('`')
        )
          expect(renders, JSON.stringify(prefix)).not.toHaveBeenCalled()
        // Each code block is one element from its first token to the end.
        result.container.querySelectorAll('pre').forEach((pre, i) => {
          if (!pres.has(i)) pres.set(i, pre)
          expect(pre, `${JSON.stringify(prefix)}: code block ${i}`).toBe(pres.get(i))
        })
      }
      act(() => result.rerender(shown(text, false)))
      expect(pres.size).toBe(3)
      expect(result.container.innerHTML).toBe(render(shown(text, false)).container.innerHTML)
      expect(result.container.querySelectorAll('li > .cp-code > pre').length).toBe(3)
    }
  })

  it('ends as the list rendered whole when it is indented or ordered from any number', () => {
    for (const list of ['  - a\n  - b c\n    d', '7) seven\n8) eight', '1. one\n   wrapped\n2. two', '- a\n-\n- c'])
      for (const step of [1, 3]) expect(stream(list, step).container.innerHTML, list).toBe(fresh(list))
  })
})

describe('a long paragraph streamed sentence by sentence', () => {
  const SENTENCES = [
    'The nightly job serialises **every note** of every user into one file.',
    'That worked when accounts had `a few hundred` notes, but not now.',
    'Deletes are inferred by *diffing* two exports on the device.',
    'A per-account sequence has none of those problems: see [the docs](https://example.com/docs).',
    'Intraword note_changes and 5 * 3 stay literal.',
    'This one opens `code. Across` two sentences.',
    'And this one *leans on. A later* star.',
    'Versions are handed out in commit order!',
    'Is the cursor stored on the device?',
  ]
  const paragraph = (count: number, breakEvery = 3) =>
    Array.from(
      { length: count },
      (_, i) => `${SENTENCES[i % SENTENCES.length]}${i === count - 1 ? '' : (i + 1) % breakEvery === 0 ? '\n' : ' '}`,
    ).join('')

  it('ends as the paragraph rendered whole, for every way of cutting it', () => {
    for (const [count, step] of [
      [20, 1],
      [60, 7],
      [25, 33],
    ] as const) {
      const text = paragraph(count)
      expect(stream(text, step).container.innerHTML).toBe(fresh(text))
    }
    // Thousands of renders: more than the default 5 s when the whole suite shares the machine.
  })

  it('reads a paragraph indented by up to three spaces in pieces, as it shows: without them', () => {
    for (const indent of ['   ', ' ']) {
      // Every line indented, as a reply writes a paragraph under an item `10.` whose lines are indented three.
      const text = indent + paragraph(24).replace(/\n/g, `\n${indent}`)
      const reads = vi.spyOn(ParagraphReader.prototype, 'read')
      for (const step of [1, 6])
        expect(stream(text, step).container.innerHTML, JSON.stringify(indent)).toBe(fresh(text))
      expect(reads.mock.results.some((result) => (result.value?.pieces.length ?? 0) > 0)).toBe(true)
      reads.mockRestore()
    }
    // Four spaces are code, not a paragraph.
    expect(fresh('    Text. More text.')).toContain('<pre')
  })

  it('keeps its elements when a line indented less than code follows it after a blank line', () => {
    // The paragraph ended at the blank line: what follows is a block of its own, not a reason to
    // parse the paragraph whole again (which made its elements again).
    for (const indent of ['', '   ']) {
      const prose = `${indent}${paragraph(9)}`
      const text = `${prose}\n\n   - an item indented three\n`
      const result = render(view('', true))
      let kept: Element | null = null
      for (let end = 4; end <= text.length; end += 4) {
        act(() => result.rerender(view(text.slice(0, end), true)))
        if (kept === null && end >= prose.length - 60) kept = result.container.querySelector('p strong')
      }
      act(() => result.rerender(view(text, false)))
      expect(kept).not.toBeNull()
      expect(result.container.querySelector('p strong'), JSON.stringify(indent)).toBe(kept)
      expect(result.container.innerHTML).toBe(fresh(text))
    }
  })

  it('keeps the elements of sentences already written, while it grows and once it is finished', () => {
    const text = paragraph(60)
    const result = render(view('', true))
    act(() => result.rerender(view(text.slice(0, 80), true)))
    const first = result.container.querySelector('strong')
    for (let end = 84; end < text.length; end += 4) act(() => result.rerender(view(text.slice(0, end), true)))
    act(() => result.rerender(view(text, false)))
    expect(result.container.querySelector('strong')).toBe(first)
    expect(result.container.querySelectorAll('p')).toHaveLength(1)
  })

  it('ends as the paragraph rendered whole, for sentences with escapes, hard breaks, angle brackets, brackets and TeX', () => {
    const PIECES = [
      'Clocks skew between machines [1][4].',
      'See the note [^1] and [a][b] here.',
      'A [link that spans. Two sentences](https://example.com) closes later.',
      'An image ![chart. Two](https://example.com/c.png) spans.',
      'A [bracket. Stays] open, then [closed](x).',
      'Nested [a [b] c. D](e) link.',
      'Pointy [x](<a. B>) destination.',
      'A ***note:** here. Closed later* it.',
      'Then _www.example.com. Next_ text.',
      'A path like C:\\Users\\me stays as written.',
      'An escaped \\*star\\* is no emphasis.',
      'A hard break ends this line\\\nand the next goes on.',
      'Compare a < b and 3 <4 here.',
      'A tag <span title="a. B">inside</span> closes.',
      'A tag <b>opens. Later</b> it closes.',
      'An <https://example.com/a.b> autolink.',
      'TeX \\(x. Y\\) spans two sentences.',
      'Generics Vec<T> and Option<u8> appear.',
      'Plain words only in this one.',
      'More *emphasis* and `code` here.',
      'It costs $5, and `$HOME` is set.',
      'Math $$x. Y$$ spans two sentences.',
      'Single $a. B$ dollars pair later.',
      'Closed \\(x_1 + y\\) and $$z^2$$ formulas.',
      'Costs $5 and $6, then $$a$$ is read.',
      'A stray \\) and a lone $$ here.',
    ]
    // In each math syntax: a `$` is math in one, `$$` in another, neither with no math renderer.
    const MODES = { off: { math: null }, double: {}, single: { inlineDollarMath: true } } as const
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom(...PIECES), { minLength: 8, maxLength: 24 }),
        fc.integer({ min: 3, max: 40 }),
        fc.constantFrom('off', 'double', 'single' as const),
        (sentences, step, mode) => {
          const text = sentences.join(' ')
          expect(stream(text, step, MODES[mode]).container.innerHTML, `${mode}: ${JSON.stringify(text)}`).toBe(
            fresh(text, MODES[mode]),
          )
        },
      ),
      { numRuns: 30 },
    )
  })

  it('ends as the paragraph rendered whole, for Chinese sentences with no space between them', () => {
    // Full-width stops with no space after them, marks right beside letters, autolink literals that
    // run through a stop, text in ASCII right after one, and English sentences among them.
    const PROSE = [
      '增量同步让开销与变化量成正比。',
      '每次写入都通过`saveNote`完成，并把**版本号**加一。',
      '时间戳方案会*跳过*其中一个！',
      '游标存在设备上吗？',
      '这里有~~删除线~~和_下划线_。',
      'An English sentence. ',
      '价格是 $5，公式是 $$x$$。',
      '一个开着的**粗体。',
      '它在这里**闭合**。',
      '他说：“先加**版本号**。”',
      '「`saveNote`で書く。」',
      'They wrote "skip the *old* rows." ',
      'It is done (see [the docs](https://example.com/a).) ',
    ]
    // URLs and an email address written as text (a piece ending at a stop after a URL would cut it
    // short), and text in ASCII right after a stop.
    const LITERALS = [
      '详见 https://example.com/sync。',
      '或者 www.example.com/docs。',
      '写信给 me@example.com。',
      '然后。www.example.com 是链接。',
      '然后。Next 是英文。',
      '详见 https://example.com/a<1。',
    ]
    const sentence = fc.oneof(
      { arbitrary: fc.constantFrom(...PROSE), weight: 2 },
      { arbitrary: fc.constantFrom(...LITERALS), weight: 1 },
    )
    fc.assert(
      fc.property(
        fc.array(sentence, { minLength: 16, maxLength: 40 }),
        fc.integer({ min: 2, max: 40 }),
        (sentences, step) => {
          const text = sentences.join('')
          expect(stream(text, step).container.innerHTML, JSON.stringify(text)).toBe(fresh(text))
        },
      ),
      { numRuns: 25 },
    )
  })

  it('is parsed whole again when a line turns it into something else', () => {
    const text = `${paragraph(12)}\n# Heading after it`
    expect(stream(text, 5).container.innerHTML).toBe(fresh(text))
    const table = `${paragraph(12)}\n| a | b |\n|---|---|`
    expect(stream(table, 5).container.innerHTML).toBe(fresh(table))
    // A number and a dot, or a hash, alone on a line: an empty list item cannot end a paragraph,
    // an empty heading can.
    for (const line of ['#', '###', '12.', '1)'])
      for (const text of [`${paragraph(3)}\n${line}\nMore text after it.`, `${line}\nword and more`])
        expect(stream(text, 3).container.innerHTML, JSON.stringify(text)).toBe(fresh(text))

    // A table of one column needs no pipe: its delimiter row alone, with a colon.
    for (const text of ['word\n:-', `${paragraph(3)}\n:-:\nrow one`, `${paragraph(12)}\n -: \nrow`]) {
      expect(fresh(text), JSON.stringify(text)).toContain('<table>')
      expect(stream(text, 3).container.innerHTML, JSON.stringify(text)).toBe(fresh(text))
    }
  })
})

describe('a span being written', () => {
  // A link rendered by a component of the app's: each of its renders is a parse of the text it is in.
  const counting = (
    renders: () => void,
    more: Record<string, (props: { children?: ReactNode }) => ReactNode> = {},
  ) => ({
    a: ({ children }: { children?: ReactNode }) => {
      renders()
      return <a href="#d">{children}</a>
    },
    ...more,
  })
  const shown = (text: string, streaming: boolean, components: ReturnType<typeof counting>) => (
    <ChatpartsProvider highlighter={null}>
      <Markdown text={text} streaming={streaming} components={components} />
    </ChatpartsProvider>
  )
  const SPAN = /(\*\*|\*|`|~~)([^*`~]+)\1/g

  it.each([
    [
      'a sentence',
      'p',
      'Settled first. See [the docs](#d) for **the bold part** and `code here ` and *em text* and ~~gone~~ now.',
    ],
    [
      'a list item',
      'li',
      '- one\n- See [the docs](#d) for **the bold part** and `code here ` and *em text* and ~~gone~~ now.',
    ],
    ['a heading', 'h2', '## See [the docs](/d) for **the bold part** and `code here ` and *em text* and ~~gone~~ now'],
    [
      'a table cell',
      'td',
      '| step | note |\n|---|---|\n| sort | See [the docs](#d) for **the bold part** and `code, here` and *em text* and ~~gone~~ now. |\n',
    ],
  ])(
    'in %s shows its element around the text so far, as the text repaired parses, and the text before it is not parsed again',
    (_kind, holder, text) => {
      const renders = vi.fn()
      const components = counting(renders)
      const { container, rerender } = render(shown('', true, components))
      const live = () => [...container.querySelectorAll(holder)].at(-1) as HTMLElement
      const spans = [...text.matchAll(SPAN)]
      expect(spans).toHaveLength(4)
      for (const span of spans) {
        const [, mark, content] = span as unknown as [string, string, string]
        const from = span.index + mark.length + 1
        const to = span.index + mark.length + content.length
        const counted: number[] = []
        for (let end = from; end <= to; end++) {
          const prefix = text.slice(0, end)
          rerender(shown(prefix, true, components))
          counted.push(renders.mock.calls.length)
          // The element, last, around the text written so far (emphasis without the spaces it ends in).
          const element = live().lastChild as HTMLElement
          const written = text.slice(span.index + mark.length, end)
          expect(element.tagName.toLowerCase(), prefix).toBe(
            { '**': 'strong', '*': 'em', '`': 'code', '~~': 'del' }[mark],
          )
          expect(element.textContent, prefix).toBe(mark === '`' ? written : written.trimEnd())
          // What the piece repaired shows parsed whole.
          const whole = render(
            shown(
              repairTail(prefix),
              false,
              counting(() => {}),
            ),
          )
          expect(live().innerHTML, prefix).toBe(
            ([...whole.container.querySelectorAll(holder)].at(-1) as HTMLElement).innerHTML,
          )
          whole.unmount()
        }
        // The link before the span was rendered once as the span opened, and not again while it grew.
        expect(new Set(counted).size, mark).toBe(1)
      }
      rerender(shown(text, false, components))
      const streamed = container.innerHTML
      expect(streamed).toBe(render(shown(text, false, components)).container.innerHTML)
    },
  )

  it('never shows its opening mark, or the first half of its closing one, as text', () => {
    for (const text of [
      'Intro.\n\n**Note:** text',
      '- a\n- **b** c',
      '| a | b |\n|---|---|\n| 1 | **x** |',
      'Intro.\n\n`code` x',
      'Intro.\n\n*em* and __strong__ x',
      'A **bold *and em* run** ends.',
      'A **bold `code` run** and *em `x` too*.',
      '- **Deletes.** we chose *delete wins\n  by more than a minute*, and so',
      // A code fence being typed, under a line, in a quote and in an item.
      'Run this:\n```sh\nls -la\n```\nThen go.',
      '> Quote:\n>\n> ```ts\n> let a = 1\n> ```',
      '1. Step:\n\n   ```sh\n   npm i\n   ```\n\n   Done.',
    ]) {
      const result = render(view('', true))
      for (let end = 1; end <= text.length; end++) {
        act(() => result.rerender(view(text.slice(0, end), true)))
        expect(result.container.textContent, JSON.stringify(text.slice(0, end))).not.toMatch(/[*_`]/)
      }
      act(() => result.rerender(view(text, false)))
      expect(result.container.innerHTML).toBe(fresh(text))
      result.unmount()
    }
  })

  it("is the app's own element where the app renders it", () => {
    const strongs = vi.fn()
    const components = counting(() => {}, {
      strong: ({ children }) => {
        strongs()
        return <strong className="app">{children}</strong>
      },
    })
    const text = 'See **the bold part** now.'
    const { container, rerender } = render(shown('', true, components))
    for (let end = 7; end <= 19; end++) {
      rerender(shown(text.slice(0, end), true, components))
      expect(container.querySelector('p > strong.app')?.textContent, text.slice(0, end)).toBe(
        text.slice(6, end).trimEnd(),
      )
    }
    // Rendered for each text the span had (13 tokens, two of them a space that changes nothing).
    expect(strongs).toHaveBeenCalledTimes(11)
  })
})

/**
 * Draws pieces of a sentence and text to follow them from `bit`, in a math syntax `math` draws, and
 * checks that each piece `settled` settles reads, parsed whole with a space or line break and the
 * text after it, as the piece and that text each parsed alone (`inside`: what the parser makes
 * inside a paragraph, `null` for no one paragraph). Gives what each checked piece read as alone.
 */
function settledReadAlone(
  bit: fc.Arbitrary<string>,
  math: fc.Arbitrary<MathSyntax>,
  inside: (markdown: string, math: MathSyntax) => string | null,
  numRuns: number,
): string[] {
  const piece = fc
    .tuple(fc.constantFrom('A', 'The'), fc.array(bit, { maxLength: 14 }))
    .map(([first, rest]) => `${first} ${rest.join('')}.`)
  const after = fc
    .tuple(fc.constantFrom('Next', 'x'), fc.array(bit, { maxLength: 14 }))
    .map(([first, rest]) => first + rest.join(''))
  const checked: string[] = []
  fc.assert(
    fc.property(piece, after, fc.constantFrom(' ', '\n'), math, (text, next, gap, syntax) => {
      if (!settled(text, syntax)) return
      const whole = inside(text + gap + next, syntax)
      const [first, second] = [inside(text, syntax), inside(next, syntax)]
      if (whole === null || first === null || second === null) return
      checked.push(first)
      expect(whole, `${syntax}: ${JSON.stringify(text + gap + next)}`).toBe(first + gap + second)
    }),
    { numRuns },
  )
  return checked
}

describe('ParagraphReader', () => {
  it('settles a long paragraph in sentences whose source joins back into it', () => {
    const reader = new ParagraphReader()
    const text = Array.from({ length: 30 }, (_, i) => `Sentence number ${i} has **bold** and \`code\` in it.`).join(' ')
    let read = null
    for (let end = 4; end <= text.length; end += 4) read = reader.read(text.slice(0, end))
    read = reader.read(text)
    expect(read?.pieces.length).toBeGreaterThan(3)
    expect(read && read.pieces.map((piece, i) => piece + (read?.separators[i] ?? '')).join('') + read.tail).toBe(text)
  })

  it('settles a paragraph whose first sentences leave a code span open, once it is closed', () => {
    const reader = new ParagraphReader()
    const text = `Opens \`a span. Still in it. Closes\` here. ${Array.from({ length: 40 }, (_, i) => `Sentence ${i} is plain.`).join(' ')}`
    let read = null
    for (let end = 4; end <= text.length; end += 4) read = reader.read(text.slice(0, end))
    read = reader.read(text)
    expect(read?.pieces.length).toBeGreaterThan(0)
    expect(read?.pieces[0]?.startsWith('Opens `a span. Still in it. Closes` here.')).toBe(true)
    expect(read && read.pieces.map((piece, i) => piece + (read?.separators[i] ?? '')).join('') + read.tail).toBe(text)
  })

  it('settles a long Chinese paragraph at its full-width sentence ends, which no space follows', () => {
    const reader = new ParagraphReader()
    const text = Array.from({ length: 80 }, (_, i) => `第${i}句有**粗体**和\`代码\`。`).join('')
    let read = null
    for (let end = 4; end <= text.length; end += 4) read = reader.read(text.slice(0, end))
    read = reader.read(text)
    expect(read?.pieces.length).toBeGreaterThan(3)
    expect(read?.pieces.every((piece) => piece.endsWith('。'))).toBe(true)
    expect(read?.separators.every((separator) => separator === '')).toBe(true)
    expect(read && read.pieces.map((piece, i) => piece + (read?.separators[i] ?? '')).join('') + read.tail).toBe(text)
  })

  it('settles a long paragraph in Hindi, Arabic or Urdu at its own sentence ends', () => {
    for (const [stop, sentence] of [
      ['।', 'हर बदलाव **संस्करण** बढ़ाता है और `saveNote` से होकर जाता है'],
      ['؟', 'هل يحفظ **المؤشر** على الجهاز و`saveNote` يكتب السجل'],
      ['۔', 'ہر تبدیلی **ورژن** بڑھاتی ہے اور `saveNote` سے گزرتی ہے'],
    ] as const) {
      const text = Array.from({ length: 40 }, () => `${sentence}${stop}`).join(' ')
      const reader = new ParagraphReader()
      let read = null
      for (let end = 4; end <= text.length; end += 4) read = reader.read(text.slice(0, end))
      read = reader.read(text)
      expect(read?.pieces.length, stop).toBeGreaterThan(3)
      expect(
        read?.pieces.every((piece) => piece.endsWith(stop)),
        stop,
      ).toBe(true)
      expect(read && read.pieces.map((piece, i) => piece + (read?.separators[i] ?? '')).join('') + read.tail).toBe(text)
      expect(stream(text, 7).container.innerHTML, stop).toBe(fresh(text))
    }
  })

  it('settles sentences that end in a closing quote or bracket after the stop', () => {
    // Each piece ends with the sentence's closing mark; the Japanese paragraph starts with a quote.
    for (const [sentence, separator, end] of [
      ['They wrote "skip the **old** rows." ', ' ', '"'],
      ['It is done (see `sync.ts`.) ', ' ', ')'],
      ['他说：“先加**版本号**。”', '', '”'],
      ['「`saveNote`で書く。」と言う。', '', '」'],
    ] as const) {
      const text = Array.from({ length: 100 }, () => sentence).join('')
      const reader = new ParagraphReader()
      for (let at = 4; at <= text.length; at += 4) reader.read(text.slice(0, at))
      const read = reader.read(text)
      expect(read?.pieces.length, sentence).toBeGreaterThan(3)
      expect(
        read?.separators.every((gap) => gap === separator),
        sentence,
      ).toBe(true)
      expect(
        read?.pieces.every((piece) => piece.endsWith(end)),
        sentence,
      ).toBe(true)
      expect(stream(text, 7).container.innerHTML, sentence).toBe(fresh(text))
    }
  })

  it('ends no piece at a full-width stop that a URL written as text runs through', () => {
    const filler = '这一句只是为了让段落足够长，好让读者开始切分它。'.repeat(12)
    // GFM's URL runs up to a space: through the stop and the text after it. An email address ends
    // at the stop; a URL right after one is read as it is after a space.
    for (const [end, cut] of [
      ['见 https://example.com/a。下一句', false],
      ['见 WWW.example.com。下一句', false],
      ['见 https://example.com/a<1。下一句', false],
      ['写信给 me@example.com。下一句', true],
      ['然后。www.example.com 是链接', true],
    ] as const) {
      const text = `${filler}${end}${'后面还有很多文字。'.repeat(40)}`
      const stop = text.indexOf(end) + end.indexOf('。') + 1
      // Read up to just after the stop: the last sentence end, where the piece would end.
      const read = new ParagraphReader().read(text.slice(0, stop + 5))
      expect(read?.pieces.join('').length === stop, end).toBe(cut)
      expect(stream(text, 4).container.innerHTML, end).toBe(fresh(text))
    }
  })

  it('reads no block with a blank line and text after it as one paragraph', () => {
    const long = 'A sentence that is long enough to be settled on its own, and then some more words. '.repeat(4)
    expect(new ParagraphReader().read(`${long}\n\n    code`)).toBeNull()
    expect(new ParagraphReader().read(`${long}\n`)).not.toBeNull()
  })

  it('reads no block with a footnote definition under its text as one paragraph', () => {
    // The definition interrupts the paragraph: its footnotes are no part of it.
    expect(new ParagraphReader().read('See the note [^1].\n[^1]: The note.')).toBeNull()
    expect(new ParagraphReader().read('See the note [^1].\n[^1')).toBeNull()
  })

  it('settles nothing that text after it could change', () => {
    expect(settled('An open `code span.')).toBe(false)
    expect(settled('An open *emphasis.')).toBe(false)
    expect(settled('A [link text.')).toBe(false)
    expect(settled('Closed `code` and **strong**.')).toBe(true)
    expect(settled('Then 5 * 3 and note_changes.')).toBe(true)
    expect(settled('# A heading.')).toBe(false)
    expect(settled('Money $5 and more.')).toBe(false)
    // Escapes and hard breaks are read within the piece; TeX's delimiters and a tag left open are not.
    // (An escaped star is a star in the text the parser leaves, and counted as one.)
    expect(settled('A path C:\\Users\\me and an escaped \\# sign.')).toBe(true)
    expect(settled('An escaped \\*star\\*.')).toBe(false)
    expect(settled('A hard break\\\nhere.')).toBe(true)
    expect(settled('Compare a < b, and Vec<T> is closed.')).toBe(true)
    expect(settled('Opens \\(x + 1.')).toBe(false)
    // A dollar as the math syntax reads it: any (the default), `$$` only, or none; never in code.
    expect(settled('It costs $5, and `$HOME` is set.', 'double')).toBe(true)
    expect(settled('It costs $5.', 'off')).toBe(true)
    expect(settled('Opens $$x + 1.', 'double')).toBe(false)
    expect(settled('Only `$HOME` here.', 'single')).toBe(true)
    expect(settled('A tag <b title="x.')).toBe(false)
    // A bracket left as text is settled once a later one closes it and no parenthesis follows.
    expect(settled('Sync drifts [1] and clocks skew [2][3].')).toBe(true)
    expect(settled('See the note [^1] and [a][b] here.')).toBe(true)
    expect(settled('A [link text] then [more.')).toBe(false)
    expect(settled('A [link](<with spaces.')).toBe(false)
    expect(settled('A [b] c](d.')).toBe(false)
    expect(settled('A [b [c] d.')).toBe(false)
    // A mark next to an element is next to the element's own mark, not a space.
    expect(settled('A ***word**.')).toBe(false)
    expect(settled('A _www.example.com.')).toBe(false)
    expect(settled('A * **word** * b.')).toBe(true)
  })

  it('settles pieces that mean the same whatever is written after them', () => {
    const html = (markdown: string) =>
      renderToStaticMarkup(<ReactMarkdown remarkPlugins={[remarkGfmParse]}>{markdown}</ReactMarkdown>).replace(
        /^(?:<link rel="preload"[^>]*>)+/,
        '',
      )
    const inside = (markdown: string) => /^<p>(.*)<\/p>$/s.exec(html(markdown))?.[1] ?? null
    const bit = fc.constantFrom(
      'word',
      'Two',
      '12',
      'é',
      ' ',
      ' ',
      '\n',
      '.',
      ',',
      '"',
      '[',
      ']',
      '[1]',
      '[^1]',
      '](',
      '](<',
      '(',
      ')',
      '<',
      '>',
      '<b',
      '!',
      '*',
      '**',
      '***',
      '_',
      '__',
      '~',
      '~~',
      '`',
      'www.a',
      '<http://a>',
      '&amp;',
      '\\',
      '  \n',
    )
    const checked = settledReadAlone(bit, fc.constant('off'), inside, 4000)
    // About a third of the pieces are settled and both halves are paragraphs (1,300 of 4,000).
    expect(checked.length).toBeGreaterThan(600)
  })

  it('ends as the text rendered whole when TeX follows code on its line', () => {
    // A sentence cut after its last mark (`\]`, the end of its text then) read `\[` right after the
    // code span as first on its line: a display formula inside the paragraph.
    for (const text of ['A `c`\\[x\\]. B', 'See `a` and `b`\\[x + y\\], then more.', '`c`\\[x\\]\n\nNext.']) {
      expect(stream(text, 1).container.innerHTML, text).toBe(fresh(text))
    }
  })

  it('ends as the text rendered whole when a TeX formula first on a line runs over lines', () => {
    // Converted, its `$$` first on the line opens a math block, in the paragraph being read in pieces.
    const text = `${'The first words. '.repeat(16)}\n\\(x +\ny\\) and more. ${'Then the rest. '.repeat(4)}`
    expect(stream(text, 1).container.innerHTML).toBe(fresh(text))
  })

  it('settles pieces with formulas that mean the same whatever is written after them, in each math syntax', () => {
    const plugins = { double: [remarkGfmParse, remarkMathDouble], single: [remarkGfmParse, remarkMathSingle] } as const
    // As the text is rendered: TeX's delimiters read as `$$` in the text given, then parsed.
    const inside = (markdown: string, math: MathSyntax) =>
      math === 'off'
        ? null
        : (/^<p>(.*)<\/p>$/s.exec(
            renderToStaticMarkup(
              <ReactMarkdown remarkPlugins={[...plugins[math]]}>{texDelimiters(markdown)}</ReactMarkdown>,
            ),
          )?.[1] ?? null)
    const bit = fc.constantFrom(
      'word',
      'x',
      ' ',
      ' ',
      '\n',
      '.',
      ',',
      '$',
      '$$',
      '$$$',
      '\\(',
      '\\)',
      '\\[',
      '\\]',
      '\\',
      '`',
      '*',
      '_',
      '[',
      ']',
      '(',
      ')',
      'a_1',
      '{',
      '}',
      '^2',
      '$$x$$',
      '$y$',
      '\\(z\\)',
      '\\[w\\]',
      '$$x',
      'y$$',
    )
    const checked = settledReadAlone(bit, fc.constantFrom('double', 'single' as const), inside, 6000)
    expect(checked.length).toBeGreaterThan(600)
    // Pieces holding a formula are settled too (they were not before).
    expect(checked.filter((piece) => piece.includes('math-inline')).length).toBeGreaterThan(100)
  })

  it('ends as the paragraph rendered whole when a star left as text meets emphasis closed later', () => {
    const filler = 'Clients keep a cursor and ask for changes since it. '.repeat(6)
    for (const text of [
      `${filler}A ***note:** the cursor moves. ${filler}Only forward*.`,
      `${filler}See _www.example.com. ${filler}Done_.`,
    ])
      expect(stream(text, 4).container.innerHTML, text.slice(filler.length, filler.length + 30)).toBe(fresh(text))
  })

  it('reads a paragraph of citations in brackets in pieces, and ends as it rendered whole', () => {
    const text = Array.from(
      { length: 30 },
      (_, i) => `Clients keep a cursor and ask for changes since it [${i + 1}].`,
    ).join(' ')
    const reader = new ParagraphReader()
    let pieces = 0
    for (let end = 4; end <= text.length; end += 4) pieces = reader.read(text.slice(0, end))?.pieces.length ?? 0
    // Settled a few sentences at a time, as the text grows past each 240 characters.
    expect(pieces).toBeGreaterThan(5)
    expect(stream(text, 4).container.innerHTML).toBe(fresh(text))
  })
})

/** A group of kept elements as PiecesAndRest and ListElements hand it out (an ElementGroup element). */
type Group = { props: { elements: readonly unknown[] } }

describe('PiecesAndRest', () => {
  const rest = (text: string) => ({ text, span: null, formula: null })
  /** A reader of pieces, what shows a piece (watched), and 40 settled sentences with their separators. */
  const setup = () => {
    const settledOnes = Array.from({ length: 40 }, (_, i) => `Sentence ${i}.`)
    return {
      pieces: new PiecesAndRest(),
      shown: vi.fn((text: string) => <span>{text}</span>),
      settledOnes,
      separators: settledOnes.map(() => ' '),
    }
  }

  it('makes a settled piece once and hands out the groups before the last as they were, while the rest grows', () => {
    const { pieces, shown, settledOnes, separators } = setup()
    const first = pieces.render(settledOnes, separators, rest('The rest'), ['inputs'], shown) as unknown as Group[]
    expect(first.map((group) => group.props.elements.length)).toEqual([32, 9])
    expect(shown).toHaveBeenCalledTimes(41)
    // A token: only the rest is shown again; the first group is the same array, the last keeps its settled elements.
    shown.mockClear()
    const second = pieces.render(
      settledOnes,
      separators,
      rest('The rest grows'),
      ['inputs'],
      shown,
    ) as unknown as Group[]
    expect(shown).toHaveBeenCalledTimes(1)
    expect(second[0]?.props.elements).toBe(first[0]?.props.elements)
    expect(second[1]?.props.elements).not.toBe(first[1]?.props.elements)
    expect(second[1]?.props.elements.slice(0, 8)).toEqual(first[1]?.props.elements.slice(0, 8))
    // The rest settles (the reader hands out new arrays): the piece is made, the others are kept.
    shown.mockClear()
    const third = pieces.render(
      [...settledOnes, 'The rest grows.'],
      [...separators, ' '],
      rest(''),
      ['inputs'],
      shown,
    ) as unknown as Group[]
    expect(shown).toHaveBeenCalledTimes(2)
    expect(third[0]?.props.elements).toBe(first[0]?.props.elements)
    expect(third[1]?.props.elements[0]).toBe(first[1]?.props.elements[0])
    // A piece written otherwise than before (a reader started again) is made again, from it on.
    shown.mockClear()
    const changed = [...settledOnes]
    changed[35] = 'Another sentence.'
    const fourth = pieces.render(changed, separators, rest(''), ['inputs'], shown) as unknown as Group[]
    expect(shown).toHaveBeenCalledTimes(6)
    expect(fourth[0]?.props.elements).toBe(first[0]?.props.elements)
    expect(fourth[1]?.props.elements[2]).toBe(first[1]?.props.elements[2])
    expect(fourth[1]?.props.elements[3]).not.toBe(first[1]?.props.elements[3])
  })

  it('makes every piece again when what they are shown with changes', () => {
    const { pieces, shown, settledOnes, separators } = setup()
    const before = pieces.render(settledOnes, separators, rest(''), ['single'], shown) as unknown as Group[]
    shown.mockClear()
    const after = pieces.render(settledOnes, separators, rest(''), ['double'], shown) as unknown as Group[]
    expect(shown).toHaveBeenCalledTimes(41)
    expect(after[0]?.props.elements).not.toBe(before[0]?.props.elements)
    expect(after[0]?.props.elements[0]).not.toBe(before[0]?.props.elements[0])
  })
})

describe('ListElements', () => {
  const files = (count: number) => Array.from({ length: count }, (_, i) => `- file${i}.ts`)

  it('makes an item once, again when it stops being written, and hands out the groups before the last as they were', () => {
    const list = new ListElements()
    const item = vi.fn((text: string, i: number, live: boolean) => (
      <li key={i} data-live={live}>
        {text}
      </li>
    ))
    const items = files(40)
    const first = list.render(items, 39, ['inputs'], item) as unknown as Group[]
    expect(first.map((group) => group.props.elements.length)).toEqual([32, 8])
    expect(item).toHaveBeenCalledTimes(40)
    // The last item grows: it alone is made again.
    item.mockClear()
    const grown = [...items.slice(0, 39), '- file39.ts and more']
    const second = list.render(grown, 39, ['inputs'], item) as unknown as Group[]
    expect(item.mock.calls.map((call) => call[1])).toEqual([39])
    expect(second[0]?.props.elements).toBe(first[0]?.props.elements)
    // An item begins: the one before it is no longer being written (made again), and the new one is.
    item.mockClear()
    const third = list.render([...grown, '- file40'], 40, ['inputs'], item) as unknown as Group[]
    expect(item.mock.calls.map((call) => [call[1], call[2]])).toEqual([
      [39, false],
      [40, true],
    ])
    expect(third[0]?.props.elements).toBe(first[0]?.props.elements)
    // Other inputs: every item is made again.
    item.mockClear()
    list.render([...grown, '- file40'], 40, ['other inputs'], item)
    expect(item).toHaveBeenCalledTimes(41)
  })
})
