import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, userEvent, within } from 'storybook/test'
import { ToolPart } from '../src/components/ToolPart'
import type { ToolPart as ToolPartData, ToolState } from '../src/core/model/types'
import { fromToolMessage2 } from '../src/protocols/toolmessage2'
import { opencodeCanonical, viaOpencode } from '../test/fixtures/opencode'
import conversation from '../test/fixtures/toolmessage2/conversation.json'
import { highlighted, type PartCase, PartStates } from './support/matrix'

const write = opencodeCanonical[1]?.parts.find((part): part is ToolPartData => part.type === 'tool') as ToolPartData
const neovate = fromToolMessage2(structuredClone(conversation))
  .messages.flatMap((message) => message.parts)
  .filter((part): part is ToolPartData => part.type === 'tool')
const byCall = (callID: string) => neovate.find((part) => part.callID === callID) as ToolPartData
const time = { start: 1_780_000_000_000, end: 1_780_000_002_400 }
// Hand-written opencode-shaped calls, as the opencode converter gives them to the view.
const tool = (id: string, name: string, state: ToolState): ToolPartData =>
  viaOpencode({ ...write, id, tool: name, state })
const longOutput = Array.from(
  { length: 60 },
  (_, i) => `PASS test/case-${String(i + 1).padStart(2, '0')}.test.ts (${(i * 7) % 90} ms)`,
).join('\n')
const PNG =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAABAAAAAQCAIAAACQkWg2AAAAKElEQVR42mNkYPhfz0AEYBxVSF+FDKMK6a+QYVQh/RUyjCqkv0KGUQUAmUMIEb2YOX0AAAAASUVORK5CYII='

const matrix: PartCase<ToolPartData>[] = [
  {
    name: 'pending (arguments still streaming)',
    part: tool('t1', 'write', { status: 'pending', input: {}, raw: '{"filePath": "/repo/notes.md", "cont' }),
  },
  {
    name: 'running',
    part: tool('t2', 'bash', {
      status: 'running',
      input: { command: 'npm test' },
      title: 'Run the tests',
      time: { start: time.start },
    }),
  },
  { name: 'completed: opencode write (new file diff)', part: write },
  { name: 'completed: neovate edit (diff_viewer)', part: byCall('toolu_03_edit') },
  {
    name: 'completed: shell command with exit status and long output',
    part: tool('t3', 'bash', {
      status: 'completed',
      input: { command: 'npx vitest run' },
      output: longOutput,
      title: 'Run the tests',
      metadata: { output: longOutput, exit: 0, truncated: true },
      time,
    }),
  },
  { name: 'completed: todo list (neovate)', part: byCall('toolu_02_todo') },
  { name: 'completed: file read', part: byCall('toolu_01_read') },
  { name: 'error: failed command', part: byCall('toolu_04_bash') },
  { name: 'running: edit waiting for its result', part: byCall('toolu_05_edit') },
  {
    name: 'completed with no output',
    part: tool('t7', 'mkdir', {
      status: 'completed',
      input: { path: 'src/new' },
      output: '',
      title: 'mkdir src/new',
      metadata: {},
      time,
    }),
  },
  { name: 'unknown tool (generic view)', part: neovate.find((part) => part.tool === 'grep') as ToolPartData },
  {
    name: 'completed: sub-agent task (markdown result)',
    part: tool('t6', 'task', {
      status: 'completed',
      input: {
        description: 'Find the test config',
        prompt: 'Look for the vitest config and say which pool it uses.',
        subagent_type: 'explore',
      },
      output: 'Found `vitest.config.ts`: it uses the **threads** pool.',
      title: 'Find the test config',
      metadata: { sessionId: 'ses_e797c0ffee01child' },
      time,
    }),
  },
  {
    name: 'long input',
    part: tool('t4', 'http_request', {
      status: 'completed',
      input: {
        url: 'https://api.example.com/v1/items',
        headers: Object.fromEntries(Array.from({ length: 12 }, (_, i) => [`x-header-${i}`, `value-${i}`])),
      },
      output: '{"ok": true}',
      title: 'GET items',
      metadata: {},
      time,
    }),
  },
  {
    name: 'completed with an image attachment',
    part: tool('t5', 'screenshot', {
      status: 'completed',
      input: { url: 'http://localhost:3000' },
      output: 'Captured the page.',
      title: 'Screenshot',
      metadata: {},
      time,
      attachments: [
        {
          id: 'a1',
          sessionID: write.sessionID,
          messageID: write.messageID,
          type: 'file',
          mime: 'image/png',
          filename: 'page.png',
          url: PNG,
        },
      ],
    }),
  },
]

/** A tool part opened, whatever its state. */
function OpenTool(props: { part: ToolPartData; streaming?: boolean | undefined }) {
  return <ToolPart {...props} open />
}

const meta = {
  title: 'Parts/ToolPart',
  component: ToolPart,
} satisfies Meta<typeof ToolPart>

export default meta

type Story = StoryObj<typeof meta>

/** Every tool state and every built-in view, from the real opencode and neovate fixtures. */
export const States: Story = {
  args: { part: write },
  render: () => <PartStates cases={matrix} component={ToolPart} />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    const error = within(canvas.getByRole('region', { name: 'error: failed command' }))
    await expect(error.getByText('Failed')).toBeVisible()
    const unknown = within(canvas.getByRole('region', { name: 'unknown tool (generic view)' }))
    await expect(unknown.getByText('Done')).toBeVisible()
    await highlighted(canvasElement)
  },
}

/** The same states opened: every built-in view (diff rows with line numbers, shell, todos, read, task, key/value input, attachments). */
export const OpenStates: Story = {
  args: { part: matrix[0]?.part as ToolPartData },
  render: () => <PartStates cases={matrix} component={OpenTool} />,
  play: async ({ canvasElement }) => {
    await expect(canvasElement.querySelectorAll('.cp-tool[data-open]').length).toBe(matrix.length)
    await highlighted(canvasElement)
  },
}

/** Expanding a long output. */
export const ExpandOutput: Story = {
  args: { part: matrix[4]?.part as ToolPartData },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    // A finished tool is folded: open it, then its long output.
    await userEvent.click(canvas.getByRole('button', { expanded: false, name: /Done/ }))
    const toggle = canvas.getByRole('button', { name: /Show all/ })
    await userEvent.click(toggle)
    await expect(toggle).toHaveAttribute('aria-expanded', 'true')
    await expect(canvas.getByText(/case-60/)).toBeInTheDocument()
  },
}
