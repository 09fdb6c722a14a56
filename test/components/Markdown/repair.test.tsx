import ReactMarkdown from 'react-markdown'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { COMPLETE_DELIMITER, repairInline, repairTail, unfinishedLinkAsText } from '../../../src/markdown/repair'
import { forStrings } from '../../support/property'

describe('repairTail', () => {
  it('closes an open code fence with the same marker', () => {
    expect(repairTail('```ts\nconst a = 1')).toBe('```ts\nconst a = 1\n```')
    expect(repairTail('~~~~\nx')).toBe('~~~~\nx\n~~~~')
    expect(repairTail('```ts\nx\n```')).toBe('```ts\nx\n```')
  })

  it('closes unclosed emphasis and code, and drops a marker with nothing after it yet', () => {
    expect(repairTail('This is **bol')).toBe('This is **bol**')
    expect(repairTail('This is **')).toBe('This is ')
    expect(repairTail('**')).toBe('')
    expect(repairTail('**Note:*')).toBe('**Note:**')
    // A lone `*` between spaces is no mark: the last one closes the emphasis inside the bold.
    expect(repairTail('**x * y *z*')).toBe('**x * y *z***')
    // Marks opened inside open ones close first; code, then the emphasis it is in.
    expect(repairTail('A **bold *and e')).toBe('A **bold *and e***')
    expect(repairTail('A **bold *and em* ru')).toBe('A **bold *and em* ru**')
    expect(repairTail('A **bold `co')).toBe('A **bold `co`**')
    expect(repairTail('A **bold `')).toBe('A **bold**')
    expect(repairTail('Run `npm te')).toBe('Run `npm te`')
    expect(repairTail('Run `')).toBe('Run ')
    expect(repairTail('an *ital')).toBe('an *ital*')
    expect(repairTail('~~gone')).toBe('~~gone~~')
  })

  it('closes a code span of two backticks or more with as many, and drops its closing run being typed', () => {
    expect(repairTail('Run ``this')).toBe('Run ``this``')
    // The first backtick of the closing run: the span shows as it will, not as `this` and a backtick.
    expect(repairTail('Run ``this`')).toBe('Run ``this``')
    expect(repairTail('Run ``')).toBe('Run ')
    // A single backtick inside is code.
    expect(repairTail('Use ``a ` b')).toBe('Use ``a ` b``')
    // Closed spans hold no emphasis, whatever their runs.
    expect(repairTail('a ``*b*`` *c')).toBe('a ``*b*`` *c*')
    expect(repairTail('A **bold ``co')).toBe('A **bold ``co``**')
    // A run the span holds that is as long as its closing one or longer stays apart from it.
    expect(repairTail('x ``a```')).toBe('x ``a``` ``')
    // An escaped backtick is text; the run after it is one backtick shorter.
    expect(repairTail('a \\`b')).toBe('a \\`b')
    expect(repairTail('a \\``b')).toBe('a \\``b`')
    // A span of three backticks or more whose text ends in a line break (and spaces) closes before
    // it: its closing run alone on a line would open a code fence.
    expect(repairTail('Title ```\na\n')).toBe('Title ```\na```')
    expect(repairTail('Title ```\na\n    x\nb\n  ')).toBe('Title ```\na\n    x\nb```')
    expect(repairTail('- a ```\n  b\r\n  ')).toBe('- a ```\n  b```')
    expect(repairTail('Run ```\n')).toBe('Run ')
  })

  it('leaves no run of backticks shown as text in a repaired line (none escaped)', () => {
    forStrings(/^[`a *]{0,20}$/, (text) => {
      const html = renderToStaticMarkup(<ReactMarkdown>{repairInline(text)}</ReactMarkdown>)
      expect(
        html.replace(/<code>[^<]*<\/code>/g, ''),
        `${JSON.stringify(text)} → ${JSON.stringify(repairInline(text))}`,
      ).not.toContain('`')
    })
  })

  it('counts the marks of the whole paragraph the last line is in, not of the line alone', () => {
    // A reply wrapped at 80 columns: emphasis closed on the last line was opened on one above.
    const wrapped = 'we chose *delete wins unless the offline edit is newer\nby more than a minute*, and surfaced'
    expect(repairTail(wrapped)).toBe(wrapped)
    expect(repairTail('- **Deletes.** we chose *delete wins\n  by more than a minute*, and so')).toBe(
      '- **Deletes.** we chose *delete wins\n  by more than a minute*, and so',
    )
    expect(repairTail('an *emphasis that\nruns on')).toBe('an *emphasis that\nruns on*')
    expect(repairTail('Run `a span\nacross lines')).toBe('Run `a span\nacross lines`')
    // A mark left open before a blank line, or in an item above, is not this paragraph's.
    expect(repairTail('an *open mark\n\nnext paragraph')).toBe('an *open mark\n\nnext paragraph')
    expect(repairTail('- an *open mark\n- next item')).toBe('- an *open mark\n- next item')
  })

  it('leaves a thematic break being written as it is, not as emphasis to close', () => {
    for (const text of ['***', '* * *', '___', 'text\n\n___', '- a\n\n***', 'text\n***'])
      expect(repairTail(text), text).toBe(text)
  })

  it('drops a last line that a dropped mark would leave as a heading’s underline, as it does a lone `=`', () => {
    // Parsed, `text\n===` is a heading: the paragraph would flash as one (inside the paragraph a
    // streaming one is rendered in).
    expect(repairTail('text\n=== *')).toBe('text')
    // A dropped bracket that would leave a thematic break under the paragraph: the line waits too.
    expect(repairTail('text\n--- - [')).toBe('text')
    expect(repairTail('text\n--- - [x')).toBe('text\n--- - x')
    expect(repairTail('text\n--- _')).toBe('text')
    expect(repairTail('text\n=== **a')).toBe('text\n=== **a**')
  })

  it('leaves balanced or literal markers alone', () => {
    for (const text of [
      '**done** and *this*',
      'snake_case_name here',
      '* a bullet',
      '2 * 3 = 6',
      'a `code *star*` span',
    ]) {
      expect(repairTail(text)).toBe(text)
    }
  })

  it('shows a half-typed link as its text', () => {
    expect(repairTail('See [the docs](https://exa')).toBe('See the docs')
    expect(repairTail('See [the do')).toBe('See the do')
    expect(repairTail('- [ ')).toBe('- [ ')
  })

  it('gives a table its delimiter row before it arrives', () => {
    expect(repairTail('| Name | Size |')).toBe('| Name | Size |\n| --- | --- |')
    expect(repairTail('| Name | Size |\n|---|-')).toBe('| Name | Size |\n| --- | --- |')
    expect(repairTail('| Name | Size |\n|---|---|\n| a | 1')).toBe('| Name | Size |\n|---|---|\n| a | 1')
  })

  it('holds back a lone dash that would turn the line above into a heading', () => {
    expect(repairTail('Some text\n-')).toBe('Some text')
    expect(repairTail('Some text\n- item')).toBe('Some text\n- item')
  })

  it('holds back a code fence being typed, one or two marks so far, rather than show them as text', () => {
    expect(repairTail('Run this:\n``')).toBe('Run this:')
    expect(repairTail('``')).toBe('')
    expect(repairTail('  ~')).toBe('')
    expect(repairTail('Run this:\n```')).toBe('Run this:\n```')
    // A fence opened under a line is an empty code block; marks with text after them are a code span.
    expect(repairTail('Run this:\n```sh')).toBe('Run this:\n```sh')
    expect(repairTail('``x``')).toBe('``x``')
  })
})

describe('a link being written', () => {
  // What the repair was before it was one pass: a pattern that tried every bracket against the rest.
  const before = (text: string) => text.replace(/!?\[([^\]]*)\]\([^)]*$/, '$1')

  it('shows the same as the pattern it replaced, on any text of brackets, parentheses and words', () => {
    forStrings(/^[[\]()!a ]{0,24}$/, (text) => {
      expect(unfinishedLinkAsText(text)).toBe(before(text))
    })
  })

  it('shows a link being written as its text, and the text of 20,000 brackets whole', () => {
    expect(repairInline('see [the docs](https://exa')).toBe('see the docs')
    expect(repairInline('![chart](https://exa')).toBe('chart')
    expect(repairInline('[a](b) and [c](d')).toBe('[a](b) and c')
    const brackets = `${'['.repeat(20_000)}x${']'.repeat(20_000)}`
    expect(repairInline(brackets)).toBe(brackets)
  })
})

describe('a table being written', () => {
  it('takes a delimiter row as complete where the pattern it replaced did, and a line of tabs at once', () => {
    const before = /^\s*\|?\s*:?-{3,}:?\s*(\|\s*:?-{3,}:?\s*)*\|?\s*$/
    forStrings(/^[ \t|:\-x]{0,30}$/, (text) => {
      expect(COMPLETE_DELIMITER.test(text)).toBe(before.test(text))
    })
    // Cubic for the pattern before: this line did not finish.
    const tabs = `${'\t'.repeat(20_000)}---\t${'\t'.repeat(20_000)}\t---`
    expect(repairTail(`| a | b |\n${tabs}`)).toBe(`| a | b |\n| --- | --- |`)
  })
})
