import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, within } from 'storybook/test'
import { Message } from '../src/components/MessageView'
import type { AssistantInfo, WithParts } from '../src/core/model/types'
import { opencodeCanonical } from '../test/fixtures/opencode'
import { Cell, Matrix } from './support/matrix'

const [user, assistant, final] = opencodeCanonical as [WithParts, WithParts & { info: AssistantInfo }, WithParts]
const failed: WithParts = {
  info: { ...assistant.info, id: 'msg_failed', error: { name: 'APIError', data: { message: 'Rate limit exceeded, try again in 20 s', statusCode: 429 } } },
  parts: assistant.parts.filter((part) => part.type === 'step-start' || part.type === 'reasoning'),
}

const meta = {
  title: 'Transcript/Message',
  component: Message,
} satisfies Meta<typeof Message>

export default meta

type Story = StoryObj<typeof meta>

/** A user message, an assistant message with tools and usage, a streaming one, and one whose reply failed. */
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
    </Matrix>
  ),
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('The response failed')).toBeVisible()
  },
}
