import fc from 'fast-check'
import { renderToStaticMarkup } from 'react-dom/server'
import ReactMarkdown from 'react-markdown'
import { describe, expect, it } from 'vitest'
import { remarkGfmParse } from '../../../src/markdown/gfm'
import { type MathSyntax, remarkMathDouble, remarkMathSingle, texDelimiters } from '../../../src/markdown/math'
import { atxHeading, openFormula, openSpan, plainCell, plainTail } from '../../../src/markdown/plain'
import { repairInline, repairTail } from '../../../src/markdown/repair'
import reply from '../../fixtures/streaming/reply.md?raw'

type Plugins = 'none' | 'gfm' | 'gfm+math' | 'gfm+math$$'
// (Without the preload hints React's server renderer puts before an image.)
const html = (markdown: string, plugins: Plugins = 'gfm') =>
  renderToStaticMarkup(
    <ReactMarkdown
      remarkPlugins={
        plugins === 'none'
          ? []
          : plugins === 'gfm'
            ? [remarkGfmParse]
            : [remarkGfmParse, plugins === 'gfm+math' ? remarkMathSingle : remarkMathDouble]
      }
    >
      {markdown}
    </ReactMarkdown>,
  ).replace(/^(?:<link rel="preload"[^>]*>)+/, '')
// Text as React writes it into markup.
const escaped = (text: string) =>
  text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#x27;')

/** What the parser shows inside the one paragraph `markdown` is, or null if it is not one paragraph. */
function paragraph(markdown: string, plugins?: Plugins): string | null {
  if (markdown === '') return ''
  return /^<p>(.*)<\/p>$/s.exec(html(markdown, plugins))?.[1] ?? null
}
/** What the parser shows inside the one item of the list `markdown` is, or null. */
function item(markdown: string): string | null {
  if (markdown === '') return ''
  return /^<(ul|ol)(?: start="\d+")?>\n<li>(.*)<\/li>\n<\/\1>$/s.exec(html(markdown))?.[2] ?? null
}

// Words, spaces, line breaks and punctuation, mostly; marks that pair (emphasis, code, links) and
// every other mark that could make markdown of them.
const prose = fc.constantFrom(
  'word',
  'Two',
  'été',
  '12',
  ' ',
  ' ',
  ' ',
  '  ',
  '\n',
  '.',
  ',',
  ':',
  '!',
  '?',
  '/',
  '"',
  "'",
  '%',
  '-',
  '+',
  '=',
  '#',
  'www',
  'http',
)
const mark = fc.constantFrom(
  '*',
  '**',
  '_',
  '__',
  '`',
  '~~',
  '~',
  '(',
  ')',
  '[a](b)',
  '[x]',
  '*em*',
  '**strong**',
  '`code`',
  '_u_',
  '\\',
  '&amp;',
  '&',
  ';',
  '$',
  '$x$',
  '$$',
  '$$x$$',
  '|',
  '<b>',
  '>',
  'www.',
  'https://',
  '@',
)
const rare = fc.constantFrom(
  '\t',
  '\0',
  '\r',
  '    ',
  '\n\n',
  '# ',
  '- ',
  '* ',
  '1. ',
  '> ',
  '---',
  '===',
  '***',
  '```',
  '1)',
  '  \n',
  '\\\n',
)
const piece = fc.oneof({ arbitrary: prose, weight: 10 }, { arbitrary: mark, weight: 4 }, { arbitrary: rare, weight: 1 })
const markdown = fc.array(piece, { minLength: 1, maxLength: 30 }).map((pieces) => pieces.join(''))

describe('a piece cut at its last mark', () => {
  it('shows, as its head parsed then its prose, what the parser shows for the whole sentence', () => {
    let cut = 0
    fc.assert(
      fc.property(markdown, fc.constantFrom<Plugins>('none', 'gfm', 'gfm+math', 'gfm+math$$'), (text, plugins) => {
        const { head, text: prose } = plainTail(text, 'sentence')
        if (head === text) return
        cut++
        const shown = paragraph(head, plugins)
        expect(shown, JSON.stringify(head)).not.toBeNull()
        expect(html(text, plugins), JSON.stringify(text)).toBe(`<p>${shown}${escaped(prose)}</p>`)
      }),
      { numRuns: 3000 },
    )
    // Many of the generated pieces are cut (about 310 of 3,000): the property is not only checked on whole ones.
    expect(cut).toBeGreaterThan(200)
  })

  it('shows the same inside a list item', () => {
    const marker = fc.constantFrom('- ', '* ', '+ ', '1. ', '7) ', '-  ', '2.    ', '-     ', ' - ', '-')
    let cut = 0
    fc.assert(
      fc.property(marker, markdown, (start, rest) => {
        const text = `${start}${rest}`
        const { head, text: prose } = plainTail(text, 'item')
        if (head === text) return
        cut++
        const shown = item(head)
        expect(shown, JSON.stringify(head)).not.toBeNull()
        expect(item(text), JSON.stringify(text)).toBe(`${shown}${escaped(prose)}`)
      }),
      { numRuns: 3000 },
    )
    // About one run in thirteen is cut (230 in 3,000): far enough above the bound that no seed fails it.
    expect(cut).toBeGreaterThan(100)
  })

  it('cuts a real reply being written, hard-wrapped lines and all, as the parser shows it', () => {
    // The bench reply (paragraphs wrapped at 100 columns, bold lead-ins, code spans), its
    // paragraphs and list items at every fourth character, repaired as a streaming piece is.
    const blocks = reply.split(/\n{2,}/).filter((block) => /^[\p{L}`*]/u.test(block))
    const items = reply
      .split(/\n(?=[-*] |\d\. )/)
      .filter((block) => /^(?:[-*] |\d\. )/.test(block) && !block.includes('\n\n'))
    let pieces = 0
    let prose = 0
    for (const [shape, pieceOf, texts] of [
      ['sentence', paragraph, blocks],
      ['item', item, items],
    ] as const) {
      for (const whole of texts) {
        for (let end = 4; end <= whole.length; end += 4) {
          const text = repairTail(whole.slice(0, end))
          const cut = plainTail(text, shape)
          pieces++
          if (cut.head === text) continue
          prose++
          expect(pieceOf(text), JSON.stringify(text)).toBe(`${pieceOf(cut.head)}${escaped(cut.text)}`)
        }
      }
    }
    // Most of a reply is prose after the last mark.
    expect(prose / pieces).toBeGreaterThan(0.6)
  })

  it('cuts after a mark only where what follows cannot change it', () => {
    const cut = (text: string) => plainTail(text, 'sentence')
    expect(cut('The **change log** keyed by version')).toEqual({
      head: 'The **change log**',
      text: ' keyed by version',
    })
    expect(cut('Run `npm test`, then wait')).toEqual({ head: 'Run `npm test`', text: ', then wait' })
    expect(cut('see [the docs](x). Then')).toEqual({ head: 'see [the docs](x)', text: '. Then' })
    // After a formula in dollars, as after a code span: the prose holds no dollar that could pair with the run.
    expect(cut('with $$n = 2$$, each page')).toEqual({ head: 'with $$n = 2$$', text: ', each page' })
    expect(cut('costs $5 and more')).toEqual({ head: 'costs $', text: '5 and more' })
    expect(cut('the same version (a bug in the')).toEqual({ head: 'the same version (', text: 'a bug in the' })
    expect(cut('Prose that wraps \n  onto a second line. ')).toEqual({
      head: '',
      text: 'Prose that wraps\nonto a second line.',
    })
    expect(plainTail('- **Hot accounts.** A shared account', 'item')).toEqual({
      head: '- **Hot accounts.**',
      text: ' A shared account',
    })
    expect(plainTail('- an item', 'item')).toEqual({ head: '', text: 'an item' })
    // A number and a dot alone on the first line start a list (its item empty), not prose.
    expect(cut('12.\nword')).toEqual({ head: '12.\nword', text: '' })
    expect(cut('3)\nword')).toEqual({ head: '3)\nword', text: '' })
    expect(cut('12.5 words\nmore')).toEqual({ head: '', text: '12.5 words\nmore' })
    // A line of the head may start with emphasis or a code span before a number as before a word.
    expect(cut('synced in\n*2 requests* and **41 KB**, against')).toEqual({
      head: 'synced in\n*2 requests* and **41 KB**',
      text: ', against',
    })
    expect(cut('slower by\n__1 ms__, inside')).toEqual({ head: 'slower by\n__1 ms__', text: ', inside' })
    for (const text of [
      // a letter after `_` keeps it from closing; after `*` it could open
      '_a_b and more',
      '*a*b and more',
      // emphasis after punctuation could open when punctuation follows
      'a **`x`**. more',
      // an escape takes the character after it
      'a \\. b',
      // a parenthesis after a bracket starts a link's destination, after a backslash TeX
      'see [the docs](the',
      'so \\(x and',
      // autolinks run across marks
      'see www.a*b*c d',
      'mail a*b*@c.d',
      // a line that is not a paragraph's
      'foo\n***\nbar',
      '    indented **code** here',
      'line **one**\n- item',
      'line\n* 2 **one** more',
      'line\n** 2 **one** more',
      'two spaces **x**  \nmake a break',
      'a **b**\tc',
    ])
      expect(cut(text), JSON.stringify(text)).toEqual({ head: text, text: '' })
    for (const item of ['-     code', '- [ ] task **x** y', '- - nested', '-item'])
      expect(plainTail(item, 'item'), item).toEqual({ head: item, text: '' })
  })
})

describe('a heading read without a parse', () => {
  it('shows in its content, parsed as a sentence is, what the parser shows in the heading', () => {
    let read = 0
    fc.assert(
      fc.property(
        fc.constantFrom('#', '##', '######', '#######', ' ###', '   #', '    #'),
        fc.constantFrom(' ', '  ', '\t', ''),
        markdown,
        (hashes, space, content) => {
          const block = `${hashes}${space}${content}`
          const heading = atxHeading(block)
          if (!heading) return
          read++
          expect(heading.depth).toBe(/^ *(#+)/.exec(block)?.[1]?.length)
          expect(html(block), JSON.stringify(block)).toBe(
            `<h${heading.depth}>${paragraph(heading.content)}</h${heading.depth}>`,
          )
        },
      ),
      { numRuns: 3000 },
    )
    expect(read).toBeGreaterThan(300)
  })

  it('is read for a title, and not for a line the parser reads otherwise', () => {
    expect(atxHeading('## The **sync** endpoint  ')).toEqual({ depth: 2, content: 'The **sync** endpoint  ' })
    expect(atxHeading('#')).toEqual({ depth: 1, content: '' })
    for (const block of [
      '#Title',
      '####### seven',
      '    # code',
      '## Title ##',
      '## C# tips',
      '## 1. Install',
      '## - item',
      '## > quote',
      '## <div>',
      '## Title\nmore',
      '## a\tb',
    ])
      expect(atxHeading(block), JSON.stringify(block)).toBeNull()
  })
})

describe('a table cell shown as its text', () => {
  /** What the parser shows in the one body cell of a table whose cell is `cell`, or null. */
  const cellOf = (cell: string, plugins: Plugins) =>
    /<tbody><tr><td>(.*)<\/td><\/tr><\/tbody>/s.exec(html(`| h |\n|---|\n|${cell}|`, plugins))?.[1] ?? null

  it('is what the parser shows in that cell, whenever it is given', () => {
    let plain = 0
    // A cell holds no line break, and a pipe in it is escaped.
    const cell = markdown.map((text) => text.replace(/\n/g, ' ').replace(/(?<!\\)\|/g, '\\|'))
    fc.assert(
      fc.property(cell, fc.constantFrom<Plugins>('gfm', 'gfm+math'), (text, plugins) => {
        const shown = plainCell(text)
        if (shown === null) return
        plain++
        expect(escaped(shown), JSON.stringify(text)).toBe(cellOf(text, plugins))
      }),
      { numRuns: 400 },
    )
    expect(plain).toBeGreaterThan(50)
  })

  it('is given for prose and numbers, and not for a cell with marks', () => {
    expect(plainCell('  12  ')).toBe('12')
    expect(plainCell(`${' '.repeat(50_000)}x${' '.repeat(50_000)}y`)).toBe(`x${' '.repeat(50_000)}y`)
    expect(plainCell(' The store keeps every message, in order. ')).toBe('The store keeps every message, in order.')
    expect(plainCell('')).toBe('')
    for (const cell of [
      ' **changed** ',
      ' `src/a.ts` ',
      ' a \\| b ',
      ' www.example.com ',
      ' a@b.co ',
      ' $x$ ',
      ' &amp; ',
      '\tx',
      ' ~~gone~~ ',
      ' [a](b) ',
    ])
      expect(plainCell(cell), cell).toBeNull()
  })
})

// What the parser shows inside the paragraph (or the one item) a piece is, in a math syntax, with
// TeX's delimiters read as the kit reads them; null when it is not one.
const inside = (markdown: string, syntax: MathSyntax, shape: 'sentence' | 'item') => {
  if (markdown === '') return ''
  const plugins = [remarkGfmParse, syntax === 'single' ? remarkMathSingle : remarkMathDouble]
  const markup = renderToStaticMarkup(<ReactMarkdown remarkPlugins={plugins}>{texDelimiters(markdown)}</ReactMarkdown>)
  const match =
    shape === 'sentence'
      ? /^<p>([\s\S]*)<\/p>$/.exec(markup)
      : /^<(ul|ol)(?: start="\d+")?>\n<li>([\s\S]*)<\/li>\n<\/\1>$/.exec(markup)
  return match ? (match[shape === 'sentence' ? 1 : 2] as string) : null
}

describe('a piece cut before the inline formula it ends in', () => {
  const formula = (tex: string) => `<code class="language-math math-inline">${escaped(tex)}</code>`
  // Prose, TeX, and every mark near a formula that could make the piece read otherwise.
  const words = fc.constantFrom('word', 'x', ' ', ' ', '  ', '.', ',', 'a^2', '\\frac{1}{2}', '\\(x\\)', '$$y$$')
  const marks = fc.constantFrom(
    ...[
      '\n',
      ' \n',
      '  \n',
      '\\\n',
      '\\(',
      '\\(',
      '\\)',
      '\\)',
      '\\[',
      '\\]',
      '$',
      '$$',
      '$$',
      '$$$',
      '\\',
      '\\\\',
      '`',
      '``',
      '*',
      '**',
      '_',
      '[',
      ']',
      '(',
      ')',
    ],
    ...['&', '<b>', '- ', '# ', '    ', '\t', '---', '===', 'www.', '@', '[ ] ', '> '],
  )
  const token = fc.oneof({ arbitrary: words, weight: 3 }, { arbitrary: marks, weight: 1 })
  // Any text of them; and text that ends in a delimiter and some TeX, most of it open.
  const anyText = fc.array(token, { minLength: 1, maxLength: 16 }).map((tokens) => tokens.join(''))
  const tex = fc.oneof(
    { arbitrary: fc.constantFrom('x', 'a^2', ' ', '\\le', '_i', '{', '}'), weight: 4 },
    { arbitrary: fc.constantFrom('*', '$', '\\', '`', '\\)', '\n'), weight: 1 },
  )
  const endsOpen = fc
    .tuple(
      fc.array(token, { maxLength: 10 }),
      fc.constantFrom('', ' ', '  ', '\n', ' \n', '\n  '),
      fc.constantFrom('\\(', '$$'),
      fc.array(tex, { minLength: 1, maxLength: 6 }),
    )
    .map(([before, gap, open, inside]) => `The ${before.join('')}${gap}${open}${inside.join('')}`)

  it('shows, as its head parsed, the gap and the formula, what the parser shows for the piece closed right there', () => {
    let open = 0
    fc.assert(
      fc.property(
        fc.constantFrom<MathSyntax>('double', 'single'),
        fc.constantFrom('', '', '', '- ', '1. ', '* '),
        fc.oneof(anyText, endsOpen),
        (syntax, marker, rest) => {
          const shape = marker === '' ? 'sentence' : 'item'
          const text = marker + rest
          const cut = openFormula(text, syntax, shape)
          if (!cut) return
          open++
          expect(cut.tex, JSON.stringify(text)).not.toBe('')
          const head = inside(cut.head, syntax, shape)
          expect(head, JSON.stringify(cut.head)).not.toBeNull()
          // Closed right there: a last `$` or lone backslash is the closing delimiter's first half.
          const dollars = text.slice(cut.head.length + cut.gap.length).startsWith('$$')
          const half = dollars ? text.endsWith('$') : /(?<!\\)(?:\\\\)*\\$/.test(text)
          const closer = dollars ? (half ? '$' : '$$') : half ? ')' : '\\)'
          // TeX reads a run of spaces and line breaks as one space, and none around a formula: the
          // parser's TeX (less one space each side, an item's indent off its lines) is compared so.
          const spaces = (tex: string) => tex.trim().replace(/\s+/g, ' ')
          const closed = inside(text + closer, syntax, shape)?.replace(
            /(<code class="language-math math-inline">)([^<]*)(<\/code>)$/,
            (_all, start: string, tex: string, end: string) => `${start}${spaces(tex)}${end}`,
          )
          expect(closed, JSON.stringify(text)).toBe(`${head}${escaped(cut.gap)}${formula(spaces(cut.tex))}`)
        },
      ),
      { numRuns: 5000 },
    )
    // About 450 of the 5,000 pieces are cut (a fifth of those that end in a delimiter and TeX).
    expect(open).toBeGreaterThan(250)
  })

  it('is found after prose, code and closed formulas, and not where the parser could read the piece otherwise', () => {
    const cut = (text: string) => openFormula(text, 'double', 'sentence')
    expect(cut('With \\(n = 2\\) pages, each bounded by \\(c_i \\le')).toEqual({
      head: 'With \\(n = 2\\) pages, each bounded by',
      gap: ' ',
      tex: 'c_i \\le',
    })
    expect(cut('Run `f` on \\(x^')).toEqual({ head: 'Run `f` on', gap: ' ', tex: 'x^' })
    expect(cut('so $$a$$ and $$b +')).toEqual({ head: 'so $$a$$ and', gap: ' ', tex: 'b +' })
    expect(cut('where \n  \\(x')).toEqual({ head: 'where', gap: '\n', tex: 'x' })
    expect(cut('\\(x')).toEqual({ head: '', gap: '', tex: 'x' })
    // Delimiters around nothing but spaces are no formula: their text.
    expect(cut('The \\( \\) and \\(x')).toEqual({ head: 'The \\( \\) and', gap: ' ', tex: 'x' })
    // The closing delimiter's first half is not shown as TeX; TeX's line break is.
    expect(cut('a \\(x + 1\\')).toEqual({ head: 'a', gap: ' ', tex: 'x + 1' })
    expect(cut('a \\(x \\\\')).toEqual({ head: 'a', gap: ' ', tex: 'x \\\\' })
    expect(cut('a $$x + 1$')).toEqual({ head: 'a', gap: ' ', tex: 'x + 1' })
    expect(openFormula('- each \\(k', 'double', 'item')).toEqual({ head: '- each', gap: ' ', tex: 'k' })
    // Over lines, each going on with the paragraph (TeX reads a line break as a space).
    expect(cut('the formula \\(E = m\n  c^2 +')).toEqual({ head: 'the formula', gap: ' ', tex: 'E = m\n  c^2 +' })
    for (const text of [
      'no formula here',
      'closed \\(x\\) already',
      'nothing yet \\(',
      'in code `\\(x',
      'escaped \\\\(x',
      // an escaped delimiter earlier leaves a dollar that could pair with the formula's
      'The \\\\(x\\)``\\(x',
      // a formula closed right before it, whose dollars would run into its own
      'a \\(x\\)\\(y',
      // emphasis right before it, whose delimiter run is followed by the formula's
      'The *\\)**\\(x',
      'a hard break  \n\\(x',
      'a $ price and \\(x',
      'display \\[x',
      '$$x',
      'line\n$$x',
      'three $$$x',
      'see www.a.b \\(x',
      'heading\n--- \\(x',
      // over lines: a line that starts a block ends the paragraph; first on its line, `$$` and TeX open a display formula
      'a \\(x +\n- y',
      'a \\(x +\n# y',
      'a \\(x +\n1. y',
      'a \\(x +\n\ty',
      'where\n\\(x +\ny',
    ])
      expect(cut(text), JSON.stringify(text)).toBeNull()
    expect(openFormula('cost \\(x', 'off', 'sentence')).toBeNull()
    for (const item of ['- \\(x', '1. \\(x', '- [ ] \\(x']) expect(openFormula(item, 'double', 'item'), item).toBeNull()
  })
})

describe('a piece cut before the span it ends in, still open', () => {
  // Prose, and every mark near a span that could make the piece read otherwise.
  const words = fc.constantFrom(
    'word',
    'x',
    'été',
    ' ',
    ' ',
    '  ',
    '.',
    ',',
    '"',
    '(',
    'a.b',
    '**b**',
    '*e*',
    '`c`',
    '~~d~~',
  )
  const marks = fc.constantFrom(
    ...[
      '\n',
      ' \n',
      '  \n',
      '\\\n',
      '*',
      '**',
      '***',
      '_',
      '__',
      '~',
      '~~',
      '`',
      '``',
      '\\',
      '\\`',
      '\\*',
      '[',
      ']',
      '[a](b',
      '](',
      '(',
      ')',
      '<',
      '<b ',
      '>',
    ],
    ...['&', '&amp', '- ', '# ', '    ', '\t', '---', '===', 'www.', '@', '$', '$$', '\\(', '[ ] ', '> ', '\u00a0'],
  )
  const token = fc.oneof({ arbitrary: words, weight: 3 }, { arbitrary: marks, weight: 1 })
  const anyText = fc.array(token, { minLength: 1, maxLength: 16 }).map((tokens) => tokens.join(''))
  // Text that ends in a mark that opens a span and some of its text.
  const opener = fc.constantFrom('*', '**', '_', '__', '~~', '`', '***', '~', '``')
  const written = fc.oneof(
    { arbitrary: fc.constantFrom('x', 'word', ' ', '.', 'é', '2'), weight: 4 },
    {
      arbitrary: fc.constantFrom(
        '*',
        '_',
        '`',
        '~',
        '\\',
        '\n',
        '\n  ',
        '  \n',
        '\\\n',
        '\n- ',
        '\n# ',
        '\n1. ',
        '\u00a0',
        '@',
        'www.',
        '[',
        '$',
        '<',
        '&amp;',
        '\\(',
      ),
      weight: 1,
    },
  )
  const endsOpen = fc
    .tuple(
      fc.array(token, { maxLength: 10 }),
      fc.constantFrom('', ' ', '  ', '\n', ' \n', '\n  '),
      opener,
      fc.array(written, { minLength: 1, maxLength: 6 }),
    )
    .map(([before, gap, open, text]) => `The ${before.join('')}${gap}${open}${text.join('')}`)

  it('shows, as its head parsed, the gap and the element, what the parser shows for the piece repaired', () => {
    let cut = 0
    fc.assert(
      fc.property(
        fc.constantFrom('', '', '', '- ', '1. ', '* '),
        fc.oneof(
          { arbitrary: anyText, weight: 1 },
          { arbitrary: endsOpen, weight: 3 },
          { arbitrary: endsOpen.map((text) => text.slice(4)), weight: 1 },
        ),
        (marker, rest) => {
          const shape = marker === '' ? 'sentence' : 'item'
          const text = marker + rest
          const repaired = repairTail(text)
          const span = openSpan(text, repaired, shape)
          if (!span) return
          cut++
          expect(span.text, JSON.stringify(text)).not.toBe('')
          const head = inside(span.head, 'double', shape)
          expect(head, JSON.stringify(span.head)).not.toBeNull()
          expect(inside(repaired, 'double', shape), JSON.stringify(text)).toBe(
            `${head}${escaped(span.gap)}<${span.tag}>${escaped(span.text)}</${span.tag}>`,
          )
        },
      ),
      { numRuns: 5000 },
    )
    // About one piece in twenty is cut (260 of 5,000; 2 million run while building it).
    expect(cut).toBeGreaterThan(150)
  })

  it('shows the same in a table cell being written, repaired as a cell is', () => {
    // What the parser shows in the one cell of a table of `cell`.
    const shownInCell = (cell: string) =>
      /^<table><thead><tr><th>(.*)<\/th><\/tr><\/thead><\/table>$/s.exec(html(`| ${cell} |\n| --- |`))?.[1] ?? null
    let cut = 0
    fc.assert(
      fc.property(fc.oneof({ arbitrary: anyText, weight: 1 }, { arbitrary: endsOpen, weight: 3 }), (text) => {
        // A cell is one line between pipes: its pipes are escaped.
        const cell = text.replace(/\n/g, ' ').replace(/\|/g, '\\|').trimStart()
        const repaired = repairInline(cell)
        const span = openSpan(cell, repaired.trimStart(), 'cell')
        if (!span) return
        cut++
        const head = shownInCell(span.head)
        expect(head, JSON.stringify(span.head)).not.toBeNull()
        expect(shownInCell(repaired), JSON.stringify(cell)).toBe(
          `${head}${escaped(span.gap)}<${span.tag}>${escaped(span.text)}</${span.tag}>`,
        )
      }),
      { numRuns: 3000 },
    )
    expect(cut).toBeGreaterThan(100)
  })

  it('is found after prose and closed spans, and not where the parser could read the piece otherwise', () => {
    const cut = (text: string) => openSpan(text, repairTail(text), 'sentence')
    expect(cut('how to replace the export with **incremental s')).toEqual({
      head: 'how to replace the export with',
      gap: ' ',
      tag: 'strong',
      text: 'incremental s',
    })
    expect(cut('give every write a *monotonic ')).toEqual({
      head: 'give every write a',
      gap: ' ',
      tag: 'em',
      text: 'monotonic',
    })
    expect(cut('The write path lives in `notes/reposit')).toEqual({
      head: 'The write path lives in',
      gap: ' ',
      tag: 'code',
      text: 'notes/reposit',
    })
    expect(cut('Run `a` then `GET ')).toEqual({ head: 'Run `a` then', gap: ' ', tag: 'code', text: 'GET ' })
    expect(cut('it is ~~gone')).toEqual({ head: 'it is', gap: ' ', tag: 'del', text: 'gone' })
    expect(cut('**Note')).toEqual({ head: '', gap: '', tag: 'strong', text: 'Note' })
    expect(openSpan('- **Dele', repairTail('- **Dele'), 'item')).toEqual({
      head: '- ',
      gap: '',
      tag: 'strong',
      text: 'Dele',
    })
    // Over lines: a line break before it, in it.
    expect(cut('on its own line\n**x')).toEqual({ head: 'on its own line', gap: '\n', tag: 'strong', text: 'x' })
    expect(cut('we chose *delete wins\n  by mo')).toEqual({
      head: 'we chose',
      gap: ' ',
      tag: 'em',
      text: 'delete wins\nby mo',
    })
    expect(cut('set the column to\n`NOT NUL')).toEqual({
      head: 'set the column to',
      gap: '\n',
      tag: 'code',
      text: 'NOT NUL',
    })
    expect(cut('Record it in a `note_ch')).toEqual({ head: 'Record it in a', gap: ' ', tag: 'code', text: 'note_ch' })
    for (const text of [
      'nothing open',
      'closed **now**',
      'an opener alone **',
      'a word**in',
      'three ***x',
      'a mark in it **a_b',
      'a line that starts a list\n- **x',
      'a mark in code\\`s head `x',
      'a hard break  \n**x',
      'a link [a](b **x',
      'a lone `tick and `x',
      'see www.a.b **x',
      'a space first ** x',
      'a tab \t**x',
    ])
      expect(cut(text), JSON.stringify(text)).toBeNull()
  })
})
