import { fireEvent, render, screen, within } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { ChatpartsProvider } from '../../../src/components/shared/config'
import { ToolPart } from '../../../src/components/ToolPart'
import { approval, runningState, toolPart } from '../../../src/core/build'
import type { ToolApproval } from '../../../src/core/model/types'

const ids = { id: 'prt_1', sessionID: 'ses_1', messageID: 'msg_1' }
const call = (given: ToolApproval) =>
  toolPart(ids, {
    callID: 'call_1',
    tool: 'bash',
    state: runningState({ input: { command: 'rm -rf dist' }, start: 1 }),
    approval: given,
  })

describe('the approval card', () => {
  it('asks with one button per choice, hands the answer to onApproval once, and shows it at once', () => {
    const onApproval = vi.fn()
    const part = call(approval({ id: 'per_1', status: 'requested', choices: ['once', 'always', 'reject'] }))
    render(
      <ChatpartsProvider onApproval={onApproval}>
        <ToolPart part={part} />
      </ChatpartsProvider>,
    )
    const card = screen.getByRole('group', { name: /Waiting for approval/ })
    expect(
      within(card)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Allow once', 'Always allow', 'Reject'])
    fireEvent.click(within(card).getByRole('button', { name: 'Reject' }))
    expect(onApproval).toHaveBeenCalledTimes(1)
    expect(onApproval).toHaveBeenCalledWith({
      approvalId: 'per_1',
      choice: 'reject',
      approved: false,
      callID: 'call_1',
      tool: 'bash',
      part,
    })
    expect(within(card).queryAllByRole('button')).toEqual([])
    expect(screen.getByRole('status').textContent).toBe('Chosen: Reject')
  })

  it('shows no buttons when the app does not listen, and the header says the call waits', () => {
    render(<ToolPart part={call(approval({ id: 'a', status: 'requested' }))} />)
    expect(screen.queryAllByRole('button', { name: /Allow|Reject/ })).toEqual([])
    expect(document.querySelector('.cp-badge')?.getAttribute('data-state')).toBe('approval')
    expect(document.querySelector('.cp-tool')?.getAttribute('data-approval')).toBe('requested')
  })

  it('shows an answer the data holds: the choice, by a rule, and the reason', () => {
    render(
      <ToolPart part={call(approval({ id: 'a', status: 'denied', reason: 'Not on production', automatic: true }))} />,
    )
    const card = screen.getByRole('group', { name: /Denied/ })
    expect(card.textContent).toContain('Chosen: Reject (by a rule) — Not on production')
    expect(document.querySelector('.cp-badge')?.getAttribute('data-state')).toBe('running')
  })

  it('survives an approval that breaks the model (no choices, unknown status)', () => {
    const part = {
      ...call(approval({ id: 'a', status: 'requested' })),
      approval: { id: 'a', status: 'maybe', choices: 'all' },
    } as unknown as Parameters<typeof ToolPart>[0]['part']
    render(<ToolPart part={part} />)
    expect(document.querySelector('.cp-approval')?.textContent).toContain('maybe')
  })

  it('says an approval granted by a rule is approved, with no buttons to press', () => {
    render(
      <ChatpartsProvider onApproval={vi.fn()}>
        <ToolPart part={call(approval({ id: 'a1', status: 'approved', automatic: true }))} />
      </ChatpartsProvider>,
    )
    const card = screen.getByRole('group', { name: /Approved/ })
    expect(card.textContent).toContain('(by a rule)')
    expect(within(card).queryAllByRole('button')).toEqual([])
  })
})
