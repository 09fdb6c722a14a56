import { render } from '@testing-library/react'
import { describe, expect, it, onTestFinished, vi } from 'vitest'
import { Markdown } from '../../../src/components/Markdown/Markdown'
import { asInABrowser, fakeHighlighter, withConfig } from '../helpers'

describe('a code block being written', () => {
  it('commits the line it coloured at the frame in the frame’s callback, so no frame is painted with it uncoloured', async () => {
    const { highlighter, calls, release } = fakeHighlighter()
    release()
    await highlighter.load('typescript')
    // Frames come only when the test says: the tokens below come within one frame.
    vi.useFakeTimers({ toFake: ['requestAnimationFrame', 'cancelAnimationFrame'] })
    onTestFinished(() => {
      vi.useRealTimers()
    })
    const wrapper = withConfig({ highlighter })
    const start = '```ts\nconst a = 1\nconst b'
    const { rerender, container } = render(<Markdown text={start} streaming />, { wrapper })
    rerender(<Markdown text={`${start} = (`} streaming />)
    const lastLine = (root: HTMLElement) => [...root.querySelectorAll('.cp-code__line')].at(-1)?.innerHTML
    // The line as it shows once tokenized whole (a block rendered with the line complete).
    const { container: whole } = render(<Markdown text={`${start} = (\n`} streaming />, { wrapper })
    const coloured = lastLine(whole)
    // Tokenized a moment ago: what was added waits, uncoloured, for the frame.
    calls.length = 0
    expect(lastLine(container)).not.toBe(coloured)
    asInABrowser()
    vi.advanceTimersToNextFrame()
    // Read as the frame's callback returns, before anything else runs: coloured.
    expect(calls).toEqual(['const b = ('])
    expect(lastLine(container)).toBe(coloured)
  })
})
