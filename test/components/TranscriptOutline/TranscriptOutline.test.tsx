import { act, render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { TranscriptOutline } from '../../../src/components/TranscriptOutline/TranscriptOutline'
import { outlineOf } from '../../../src/components/TranscriptOutline/outline'
import * as build from '../../../src/core/build'
import type { ToolPart } from '../../../src/core/model/types'
import { builtInAdapters } from '../../../src/protocols/adapters'
import { createChatStore, selectTranscript } from '../../../src/store/chatStore'
import { opencodeCanonical } from '../../fixtures/opencode'
import conversation from '../../fixtures/toolmessage2/conversation.json'

/** The real opencode session, then the toolmessage2 conversation (its bash call fails, its last edit still runs). */
function sessionStore() {
  const store = createChatStore({
    adapters: builtInAdapters,
    initial: structuredClone(opencodeCanonical),
    coalesce: false,
  })
  store.getState().ingest('toolmessage2', structuredClone(conversation))
  return store
}

describe('outlineOf', () => {
  it('makes one turn per prompt, with its answers’ calls, cost and time summed and its failures named', () => {
    const messages = selectTranscript(sessionStore().getState())
    const turns = outlineOf(messages)
    expect(turns.map((turn) => turn.title)).toEqual([
      'Write a sample file TEST_EDITS.md containing a poem',
      'Rename getUser to fetchUser in src/api.ts and track the work in a todo list.',
    ])
    // Every message belongs to one turn, in order.
    expect(turns.flatMap((turn) => turn.messageIDs)).toEqual(messages.map((message) => message.info.id))
    const [poem, rename] = turns as [(typeof turns)[0], (typeof turns)[0]]
    expect(poem.tools).toBe(1)
    expect(poem.marks).toEqual([])
    // The session's own cost: the sum of its steps.
    const steps = messages
      .slice(0, 3)
      .flatMap((message) => message.parts)
      .filter((part) => part.type === 'step-finish')
    expect(poem.totals.cost).toBeCloseTo(
      steps.reduce((sum, step) => sum + (step.type === 'step-finish' ? step.cost : 0), 0),
      10,
    )
    expect(poem.duration).toBeGreaterThan(0)
    const bash = messages
      .flatMap((message) => message.parts)
      .find((part): part is ToolPart => part.type === 'tool' && part.tool === 'bash')
    expect(rename.marks).toEqual([
      {
        kind: 'error',
        messageID: bash?.messageID,
        partID: bash?.id,
        title: 'bash',
        detail: "src/routes.ts(12,10): error TS2304: Cannot find name 'getUser'.",
      },
    ])
    expect(rename.tools).toBe(6)
  })

  it('names a call waiting for approval and a message that failed; a denied call is no failure; a session may start with an answer', () => {
    const ids = (id: string, messageID: string) => ({ id, sessionID: 's', messageID })
    const turns = outlineOf([
      {
        info: build.assistantInfo({ id: 'msg_a', sessionID: 's', created: 1 }),
        parts: [build.textPart(ids('prt_0', 'msg_a'), 'Hello, how can I help?')],
      },
      {
        info: build.userInfo({ id: 'msg_u', sessionID: 's', created: 2 }),
        parts: [build.textPart(ids('prt_1', 'msg_u'), 'Delete the build folder\nand more')],
      },
      {
        info: build.assistantInfo({
          id: 'msg_b',
          sessionID: 's',
          created: 3,
          error: { name: 'APIError', data: { message: 'Overloaded\nretry later' } },
        }),
        parts: [
          build.toolPart(ids('prt_2', 'msg_b'), {
            callID: 'c1',
            tool: 'bash',
            state: build.runningState({ input: {}, start: 3 }),
            approval: build.approval({ id: 'a1', status: 'requested' }),
          }),
          build.toolPart(ids('prt_3', 'msg_b'), {
            callID: 'c2',
            tool: 'rm',
            state: build.toolResult({ input: {}, output: 'denied', isError: true, start: 3, end: 4 }),
            approval: build.approval({ id: 'a2', status: 'denied' }),
          }),
        ],
      },
    ])
    expect(turns.map((turn) => turn.title)).toEqual(['', 'Delete the build folder'])
    expect(turns[1]?.marks).toEqual([
      { kind: 'approval', messageID: 'msg_b', partID: 'prt_2', title: 'bash' },
      { kind: 'error', messageID: 'msg_b', title: 'APIError', detail: 'Overloaded' },
    ])
  })
})

describe('TranscriptOutline', () => {
  it('lists the turns as links, marks the one in view, and goes to a turn or to a failure', async () => {
    const user = userEvent.setup()
    const store = sessionStore()
    const messages = selectTranscript(store.getState())
    const onSelect = vi.fn()
    const { rerender } = render(<TranscriptOutline store={store} current={messages[4]?.info.id} onSelect={onSelect} />)
    const nav = screen.getByRole('navigation', { name: 'Outline' })
    const links = within(nav).getAllByRole('link')
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      `#${messages[0]?.info.id}`,
      `#${messages[3]?.info.id}`,
      expect.stringMatching(/^#prt_/),
    ])
    expect(links[1]?.getAttribute('aria-current')).toBe('location')
    expect(links[0]?.getAttribute('aria-current')).toBeNull()
    expect(links[0]?.textContent).toMatch(/1 tool · \$0\.0\d+ · \d/)
    expect(links[1]?.textContent).toContain('6 tools · 1 error')
    expect(links[2]?.textContent).toBe("bash: src/routes.ts(12,10): error TS2304: Cannot find name 'getUser'.")
    await user.click(links[2] as HTMLElement)
    expect(onSelect).toHaveBeenLastCalledWith({ partID: links[2]?.getAttribute('href')?.slice(1) })
    await user.click(links[0] as HTMLElement)
    expect(onSelect).toHaveBeenLastCalledWith({ messageID: messages[0]?.info.id })
    rerender(<TranscriptOutline store={store} current={messages[1]?.info.id} onSelect={onSelect} />)
    expect(links[0]?.getAttribute('aria-current')).toBe('location')
  })

  it('moves between entries with Up, Down, Home and End', async () => {
    const user = userEvent.setup()
    render(<TranscriptOutline store={sessionStore()} onSelect={() => {}} />)
    const links = within(screen.getByRole('navigation')).getAllByRole('link')
    act(() => links[0]?.focus())
    await user.keyboard('{ArrowDown}')
    expect(document.activeElement).toBe(links[1])
    await user.keyboard('{End}')
    expect(document.activeElement).toBe(links[2])
    await user.keyboard('{ArrowUp}{Home}')
    expect(document.activeElement).toBe(links[0])
  })

  it('follows the store: a new turn and a new failure appear as they stream', () => {
    const store = sessionStore()
    render(<TranscriptOutline store={store} onSelect={() => {}} />)
    const nav = screen.getByRole('navigation')
    expect(within(nav).getAllByRole('link')).toHaveLength(3)
    act(() => {
      store.getState().upsertMessage(build.userInfo({ id: 'msg_zz_u', sessionID: 's', created: Date.UTC(2026, 0, 1) }))
      store
        .getState()
        .upsertPart(build.textPart({ id: 'prt_zz_u', sessionID: 's', messageID: 'msg_zz_u' }, 'And run the tests'))
      store
        .getState()
        .upsertMessage(build.assistantInfo({ id: 'msg_zz_a', sessionID: 's', created: Date.UTC(2026, 0, 1) }))
      store.getState().upsertPart(
        build.toolPart(
          { id: 'prt_zz_t', sessionID: 's', messageID: 'msg_zz_a' },
          {
            callID: 'c',
            tool: 'test',
            state: build.toolResult({ input: {}, output: '2 failed', isError: true, start: 1, end: 2 }),
          },
        ),
      )
    })
    const links = within(nav).getAllByRole('link')
    expect(links.map((link) => link.textContent)).toContain('test: 2 failed')
    expect(links.at(-2)?.textContent).toContain('And run the tests')
  })
})
