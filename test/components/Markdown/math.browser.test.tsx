import { render } from '@testing-library/react'
import 'katex/dist/katex.min.css'
import { describe, expect, it } from 'vitest'
import { ChatpartsProvider } from '../../../src/components/shared/config'
import { Markdown } from '../../../src/components/Markdown/Markdown'
import '../../../src/styles/chatparts.css'
import { defaultDiagramRenderer } from '../../../src/diagrams/index'
import { defaultMathRenderer } from '../../../src/math/index'

/** KaTeX's groups between a formula's break points (`.base` before KaTeX 0.19). */
const GROUP = '.katex-base, .base'
/** The lines a formula's groups are laid out on, by their tops. */
const linesOf = (formula: Element) =>
  new Set([...formula.querySelectorAll(GROUP)].map((group) => Math.round(group.getBoundingClientRect().top))).size

/** `text` rendered `width` pixels wide, once its `count` formulas are typeset and their fonts loaded. */
async function shown(text: string, width: number, count: number) {
  const { container } = render(
    <ChatpartsProvider highlighter={null} math={defaultMathRenderer()} diagrams={defaultDiagramRenderer()}>
      <div style={{ width }}>
        <Markdown text={text} />
      </div>
    </ChatpartsProvider>,
  )
  // (A finished text is formatted over a few tasks.)
  await expect.poll(() => container.querySelectorAll('.cp-math > .katex')).toHaveLength(count)
  container.getBoundingClientRect()
  await document.fonts.ready
  return container
}

describe('an inline formula', () => {
  it('of a few characters is kept whole on its line, wherever the line ends', async () => {
    // `c_0 \le 1` may break after its relation; with the word before it a few pixels longer each
    // time, some of these paragraphs end a line inside it but for the rule.
    const text = Array.from({ length: 48 }, (_, i) => `Then${'l'.repeat(i)} \\(c_{0} \\le 1\\) end`).join('\n\n')
    const container = await shown(text, 160, 48)
    const formulas = [...container.querySelectorAll('.cp-math')]
    expect(formulas).toHaveLength(48)
    for (const formula of formulas) {
      expect(formula.hasAttribute('data-whole')).toBe(true)
      expect(linesOf(formula), formula.parentElement?.textContent ?? '').toBe(1)
    }
  })

  it('longer than that still breaks where KaTeX allows, within the paragraph, from the line of the words before it', async () => {
    const tex = Array.from({ length: 14 }, (_, i) => `x_{${i}}`).join(' + ')
    const container = await shown(`Words before \\(${tex} = y\\) and after.`, 240, 1)
    const formula = container.querySelector('.cp-math') as HTMLElement
    expect(formula.hasAttribute('data-whole')).toBe(false)
    expect(linesOf(formula)).toBeGreaterThan(1)
    const paragraph = (container.querySelector('p') as HTMLElement).getBoundingClientRect()
    const bases = [...formula.querySelectorAll(GROUP)].map((group) => group.getBoundingClientRect())
    for (const box of bases) expect(box.right).toBeLessThanOrEqual(paragraph.right + 1)
    // The words before share the formula's first line: it was not moved whole to a line of its own.
    const range = document.createRange()
    range.selectNodeContents(formula.previousSibling as Node)
    const before = range.getBoundingClientRect()
    expect(Math.abs(before.bottom - (bases[0] as DOMRect).bottom)).toBeLessThan(before.height)
  })
})
