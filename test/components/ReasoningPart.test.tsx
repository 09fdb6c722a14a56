import { act, render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { ReasoningPart } from '../../src/components/ReasoningPart/ReasoningPart'
import type { ReasoningPart as ReasoningPartData } from '../../src/core/model/types'
import { LabelsProvider } from '../../src/labels/LabelsContext'
import { opencodeSession } from '../fixtures/opencode'
import { withConfig } from './helpers'

const real = opencodeSession.messages[1]?.parts.find(
  (part): part is ReasoningPartData => part.type === 'reasoning',
) as ReasoningPartData
const live: ReasoningPartData = { ...real, text: 'The user wants', time: { start: real.time.start } }

describe('ReasoningPart', () => {
  it("is collapsed when done and says how long it thought, from the part's own time", () => {
    render(<ReasoningPart part={real} />, { wrapper: withConfig() })
    // The real reasoning took 58 ms: under a second is said without a figure.
    const toggle = screen.getByRole('button', { name: /Thought briefly/ })
    expect(toggle.getAttribute('aria-expanded')).toBe('false')
    expect(screen.queryByText(/The user wants me/)).toBeNull()
    act(() => toggle.click())
    expect(toggle.getAttribute('aria-expanded')).toBe('true')
    expect(screen.getByText(/The user wants me to create a file/)).toBeTruthy()
  })

  it('is open and says "Thinking…" while it streams, then collapses when it ends', () => {
    const { rerender } = render(<ReasoningPart part={live} streaming />, { wrapper: withConfig() })
    expect(screen.getByRole('button', { name: /Thinking…/ }).getAttribute('aria-expanded')).toBe('true')
    expect(screen.getByText('The user wants')).toBeTruthy()
    rerender(
      <ReasoningPart
        part={{ ...live, text: real.text, time: { start: real.time.start, end: real.time.start + 12_400 } }}
      />,
    )
    expect(screen.getByRole('button', { name: /Thought for 12 s/ }).getAttribute('aria-expanded')).toBe('false')
  })

  it("keeps the user's own choice when streaming ends", () => {
    const { rerender } = render(<ReasoningPart part={live} streaming />, { wrapper: withConfig() })
    act(() => screen.getByRole('button').click())
    expect(screen.getByRole('button').getAttribute('aria-expanded')).toBe('false')
    rerender(<ReasoningPart part={real} />)
    expect(screen.getByRole('button').getAttribute('aria-expanded')).toBe('false')
    act(() => screen.getByRole('button').click())
    rerender(<ReasoningPart part={{ ...real, text: `${real.text} More.` }} />)
    expect(screen.getByRole('button').getAttribute('aria-expanded')).toBe('true')
  })

  it('shows no duration the data does not have: the same start and end is no thought of 0 ms', () => {
    const { rerender } = render(<ReasoningPart part={{ ...real, time: { start: 5_000, end: 5_000 } }} />, {
      wrapper: withConfig(),
    })
    expect(screen.getByRole('button').textContent).toBe('Reasoning')
    rerender(<ReasoningPart part={{ ...real, time: { start: 5_000, end: 6_200 } }} />)
    expect(screen.getByRole('button').textContent).toBe('Thought for 1.2 s')
  })

  it('speaks Simplified Chinese', () => {
    render(
      <LabelsProvider locale="zh-CN">
        <ReasoningPart part={real} />
      </LabelsProvider>,
      { wrapper: withConfig() },
    )
    expect(screen.getByRole('button', { name: /简短思考/ })).toBeTruthy()
    expect(screen.getByText('简短思考').getAttribute('lang')).toBe('zh-CN')
  })
})
