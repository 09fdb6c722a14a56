import axe from 'axe-core'
import { act, render } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { StepFinishPart } from '../../src/components/StepFinishPart'
import type { StepFinishPart as StepFinishPartData } from '../../src/core/model/types'
import '../../src/styles/chatparts.css'
import { opencodeSession } from '../fixtures/opencode'

const step = opencodeSession.messages[1]?.parts.find((part): part is StepFinishPartData => part.type === 'step-finish')
if (!step) throw new Error('fixture changed')

describe('StepFinishPart in Chromium', () => {
  it('has no axe violations in light and dark themes', async () => {
    for (const theme of ['light', 'dark']) {
      const { container, unmount } = render(
        <div data-theme={theme} style={{ background: theme === 'dark' ? '#16181d' : '#ffffff', padding: 8 }}>
          <StepFinishPart part={step} />
        </div>,
      )
      const results = await axe.run(container)
      expect(results.violations.map((violation) => `${theme}: ${violation.id}`)).toEqual([])
      unmount()
    }
  })

  it('wraps its counts inside a narrow column instead of overflowing', async () => {
    const { container } = render(
      <div style={{ width: 240 }}>
        <StepFinishPart
          part={{
            ...step,
            tokens: { input: 1_234_567, output: 98_765, reasoning: 45_000, cache: { read: 2_500_000, write: 180_250 } },
          }}
        />
      </div>,
    )
    const root = container.querySelector('[data-part="step-finish"]') as HTMLElement
    expect(root.scrollWidth).toBeLessThanOrEqual(240)
    // The quiet line wraps rather than overflowing.
    const items = [...root.querySelectorAll('.cp-usage__toggle > span')].map((item) =>
      Math.round(item.getBoundingClientRect().top),
    )
    expect(new Set(items).size).toBeGreaterThan(1)
    // Its breakdown is wider than the column: it scrolls, and so it is a focusable, named region.
    act(() => (root.querySelector('.cp-usage__toggle') as HTMLButtonElement).click())
    const details = root.querySelector('.cp-usage__details') as HTMLElement
    expect(details.scrollWidth).toBeGreaterThan(details.clientWidth)
    await expect.poll(() => details.getAttribute('tabindex')).toBe('0')
    expect(details.getAttribute('aria-label')).toBe('Usage details')
  })

  it('uses the theme variables: dark text is light on a dark background', () => {
    const { container } = render(
      <div data-theme="dark">
        <StepFinishPart part={step} />
      </div>,
    )
    const value = container.querySelector('.cp-usage__title') as HTMLElement
    const [r, g, b] = getComputedStyle(value).color.match(/\d+/g)?.map(Number) ?? []
    expect((r ?? 0) + (g ?? 0) + (b ?? 0)).toBeGreaterThan(600)
  })
})
