import type { Meta, StoryObj } from '@storybook/react-vite'
import { useState } from 'react'
import { expect, userEvent, waitFor, within } from 'storybook/test'
import { highlighted } from './support/matrix'
import { Transcript } from '../src/components/Transcript'
import { createChatStore } from '../src/store/chatStore'
import { opencodeSession } from '../test/fixtures/opencode'
import chatConversation from '../test/fixtures/chat/conversation.json'
import msgFile from '../test/fixtures/msgfile/session.msg.md?raw'
import conversation from '../test/fixtures/toolmessage2/conversation.json'
import type { IngestProtocol } from '../src/store/chatStore'

function OpencodeSession() {
  const [store] = useState(() => createChatStore({ initial: structuredClone(opencodeSession.messages) }))
  return <Transcript store={store} timeZone="UTC" style={{ height: 560 }} />
}

function NeovateConversation() {
  const [store] = useState(() => {
    const created = createChatStore()
    created.getState().ingest('toolmessage2', structuredClone(conversation))
    return created
  })
  return <Transcript store={store} timeZone="UTC" style={{ height: 560 }} />
}

function Ingested({ protocol, input }: { protocol: IngestProtocol; input: unknown }) {
  const [store] = useState(() => {
    const created = createChatStore()
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
    log.scrollTop = 0
    log.dispatchEvent(new Event('scroll'))
    const jump = await canvas.findByRole('button', { name: /Jump to latest/ })
    await userEvent.click(jump)
    await waitFor(() => expect(log.scrollHeight - log.scrollTop - log.clientHeight).toBeLessThan(2))
  },
}

/** A Message File (`.msg.md`, seed 001): frontmatter agents, reasoning, a tool call with two results, code output and an error cell. */
export const MsgFile: Story = {
  render: () => <Ingested protocol="msgfile" input={msgFile} />,
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getAllByRole('article').length).toBeGreaterThan(2)
  },
}

/** A flat chat conversation (seed 002): reasoning, an assistant turn with two tool calls, their results, a final answer. */
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
