import { render } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { ChatpartsProvider } from '../../../src/components/shared/config'
import { ToolPart } from '../../../src/components/ToolPart'
import { toolPart, toolResult } from '../../../src/core/build'
import { createShikiHighlighter } from '../../../src/highlight/shiki'
import '../../../src/styles/chatparts.css'

const ids = { id: 'prt_1', sessionID: 'ses_1', messageID: 'msg_1' }

describe('a diff, highlighted', () => {
  it('shows code in the theme’s foreground as text of its row, in that foreground, and the rest in its own colours', async () => {
    const highlighter = createShikiHighlighter()
    await highlighter.load('typescript')
    const display = { kind: 'diff' as const, file: 'src/api.ts', before: 'const a = 1\n}', after: 'const b = 2\n}' }
    const part = toolPart(ids, {
      callID: 'call_1',
      tool: 'edit',
      state: toolResult({ input: {}, start: 1, end: 2, output: '', display }),
    })
    const { container } = render(
      <ChatpartsProvider highlighter={highlighter}>
        <ToolPart open part={part} />
      </ChatpartsProvider>,
    )
    await expect.poll(() => container.querySelectorAll('.cp-diff__line[data-highlighted]').length).toBe(3)
    const context = container.querySelector('.cp-diff__line[data-kind="context"]') as HTMLElement
    // The brace is text in the row, in github-light-default's foreground; the row's numbers keep theirs.
    expect(context.querySelector('.cp-code__token')).toBeNull()
    expect(context.textContent).toContain('}')
    expect(getComputedStyle(context).color).toBe('rgb(31, 35, 40)')
    const number = context.querySelector('.cp-diff__num') as HTMLElement
    expect(getComputedStyle(number).color).toBe('rgb(92, 99, 112)')
    const added = container.querySelector('.cp-diff__line[data-kind="add"] .cp-code__token') as HTMLElement
    expect(added.textContent?.startsWith('const')).toBe(true)
    expect(getComputedStyle(added).color).not.toBe('rgb(31, 35, 40)')
  })
})
