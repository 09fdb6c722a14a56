import { act, render, screen, waitFor } from '@testing-library/react'
import fc from 'fast-check'
import type { ReactNode } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { toHast } from 'mdast-util-to-hast'
import { fromMarkdown } from 'mdast-util-from-markdown'
import { mathFromMarkdown } from 'mdast-util-math'
import { math as mathSyntax } from 'micromark-extension-math'
import ReactMarkdown from 'react-markdown'
import { describe, expect, it, onTestFinished, vi } from 'vitest'
import { formulaHeightGuess, showsAtMost } from '../../../src/components/Markdown/Formula'
import { Markdown } from '../../../src/components/Markdown/Markdown'
import {
  mathToHast,
  readMathBlock,
  remarkMathDouble,
  remarkMathSingle,
  texDelimiters,
} from '../../../src/markdown/math'
import type { DiagramRenderer, DiagramResult } from '../../../src/diagrams/types'
import { createUrlPolicy } from '../../../src/components/shared/urlPolicy'
import { createKatexRenderer } from '../../../src/math/katex'
import type { MathRenderer } from '../../../src/math/types'
import { asInABrowser, framesOnRequest, withConfig } from '../helpers'
import { forStrings } from '../../support/property'

const typeset = async (container: HTMLElement, count = 1) =>
  waitFor(() => expect(container.querySelectorAll('.katex').length).toBe(count))

/** Renders `text` as it streams, `step` characters more at each render from the first, then finished. */
function streamed(text: string, step: number) {
  const result = render(<Markdown text="" streaming />, { wrapper: withConfig() })
  for (let end = 1; end <= text.length; end += step) result.rerender(<Markdown text={text.slice(0, end)} streaming />)
  result.rerender(<Markdown text={text} />)
  return result
}

/** No frames to wait for (restored after the test): a formula being written is typeset at every token. */
function withoutFrames() {
  vi.stubGlobal('requestAnimationFrame', undefined)
  onTestFinished(() => {
    vi.unstubAllGlobals()
  })
}

describe('TeX delimiters', () => {
  it('turn into markdown math, display on their own lines and inline within text', () => {
    expect(texDelimiters('Energy:\n\\[\nE = mc^2\n\\]\nDone')).toBe('Energy:\n$$\nE = mc^2\n$$\nDone')
    expect(texDelimiters('\\[ a^2 + b^2 \\]')).toBe('$$\na^2 + b^2\n$$')
    expect(texDelimiters('where \\(x > 0\\) and \\[y\\] hold')).toBe('where $$x > 0$$ and $$y$$ hold')
  })

  it('keep a dollar at an edge of the TeX apart from the `$$` beside it', () => {
    // `$$5\$$$` is a run of three dollars, which closes no formula opened by two.
    expect(texDelimiters('A price \\(5\\$\\) and \\[ $x \\] here')).toBe('A price $$ 5\\$ $$ and $$ $x $$ here')
    expect(texDelimiters('\\(a\\$b\\)')).toBe('$$a\\$b$$')
  })

  it('fence a display formula with more dollars than a line of dollars in it, which would end it', () => {
    expect(texDelimiters('\\[\n$$\n\\]\nAfter')).toBe('$$$\n$$\n$$$\nAfter')
    expect(texDelimiters('\\[ a\n $$$ \n\\]')).toBe('$$$$\na\n $$$\n$$$$')
    expect(texDelimiters('\\[ a $$ b \\]')).toBe('$$\na $$ b\n$$')
  })

  it('keep a formula apart from a dollar or a formula right beside it, and leave a formula of spaces alone', () => {
    const joiner = '\u2060'
    expect(texDelimiters('x \\(a\\)\\(b\\)\\[c\\] y')).toBe(`x $$a$$${joiner}$$b$$${joiner}$$c$$ y`)
    expect(texDelimiters('costs $\\(x\\) and \\(y\\)$ here')).toBe(`costs $${joiner}$$x$$ and $$y$$${joiner}$ here`)
    expect(texDelimiters('x \\(a\\) \\(b\\) y')).toBe('x $$a$$ $$b$$ y')
    expect(texDelimiters('x \\( \\) y \\(z\\)')).toBe('x \\( \\) y $$z$$')
  })

  it('leave code spans and fences alone', () => {
    expect(texDelimiters('Use `\\(x\\)` in code, not \\(y\\)')).toBe('Use `\\(x\\)` in code, not $$y$$')
    const fence = '```latex\n\\[ x \\]\n```'
    expect(texDelimiters(fence)).toBe(fence)
    expect(texDelimiters('plain text')).toBe('plain text')
  })

  it('read the lines of the text around code, not of the text between two code spans', () => {
    // `\[` right after code is not first on its line, `\]` right before code not last on its line.
    expect(texDelimiters('A `c`\\[x\\]')).toBe('A `c`$$x$$')
    expect(texDelimiters('\\[x\\]`c` b')).toBe('$$x$$`c` b')
    expect(texDelimiters('`c`\n\\[x\\]\nB')).toBe('`c`\n$$\nx\n$$\nB')
  })

  it('leave code spans alone as the parser reads them: a run of backticks closed by the next run of its length', () => {
    expect(texDelimiters('`a``\\(x\\)`` b` \\(y\\)')).toBe('`a``\\(x\\)`` b` $$y$$')
    expect(texDelimiters('``a`\\(x\\)`` \\(y\\)')).toBe('``a`\\(x\\)`` $$y$$')
    // A run closed by no run of its length is text; a longer run does not close a shorter one.
    expect(texDelimiters('``a \\(x\\) ` \\(y\\)')).toBe('``a $$x$$ ` $$y$$')
    expect(texDelimiters('`a \\(x\\)`` b')).toBe('`a $$x$$`` b')
    // Not past the end of a paragraph: a blank line, or a list item's start.
    expect(texDelimiters('- a ` b\n- \\(x\\) `c`')).toBe('- a ` b\n- $$x$$ `c`')
    expect(texDelimiters('a ` b\n\n\\(x\\) `c`')).toBe('a ` b\n\n$$x$$ `c`')
    expect(texDelimiters('> a ` b\n>\n> \\(x\\) `c`')).toBe('> a ` b\n>\n> $$x$$ `c`')
    expect(texDelimiters('a ` b\n\\(x\\) `c`')).toBe('a ` b\n\\(x\\) `c`')
  })

  it('pair inline delimiters within a paragraph, not past a blank line or a list item’s start', () => {
    expect(texDelimiters('- a \\(x\n- b\\) \\(y\\)')).toBe('- a \\(x\n- b\\) $$y$$')
    expect(texDelimiters('a \\(x\n\nb \\(y\\)')).toBe('a \\(x\n\nb $$y$$')
    expect(texDelimiters('a \\(x\nb\\) \\[y\n> \nz\\]')).toBe('a $$x\nb$$ \\[y\n> \nz\\]')
  })

  it('leave a fence first on its line alone, in a list item or quote too, and read three backticks or tildes within a line as no fence', () => {
    expect(texDelimiters('Use ```x``` then \\(y\\) here')).toBe('Use ```x``` then $$y$$ here')
    expect(texDelimiters('About ~~~ then \\(y\\)')).toBe('About ~~~ then $$y$$')
    for (const fence of [
      '~~~\n\\(x\\)\n~~~',
      '- ```\n  \\(x\\)\n  ```',
      '1. > ~~~tex\n   > \\[x\\]\n   > ~~~',
      '   ```\n\\(x\\)',
    ])
      expect(texDelimiters(fence), fence).toBe(fence)
  })

  // The conversion before it was read in one pass: three patterns, each of which went to the end of
  // the text from every `\[` or `\(` that had no closing one after it. Code is left out of them: a
  // mark (§, which the texts drawn never hold) stands for each code span or fence on the line it is
  // on, and no formula runs over one, nor an inline one past the end of a paragraph.
  const CODE =
    /(?=`{3}|~{3})(?<=(?:^|\n)(?:[ \t]*(?:[-+*]|\d{1,9}[.)]|>))*[ \t]*)(`{3,}|~{3,})[\s\S]*?(?:\n {0,3}\1[`~]*[ \t]*(?=\n|$)|$)|(?<!`)(?=(`+))\2(?:(?!\n[ \t>]*(?:\n|(?:[-+*]|\d{1,9}[.)])[ \t]))[\s\S])*?(?<!`)\2(?!`)/g
  // An inline formula: none of only spaces; spaced inside its delimiters when a dollar is at an edge
  // of its TeX; a word joiner between it and a dollar before or after it, or the formula before it.
  const inline = (pattern: RegExp) => (text: string) => {
    let converted = -1
    return text.replace(pattern, (whole: string, tex: string, at: number) => {
      const trimmed = tex.trim()
      if (trimmed === '') return whole
      const pad = /^\$|\$$/.test(trimmed) ? ' ' : ''
      const before = text[at - 1] === '$' || converted === at ? '\u2060' : ''
      const behind = text[at + whole.length] === '$' ? '\u2060' : ''
      converted = at + whole.length
      return `${before}$$${pad}${trimmed}${pad}$$${behind}`
    })
  }
  const displays = inline(/\\\[((?:(?!\n[ \t>]*(?:\n|(?:[-+*]|\d{1,9}[.)])[ \t]))[^§])+?)\\\]/g)
  const inlines = inline(/\\\(((?:(?!\n[ \t>]*(?:\n|(?:[-+*]|\d{1,9}[.)])[ \t]))[^§])+?)\\\)/g)
  const before = (markdown: string) => {
    if (!/\\[[(]/.test(markdown)) return markdown
    const codes: string[] = []
    const masked = markdown.replace(CODE, (code) => {
      codes.push(code)
      return '§'
    })
    let at = 0
    const blocks = masked.replace(/^([ \t]*)\\\[([^§]+?)\\\][ \t]*$/gm, (_whole, indent: string, tex: string) => {
      // Fenced by more dollars than any line of dollars alone in it.
      const fence = '$'.repeat(
        Math.max(1, ...(tex.match(/^[ \t]*\$+[ \t]*$/gm) ?? []).map((line) => line.trim().length)) + 1,
      )
      return `${indent}${fence}\n${indent}${tex.trim()}\n${indent}${fence}`
    })
    return inlines(displays(blocks)).replace(/§/g, () => codes[at++] as string)
  }

  it('turn into what the patterns they replaced gave, on any text of delimiters, spaces and lines', () => {
    forStrings(
      /^[\\[\]() \tx\n\r`$]{0,30}$/,
      (text) => {
        expect(texDelimiters(text)).toBe(before(text))
      },
      10_000,
    )
  })

  it('leave thousands of lines opening a formula that never closes as they are', () => {
    const open = '\\[x\n'.repeat(30_000)
    expect(texDelimiters(open)).toBe(open)
    const inline = 'a \\( b '.repeat(20_000)
    expect(texDelimiters(inline)).toBe(inline)
    // Where a fence may open is read back from its run only: a line of 20,000 list marks before one
    // is a fence (its TeX kept), spaces after text before one are no line's start (its TeX read).
    const fence = `${'- '.repeat(20_000)}\`\`\`\n\\(x\\)`
    expect(texDelimiters(fence)).toBe(fence)
    expect(texDelimiters(`x${' '.repeat(40_000)}~~~ \\(x\\)`)).toBe(`x${' '.repeat(40_000)}~~~ $$x$$`)
    // A run of backticks that no run of its length closes is text: TeX after it is read.
    const run = `${'`'.repeat(10_000)}${'x'.repeat(10_000)}`
    expect(texDelimiters(`\\(x\\) ${run} \\(y\\)`)).toBe(`$$x$$ ${run} $$y$$`)
  })
})

describe('formulas made elements', () => {
  const tree = (text: string) =>
    fromMarkdown(text, {
      extensions: [mathSyntax({ singleDollarTextMath: true })],
      mdastExtensions: [mathFromMarkdown()],
    })

  it('are the elements mdast-util-to-hast makes of them by default, where they are, on any text of formulas', () => {
    forStrings(
      /^[$a\\ *`\n-]{0,24}$/,
      (text) => {
        expect(toHast(tree(text), mathToHast)).toEqual(toHast(tree(text)))
      },
      5_000,
    )
    const text = 'With $n = 2$ pages and $$c_i \\le 1$$, and $$\nx\n$$ below'
    const made = toHast(tree(text), mathToHast)
    expect(made).toEqual(toHast(tree(text)))
    expect(JSON.stringify(made)).toContain('"className":["language-math","math-inline"]')
  })

  it('share no class list with the tree they were made from', () => {
    const root = tree('a $x$ b')
    const made = toHast(root, mathToHast) as { children: { children: { properties: { className: string[] } }[] }[] }
    const formula = made.children[0]?.children[1]
    expect(formula?.properties.className).toEqual(['language-math', 'math-inline'])
    formula?.properties.className.push('changed')
    expect(JSON.stringify(root)).not.toContain('changed')
  })

  it('render as react-markdown renders them without the handler', () => {
    forStrings(
      /^[$ab\\ *_`\n>-]{0,24}$/,
      (text) => {
        const plain = renderToStaticMarkup(<ReactMarkdown remarkPlugins={[remarkMathSingle]}>{text}</ReactMarkdown>)
        expect(
          renderToStaticMarkup(
            <ReactMarkdown remarkPlugins={[remarkMathSingle]} remarkRehypeOptions={mathToHast}>
              {text}
            </ReactMarkdown>,
          ),
        ).toBe(plain)
      },
      3_000,
    )
  })
})

describe('math in markdown', () => {
  it('stays the text it was written in, and a mermaid block a code block, when the app gives no renderer', () => {
    // No provider: the kit's defaults, which load neither KaTeX nor mermaid.
    const { container } = render(<Markdown text={'The loss is $$x^2$$.\n\n```mermaid\ngraph TD\n  A --> B\n```'} />)
    expect(container.querySelector('.cp-math, .katex')).toBeNull()
    expect(container.textContent).toContain('$$x^2$$')
    expect(container.querySelector('.cp-diagram')).toBeNull()
    expect(container.querySelector('.cp-code')?.textContent).toContain('A --> B')
  })

  it('typesets $$…$$ inline and as a block, and TeX’s own delimiters, with KaTeX loaded on first use', async () => {
    const { container } = render(
      <Markdown
        text={
          'The area is $$\\pi r^2$$.\n\n$$\n\\int_0^1 x\\,dx = \\tfrac12\n$$\n\nAlso \\(a+b\\) and\n\n\\[\n\\sum_i i\n\\]'
        }
      />,
      { wrapper: withConfig() },
    )
    await typeset(container, 4)
    expect(container.querySelectorAll('.cp-math[data-display] .katex-display')).toHaveLength(2)
    // MathML for assistive technology.
    expect(container.querySelector('.katex math')).not.toBeNull()
  })

  it('typesets TeX with a dollar at an edge of its delimiters or beside them as the formulas written, streamed as fresh', async () => {
    // A long paragraph, read in sentences as it streams.
    const text = `${'Words before the formulas come here. '.repeat(8)}The price \\(5\\$\\) holds. Then \\[ \\$x \\] and $$y$$ hold too. Pairs \\(a\\)\\(b\\) and $\\(c\\) stay apart. The end.`
    const tex = (container: HTMLElement) =>
      [...container.querySelectorAll('.katex annotation')].map((node) => node.textContent)
    const fresh = render(<Markdown text={text} />, { wrapper: withConfig() })
    await typeset(fresh.container, 6)
    expect(tex(fresh.container)).toEqual(['5\\$', '\\$x', 'y', 'a', 'b', 'c'])
    // No dollar of the delimiters shows; the one written does.
    expect(fresh.container.textContent).toMatch(/ and \$\u2060c/)
    const { container } = streamed(text, 3)
    await typeset(container, 6)
    expect(container.innerHTML).toBe(fresh.container.innerHTML)
  })

  it('ends a TeX display formula at its \\], whatever lines of dollars it holds', async () => {
    const text = '\\[\nx\n$$\n\\]\n\nThe text after it.'
    const { container } = render(<Markdown text={text} />, { wrapper: withConfig() })
    await waitFor(() => expect(container.querySelector('.cp-math')?.getAttribute('data-state')).toBe('error'))
    expect(container.querySelectorAll('.cp-math')).toHaveLength(1)
    expect(container.querySelector('p')?.textContent).toBe('The text after it.')
    // Streamed, it ends as the finished text renders.
    const stream = streamed(text, 1)
    await waitFor(() => expect(stream.container.innerHTML).toBe(container.innerHTML))
  })

  it('leaves $…$ to prices by default, and reads it as math when the app asks', async () => {
    const text = 'It costs $5 and $10, and $x^2$ here.'
    const { container, unmount } = render(<Markdown text={text} />, { wrapper: withConfig() })
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(container.querySelector('.cp-math')).toBeNull()
    expect(container.textContent).toBe(text)
    unmount()
    const single = render(<Markdown text="Then $x^2$ grows." />, { wrapper: withConfig({ inlineDollarMath: true }) })
    await typeset(single.container)
  })

  it.each([
    [
      'a sentence',
      'p',
      'Settled first. The **bold** bound \\(x_i + y_i \\le 2\\) holds, and so does \\(z\\).',
      'Settled first. The bold bound ',
    ],
    [
      'a list item',
      'li',
      '- one\n- The **bold** bound \\(x_i + y_i \\le 2\\) holds, and so does \\(z\\).',
      'The bold bound ',
    ],
    [
      'a table cell',
      'td',
      '| step | cost |\n|---|---|\n| sort | The **bold** bound \\(x_i + y_i \\le 2\\) holds |\n| scan | \\(z\\) |\n',
      'The bold bound ',
    ],
  ])(
    'typesets an inline formula as it is written in %s, after the text before it, which is not parsed again at each token',
    async (_kind, holder, text, before) => {
      // The sentence's emphasis is rendered by a component of the app's: each render is a parse of the text around it.
      const renders = vi.fn()
      const components = {
        strong: ({ children }: { children?: ReactNode }) => {
          renders()
          return <strong>{children}</strong>
        },
      }
      const { container, rerender } = render(<Markdown text="" streaming components={components} />, {
        wrapper: withConfig(),
      })
      await act(() => createKatexRenderer().load())
      const opens = text.indexOf('\\(x') + 3
      const closes = text.indexOf('\\)')
      // The app's emphasis renders, counted at each token of the open formula.
      const counted: number[] = []
      for (let end = 1; end <= text.length; end++) {
        rerender(<Markdown text={text.slice(0, end)} streaming={end < text.length} components={components} />)
        if (end < opens || end >= closes) continue
        counted.push(renders.mock.calls.length)
        // The formula so far, as a formula (typeset or its source), after the text and the space before it; never `(x_i` as text.
        const paragraph = [...container.querySelectorAll(holder)].at(-1) as HTMLElement
        const formula = paragraph.querySelector('.cp-math') as HTMLElement
        expect(formula, text.slice(0, end)).not.toBeNull()
        expect(paragraph.lastChild).toBe(formula)
        // The bold text before it, repaired and parsed.
        expect(paragraph.querySelector('strong')?.textContent).toBe('bold')
        const shown = paragraph.textContent as string
        expect(shown.slice(0, shown.length - (formula.textContent as string).length)).toBe(before)
      }
      // Written inside the formula, the bold text before it was not rendered again.
      expect(counted.length).toBe(closes - opens)
      expect(new Set(counted).size).toBe(1)
      await typeset(container, 2)
      const streamed = container.innerHTML
      const fresh = render(<Markdown text={text} components={components} />, { wrapper: withConfig() })
      await typeset(fresh.container, 2)
      expect(streamed).toBe(fresh.container.innerHTML)
    },
  )

  it('keeps a formula being written as it last read while its TeX does not read, and says why if it ends so', async () => {
    // Every token typeset, so each TeX below is read as it comes.
    withoutFrames()
    await createKatexRenderer().load()
    const { container, rerender } = render(<Markdown text={'$$\n\\frac{1}{2} +'} streaming />, {
      wrapper: withConfig(),
    })
    await typeset(container)
    const shown: (string | null)[] = []
    for (const tex of ['\\frac{1}{2} + \\frac{', '\\frac{1}{2} + \\frac{3', '\\frac{1}{2} + \\frac{3}{4}']) {
      rerender(<Markdown text={`$$\n${tex}`} streaming />)
      expect(container.querySelector('.cp-math--source'), tex).toBeNull()
      shown.push(container.querySelector('.katex-mathml annotation')?.textContent ?? null)
    }
    // Half-typed, it shows the TeX that last read; then the TeX that reads again.
    expect(shown).toEqual(['\\frac{1}{2} +', '\\frac{1}{2} +', '\\frac{1}{2} + \\frac{3}{4}'])
    // Finished unreadable, it is its source, saying why.
    rerender(<Markdown text={'$$\n\\frac{1}{2} + \\frac{\n$$'} />)
    const source = container.querySelector('.cp-math--source') as HTMLElement
    expect(source.dataset.state).toBe('error')
    expect(source.title).not.toBe('')
  })

  it('typesets a formula again only when its TeX changes, not when the sentence around it is parsed again', async () => {
    withoutFrames()
    const math = createKatexRenderer()
    await math.load()
    const typesets = vi.spyOn(math, 'render')
    // One sentence, no sentence end: each new formula parses it again from its start.
    let text = 'Terms'
    const { container, rerender } = render(<Markdown text={text} streaming />, { wrapper: withConfig({ math }) })
    for (let i = 0; i < 12; i++) {
      text += ` $$a_${i}$$ and`
      rerender(<Markdown text={text} streaming />)
    }
    await typeset(container, 12)
    const first = typesets.mock.calls.filter(([tex]) => tex === 'a_0').length
    expect(first).toBeGreaterThan(0)
    expect(first).toBeLessThanOrEqual(2)
  })

  it('shows nothing of a formula just closed in the next one, opened in the same update', async () => {
    withoutFrames()
    await createKatexRenderer().load()
    const { container, rerender } = render(<Markdown text={'Let \\(a + b'} streaming />, { wrapper: withConfig() })
    await typeset(container)
    // The first closes and the second opens at once; the second's TeX does not read yet.
    rerender(<Markdown text={'Let \\(a + b\\) and \\(c_'} streaming />)
    const formulas = container.querySelectorAll('p > .cp-math')
    expect(formulas).toHaveLength(2)
    expect(formulas[1]?.textContent).toBe('c_')
    expect((formulas[1] as HTMLElement).dataset.state).toBe('source')
  })

  it('shows an unfinished formula as its source while it streams, never an error', async () => {
    const { container, rerender } = render(<Markdown text={'$$\n\\frac{1}{'} streaming />, { wrapper: withConfig() })
    // Give KaTeX time to load: the unfinished formula still shows as source, not as an error.
    await act(() => createKatexRenderer().load())
    await new Promise((resolve) => setTimeout(resolve, 20))
    const source = container.querySelector('.cp-math--source') as HTMLElement
    expect(source).not.toBeNull()
    expect(source.dataset.state).toBe('source')
    expect(container.querySelector('.katex-error')).toBeNull()
    rerender(<Markdown text={'$$\n\\frac{1}{2}\n$$'} />)
    await typeset(container)
  })

  it('shows a finished formula it cannot read as its source, saying why', async () => {
    const { container } = render(<Markdown text={'$$\n\\frac{1}{\n$$'} />, { wrapper: withConfig() })
    await waitFor(() => expect(container.querySelector('.cp-math--source')?.getAttribute('data-state')).toBe('error'))
    expect(container.querySelector('.cp-math--source')?.getAttribute('title')).toMatch(
      /^This formula could not be typeset: /,
    )
  })

  it('lets no link, style or markup of the formula through', async () => {
    const { container } = render(
      <Markdown text={'$$\\href{javascript:alert(1)}{click} \\url{https://evil.example} \\htmlClass{x}{y}$$'} />,
      { wrapper: withConfig() },
    )
    await waitFor(() => expect(container.querySelector('.cp-math')).not.toBeNull())
    await new Promise((resolve) => setTimeout(resolve, 50))
    // Untrusted commands are typeset as errors or shown as source: text, never a link or a load.
    expect(container.querySelector('a, [href], [src], [style*="url("]')).toBeNull()
  })

  it('reads math as text when the app turns it off', async () => {
    const { container } = render(<Markdown text={'$$x^2$$'} />, { wrapper: withConfig({ math: null }) })
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(container.querySelector('.cp-math')).toBeNull()
    expect(container.textContent).toBe('$$x^2$$')
  })

  it('typesets a ```math block', async () => {
    const { container } = render(<Markdown text={'```math\nx = \\sqrt{2}\n```'} />, { wrapper: withConfig() })
    await typeset(container)
  })
})

/** A diagram renderer that answers when told to. */
function fakeDiagrams(answer: DiagramResult) {
  let release: () => void = () => undefined
  const gate = new Promise<void>((resolve) => {
    release = resolve
  })
  const render = vi.fn<DiagramRenderer['render']>(async () => {
    await gate
    return answer
  })
  return { diagrams: { render } satisfies DiagramRenderer, release: () => release() }
}

describe('diagrams in markdown', () => {
  const block = '```mermaid\ngraph TD\n  A --> B\n```'
  /** The drawing shown in `root`, in the tree of its own it is drawn in. */
  const drawn = (root: ParentNode, selector = '[data-test="drawn"]') =>
    root.querySelector('.cp-diagram__drawing')?.shadowRoot?.querySelector(selector) ?? null

  it('shows the source while the block streams, without drawing it', () => {
    const { diagrams } = fakeDiagrams({ svg: '<svg></svg>' })
    const { container } = render(<Markdown text={'```mermaid\ngraph TD\n  A -->'} streaming />, {
      wrapper: withConfig({ diagrams }),
    })
    expect(container.querySelector('.cp-diagram[data-state="source"] .cp-code')).not.toBeNull()
    expect(diagrams.render).not.toHaveBeenCalled()
  })

  it('draws a finished block, showing its source until the drawing is ready', async () => {
    const fake = fakeDiagrams({ svg: '<svg data-test="drawn"></svg>' })
    const { container } = render(<Markdown text={block} />, { wrapper: withConfig({ diagrams: fake.diagrams }) })
    expect(container.querySelector('.cp-diagram[data-state="source"]')).not.toBeNull()
    await act(async () => fake.release())
    await waitFor(() => expect(drawn(container)).not.toBeNull())
    expect(screen.getByRole('img', { name: 'Diagram' })).toBeTruthy()
    expect(fake.diagrams.render).toHaveBeenCalledWith(
      expect.stringMatching(/^graph TD\n {2}A --> B\n?$/),
      expect.objectContaining({ dark: false }),
    )
    // Links in the drawing go through the URL policy.
    const [, options] = fake.diagrams.render.mock.calls[0] ?? []
    expect(options?.link('javascript:alert(1)')).toBeNull()
    expect(options?.link('https://example.com/')).toBe('https://example.com/')
  })

  it('keeps the source and says why when the diagram cannot be drawn', async () => {
    const fake = fakeDiagrams({ error: 'Parse error on line 2:\n...' })
    const { container } = render(<Markdown text={block} />, { wrapper: withConfig({ diagrams: fake.diagrams }) })
    await act(async () => fake.release())
    await waitFor(() => expect(container.querySelector('.cp-diagram[data-state="error"]')).not.toBeNull())
    expect(container.querySelector('.cp-diagram__error')?.textContent).toBe(
      'This diagram could not be drawn: Parse error on line 2:',
    )
    expect(container.querySelector('.cp-code')).not.toBeNull()
  })

  it('says why when a renderer of the app fails rather than answering, and draws the next diagram', async () => {
    const failing: DiagramRenderer = { render: vi.fn(() => Promise.reject(new Error('renderer crashed'))) }
    const { container } = render(<Markdown text={`${block}\n\n\`\`\`mermaid\ngraph LR\n  C --> D\n\`\`\``} />, {
      wrapper: withConfig({ diagrams: failing }),
    })
    await waitFor(() => expect(container.querySelectorAll('.cp-diagram[data-state="error"]')).toHaveLength(2))
    expect(container.querySelector('.cp-diagram__error')?.textContent).toBe(
      'This diagram could not be drawn: renderer crashed',
    )
  })

  it('shows a diagram drawn before at once when it is shown again, and does not draw it again', async () => {
    const fake = fakeDiagrams({ svg: '<svg data-test="drawn"></svg>' })
    const wrapper = withConfig({ diagrams: fake.diagrams })
    const first = render(<Markdown text={block} />, { wrapper })
    await act(async () => fake.release())
    await waitFor(() => expect(drawn(first.container)).not.toBeNull())
    first.unmount()
    // Mounted again (a row scrolled back into a virtualized transcript): the drawing at its first
    // render, never the source, which has another height.
    const again = render(<Markdown text={block} />, { wrapper })
    expect(again.container.querySelector('.cp-diagram[data-state="source"]')).toBeNull()
    expect(drawn(again.container)).not.toBeNull()
    await act(async () => undefined)
    expect(fake.diagrams.render).toHaveBeenCalledTimes(1)
    expect(drawn(again.container)).not.toBeNull()
  })

  it('shows a drawing in a tree of its own, so two places showing it share no id and its styles stay in it', async () => {
    const svg =
      '<svg id="cp-diagram-7" aria-labelledby="chart-title-cp-diagram-7"><title id="chart-title-cp-diagram-7">Flow</title><style>#cp-diagram-7 .node{fill:red}</style><marker id="cp-diagram-7_arrow"></marker><path marker-end="url(#cp-diagram-7_arrow)"></path><text>cp-diagram-7 in a label</text></svg>'
    const fake = fakeDiagrams({ svg })
    const wrapper = withConfig({ diagrams: fake.diagrams })
    const first = render(<Markdown text={block} />, { wrapper })
    await act(async () => fake.release())
    await waitFor(() => expect(drawn(first.container, 'svg')).not.toBeNull())
    const second = render(<Markdown text={block} />, { wrapper })
    const copy = drawn(second.container, 'svg')
    expect(copy).not.toBeNull()
    expect(fake.diagrams.render).toHaveBeenCalledTimes(1)
    // Each copy's ids, references and style are its tree's: none of them is in the page's.
    for (const root of [first.container, second.container]) {
      const tree = root.querySelector('.cp-diagram__drawing')?.shadowRoot
      expect(tree?.getElementById('cp-diagram-7')?.getAttribute('aria-labelledby')).toBe('chart-title-cp-diagram-7')
      expect(tree?.getElementById('chart-title-cp-diagram-7')?.textContent).toBe('Flow')
      expect(tree?.querySelector('svg style')?.textContent).toBe('#cp-diagram-7 .node{fill:red}')
      // What the page may style from outside: the drawing, as a part.
      expect(tree?.querySelector('svg')?.getAttribute('part')).toBe('drawing')
    }
    expect(document.querySelectorAll('[id^="cp-diagram-7"], [id^="chart-title"], [marker-end]')).toHaveLength(0)
    expect(document.body.querySelectorAll('style')).toHaveLength(0)
    // The drawing's box is named for what it is; the page's own style for its box is in its tree.
    expect(screen.getAllByRole('img', { name: 'Diagram' })).toHaveLength(2)
    const tree = first.container.querySelector('.cp-diagram__drawing')?.shadowRoot
    // A shared sheet where the browser has them, else a style element before the drawing.
    const shared = [...(tree?.adoptedStyleSheets ?? [])]
      .flatMap((sheet) => [...sheet.cssRules].map((rule) => rule.cssText))
      .join('')
    const boxStyle =
      shared || (tree?.firstElementChild?.tagName === 'STYLE' ? (tree.firstElementChild.textContent ?? '') : '')
    expect(boxStyle).toMatch(/max-width:\s*100%/)
  })

  it('draws again under another URL policy, and tries again a diagram that could not be drawn', async () => {
    const fake = fakeDiagrams({ svg: '<svg data-test="drawn"></svg>' })
    const first = render(<Markdown text={block} />, { wrapper: withConfig({ diagrams: fake.diagrams }) })
    await act(async () => fake.release())
    await waitFor(() => expect(drawn(first.container)).not.toBeNull())
    first.unmount()
    // The links of a drawing went through the policy it was drawn under.
    const strict = createUrlPolicy({ allowAllImages: false })
    const other = render(<Markdown text={block} />, {
      wrapper: withConfig({ diagrams: fake.diagrams, urlPolicy: strict }),
    })
    expect(other.container.querySelector('.cp-diagram[data-state="source"]')).not.toBeNull()
    await waitFor(() => expect(fake.diagrams.render).toHaveBeenCalledTimes(2))
    other.unmount()

    const failing = fakeDiagrams({ error: 'Parse error' })
    failing.release()
    const broken = render(<Markdown text={block} />, { wrapper: withConfig({ diagrams: failing.diagrams }) })
    await waitFor(() => expect(broken.container.querySelector('.cp-diagram[data-state="error"]')).not.toBeNull())
    broken.unmount()
    render(<Markdown text={block} />, { wrapper: withConfig({ diagrams: failing.diagrams }) })
    await waitFor(() => expect(failing.diagrams.render).toHaveBeenCalledTimes(2))
  })

  it('leaves mermaid blocks as code when the app turns diagrams off', () => {
    const { container } = render(<Markdown text={block} />, { wrapper: withConfig({ diagrams: null }) })
    expect(container.querySelector('.cp-diagram')).toBeNull()
    expect(container.querySelector('.cp-code[data-lang="mermaid"]')).not.toBeNull()
  })
})

describe('a block that is one $$ formula', () => {
  // What remark-math reads the block as, when it is one display formula: its TeX, else null.
  const parsed = (block: string): string | null => {
    const markup = renderToStaticMarkup(<ReactMarkdown remarkPlugins={[remarkMathDouble]}>{block}</ReactMarkdown>)
    const match = /^<pre><code class="language-math math-display">([\s\S]*)<\/code><\/pre>$/.exec(markup)
    return match
      ? (match[1] as string)
          .replace(/&lt;/g, '<')
          .replace(/&gt;/g, '>')
          .replace(/&quot;/g, '"')
          .replace(/&#x27;/g, "'")
          .replace(/&amp;/g, '&')
      : null
  }
  const piece = fc.constantFrom(
    '$$',
    '$$',
    '$$$',
    '$',
    ' ',
    '  ',
    '    ',
    '\t',
    '\n',
    '\n',
    '\n',
    'x',
    'a^2',
    '\\frac{1}{2}',
    'a $$ b',
    '&',
    '<b>',
    '`',
    '- ',
    '# ',
  )

  it('gives the TeX remark-math reads, or leaves the block to it', () => {
    let read = 0
    fc.assert(
      fc.property(
        fc.constantFrom('$$\n', '$$', ' $$\n', '$$$\n', '  $$ \n', ''),
        fc.array(piece, { maxLength: 14 }),
        (start, rest) => {
          const block = (start + rest.join('')).replace(/^\n+/, '')
          const formula = readMathBlock(block, false)
          if (!formula) return
          read++
          expect(parsed(block)).toBe(formula.tex)
        },
      ),
      { numRuns: 3000 },
    )
    // Most blocks that start with a fence are read, not left to the parser.
    expect(read).toBeGreaterThan(1000)
  })

  it('reads the usual shapes, and leaves the others', () => {
    expect(readMathBlock('$$\nE = mc^2\n$$', false)).toEqual({ tex: 'E = mc^2', closed: true })
    expect(readMathBlock('  $$\n  a\n   b\n  $$$', false)).toEqual({ tex: 'a\n b', closed: true })
    expect(readMathBlock('$$$\na\n$$\nb', false)).toEqual({ tex: 'a\n$$\nb', closed: false })
    expect(readMathBlock('$$x$$', false)).toBeNull()
    expect(readMathBlock('$$\na\n$$\nmore', false)).toBeNull()
    expect(readMathBlock('The $$x$$', false)).toBeNull()
  })

  it('while it streams, leaves out a last line that may become the closing one', () => {
    expect(readMathBlock('$$\na\n$', true)).toEqual({ tex: 'a', closed: false })
    expect(readMathBlock('$$\na\n$', false)).toEqual({ tex: 'a\n$', closed: false })
    expect(readMathBlock('$$\na\n$$', true)).toEqual({ tex: 'a', closed: true })
  })

  it('typesets a formula being written at most once a frame, and the latest TeX by the next frame', () => {
    // The clock stands still: every token below comes within one frame.
    framesOnRequest(true)
    const typeset = vi.fn((tex: string) => ({ html: `<span class="typeset">${tex.replace(/[<&]/g, '')}</span>` }))
    const math: MathRenderer = { ready: () => true, load: () => Promise.resolve(true), render: typeset }
    const shown = () => document.querySelector('.typeset')?.textContent
    const tex = 'x + 1 + 2 + 3'
    const { rerender } = render(<Markdown text={'$$\n'} streaming />, { wrapper: withConfig({ math }) })
    for (let end = 1; end <= tex.length; end++) rerender(<Markdown text={`$$\n${tex.slice(0, end)}`} streaming />)
    // Typeset with the first TeX only (the formula's empty start); the rest waits for the frame.
    expect(new Set(typeset.mock.calls.map(([called]) => called))).toEqual(new Set(['']))
    expect(shown()).toBe('')
    act(() => {
      vi.advanceTimersToNextFrame()
    })
    expect(shown()).toBe(tex)
    expect(typeset).toHaveBeenLastCalledWith(tex, true)
    // Finished, it shows its whole TeX at once.
    rerender(<Markdown text={`$$\n${tex} + 4\n$$`} />)
    expect(shown()).toBe(`${tex} + 4`)
  })

  it('commits the TeX it held back in the frame’s callback, so the frame is painted with it', () => {
    framesOnRequest(true)
    const math: MathRenderer = {
      ready: () => true,
      load: () => Promise.resolve(true),
      render: (tex) => ({ html: `<span class="typeset">${tex.replace(/[<&]/g, '')}</span>` }),
    }
    const { rerender } = render(<Markdown text={'$$\nx'} streaming />, { wrapper: withConfig({ math }) })
    rerender(<Markdown text={'$$\nx + 1'} streaming />)
    expect(document.querySelector('.typeset')?.textContent).toBe('x')
    asInABrowser()
    vi.advanceTimersToNextFrame()
    // Read as the frame's callback returns, before React's scheduler runs anything.
    expect(document.querySelector('.typeset')?.textContent).toBe('x + 1')
  })

  it('holds TeX back within the frame it last typeset in only, however little time has passed', () => {
    // The clock stands still (frames as close as a fast display's); frames come when the test says.
    vi.useFakeTimers({ toFake: ['performance'] })
    const frames = new Map<number, FrameRequestCallback>()
    let id = 0
    vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => {
      frames.set(++id, callback)
      return id
    })
    vi.stubGlobal('cancelAnimationFrame', (handle: number) => frames.delete(handle))
    onTestFinished(() => {
      vi.useRealTimers()
      vi.unstubAllGlobals()
    })
    const math: MathRenderer = {
      ready: () => true,
      load: () => Promise.resolve(true),
      render: (tex) => ({ html: `<span class="typeset">${tex.replace(/[<&]/g, '')}</span>` }),
    }
    const { rerender } = render(<Markdown text={'$$\nx'} streaming />, { wrapper: withConfig({ math }) })
    act(() => {
      const due = [...frames.values()]
      frames.clear()
      for (const callback of due) callback(performance.now())
    })
    // A new frame: the next TeX is typeset at once.
    rerender(<Markdown text={'$$\nx + 1'} streaming />)
    expect(document.querySelector('.typeset')?.textContent).toBe('x + 1')
    // Within it, the one after waits.
    rerender(<Markdown text={'$$\nx + 1 + 2'} streaming />)
    expect(document.querySelector('.typeset')?.textContent).toBe('x + 1')
  })

  it('holds no TeX back where there are no frames to show it by', () => {
    vi.useFakeTimers({ toFake: ['performance'] })
    onTestFinished(() => {
      vi.useRealTimers()
    })
    withoutFrames()
    const math: MathRenderer = {
      ready: () => true,
      load: () => Promise.resolve(true),
      render: (tex) => ({ html: `<span class="typeset">${tex.replace(/[<&]/g, '')}</span>` }),
    }
    const { rerender } = render(<Markdown text={'$$\nx'} streaming />, { wrapper: withConfig({ math }) })
    rerender(<Markdown text={'$$\nx + 1'} streaming />)
    expect(document.querySelector('.typeset')?.textContent).toBe('x + 1')
  })

  it('streams into the same formula as the finished text renders, with no parse of the block', async () => {
    const text = 'Before.\n\n$$\n\\sum_{i=1}^{n} i = \\frac{n(n+1)}{2}\n$$\n\nAfter.'
    const { container, rerender } = render(<Markdown text="" streaming />, { wrapper: withConfig() })
    await act(() => createKatexRenderer().load())
    const seen: string[] = []
    for (let end = 1; end <= text.length; end++) {
      rerender(<Markdown text={text.slice(0, end)} streaming={end < text.length} />)
      const source = container.querySelector('.cp-math--source')
      if (source) seen.push(source.textContent ?? '')
    }
    await typeset(container)
    // The partial closing line never showed in the formula's source.
    expect(seen.some((tex) => /\n\$$/.test(tex))).toBe(false)
    const streamed = container.innerHTML
    const fresh = render(<Markdown text={text} />, { wrapper: withConfig() })
    await typeset(fresh.container)
    expect(streamed).toBe(fresh.container.innerHTML)
  })
})

describe('the height reserved for a display formula off-screen', () => {
  it('grows with what makes KaTeX draw it taller: lines, big operators with limits, fractions', () => {
    // Heights of these, laid out with KaTeX's stylesheet in Chromium at 14px: 3.5em, 4.2, 5.6, 5.3, 8.9, 4.5.
    expect(formulaHeightGuess('E = mc^2')).toBe(3.5)
    expect(formulaHeightGuess('\\frac{a}{b} = c')).toBe(4.5)
    expect(formulaHeightGuess('\\sum_{k=1}^{n} k = \\frac{n(n+1)}{2}')).toBe(5.5)
    expect(formulaHeightGuess('\\begin{aligned} a &= b \\\\ c &= d \\end{aligned}')).toBe(5.3)
    expect(formulaHeightGuess('\\begin{aligned} a &= b \\\\ c &= d \\\\ e &= f \\\\ g &= h \\end{aligned}')).toBe(8.9)
    expect(formulaHeightGuess('\\lim_{x \\to 0} \\frac{\\sin x}{x} = 1')).toBe(4.5)
    // A longer command that starts like one is not it.
    expect(formulaHeightGuess('\\summary + \\fraction')).toBe(3.5)
  })

  it('is set on the typeset formula, which the browser keeps once it has laid it out', async () => {
    const { container } = render(<Markdown text={'$$\n\\sum_{k=1}^{n} k\n$$'} />, {
      wrapper: withConfig({ math: createKatexRenderer() }),
    })
    await typeset(container)
    expect((container.querySelector('.cp-math[data-display]') as HTMLElement).style.containIntrinsicBlockSize).toBe(
      'auto 5.5em',
    )
  })
})

describe('an inline formula kept whole on its line', () => {
  const katex = createKatexRenderer()
  const html = async (tex: string) => {
    await katex.load()
    const result = katex.render(tex, false)
    if (!result || !('html' in result)) throw new Error(`KaTeX did not typeset ${tex}`)
    return result.html
  }
  const shows = (markup: string) =>
    Array.from({ length: 40 }, (_, most) => most).find((most) => showsAtMost(markup, most))

  it('is measured by the characters KaTeX draws: not its MathML, not the space after a subscript, an entity once', async () => {
    // Drawn: c 1 2 ≤ 1 3, and v 1 3 = v 1 2 + 1 (the MathML repeats them, with the TeX as annotation).
    expect(shows(await html('c_{12} \\le 13'))).toBe(6)
    expect(shows(await html('v_{13} = v_{12} + 1'))).toBe(9)
    expect(shows(await html('a < b'))).toBe(3)
    expect(shows(await html('\\frac{a}{b}'))).toBe(2)
  })

  it('is measured by all of its text when the markup is not KaTeX’s, a character beyond 16 bits once', () => {
    expect(shows('<svg><path d="M0 0"/></svg>')).toBe(0)
    expect(shows('<span title="a > b">𝔸b &amp; c</span>')).toBe(6)
    expect(shows("<i data-x='>'>ab</i>")).toBe(2)
    expect(shows('a &unknown c')).toBe(12)
  })

  it('is the typeset inline formula of a few characters, not a longer one, a display formula or one shown as its source', async () => {
    const long = Array.from({ length: 8 }, (_, i) => `x_{${i}}`).join(' + ')
    const { container } = render(
      <Markdown text={`Short \\(c_{0} \\le 1\\), long \\(${long}\\), unread $$\\frac{1}{$$.\n\n$$\nE = mc^2\n$$`} />,
      {
        wrapper: withConfig({ math: createKatexRenderer() }),
      },
    )
    await typeset(container, 3)
    const [short, longer, unread, display] = [...container.querySelectorAll('.cp-math')]
    expect(short?.hasAttribute('data-whole')).toBe(true)
    expect(longer?.hasAttribute('data-whole')).toBe(false)
    expect(unread?.classList.contains('cp-math--source')).toBe(true)
    expect(unread?.hasAttribute('data-whole')).toBe(false)
    expect(display?.hasAttribute('data-display')).toBe(true)
    expect(display?.hasAttribute('data-whole')).toBe(false)
  })
})
