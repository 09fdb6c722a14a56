import { render } from '@testing-library/react'
import { flushSync } from 'react-dom'
import { afterEach, describe, expect, it } from 'vitest'
import { ChatpartsProvider } from '../../../src/components/shared/config'
import { CodeBlock } from '../../../src/components/Markdown/CodeBlock'
import { createShikiHighlighter } from '../../../src/highlight/shiki'
import type { Highlighter } from '../../../src/highlight/types'
import '../../../src/styles/chatparts.css'
import { codeLinesIn } from '../../support/codeLines'
import { loadedHighlighter } from '../helpers'

const code = (count: number, long = -1) =>
  Array.from({ length: count }, (_, i) =>
    i === long ? `const wide = '${'x'.repeat(300)}'` : `const line${i} = ${i}`,
  ).join('\n')

afterEach(() => scrollTo(0, 0))

describe('a long code block', () => {
  it('lays its lines out in groups of 64, the same lines and text as one run', () => {
    const { container } = render(
      <ChatpartsProvider highlighter={null}>
        <CodeBlock code={code(300)} lang="ts" highlighter={null} />
      </ChatpartsProvider>,
    )
    const groups = container.querySelectorAll('pre > code > .cp-code__chunk')
    expect(groups).toHaveLength(5)
    expect([...groups].map((group) => codeLinesIn(group).length)).toEqual([64, 64, 64, 64, 44])
    // Finished lines are text: no element per line.
    expect([...groups].map((group) => group.children.length)).toEqual([0, 0, 0, 0, 0])
    expect(container.querySelector('code')?.textContent).toBe(`${code(300)}\n`)
  })

  it('keeps the lines of groups already written when it grows: only the last group changes', () => {
    const view = (text: string) => (
      <ChatpartsProvider highlighter={null}>
        <CodeBlock code={text} lang="ts" streaming highlighter={null} />
      </ChatpartsProvider>
    )
    const { container, rerender } = render(view(code(100)))
    const firstGroup = container.querySelector('.cp-code__chunk')
    const firstText = firstGroup?.firstChild
    flushSync(() => rerender(view(code(200))))
    expect(container.querySelector('.cp-code__chunk')).toBe(firstGroup)
    expect(firstGroup?.firstChild).toBe(firstText)
    expect(codeLinesIn(container).map((line) => line.text)).toEqual(code(200).split('\n'))
    // The line being written alone is an element of its own.
    expect(container.querySelectorAll('.cp-code__line')).toHaveLength(1)
    expect(container.querySelector('.cp-code__line')?.textContent).toBe(`${code(200).split('\n').at(-1)}\n`)
  })

  it('scrolls sideways as far as its longest line while that line’s group is out of view (its width estimated)', async () => {
    const host = document.createElement('div')
    host.style.width = '400px'
    // Far below the view whatever the test page's size, so the browser skips what is out of view.
    const spacer = document.createElement('div')
    spacer.style.height = '30000px'
    document.body.append(spacer, host)
    // Coloured, so that the group holds elements whose skipping can be asked.
    const { highlighter } = await loadedHighlighter()
    const { container } = render(
      <ChatpartsProvider highlighter={highlighter}>
        <CodeBlock code={code(400, 390)} lang="ts" highlighter={highlighter} />
      </ChatpartsProvider>,
      { container: host },
    )
    const pre = container.querySelector('pre') as HTMLElement
    const last = container.querySelectorAll('.cp-code__chunk')[6] as HTMLElement
    await expect.poll(() => last.querySelector('.cp-code__token')).not.toBeNull()
    // A group's own box is laid out; what is skipped is what is inside it.
    const skippedInside = () =>
      !(last.querySelector('.cp-code__token') as HTMLElement).checkVisibility({ contentVisibilityAuto: true })
    // The group holding the wide line is far below the view: skipped, yet counted at its width.
    await expect.poll(skippedInside).toBe(true)
    const skipped = pre.scrollWidth
    expect(skipped).toBeGreaterThan(pre.clientWidth + 1500)
    await expect.poll(() => pre.getAttribute('role')).toBe('group')
    // Shown, it is as wide as estimated: no jump in the scroll range.
    last.scrollIntoView()
    await expect.poll(skippedInside).toBe(false)
    expect(Math.abs(pre.scrollWidth - skipped)).toBeLessThanOrEqual(1)
    host.remove()
    spacer.remove()
  })
})

describe('colours of highlighted code', () => {
  const view = (code: string, lang: string, highlighter: Highlighter, dark = false) => (
    <div className={dark ? 'cp-dark' : undefined}>
      <ChatpartsProvider highlighter={highlighter}>
        <CodeBlock code={code} lang={lang} highlighter={highlighter} />
      </ChatpartsProvider>
    </div>
  )
  const colour = (element: Element) => getComputedStyle(element).color

  it('shows code in the theme’s foreground as text of its line, in that foreground, in light and dark', async () => {
    const highlighter = createShikiHighlighter()
    await highlighter.load('typescript')
    for (const [dark, foreground] of [
      [false, 'rgb(31, 35, 40)'],
      [true, 'rgb(230, 237, 243)'],
    ] as const) {
      const { container, unmount } = render(view('const total = sum(a, b)\n}', 'ts', highlighter, dark))
      const group = () => container.querySelector('.cp-code__chunk') as HTMLElement
      await expect.poll(() => codeLinesIn(container).map((line) => line.highlighted)).toEqual([true, true])
      // The dark theme is fetched once a block shows dark: the block is coloured again then, its
      // tokens in colours of their own.
      await expect.poll(() => colour(group())).toBe(foreground)
      await expect
        .poll(() => {
          const tokens = codeLinesIn(container)[0]?.tokens ?? []
          return tokens.length > 0 && tokens.every((token) => colour(token) !== foreground)
        })
        .toBe(true)
      const [first, brace] = codeLinesIn(container)
      // The closing brace is all foreground: no element, text in the lines' colour, the theme's.
      expect(brace).toMatchObject({ text: '}', tokens: [] })
      expect(group().lastChild?.nodeType).toBe(Node.TEXT_NODE)
      expect(group().lastChild?.textContent).toMatch(/\}\n$/)
      // In the first line the keyword and names are elements of their own colour; `(a, b)` is text in the lines'.
      const tokens = first?.tokens ?? []
      expect(tokens.length).toBeGreaterThan(0)
      expect(tokens.map((token) => token.textContent?.trim())).not.toContain('(a, b)')
      expect(
        [...group().childNodes].some(
          (node) => node.nodeType === Node.TEXT_NODE && node.textContent?.includes('(a, b)'),
        ),
      ).toBe(true)
      expect((container.querySelector('.cp-code__pre') as HTMLElement).style.getPropertyValue('--cp-pl')).toBe(
        '#1f2328',
      )
      for (const token of tokens) expect(colour(token)).not.toBe(foreground)
      unmount()
    }
  })

  it('leaves a block of a language it does not know in the kit’s own text colour', async () => {
    const highlighter = createShikiHighlighter()
    const { container } = render(view('plain words', 'no-such-language', highlighter))
    const line = container.querySelector('.cp-code__chunk') as HTMLElement
    expect(line.hasAttribute('data-highlighted')).toBe(false)
    expect(colour(line)).toBe(colour(container.querySelector('.cp-code__pre') as Element))
    expect(colour(line)).toBe('rgb(29, 32, 38)')
    // A block without tokens is given no plain colour (a server, with no grammar, gives none either).
    expect((container.querySelector('.cp-code__pre') as HTMLElement).style.getPropertyValue('--cp-pl')).toBe('')
  })
})
