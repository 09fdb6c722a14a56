import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, within } from 'storybook/test'
import { Message } from '../src/components/MessageView'
import type { AssistantInfo, Part, WithParts } from '../src/core/model/types'
import { opencodeCanonical } from '../test/fixtures/opencode'
import { Cell, Matrix } from './support/matrix'

const [user, assistant, final] = opencodeCanonical as [WithParts, WithParts & { info: AssistantInfo }, WithParts]
const failed: WithParts = {
  info: {
    ...assistant.info,
    id: 'msg_failed',
    error: { name: 'APIError', data: { message: 'Rate limit exceeded, try again in 20 s', statusCode: 429 } },
  },
  parts: assistant.parts.filter((part) => part.type === 'step-start' || part.type === 'reasoning'),
}
// The AI SDK's server hides an error's cause unless the app's onError returns one.
const masked: WithParts = {
  ...failed,
  info: {
    ...assistant.info,
    id: 'msg_masked',
    error: { name: 'UnknownError', data: { message: 'An error occurred.', masked: true } },
  },
}

// Data outside the model: a tool part with no state (its view throws), and a message with no list of parts.
const brokenPart: WithParts = {
  info: { ...final.info, id: 'msg_broken_part' },
  parts: [
    ...final.parts.filter((part) => part.type === 'text'),
    { ...(final.parts[0] as Part), id: 'prt_broken', type: 'tool', state: null } as unknown as Part,
  ],
}
const brokenMessage = { info: { ...user.info, id: 'msg_broken' }, parts: null } as unknown as WithParts

const meta = {
  title: 'Transcript/Message',
  component: Message,
} satisfies Meta<typeof Message>

export default meta

type Story = StoryObj<typeof meta>

/** A user message, an assistant message with tools and usage, two whose reply failed (one with its cause hidden), and the fallbacks for a part and a message that cannot be shown. */
export const States: Story = {
  args: { message: user },
  render: () => (
    <Matrix>
      <Cell name="user">
        <Message message={user} timeZone="UTC" />
      </Cell>
      <Cell name="assistant with a tool and usage">
        <Message message={assistant} timeZone="UTC" />
      </Cell>
      <Cell name="assistant, final answer">
        <Message message={final} timeZone="UTC" />
      </Cell>
      <Cell name="assistant with an error banner">
        <Message message={failed} timeZone="UTC" />
      </Cell>
      <Cell name="assistant whose server did not send the cause of its failure">
        <Message message={masked} timeZone="UTC" />
      </Cell>
      <Cell name="a part that cannot be shown (the rest of the message stays)">
        <Message message={brokenPart} timeZone="UTC" />
      </Cell>
      <Cell name="a message that cannot be shown">
        <Message message={brokenMessage} timeZone="UTC" />
      </Cell>
    </Matrix>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getAllByText('The response failed')).toHaveLength(2)
    await expect(canvas.getByText(/The server did not send the cause/)).toBeVisible()
    await expect(canvas.getByText('This part could not be shown')).toBeVisible()
    await expect(canvas.getByText('This message could not be shown')).toBeVisible()
  },
}
