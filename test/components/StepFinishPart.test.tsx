import { render, screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { StepFinishPart } from '../../src/components/StepFinishPart'
import type { StepFinishPart as StepFinishPartData } from '../../src/core/model/types'
import { LabelsProvider } from '../../src/labels/LabelsContext'
import { opencodeSession } from '../fixtures/opencode'

const steps = opencodeSession.messages.flatMap((message) => message.parts.filter((part): part is StepFinishPartData => part.type === 'step-finish'))
const [first, second] = steps as [StepFinishPartData, StepFinishPartData]

function valueOf(container: HTMLElement, term: string): HTMLElement {
  const dt = within(container).getByText(term, { selector: 'dt' })
  return dt.nextElementSibling as HTMLElement
}

describe('StepFinishPart', () => {
  it('shows the reason, cost and every token count of a real step', () => {
    const { container } = render(<StepFinishPart part={second} />)
    expect(screen.getByText(/Step finished/)).toHaveTextContent('Step finished · stop')
    expect(valueOf(container, 'Cost')).toHaveTextContent('$0.000413')
    expect(valueOf(container, 'Cost')).toHaveAttribute('title', '$0.000413424')
    expect(valueOf(container, 'Input')).toHaveTextContent('78')
    expect(valueOf(container, 'Output')).toHaveTextContent('15')
    expect(valueOf(container, 'Reasoning')).toHaveTextContent('12')
    expect(valueOf(container, 'Cache read')).toHaveTextContent('12.7k')
    expect(valueOf(container, 'Cache read')).toHaveAttribute('title', '12,672')
    expect(valueOf(container, 'Cache write')).toHaveTextContent('0')
    expect(valueOf(container, 'Total tokens')).toHaveTextContent('12.8k')
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

  it('shows $0 for a free step and computes the total when the data lacks it', () => {
    const part: StepFinishPartData = { ...first, cost: 0, tokens: { input: 1, output: 2, reasoning: 3, cache: { read: 4, write: 5 } } }
    const { container } = render(<StepFinishPart part={part} />)
    expect(valueOf(container, 'Cost')).toHaveTextContent('$0')
    expect(valueOf(container, 'Total tokens')).toHaveTextContent('15')
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
    expect(valueOf(container, '花费')).toHaveTextContent('$0.000413')
    expect(valueOf(container, '缓存读取')).toHaveTextContent('12.7k')
  })
})
