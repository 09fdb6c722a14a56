import { flushSync } from 'react-dom'
import { createRoot } from 'react-dom/client'
import { afterEach, expect, it, vi } from 'vitest'
import { ChatpartsProvider } from '../../../src/components/shared/config'
import { TextPart } from '../../../src/components/TextPart'
import '../../../src/styles/chatparts.css'
import { defaultDiagramRenderer } from '../../../src/diagrams/index'
import { defaultMathRenderer } from '../../../src/math/index'

const stage = document.createElement('div')
stage.style.width = '320px'
document.body.append(stage)
afterEach(() => stage.replaceChildren())

// A table of 16 columns, wider than its reply, so its box scrolls; it is measured after every render.
const COLUMNS = 16
const row = (i: number) => `| ${Array.from({ length: COLUMNS }, (_, c) => i * COLUMNS + c).join(' | ')} |`
const table = `| ${Array.from({ length: COLUMNS }, (_, c) => `c${c}`).join(' | ')} |\n|${'---|'.repeat(COLUMNS)}\n${Array.from({ length: 12 }, (_, i) => row(i)).join('\n')}\n`

it('streams a wide table with every token committed synchronously (no render loop from measuring the box)', async () => {
  const root = createRoot(stage)
  const render = (text: string, streaming: boolean) =>
    flushSync(() =>
      root.render(
        <ChatpartsProvider highlighter={null} math={defaultMathRenderer()} diagrams={defaultDiagramRenderer()}>
          <TextPart
            part={{ id: 'prt_1', sessionID: 'ses_1', messageID: 'msg_1', type: 'text', text }}
            streaming={streaming}
          />
        </ChatpartsProvider>,
      ),
    )
  // Before measuring compared with the last answer, each commit scheduled one more render, and
  // React stopped after 50 nested updates ("Maximum update depth exceeded").
  for (let end = 4; end < table.length; end += 4) render(table.slice(0, end), true)
  render(table, false)
  const region = stage.querySelector('.cp-table-wrap')
  expect(stage.querySelectorAll('tbody tr')).toHaveLength(12)
  // It does scroll, so it is a named, focusable group (once the measure after the last render ran).
  await expect.poll(() => region?.getAttribute('role')).toBe('group')
  expect(region?.getAttribute('tabindex')).toBe('0')
  root.unmount()
})

it('makes the blocks of a text named groups, and plain boxes again, as the text narrows and widens (one observation for them all)', async () => {
  const root = createRoot(stage)
  stage.style.width = '900px'
  // What is observed for resizes: the text's markdown, not each box in it.
  const observed: Element[] = []
  const original = ResizeObserver.prototype.observe
  const observe = vi.spyOn(ResizeObserver.prototype, 'observe').mockImplementation(function (
    this: ResizeObserver,
    target,
    options,
  ) {
    observed.push(target)
    original.call(this, target, options)
  })
  const line = 'const widest = ' + '"x"'.repeat(12)
  const text = `Code:\n\n\`\`\`ts\n${line}\n\`\`\`\n\nA table:\n\n${row(0)}\n|${'---|'.repeat(COLUMNS)}\n${row(1)}\n\n\`\`\`ts\nshort()\n\`\`\`\n`
  flushSync(() =>
    root.render(
      <ChatpartsProvider highlighter={null} math={defaultMathRenderer()} diagrams={defaultDiagramRenderer()}>
        <TextPart part={{ id: 'prt_2', sessionID: 'ses_1', messageID: 'msg_1', type: 'text', text }} />
      </ChatpartsProvider>,
    ),
  )
  const boxes = () => [...stage.querySelectorAll('.cp-code__pre, .cp-table-wrap')]
  const roles = () => boxes().map((box) => box.getAttribute('role'))
  await expect.poll(() => boxes().length).toBe(3)
  await new Promise((resolve) => setTimeout(resolve, 50))
  expect(roles()).toEqual([null, null, null])
  expect(observed.filter((target) => boxes().includes(target))).toEqual([])
  expect(observed.filter((target) => target.classList.contains('cp-markdown'))).toHaveLength(1)
  observe.mockRestore()
  // Narrower than the long line and the table: those two scroll, the short block does not.
  stage.style.width = '160px'
  await expect.poll(roles).toEqual(['group', 'group', null])
  stage.style.width = '900px'
  await expect.poll(roles).toEqual([null, null, null])
  root.unmount()
  stage.style.width = '320px'
})

it('measures a display formula again once it is shown after being skipped off-screen, though nothing around it resized', async () => {
  const root = createRoot(stage)
  stage.style.width = '2000px'
  const wide = Array.from({ length: 40 }, (_, i) => `x_{${i}}`).join(' + ')
  // The formula first, in view and narrower than the text; far below it, the rest of the reply.
  const text = `$$\n${wide}\n$$\n\n${'A line of text.\n\n'.repeat(600)}`
  flushSync(() =>
    root.render(
      <ChatpartsProvider highlighter={null} math={defaultMathRenderer()} diagrams={defaultDiagramRenderer()}>
        <TextPart part={{ id: 'prt_3', sessionID: 'ses_1', messageID: 'msg_1', type: 'text', text }} />
      </ChatpartsProvider>,
    ),
  )
  // KaTeX is imported on first use: under a loaded machine that takes seconds.
  await expect.poll(() => stage.querySelector('.cp-math[data-display] .katex')).not.toBeNull()
  const formula = stage.querySelector('.cp-math[data-display]') as HTMLElement
  await new Promise((resolve) => setTimeout(resolve, 100))
  expect(formula.getAttribute('role')).toBeNull()
  // The text around it keeps its size from now on: only the formula coming into view can say it scrolls.
  const markdown = stage.querySelector('.cp-markdown') as HTMLElement
  markdown.style.height = `${markdown.offsetHeight}px`
  formula.style.containIntrinsicBlockSize = `${formula.offsetHeight}px`
  // Far from the view, the browser skips the formula's content (content-visibility: auto)...
  stage.lastElementChild?.scrollIntoView({ block: 'end' })
  markdown.lastElementChild?.scrollIntoView({ block: 'end' })
  await expect.poll(() => formula.firstElementChild?.checkVisibility({ contentVisibilityAuto: true })).toBe(false)
  // ...and it becomes narrower than its content there, which resizes nothing the page observes.
  formula.style.width = '300px'
  await new Promise((resolve) => setTimeout(resolve, 100))
  expect(formula.getAttribute('role')).toBeNull()
  formula.scrollIntoView()
  await expect.poll(() => formula.getAttribute('role')).toBe('group')
  expect(formula.getAttribute('tabindex')).toBe('0')
  root.unmount()
  stage.style.width = '320px'
})
