import type { Meta, StoryObj } from '@storybook/react-vite'
import { useState } from 'react'
import { expect, userEvent, waitFor, within } from 'storybook/test'
import { Transcript } from '../src/components/Transcript'
import { createChatStore } from '../src/store/chatStore'
import { opencodeSession } from '../test/fixtures/opencode'
import conversation from '../test/fixtures/toolmessage2/conversation.json'

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
