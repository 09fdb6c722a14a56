import { render, screen } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import type { PartComponentProps } from '../../src/components/shared/config'
import { PartView } from '../../src/components/PartView/PartView'
import type { Part, TextPart } from '../../src/core/model/types'
import { opencodeSession } from '../fixtures/opencode'
import { withConfig } from './helpers'

const owner = { sessionID: 'ses_1', messageID: 'msg_1' }
const parts: [Part, string][] = [
  [{ ...owner, id: 'p1', type: 'patch', hash: 'abc', files: ['/repo/a.ts', '/repo/b.ts'] }, 'Changed 2 files'],
  [{ ...owner, id: 'p2', type: 'snapshot', snapshot: '8f2c1e9d0a7b6c5d' }, 'Snapshot'],
  [{ ...owner, id: 'p3', type: 'agent', name: 'explore' }, 'Agent: explore'],
  [
    {
      ...owner,
      id: 'p4',
      type: 'retry',
      attempt: 2,
      error: { name: 'APIError', data: { message: 'overloaded' } },
      time: { created: 1 },
    },
    'Retry 2',
  ],
  [{ ...owner, id: 'p5', type: 'compaction', auto: true }, 'Conversation compacted (automatically)'],
  [
    { ...owner, id: 'p6', type: 'subtask', prompt: 'Find callers', description: 'Search the repo', agent: 'general' },
    'Subtask · general',
  ],
  [{ ...owner, id: 'p7', type: 'unsupported', originalType: 'hologram', original: {} }, 'Unsupported part: hologram'],
  [{ ...owner, id: 'p8', type: 'step-start' }, 'Step'],
]

describe('PartView', () => {
  it('renders every compact part type with its own row', () => {
    for (const [part, title] of parts) {
      const { container, unmount } = render(<PartView part={part} />, { wrapper: withConfig() })
      expect(container.querySelector(`[data-part="${part.type}"]`), part.type).not.toBeNull()
      expect(container.textContent).toContain(title)
      unmount()
    }
  })

  it('shows the detail of a retry and a subtask', () => {
    render(
      <>
        <PartView part={parts[3]?.[0] as Part} />
        <PartView part={parts[5]?.[0] as Part} />
      </>,
      { wrapper: withConfig() },
    )
    expect(screen.getByText('overloaded')).toBeTruthy()
    expect(screen.getByText('Search the repo')).toBeTruthy()
  })

  it('keeps a part that throws to itself: an inline error, and its neighbours stay', () => {
    const Broken = (): never => {
      throw new Error('bad data')
    }
    const spy = vi.spyOn(console, 'error').mockImplementation(() => {})
    const text = opencodeSession.messages[0]?.parts[0] as TextPart
    render(
      <>
        <PartView part={{ ...owner, id: 'p3', type: 'agent', name: 'explore' }} />
        <PartView part={text} />
      </>,
      { wrapper: withConfig({ components: { agent: Broken } }) },
    )
    spy.mockRestore()
    expect(screen.getByRole('note').textContent).toContain('This part could not be shown')
    expect(screen.getByRole('note').textContent).toContain('bad data')
    expect(screen.getByText('TEST_EDITS.md')).toBeTruthy()
  })

  it("uses the host's component for a part type", () => {
    const MyText = ({ part }: PartComponentProps<TextPart>) => <blockquote>{part.text.toUpperCase()}</blockquote>
    render(<PartView part={opencodeSession.messages[0]?.parts[0] as TextPart} />, {
      wrapper: withConfig({ components: { text: MyText } }),
    })
    expect(screen.getByText(/WRITE A SAMPLE FILE/).tagName).toBe('BLOCKQUOTE')
  })
})
