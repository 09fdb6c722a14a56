import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, userEvent, within } from 'storybook/test'
import { ReasoningPart } from '../src/components/ReasoningPart'
import type { ReasoningPart as ReasoningPartData } from '../src/core/model/types'
import { opencodeSession } from '../test/fixtures/opencode'
import { type PartCase, PartStates } from './support/matrix'

const real = opencodeSession.messages[1]?.parts.find(
  (part): part is ReasoningPartData => part.type === 'reasoning',
) as ReasoningPartData
const long = Array.from(
  { length: 8 },
  (_, i) =>
    `Step ${i + 1}: consider the ${['tests', 'types', 'callers', 'docs'][i % 4]} and what could break if the name changes.`,
).join('\n\n')

const matrix: PartCase<ReasoningPartData>[] = [
  {
    name: 'streaming (open, "Thinking…")',
    part: { ...real, id: 'r1', text: 'The user wants me to create a file called', time: { start: real.time.start } },
    streaming: true,
  },
  { name: 'done (collapsed, duration from time)', part: real },
  { name: 'long, done after 2 min 5 s', part: { ...real, id: 'r3', text: long, time: { start: 0, end: 125_000 } } },
]

const meta = {
  title: 'Parts/ReasoningPart',
  component: ReasoningPart,
} satisfies Meta<typeof ReasoningPart>

export default meta

type Story = StoryObj<typeof meta>

/** Streaming, done, long; the play expands the long one as a user would. */
export const States: Story = {
  args: { part: real },
  render: () => <PartStates cases={matrix} component={ReasoningPart} />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    const long = within(canvas.getByRole('region', { name: 'long, done after 2 min 5 s' }))
    const toggle = long.getByRole('button', { name: /Thought for 2 min 5 s/ })
    await expect(toggle).toHaveAttribute('aria-expanded', 'false')
    await userEvent.click(toggle)
    await expect(toggle).toHaveAttribute('aria-expanded', 'true')
    await expect(long.getByText(/Step 8/)).toBeVisible()
  },
}
