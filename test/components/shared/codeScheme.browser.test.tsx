import { render } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { commands } from 'vitest/browser'
import { CodeBlock } from '../../../src/components/Markdown/CodeBlock'
import { schemeOf } from '../../../src/components/shared/codeScheme'
import { createShikiHighlighter } from '../../../src/highlight/shiki'
import '../../../src/styles/chatparts.css'
import { codeLinesIn, tokenColor } from '../../support/codeLines'

const code = 'export const total: number = sum(1, 2)\nfunction sum(a: number, b: number) {\n  return a + b\n}'

/** The block's coloured tokens, and whether they carry a colour for each scheme. */
function colours(container: HTMLElement) {
  const tokens = [...container.querySelectorAll('.cp-code__token')]
  return {
    count: tokens.length,
    light: tokens.some((token) => tokenColor(token, 'light') !== undefined),
    dark: tokens.some((token) => tokenColor(token, 'dark') !== undefined),
  }
}

/** The colour the keyword `export` shows in. */
const keywordColour = (container: HTMLElement) =>
  getComputedStyle(
    [...container.querySelectorAll('.cp-code__token')].find((token) =>
      token.textContent?.startsWith('export'),
    ) as Element,
  ).color

afterEach(async () => {
  document.documentElement.classList.remove('dark')
  await commands.setColorScheme('light')
})

describe('code colours for the schemes the page shows', () => {
  it('colours for light on a light page, and adds dark when the page turns dark', async () => {
    await commands.setColorScheme('light')
    const highlighter = createShikiHighlighter()
    const { container } = render(<CodeBlock code={code} lang="ts" highlighter={highlighter} />)
    await expect.poll(() => colours(container).count).toBeGreaterThan(0)
    expect(colours(container)).toMatchObject({ light: true, dark: false })
    expect(highlighter.plainColor?.()).toEqual({ light: '#1f2328' })
    const light = keywordColour(container)

    // The app's theme switch, on <html>: the dark theme is fetched and the block coloured again.
    document.documentElement.classList.add('dark')
    await expect.poll(() => colours(container).dark).toBe(true)
    expect(colours(container).light).toBe(true)
    // github-dark-default's keyword colour (#ff7b72), not the light one nor the block's plain text.
    expect(keywordColour(container)).toBe('rgb(255, 123, 114)')
    expect(keywordColour(container)).not.toBe(light)
  })

  it('colours for dark alone in a dark panel, and follows the system setting to light', async () => {
    await commands.setColorScheme('light')
    const highlighter = createShikiHighlighter()
    const { container } = render(
      <div className="dark">
        <CodeBlock code={code} lang="ts" highlighter={highlighter} />
      </div>,
    )
    await expect.poll(() => colours(container).count).toBeGreaterThan(0)
    expect(colours(container)).toMatchObject({ light: false, dark: true })

    // Outside the panel, the system's scheme decides: a block there asks for light.
    const outside = render(<CodeBlock code={code} lang="ts" highlighter={highlighter} />).container
    await expect.poll(() => colours(outside).light).toBe(true)
    await expect.poll(() => colours(container).light).toBe(true)
  })

  it('colours a block being written again when the reader’s system turns dark', async () => {
    await commands.setColorScheme('light')
    const highlighter = createShikiHighlighter()
    const lines = code.split('\n')
    const view = (count: number) => (
      <CodeBlock code={lines.slice(0, count).join('\n')} lang="ts" streaming highlighter={highlighter} />
    )
    const { container, rerender } = render(view(2))
    await expect.poll(() => colours(container).count).toBeGreaterThan(0)
    expect(colours(container).dark).toBe(false)
    await commands.setColorScheme('dark')
    await expect.poll(() => colours(container).dark).toBe(true)
    expect(keywordColour(container)).toBe('rgb(255, 123, 114)')
    // The lines written next are coloured for both.
    rerender(view(4))
    await expect.poll(() => codeLinesIn(container).filter((line) => line.highlighted).length).toBe(4)
    const third = codeLinesIn(container)[2]
    expect(third?.tokens.some((token) => tokenColor(token, 'dark') !== undefined)).toBe(true)
  })

  it('reads the scheme from the page as the stylesheet picks it, nearest choice first', async () => {
    const cases: Array<[string, 'light' | 'dark']> = [
      ['<div class="cp-code"></div>', 'light'],
      ['<div class="dark"><div class="cp-code"></div></div>', 'dark'],
      ['<div data-theme="dark"><div class="light"><div class="cp-code"></div></div></div>', 'light'],
      ['<div class="light"><div data-theme="dark"><div class="cp-code"></div></div></div>', 'dark'],
      ['<div class="cp-light"><div class="cp-code cp-dark"></div></div>', 'dark'],
      ['<div data-theme="light"><div class="cp-code"></div></div>', 'light'],
    ]
    for (const system of ['light', 'dark'] as const) {
      await commands.setColorScheme(system)
      for (const [html, chosen] of cases) {
        const host = document.createElement('div')
        host.innerHTML = html
        document.body.append(host)
        const code = host.querySelector('.cp-code') as HTMLElement
        // What the stylesheet made of it: a scheme, or both (then the system's).
        const computed = getComputedStyle(code).colorScheme
        const shown = computed === 'light dark' ? system : computed
        const expected = html === cases[0]?.[0] ? system : chosen
        expect(schemeOf(code), html).toBe(shown)
        expect(shown, html).toBe(expected)
        host.remove()
      }
    }
  })
})
