import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, userEvent, waitFor, within } from 'storybook/test'
import { Cell, highlighted, Matrix } from './support/matrix'
import { deltaRecording as deltas, opencodeRecording as opencode } from './support/recordings'
import { Frame, Replay } from './support/Replay'

const meta = {
  title: 'Transcript/Replays',
  component: Replay,
} satisfies Meta<typeof Replay>

export default meta

type Story = StoryObj<typeof meta>

/** A recorded MessageDelta stream (thinking, a tool call, a markdown answer with code) replayed through the store. */
export const MessageDeltaReplay: Story = {
  args: { recording: deltas },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await userEvent.click(canvas.getByRole('button', { name: 'Step' }))
    await userEvent.click(canvas.getByRole('button', { name: 'Step' }))
    await expect(canvas.getByRole('status', { name: 'Events applied' })).toHaveTextContent('2 / 31')
    await userEvent.selectOptions(canvas.getByRole('combobox', { name: /Speed/ }), '16')
    await userEvent.click(canvas.getByRole('button', { name: 'Play' }))
    await waitFor(() => expect(canvas.getByRole('status', { name: 'Events applied' })).toHaveTextContent('31 / 31'))
    await highlighted(canvasElement)
    const log = canvas.getByRole('log')
    await waitFor(() => expect(log.scrollHeight - log.scrollTop - log.clientHeight).toBeLessThan(2))
  },
}

/** The real opencode session replayed as bus events, word by word, after its user message. */
export const OpencodeEventReplay: Story = {
  args: { recording: opencode, interval: 40 },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await userEvent.selectOptions(canvas.getByRole('combobox', { name: /Speed/ }), '16')
    await userEvent.click(canvas.getByRole('button', { name: 'Play' }))
    await waitFor(() =>
      expect(canvas.getByRole('status', { name: 'Events applied' })).toHaveTextContent(
        `${opencode.events.length} / ${opencode.events.length}`,
      ),
    )
    await expect(canvas.getAllByRole('article')).toHaveLength(3)
    const log = canvas.getByRole('log')
    await waitFor(() => expect(log.scrollHeight - log.scrollTop - log.clientHeight).toBeLessThan(2))
    await expect(canvas.queryByRole('button', { name: /Jump to latest/ })).toBeNull()
  },
}

const deltaFrames = [3, 9, 17, 24, 31]

/** The MessageDelta stream frozen after several events: intermediate streaming states are part of the visual contract. */
export const MessageDeltaFrames: Story = {
  args: { recording: deltas },
  render: () => (
    <Matrix>
      {deltaFrames.map((count) => (
        <Cell key={count} name={`after event ${count} of ${deltas.events.length}`}>
          <Frame recording={deltas} count={count} />
        </Cell>
      ))}
    </Matrix>
  ),
  play: async ({ canvasElement }) => {
    await highlighted(canvasElement)
    const canvas = within(canvasElement)
    const midway = within(canvas.getByRole('region', { name: 'after event 24 of 31' }))
    await expect(midway.getByRole('article', { name: /^Assistant/ })).toHaveAttribute('aria-busy', 'true')
  },
}

const opencodeFrames = [
  1,
  Math.floor(opencode.events.length / 3),
  Math.floor((opencode.events.length * 2) / 3),
  opencode.events.length,
]

/** The opencode event stream frozen after several events. */
export const OpencodeEventFrames: Story = {
  args: { recording: opencode },
  render: () => (
    <Matrix>
      {opencodeFrames.map((count) => (
        <Cell key={count} name={`after event ${count} of ${opencode.events.length}`}>
          <Frame recording={opencode} count={count} />
        </Cell>
      ))}
    </Matrix>
  ),
}
