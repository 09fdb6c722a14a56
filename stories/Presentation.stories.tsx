import type { Meta, StoryObj } from '@storybook/react-vite'
import { useState } from 'react'
import { expect, userEvent, within } from 'storybook/test'
import { Message } from '../src/components/MessageView'
import { Transcript } from '../src/components/Transcript'
import { assistantInfo, stepFinishPart, textPart, toolPart } from '../src/core/build'
import type { AssistantInfo, Part, ToolPart, WithParts } from '../src/core/model/types'
import { builtInAdapters } from '../src/protocols/adapters'
import { createChatStore } from '../src/store/chatStore'
import { opencodeCanonical } from '../test/fixtures/opencode'
import conversation from '../test/fixtures/toolmessage2/conversation.json'
import { Cell, highlighted, Matrix, rendered } from './support/matrix'

/** The neovate conversation (real tool calls: read, edit, bash, todos, a failure) as one store. */
function neovateStore() {
  const store = createChatStore({ adapters: builtInAdapters })
  store.getState().ingest('toolmessage2', structuredClone(conversation))
  return store
}

function ChatLayout({ layout }: { layout: 'chat' | 'document' }) {
  const [store] = useState(neovateStore)
  return (
    <Transcript
      store={store}
      layout={layout}
      timeZone="UTC"
      timeLocale="en-US"
      style={{ height: 1500 }}
      avatar={(info) => (
        <span className="story-avatar" aria-hidden="true" data-role={info.role}>
          {info.role === 'user' ? 'Y' : 'A'}
        </span>
      )}
    />
  )
}

/** The tool calls of the neovate conversation, each as its own part. */
function neovateTools(): ToolPart[] {
  const state = neovateStore().getState()
  return state.messageIds
    .flatMap((id) => state.partIds.get(id) ?? [])
    .map((id) => state.parts.get(id))
    .filter((part): part is ToolPart => part?.type === 'tool')
}

const ids = (id: string) => ({ id, sessionID: 'ses_story', messageID: 'msg_story' })

/** A reply whose stream failed while two tools were still running: opencode's aborted reply. */
function interruptedReply(): WithParts {
  const [, real] = structuredClone(opencodeCanonical) as [WithParts, WithParts & { info: AssistantInfo }]
  const info = {
    ...real.info,
    id: 'msg_story',
    error: { name: 'MessageAbortedError', data: { message: 'The user stopped the reply' } },
  }
  const running = (id: string, tool: string, input: Record<string, unknown>): Part =>
    toolPart(ids(id), { callID: id, tool, state: { status: 'running', input, time: { start: 1 } } })
  return {
    info,
    parts: [
      textPart(ids('t1'), 'Let me look at the tests first.'),
      running('c1', 'bash', { command: 'npm test -- --run' }),
      running('c2', 'read', { filePath: 'src/index.ts' }),
    ],
  }
}

/** Replies with what the data may or may not say about cost and tokens. */
function usageReplies(): Array<[string, WithParts]> {
  const tokens = { input: 12_400, output: 830, reasoning: 0, cache: { read: 45_000, write: 0 } }
  const reply = (id: string, init: Partial<Parameters<typeof assistantInfo>[0]>, parts: Part[] = []): WithParts => ({
    info: assistantInfo({ id, sessionID: 'ses_story', created: 1_780_000_000_000, ...init }),
    parts: [textPart({ ...ids(`${id}_t`), messageID: id }, 'Done.'), ...parts],
  })
  return [
    ['tokens, no reported cost (AI SDK without metadata): no price shown', reply('m1', { tokens })],
    ['a reported cost of 0 (a free model): $0 shown', reply('m2', { tokens, cost: 0 })],
    ['nothing counted: no usage line at all', reply('m3', {})],
    [
      'two steps, the last one stopped at the length limit',
      reply('m4', { finish: 'length' }, [
        stepFinishPart({ ...ids('s1'), messageID: 'm4' }, { reason: 'tool-calls', cost: 0.0123, tokens }),
        stepFinishPart(
          { ...ids('s2'), messageID: 'm4' },
          { reason: 'length', cost: 0.0456, tokens: { ...tokens, output: 4096 } },
        ),
      ]),
    ],
  ]
}

function FoldStates() {
  const tools = neovateTools()
  const reply = interruptedReply()
  const grouped: WithParts = {
    info: assistantInfo({ id: 'msg_group', sessionID: 'ses_story', created: 1_780_000_000_000, finish: 'stop' }),
    parts: tools.map((tool) => ({ ...tool, messageID: 'msg_group' })),
  }
  return (
    <Matrix>
      <Cell name="finished tools fold to one line: argument, +/− counts, exit code, todos done">
        <div style={{ display: 'grid', gap: 6 }}>
          {tools.map((tool) => (
            <Message
              key={tool.id}
              message={{ info: grouped.info, parts: [tool] }}
              groupTools={false}
              copyable={false}
            />
          ))}
        </div>
      </Cell>
      <Cell name="consecutive tool calls grouped">
        <Message message={grouped} timeZone="UTC" timeLocale="en-US" />
      </Cell>
      <Cell name="a failed reply: its running tools show as interrupted">
        <Message message={reply} timeZone="UTC" timeLocale="en-US" />
      </Cell>
    </Matrix>
  )
}

function UsageStates() {
  return (
    <Matrix>
      {usageReplies().map(([name, message]) => (
        <Cell key={name} name={name}>
          <Message message={message} timeZone="UTC" timeLocale="en-US" copyable={false} />
        </Cell>
      ))}
    </Matrix>
  )
}

const meta = {
  title: 'Transcript/Presentation',
  component: ChatLayout,
} satisfies Meta<typeof ChatLayout>

export default meta

type Story = StoryObj<typeof meta>

/** The chat layout (the default): the user's messages as bubbles on the end side, replies full width, avatars, actions on hover. */
export const ChatLayoutStory: Story = {
  name: 'Chat layout',
  args: { layout: 'chat' },
  play: async ({ canvasElement }) => {
    await highlighted(canvasElement)
    await rendered()
    const user = canvasElement.querySelector('.cp-message[data-role="user"] .cp-message__parts') as HTMLElement
    const reply = canvasElement.querySelector('.cp-message[data-role="assistant"] .cp-message__parts') as HTMLElement
    // The bubble sits on the end side and is narrower than the full-width reply.
    await expect(user.getBoundingClientRect().right).toBeGreaterThan(reply.getBoundingClientRect().right - 2)
    await expect(user.getBoundingClientRect().width).toBeLessThan(reply.getBoundingClientRect().width)
    // The bubble's padding is even above and below.
    const style = getComputedStyle(user)
    await expect(style.paddingTop).toBe(style.paddingBottom)
    const text = user.querySelector('.cp-markdown') as HTMLElement
    await expect(Math.round(text.getBoundingClientRect().top - user.getBoundingClientRect().top)).toBe(
      Math.round(user.getBoundingClientRect().bottom - text.getBoundingClientRect().bottom),
    )
  },
}

/** The same conversation in the document layout: every message alike, with its agent and model, actions under it. */
export const DocumentLayout: Story = {
  args: { layout: 'document' },
  play: async ({ canvasElement }) => {
    await highlighted(canvasElement)
  },
}

/** Tools folded, grouped, and interrupted by a failed reply. */
export const ToolFolding: Story = {
  args: { layout: 'document' },
  render: () => <FoldStates />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    const interrupted = within(canvas.getByRole('region', { name: /interrupted/ }))
    await expect(interrupted.getAllByText('Interrupted')).toHaveLength(2)
    await expect(interrupted.queryByText('Running')).toBeNull()
    // The group holds a failed call, so it is open; the keyboard folds it, and the focus stays on its button.
    const group = within(canvas.getByRole('region', { name: 'consecutive tool calls grouped' }))
    const toggle = group.getByRole('button', { name: /tool calls/ })
    await expect(toggle).toHaveAttribute('aria-expanded', 'true')
    toggle.focus()
    await userEvent.keyboard('{Enter}')
    await expect(toggle).toHaveAttribute('aria-expanded', 'false')
    await expect(toggle).toHaveFocus()
    await userEvent.keyboard('{Enter}')
    await expect(toggle).toHaveAttribute('aria-expanded', 'true')
  },
}

/** Cost and tokens: only the figures the data has. */
export const UsageLine: Story = {
  args: { layout: 'document' },
  render: () => <UsageStates />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(within(canvas.getByRole('region', { name: /no price shown/ })).queryByText(/\$/)).toBeNull()
    await expect(within(canvas.getByRole('region', { name: /free model/ })).getByText('$0')).toBeVisible()
    const steps = within(canvas.getByRole('region', { name: /length limit/ }))
    await userEvent.click(steps.getByRole('button', { name: /tokens/ }))
    await expect(steps.getByRole('table', { name: 'Usage details' })).toBeVisible()
  },
}

/** The same states, dark, under the app's `.dark` class. */
export const DarkFolding: Story = {
  ...ToolFolding,
  globals: { theme: 'dark' },
}

export const DarkChat: Story = {
  ...ChatLayoutStory,
  name: 'Dark chat',
  globals: { theme: 'dark' },
}
