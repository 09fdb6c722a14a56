import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, within } from 'storybook/test'
import { ChatpartsProvider } from '../src/components/shared/config'
import { PartView } from '../src/components/PartView'
import type { Part } from '../src/core/model/types'
import { opencodeSession } from '../test/fixtures/opencode'
import { Cell, Matrix } from './support/matrix'

const owner = { sessionID: 'ses_1', messageID: 'msg_1' }
const realPatch = opencodeSession.messages[1]?.parts.find((part) => part.type === 'patch') as Part
const realStart = opencodeSession.messages[1]?.parts.find((part) => part.type === 'step-start') as Part

const matrix: { name: string; part: Part }[] = [
  { name: 'step start (opencode)', part: realStart },
  { name: 'patch (opencode)', part: realPatch },
  { name: 'snapshot', part: { ...owner, id: 'o1', type: 'snapshot', snapshot: '8f2c1e9d0a7b6c5d4e3f' } },
  { name: 'agent', part: { ...owner, id: 'o2', type: 'agent', name: 'explore' } },
  {
    name: 'retry',
    part: {
      ...owner,
      id: 'o3',
      type: 'retry',
      attempt: 2,
      error: { name: 'APIError', data: { message: 'Overloaded, retrying in 4 s' } },
      time: { created: 1 },
    },
  },
  { name: 'compaction', part: { ...owner, id: 'o4', type: 'compaction', auto: true } },
  {
    name: 'subtask',
    part: {
      ...owner,
      id: 'o5',
      type: 'subtask',
      prompt: 'Find every caller of getUser',
      description: 'Find callers of getUser',
      agent: 'general',
    },
  },
  {
    name: 'unsupported part',
    part: { ...owner, id: 'o6', type: 'unsupported', originalType: 'hologram', original: { type: 'hologram' } },
  },
  { name: 'error boundary fallback', part: { ...owner, id: 'o7', type: 'agent', name: 'broken' } },
]

const Broken = ({ part }: { part: Part }) => {
  if (part.id === 'o7') throw new Error('this part could not render')
  return <PartView part={{ ...part, type: 'unsupported', originalType: 'never', original: {} } as Part} />
}

const meta = {
  title: 'Parts/Other parts',
  component: PartView,
} satisfies Meta<typeof PartView>

export default meta

type Story = StoryObj<typeof meta>

/** The compact views (step start, patch, snapshot, agent, retry, compaction, subtask), the unsupported row and the error boundary. */
export const States: Story = {
  args: { part: realPatch },
  render: () => (
    <Matrix>
      {matrix.map(({ name, part }) => (
        <Cell key={part.id} name={name}>
          {part.id === 'o7' ? (
            <ChatpartsProvider components={{ agent: Broken }}>
              <PartView part={part} />
            </ChatpartsProvider>
          ) : (
            <PartView part={part} />
          )}
        </Cell>
      ))}
    </Matrix>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByText('Unsupported part: hologram')).toBeVisible()
    await expect(canvas.getByRole('note')).toHaveTextContent('This part could not be shown')
  },
}
