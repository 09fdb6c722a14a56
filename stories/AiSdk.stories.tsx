import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, fn, userEvent, within } from 'storybook/test'
import { ChatpartsProvider, type DataViewProps } from '../src/components/shared/config'
import { Message } from '../src/components/MessageView'
import { ToolPart } from '../src/components/ToolPart'
import type { ToolPart as ToolPartData, WithParts } from '../src/core/model/types'
import { fromUIMessages } from '../src/protocols/aisdk'
import streams from '../test/fixtures/aisdk/ui-message-streams.json'
import { replayAiSdk } from '../test/support/aisdk'
import { Cell, Matrix } from './support/matrix'

const recorded = streams as { name: string; chunks: unknown[] }[]
const toolOf = (name: string, extra: unknown[] = []) =>
  replayAiSdk([...(recorded.find((stream) => stream.name === name)?.chunks ?? []), ...extra])
    .messages.flatMap((message) => message.parts)
    .find((part): part is ToolPartData => part.type === 'tool') as ToolPartData

// From the AI SDK's own recorded streams: a call waiting for approval, then answered each way.
const requested = toolOf('tool approval requests (static tool)')
const approved = toolOf('tool approval requests (static tool)', [
  { type: 'start' },
  { type: 'tool-approval-response', approvalId: 'id-1', approved: true },
  { type: 'tool-output-available', toolCallId: 'call-1', output: { result: 'done' } },
])
const denied = toolOf('tool approval requests (static tool)', [
  { type: 'start' },
  { type: 'tool-approval-response', approvalId: 'id-1', approved: false, reason: 'Not on production' },
  { type: 'tool-output-denied', toolCallId: 'call-1' },
])
const automatic = toolOf('automatic tool approval denial (static tool)')
// ai 7 approves some calls by a rule (`isAutomatic`): nobody is asked, the call runs.
const approvedByRule = toolOf('tool approval requests (static tool)', [
  { type: 'start' },
  { type: 'tool-approval-request', approvalId: 'id-2', toolCallId: 'call-1', isAutomatic: true },
])
// opencode asks with three choices (once, always, reject) and a title.
const threeChoices: ToolPartData = {
  ...requested,
  id: 'prt_three',
  approval: { id: 'per_1', status: 'requested', choices: ['once', 'always', 'reject'], title: 'Run `rm -rf dist`?' },
}

const onApproval = fn()

const meta = {
  title: 'Protocols/AI SDK',
  component: ToolPart,
} satisfies Meta<typeof ToolPart>

export default meta

type Story = StoryObj<typeof meta>

/** Tool approvals: asked (the choices as buttons), approved, denied with a reason, and decided by a rule either way. */
export const ApprovalStates: Story = {
  args: { part: requested },
  render: () => (
    <ChatpartsProvider onApproval={onApproval}>
      <Matrix>
        <Cell name="waiting for approval (AI SDK)">
          <ToolPart part={requested} />
        </Cell>
        <Cell name="waiting for approval, three choices (opencode)">
          <ToolPart part={threeChoices} />
        </Cell>
        <Cell name="approved, then completed">
          <ToolPart part={approved} />
        </Cell>
        <Cell name="denied with a reason">
          <ToolPart part={denied} />
        </Cell>
        <Cell name="denied by a rule">
          <ToolPart part={automatic} />
        </Cell>
        <Cell name="approved by a rule, running (ai 7)">
          <ToolPart part={approvedByRule} />
        </Cell>
      </Matrix>
    </ChatpartsProvider>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    const waiting = within(canvas.getByRole('region', { name: 'waiting for approval (AI SDK)' }))
    await expect(waiting.getByRole('group', { name: /Waiting for approval/ })).toBeVisible()
    await expect(waiting.getByRole('button', { name: 'Allow once' })).toBeVisible()
    await expect(waiting.getByRole('button', { name: 'Reject' })).toBeVisible()
    const three = within(canvas.getByRole('region', { name: 'waiting for approval, three choices (opencode)' }))
    // The tool's header is a button too (its fold); the card's choices follow it.
    await expect(
      three
        .getAllByRole('button')
        .map((button) => button.textContent)
        .slice(1),
    ).toEqual(['Allow once', 'Always allow', 'Reject'])
    // An answered call folds like any finished one: the line says it was denied, the fold holds why.
    const denied = within(canvas.getByRole('region', { name: 'denied with a reason' }))
    const fold = denied.getByRole('button', { name: /Denied/ })
    await expect(fold).toHaveAttribute('aria-expanded', 'false')
    await expect(denied.queryByRole('group', { name: /Denied/ })).toBeNull()
    await userEvent.click(fold)
    await expect(within(denied.getByRole('group', { name: /Denied/ })).getByText(/Not on production/)).toBeVisible()
    await userEvent.click(fold)
    fold.blur()
  },
}

/** Answering by keyboard: the choice goes to `onApproval`, and the card shows it at once. */
export const AnswerApproval: Story = {
  args: { part: threeChoices },
  render: (args) => (
    <ChatpartsProvider onApproval={onApproval}>
      <ToolPart {...args} />
    </ChatpartsProvider>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    onApproval.mockClear()
    canvas.getByRole('button', { name: 'Allow once' }).focus()
    await userEvent.tab()
    await expect(canvas.getByRole('button', { name: 'Always allow' })).toHaveFocus()
    await userEvent.keyboard('{Enter}')
    await expect(onApproval).toHaveBeenCalledWith(
      expect.objectContaining({ approvalId: 'per_1', choice: 'always', approved: true, callID: 'call-1' }),
    )
    await expect(canvas.getByRole('status')).toHaveTextContent('Chosen: Always allow')
    await expect(canvas.getByRole('group', { name: /Waiting for approval/ })).toBeVisible()
    await expect(canvas.queryByRole('button', { name: 'Reject' })).toBeNull()
  },
}

function WeatherCard({ part }: DataViewProps) {
  const data = part.data as { city?: string; sky?: string; temp?: number }
  return (
    <div className="story-weather" role="note" aria-label={`Weather in ${data.city ?? '?'}`}>
      <strong>{data.city}</strong> {data.sky}, {data.temp} °C
    </div>
  )
}

const reply = fromUIMessages([
  {
    id: 'msg-sources',
    role: 'assistant',
    parts: [
      { type: 'step-start' },
      { type: 'text', text: 'London is **sunny** today, 21 °C [1]; the week stays dry [2].', state: 'done' },
      { type: 'data-weather', id: 'w1', data: { city: 'London', sky: 'sunny', temp: 21 } },
      { type: 'data-trace', data: { step: 1, tool: 'getWeather', ms: 212 } },
      { type: 'source-url', sourceId: 's1', url: 'https://weather.example/london', title: 'London weather, today' },
      { type: 'source-url', sourceId: 's2', url: 'https://forecast.example/uk/week?city=london' },
      {
        type: 'source-document',
        sourceId: 's3',
        mediaType: 'application/pdf',
        title: 'Met report, week 47',
        filename: 'met-47.pdf',
      },
      { type: 'source-url', sourceId: 's4', url: 'javascript:alert(1)', title: 'A link the URL policy blocks' },
    ],
  },
]).messages[0] as WithParts

/** Sources listed under the reply (no favicon, links through the URL policy), and data parts: one shown by the app's view, one by the neutral default. */
export const SourcesAndData: Story = {
  args: { part: requested },
  render: () => (
    <ChatpartsProvider dataViews={{ weather: WeatherCard }}>
      <Message message={reply} timeZone="UTC" />
    </ChatpartsProvider>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    const sources = within(canvas.getByRole('navigation', { name: 'Sources' }))
    await expect(sources.getAllByRole('listitem')).toHaveLength(4)
    await expect(sources.getByRole('link', { name: /London weather, today/ })).toHaveAttribute(
      'href',
      'https://weather.example/london',
    )
    await expect(sources.queryByRole('link', { name: /URL policy blocks/ })).toBeNull()
    await expect(canvas.getByRole('note', { name: 'Weather in London' })).toBeVisible()
    await expect(canvas.getByRole('button', { name: 'Data: trace' })).toHaveAttribute('aria-expanded', 'false')
  },
}
