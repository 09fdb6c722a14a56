import type { Meta, StoryObj } from '@storybook/react-vite'
import { useState } from 'react'
import { expect, userEvent, waitFor, within } from 'storybook/test'
import type { AssistantInfo, WithParts } from '../src/core/model/types'
import { Cell, highlighted, Matrix } from './support/matrix'
import { deltaRecording } from './support/recordings'
import { storeAfter } from './support/Replay'
import { Transcript } from '../src/components/Transcript'
import { builtInAdapters } from '../src/protocols/adapters'
import { createChatStore } from '../src/store/chatStore'
import { repeatSession } from '../test/fixtures/generate'
import { opencodeCanonical } from '../test/fixtures/opencode'
import chatConversation from '../test/fixtures/chat/conversation.json'
import msgFile from '../test/fixtures/msgfile/session.msg.md?raw'
import conversation from '../test/fixtures/toolmessage2/conversation.json'

function OpencodeSession() {
  const [store] = useState(() =>
    createChatStore({ adapters: builtInAdapters, initial: structuredClone(opencodeCanonical) }),
  )
  return <Transcript store={store} timeZone="UTC" style={{ height: 560 }} />
}

function NeovateConversation() {
  const [store] = useState(() => {
    const created = createChatStore({ adapters: builtInAdapters })
    created.getState().ingest('toolmessage2', structuredClone(conversation))
    return created
  })
  return <Transcript store={store} timeZone="UTC" style={{ height: 560 }} />
}

function LongTranscript() {
  const [store] = useState(() => createChatStore({ adapters: builtInAdapters, initial: repeatSession(2000) }))
  return <Transcript store={store} timeZone="UTC" style={{ height: 560 }} />
}

function Ingested({ protocol, input }: { protocol: string; input: unknown }) {
  const [store] = useState(() => {
    const created = createChatStore({ adapters: builtInAdapters })
    created.getState().ingest(protocol, structuredClone(input))
    return created
  })
  return <Transcript store={store} timeZone="UTC" style={{ height: 560 }} />
}

const meta = {
  title: 'Transcript/Transcript',
  component: OpencodeSession,
} satisfies Meta<typeof OpencodeSession>

export default meta

type Story = StoryObj<typeof meta>

function failedSession() {
  const [user, assistant] = structuredClone(opencodeCanonical) as [WithParts, WithParts & { info: AssistantInfo }]
  const error = { name: 'APIError', data: { message: 'Rate limit exceeded, try again in 20 s', statusCode: 429 } }
  const store = createChatStore({
    adapters: builtInAdapters,
    initial: [user, { info: { ...assistant.info, error }, parts: assistant.parts.slice(0, 2) }],
    coalesce: false,
  })
  store.getState().ingest('opencode-event', { type: 'session.error', properties: { error } })
  return store
}

function TranscriptStates() {
  const [stores] = useState(() => ({
    idle: createChatStore({ adapters: builtInAdapters, initial: structuredClone(opencodeCanonical) }),
    streaming: storeAfter(deltaRecording, 24),
    failed: failedSession(),
    empty: createChatStore({ adapters: builtInAdapters }),
  }))
  return (
    <Matrix>
      <Cell name="idle: the real session, at the bottom, with the session total">
        <Transcript store={stores.idle} timeZone="UTC" style={{ height: 300 }} />
      </Cell>
      <Cell name="streaming: the reply being written is busy">
        <Transcript store={stores.streaming} timeZone="UTC" style={{ height: 300 }} />
      </Cell>
      <Cell name="error: the session failed mid-reply">
        <Transcript store={stores.failed} timeZone="UTC" style={{ height: 300 }} />
      </Cell>
      <Cell name="empty">
        <Transcript store={stores.empty} timeZone="UTC" />
      </Cell>
    </Matrix>
  )
}

/** Idle, streaming, failed and empty transcripts. */
export const States: Story = {
  render: () => <TranscriptStates />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    const streaming = within(canvas.getByRole('region', { name: 'streaming: the reply being written is busy' }))
    await expect(streaming.getByRole('log')).toBeInTheDocument()
    await expect(canvasElement.querySelector('[aria-busy="true"]')).not.toBeNull()
    await expect(canvas.getByText('The response failed')).toBeVisible()
    await highlighted(canvasElement)
  },
}

/** The real opencode session (`ses_…t8v6Igr8`): a user request, a write tool, reasoning, steps and totals. */
export const OpencodeRealSession: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getAllByRole('article')).toHaveLength(3)
  },
}

/** A neovate (ToolMessage2) conversation: multi-result tool messages, a diff, a todo list, a failure. */
export const ToolMessage2Conversation: Story = {
  render: () => <NeovateConversation />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    // The finished todo call is folded to one line that says how many todos are done; it opens to the list.
    const todo = canvas.getByRole('button', { name: /todoWrite/ })
    await expect(todo).toHaveTextContent('0/2')
    await userEvent.click(todo)
    await expect(canvas.getByRole('list', { name: 'Todos' })).toBeInTheDocument()
  },
}

/** Scrolled up, the transcript offers "Jump to latest", which brings it back to the bottom. */
export const JumpToLatest: Story = {
  render: () => <NeovateConversation />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    const log = canvas.getByRole('log')
    await waitFor(() => expect(log.scrollHeight - log.scrollTop - log.clientHeight).toBeLessThan(2))
    // The reader's own move: a wheel turn, then the scroll.
    log.dispatchEvent(new WheelEvent('wheel', { deltaY: -log.scrollTop, bubbles: true }))
    log.scrollTop = 0
    log.dispatchEvent(new Event('scroll'))
    const jump = await canvas.findByRole('button', { name: /Jump to latest/ })
    await userEvent.click(jump)
    await waitFor(() => expect(log.scrollHeight - log.scrollTop - log.clientHeight).toBeLessThan(2))
  },
}

/** A Message File (`.msg.md`): frontmatter agents, reasoning, a tool call with two results, code output and an error cell. */
export const MsgFile: Story = {
  render: () => <Ingested protocol="msgfile" input={msgFile} />,
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getAllByRole('article').length).toBeGreaterThan(2)
  },
}

/** A flat chat conversation: reasoning, an assistant turn with two tool calls, their results, a final answer. */
export const ChatConversation: Story = {
  render: () => <Ingested protocol="chat" input={chatConversation} />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByText('grep')).toBeInTheDocument()
    await highlighted(canvasElement)
  },
}

/** The neovate conversation in the dark theme with Chinese labels. */
export const DarkChinese: Story = {
  render: () => <NeovateConversation />,
  globals: { theme: 'dark', locale: 'zh-CN' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('log', { name: '对话' })).toBeInTheDocument()
  },
}

/**
 * 2,000 messages (copies of the real session). Only the messages near the viewport are in the DOM;
 * the rest stand in as space of their measured or estimated height, so it mounts at once.
 */
export const LongSession: Story = {
  render: () => <LongTranscript />,
  play: async ({ canvasElement }) => {
    const log = within(canvasElement).getByRole('log')
    await waitFor(() => expect(log.scrollHeight - log.scrollTop - log.clientHeight).toBeLessThan(2))
    const rows = log.querySelectorAll('.cp-transcript__row').length
    await expect(rows).toBeGreaterThan(2)
    await expect(rows).toBeLessThan(60)
  },
}
