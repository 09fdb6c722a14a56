import { act, render, screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { StepFinishPart } from '../../src/components/StepFinishPart'
import { stepFinishPart } from '../../src/core/build'
import type { StepFinishPart as StepFinishPartData } from '../../src/core/model/types'
import { LabelsProvider } from '../../src/labels/LabelsContext'
import { opencodeSession } from '../fixtures/opencode'

const steps = opencodeSession.messages.flatMap((message) =>
  message.parts.filter((part): part is StepFinishPartData => part.type === 'step-finish'),
)
const [first, second] = steps as [StepFinishPartData, StepFinishPartData]

/** Opens the breakdown and returns its cells by column. */
function openDetails(container: HTMLElement): (field: string) => HTMLElement | null {
  act(() => within(container).getByRole('button').click())
  return (field) => container.querySelector(`tfoot td[data-field="${field}"], tbody td[data-field="${field}"]`)
}

describe('StepFinishPart', () => {
  it('is one quiet line: reason, cost and total tokens of a real step', () => {
    const { container } = render(<StepFinishPart part={second} />)
    const line = within(container).getByRole('button')
    expect(line.textContent).toBe('Step finished · stop·Cost $0.000413·12.8k tokens')
    expect(line.getAttribute('aria-expanded')).toBe('false')
    expect(container.querySelector('[data-field="cost"]')?.getAttribute('title')).toBe('$0.000413424')
  })

  it('opens to every token count, exact numbers in the titles, and only the columns the step has', () => {
    const { container } = render(<StepFinishPart part={second} />)
    const cell = openDetails(container)
    expect(cell('input')?.textContent).toBe('78')
    expect(cell('output')?.textContent).toBe('15')
    expect(cell('reasoning')?.textContent).toBe('12')
    expect(cell('read')?.textContent).toBe('12.7k')
    expect(cell('read')?.getAttribute('title')).toBe('12,672')
    // No cache writes anywhere: no column of zeros.
    expect(cell('write')).toBeNull()
    expect(cell('total')?.textContent).toBe('12.8k')
    expect(cell('cost')?.textContent).toBe('$0.000413')
  })

  it('exposes the part and reason as data attributes and merges className and props', () => {
    const { container } = render(<StepFinishPart part={first} className="mine" id="step-1" />)
    const root = container.firstElementChild as HTMLElement
    expect(root).toHaveAttribute('data-part', 'step-finish')
    expect(root).toHaveAttribute('data-reason', 'tool-calls')
    expect(root).toHaveClass('cp-step-finish', 'mine')
    expect(root.id).toBe('step-1')
    expect(screen.getByText(/Step finished/)).toHaveTextContent('· tool calls')
  })

  it('shows $0 for a step that reported a cost of 0, and no price for one that reported none', () => {
    const ids = { id: 'p', sessionID: 's', messageID: 'm' }
    const tokens = { input: 1, output: 2, reasoning: 3, cache: { read: 4, write: 5 } }
    const { container, rerender } = render(
      <StepFinishPart part={stepFinishPart(ids, { reason: 'stop', cost: 0, tokens })} />,
    )
    expect(container.querySelector('[data-field="cost"]')?.textContent).toBe('Cost $0')
    // The total is computed when the data lacks it.
    expect(container.querySelector('[data-field="tokens"]')?.textContent).toBe('15 tokens')
    rerender(<StepFinishPart part={stepFinishPart(ids, { reason: 'stop', tokens })} />)
    expect(container.querySelector('[data-field="cost"]')).toBeNull()
    expect(container.textContent).not.toContain('$')
    // Nothing counted at all: the reason alone.
    rerender(<StepFinishPart part={stepFinishPart(ids, { reason: 'stop' })} />)
    expect(container.textContent).toBe('Step finished · stop')
  })

  it('says one token, not one tokens', () => {
    const part = stepFinishPart(
      { id: 'p', sessionID: 's', messageID: 'm' },
      { reason: 'stop', cost: 0, tokens: { input: 1, output: 0, reasoning: 0, cache: { read: 0, write: 0 } } },
    )
    const { container } = render(<StepFinishPart part={part} />)
    expect(container.querySelector('[data-field="tokens"]')?.textContent).toBe('1 token')
  })

  it('shows an unknown finish reason as it came', () => {
    render(<StepFinishPart part={{ ...first, reason: 'weird-reason' }} />)
    expect(screen.getByText(/Step finished/)).toHaveTextContent('· weird-reason')
  })

  it('uses the Simplified Chinese labels and per-part overrides', () => {
    const { container } = render(
      <LabelsProvider locale="zh-CN">
        <StepFinishPart part={second} labels={{ cost: '花费' }} />
      </LabelsProvider>,
    )
    expect(screen.getByText(/步骤完成/)).toHaveTextContent('步骤完成 · 结束')
    expect(container.querySelector('[data-field="cost"]')?.textContent).toBe('花费 $0.000413')
    expect(container.querySelector('.cp-usage')?.getAttribute('lang')).toBe('zh-CN')
    const cell = openDetails(container)
    expect(cell('read')?.textContent).toBe('12.7k')
    expect(within(container).getByRole('columnheader', { name: '缓存读取' })).toBeTruthy()
  })
})
