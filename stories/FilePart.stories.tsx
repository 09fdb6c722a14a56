import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, within } from 'storybook/test'
import { FilePart } from '../src/components/FilePart'
import type { FilePart as FilePartData } from '../src/core/model/types'
import { type PartCase, PartStates } from './support/matrix'

const PNG =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAABAAAAAQCAIAAACQkWg2AAAAKElEQVR42mNkYPhfz0AEYBxVSF+FDKMK6a+QYVQh/RUyjCqkv0KGUQUAmUMIEb2YOX0AAAAASUVORK5CYII='
const base = { sessionID: 'ses_1', messageID: 'msg_1', type: 'file' as const }

const matrix: PartCase<FilePartData>[] = [
  { name: 'inline image', part: { ...base, id: 'f1', mime: 'image/png', filename: 'diagram.png', url: PNG } },
  {
    name: 'remote image (click to load)',
    part: { ...base, id: 'f2', mime: 'image/jpeg', filename: 'photo.jpg', url: 'https://images.example.org/photo.jpg' },
  },
  {
    name: 'pdf with size',
    part: {
      ...base,
      id: 'f3',
      mime: 'application/pdf',
      filename: 'report.pdf',
      url: 'https://example.com/report.pdf',
      size: 1_482_113,
    },
  },
  {
    name: 'text file with source (workspace path)',
    part: {
      ...base,
      id: 'f4',
      mime: 'text/plain',
      filename: 'index.ts',
      url: 'file:///repo/src/index.ts',
      source: { type: 'file', path: 'src/index.ts', text: { value: '@src/index.ts', start: 0, end: 13 } },
    },
  },
  {
    name: 'symbol source',
    part: {
      ...base,
      id: 'f5',
      mime: 'text/plain',
      filename: 'store.ts',
      url: 'file:///repo/src/store.ts',
      source: {
        type: 'symbol',
        path: 'src/store.ts',
        name: 'createChatStore',
        kind: 12,
        range: { start: { line: 1, character: 0 }, end: { line: 9, character: 1 } },
        text: { value: '@createChatStore', start: 0, end: 16 },
      },
    },
  },
  {
    name: 'broken image URL',
    part: { ...base, id: 'f6', mime: 'image/png', filename: 'missing.png', url: 'data:image/png;base64,broken' },
  },
  {
    name: 'blocked URL',
    part: { ...base, id: 'f7', mime: 'text/html', filename: 'page.html', url: 'javascript:alert(1)' },
  },
  {
    name: "a file of the model's reasoning (AI SDK reasoning-file)",
    part: {
      ...base,
      id: 'f8',
      mime: 'application/pdf',
      filename: 'plan.pdf',
      url: 'https://example.com/plan.pdf',
      reasoning: true,
    },
  },
]

const meta = {
  title: 'Parts/FilePart',
  component: FilePart,
} satisfies Meta<typeof FilePart>

export default meta

type Story = StoryObj<typeof meta>

/** Images, a remote image behind a click, file chips, sources, a broken and a blocked URL, a reasoning's file. */
export const States: Story = {
  args: { part: matrix[0]?.part as FilePartData },
  render: () => <PartStates cases={matrix} component={FilePart} />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(await canvas.findByText('Could not load')).toBeVisible()
    await expect(canvas.getByRole('button', { name: 'Load image from images.example.org' })).toBeVisible()
  },
}
