import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, waitFor, within } from 'storybook/test'
import { TextPart } from '../src/components/TextPart'
import type { TextPart as TextPartData } from '../src/core/model/types'
import { opencodeSession } from '../test/fixtures/opencode'
import { Cell, highlighted, Matrix } from './support/matrix'

const real = opencodeSession.messages[0]?.parts[0] as TextPartData
const text = (id: string, value: string): TextPartData => ({ ...real, id, text: value })

// What models write: TeX's own delimiters as often as dollars, prices beside formulas.
const cases: Array<{ name: string; part: TextPartData; streaming?: boolean }> = [
  {
    name: 'inline and display math ($$ and TeX delimiters); $5 stays a price',
    part: text(
      'm1',
      'The loss is $$\\mathcal{L} = -\\sum_i y_i \\log \\hat y_i$$, and a run costs $5 to $10.\n\n\\[\n\\int_0^\\infty e^{-x^2}\\,dx = \\frac{\\sqrt{\\pi}}{2}\n\\]\n\nFor \\(n \\ge 1\\):\n\n$$\n\\begin{aligned} a_n &= a_{n-1} + 2 \\\\ a_1 &= 1 \\end{aligned}\n$$',
    ),
  },
  {
    name: 'streaming: an unfinished formula shows its source',
    part: text('m2', 'Solving:\n\n$$\n\\frac{-b \\pm \\sqrt{b^2 - 4'),
    streaming: true,
  },
  {
    name: 'streaming: an inline formula being written is typeset as it grows',
    part: text('m4', 'The roots are \\(x = \\frac{-b \\pm \\sqrt{b^2 - 4ac}}{2a}'),
    streaming: true,
  },
  { name: 'a formula that cannot be read shows its source and says why', part: text('m3', '$$\n\\frac{1}{\n$$') },
  {
    name: 'a flowchart',
    part: text(
      'd1',
      '```mermaid\ngraph LR\n  Wire[Wire protocol] --> Convert[Conversion layer]\n  Convert --> Store[(Store)]\n  Store --> View[Components]\n```',
    ),
  },
  {
    name: 'a sequence diagram',
    part: text(
      'd2',
      '```mermaid\nsequenceDiagram\n  participant U as User\n  participant A as Agent\n  U->>A: Rename getUser\n  A->>A: edit src/api.ts\n  A-->>U: Done\n```',
    ),
  },
  {
    name: 'streaming: a diagram being written shows its source',
    part: text('d3', '```mermaid\ngraph TD\n  A[Start] --> B'),
    streaming: true,
  },
  {
    name: 'a diagram that cannot be drawn keeps its source and says why',
    part: text('d4', '```mermaid\ngraph TD\n  A -->\n```'),
  },
]

function States() {
  return (
    <Matrix>
      {cases.map(({ name, part, streaming }) => (
        <Cell key={part.id} name={name}>
          <TextPart part={part} streaming={streaming} />
        </Cell>
      ))}
    </Matrix>
  )
}

const meta = {
  title: 'Parts/Math and diagrams',
  component: States,
} satisfies Meta<typeof States>

export default meta

type Story = StoryObj<typeof meta>

/** Typesetting and drawing, each loaded the first time it is needed; sources while streaming or unreadable. */
export const MathAndDiagrams: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await waitFor(() => expect(canvasElement.querySelectorAll('.katex').length).toBe(5))
    // Each drawing is in a tree of its own (a shadow root).
    const drawings = () =>
      [...canvasElement.querySelectorAll('.cp-diagram__drawing')].filter((box) => box.shadowRoot?.querySelector('svg'))
    await waitFor(() => expect(drawings().length).toBe(2))
    await waitFor(() => expect(canvasElement.querySelector('.cp-diagram[data-state="error"]')).not.toBeNull())
    const prices = within(canvas.getByRole('region', { name: /stays a price/ }))
    await expect(prices.getByText(/costs \$5 to \$10/)).toBeVisible()
    const streaming = canvas.getByRole('region', { name: /unfinished formula/ })
    await expect(streaming.querySelector('.cp-math--source[data-state="source"]')).not.toBeNull()
    // Its closing `\)` not yet written, the inline formula is typeset after the text before it.
    const inline = canvas.getByRole('region', { name: /inline formula being written/ })
    await expect(inline.querySelector('p > .cp-math .katex')).not.toBeNull()
    await expect(inline.textContent).not.toContain('\\(')
    await highlighted(canvasElement)
    // KaTeX's fonts load as glyphs first need them: wait until none is still loading, so the picture is final.
    await waitFor(async () => {
      await document.fonts.ready
      return expect(document.fonts.status).toBe('loaded')
    })
  },
}

/** The same inside an app's `.dark` panel (drawn for a dark background, typeset in its colours). */
export const Dark: Story = {
  ...MathAndDiagrams,
  render: () => (
    <div className="dark story-dark-panel">
      <States />
    </div>
  ),
}
