import fc from 'fast-check'
import { renderToStaticMarkup } from 'react-dom/server'
import ReactMarkdown from 'react-markdown'
import { describe, expect, it } from 'vitest'
import { mayUseGfm, remarkGfmParse } from '../../../src/markdown/gfm'

const html = (markdown: string, gfm: boolean) =>
  renderToStaticMarkup(<ReactMarkdown remarkPlugins={gfm ? [remarkGfmParse] : []}>{markdown}</ReactMarkdown>)

describe('GFM only when its marks appear', () => {
  it('sees the mark of every GFM construct', () => {
    for (const markdown of [
      '| a | b |\n|---|---|',
      '~~old~~',
      '- [ ] todo',
      '- [x] done',
      'Note[^1]\n\n[^1]: the note',
      'www.example.com',
      'see https://example.com',
      'HTTP://EXAMPLE.COM',
      'mail me@example.com',
      'mailto:me@example.com',
      'xmpp:me@example.com',
      // A table of one column needs no pipe (found by the property below: 'word\n:-').
      'word\n:-',
      'word\n-:',
      'a b\n :-: ',
    ]) {
      expect(mayUseGfm(markdown), markdown).toBe(true)
      expect(html(markdown, true)).not.toBe(html(markdown, false))
    }
  })

  it('renders the same tree without the extensions when no mark appears', () => {
    const piece = fc.constantFrom(
      'word',
      ' ',
      '\n',
      '\n\n',
      '*',
      '**',
      '_',
      '`',
      '# ',
      '- ',
      '1. ',
      '> ',
      '[',
      ']',
      '(',
      ')',
      '!',
      'http',
      ':',
      '.',
      '/',
      'x',
      '<b>',
      '\\',
      '  ',
      '---',
      '```',
    )
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 40 }), (pieces) => {
        const markdown = pieces.join('')
        fc.pre(!mayUseGfm(markdown))
        expect(html(markdown, false)).toBe(html(markdown, true))
      }),
      { numRuns: 300 },
    )
    // 600 renders: more than the default 5 s when the whole suite shares the machine.
  })

  it('leaves an underline without a colon to CommonMark (a heading, not a table)', () => {
    for (const markdown of ['word\n---', 'word\n-', 'word\n=']) {
      expect(mayUseGfm(markdown), markdown).toBe(false)
      expect(html(markdown, false)).toBe(html(markdown, true))
    }
  })

  it('still parses GFM through the shared extensions, parse after parse', () => {
    expect(html('| a |\n|---|\n| 1 |', true)).toContain('<table>')
    expect(html('~~x~~ and www.example.com', true)).toBe(
      '<p><del>x</del> and <a href="http://www.example.com">www.example.com</a></p>',
    )
  })
})
