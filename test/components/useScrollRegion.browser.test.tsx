import { flushSync } from 'react-dom'
import { createRoot } from 'react-dom/client'
import { afterEach, expect, it } from 'vitest'
import { ChatpartsProvider } from '../../src/components/config'
import { TextPart } from '../../src/components/TextPart'
import '../../src/styles/chatparts.css'

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
        <ChatpartsProvider highlighter={null}>
          <TextPart part={{ id: 'prt_1', sessionID: 'ses_1', messageID: 'msg_1', type: 'text', text }} streaming={streaming} />
        </ChatpartsProvider>,
      ),
    )
  // Before measuring compared with the last answer, each commit scheduled one more render, and
  // React stopped after 50 nested updates ("Maximum update depth exceeded").
  for (let end = 4; end < table.length; end += 4) render(table.slice(0, end), true)
  render(table, false)
  const region = stage.querySelector('.cp-table-wrap')
  expect(stage.querySelectorAll('tbody tr')).toHaveLength(12)
  // It does scroll, so it is a named, focusable region (once the measure after the last render ran).
  await expect.poll(() => region?.getAttribute('role')).toBe('region')
  expect(region?.getAttribute('tabindex')).toBe('0')
  root.unmount()
})
