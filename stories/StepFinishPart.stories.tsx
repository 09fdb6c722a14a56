import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, userEvent, within } from 'storybook/test'
import type { StepFinishPart as StepFinishPartData } from '../src/core/model/types'
import { StepFinishPart } from '../src/components/StepFinishPart'
import { opencodeSession } from '../test/fixtures/opencode'

const realSteps = opencodeSession.messages.flatMap((message) =>
  message.parts.filter((part): part is StepFinishPartData => part.type === 'step-finish'),
)

const base = realSteps[0] as StepFinishPartData

const matrix: { name: string; part: StepFinishPartData }[] = [
  ...realSteps.map((part, index) => ({ name: `opencode step ${index + 1} (${part.reason})`, part })),
  {
    name: 'zero cost (free or local model)',
    part: {
      ...base,
      id: 'prt_zero',
      reason: 'stop',
      cost: 0,
      tokens: { input: 0, output: 0, reasoning: 0, cache: { read: 0, write: 0 } },
    },
  },
  {
    name: 'large counts with cache write',
    part: {
      ...base,
      id: 'prt_large',
      reason: 'length',
      cost: 12.3456,
      tokens: { input: 1_234_567, output: 98_765, reasoning: 45_000, cache: { read: 2_500_000, write: 180_250 } },
    },
  },
  {
    name: 'unknown finish reason',
    part: { ...base, id: 'prt_other', reason: 'provider-specific-reason' },
  },
]

const meta = {
  title: 'Parts/StepFinishPart',
  component: StepFinishPart,
} satisfies Meta<typeof StepFinishPart>

export default meta

type Story = StoryObj<typeof meta>

/** Every state of a step's end: real opencode steps, zero cost, large counts, an unknown reason. */
export const States: Story = {
  args: { part: base },
  render: () => (
    <div style={{ display: 'grid', gap: 12 }}>
      {matrix.map(({ name, part }) => (
        <section key={part.id} aria-label={name}>
          <h3 className="story-cell__name">{name}</h3>
          <StepFinishPart part={part} />
        </section>
      ))}
    </div>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    const zero = within(canvas.getByRole('region', { name: 'zero cost (free or local model)' }))
    await expect(zero.getByText('$0')).toBeVisible()
    const large = within(canvas.getByRole('region', { name: 'large counts with cache write' }))
    await expect(large.getByText('$12.35')).toBeVisible()
    // The breakdown opens from the quiet line.
    await userEvent.click(large.getByRole('button'))
    await expect(large.getByText('2.5M')).toBeVisible()
  },
}

/** One real step from the opencode session, as a message footer would show it. */
export const RealStep: Story = {
  args: { part: base },
}

/** The same steps with the Simplified Chinese labels and the dark theme. */
export const DarkChinese: Story = {
  ...States,
  globals: { theme: 'dark', locale: 'zh-CN' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getAllByText('费用').length).toBe(matrix.length)
  },
}
