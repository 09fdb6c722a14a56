import { render } from '@testing-library/react'
import { expect, it } from 'vitest'
import { CodeBlock } from '../../../src/components/Markdown/CodeBlock'
import { addTokenColors, tokenColorClass } from '../../../src/components/shared/tokenColors'
import { loadedHighlighter } from '../helpers'
import '../../../src/styles/chatparts.css'

it('colours tokens through rules adopted by the page: no inline style on a token', async () => {
  const { highlighter } = await loadedHighlighter()
  const { container } = render(<CodeBlock code={'const a = 1'} lang="ts" highlighter={highlighter} />)
  await expect.poll(() => container.querySelectorAll('.cp-code__token').length).toBeGreaterThan(0)
  const token = container.querySelector('.cp-code__token') as HTMLElement
  expect(token.getAttribute('style')).toBeNull()
  // The fake highlighter's light colour, #123456.
  expect(getComputedStyle(token).color).toBe('rgb(18, 52, 86)')
})

it('adds the rules to a shadow root the code is in, where the page’s sheets do not reach', () => {
  const host = document.createElement('div')
  document.body.append(host)
  const shadow = host.attachShadow({ mode: 'open' })
  const token = document.createElement('span')
  token.className = tokenColorClass('#0000ff', '#ff0000') ?? ''
  shadow.append(token)
  addTokenColors(token)
  expect(shadow.adoptedStyleSheets.length).toBe(1)
  expect(getComputedStyle(token).getPropertyValue('--cp-tl')).toBe('#0000ff')
  expect(getComputedStyle(token).getPropertyValue('--cp-td')).toBe('#ff0000')
  host.remove()
})
