import { render } from '@testing-library/react'
import { describe, expect, it, onTestFinished, vi } from 'vitest'
import { Markdown } from '../../../src/components/Markdown/Markdown'
import type { Highlighter } from '../../../src/highlight/types'
import { codeLinesIn, tokenColor } from '../../support/codeLines'
import { asInABrowser, framesOnRequest, loadedHighlighter, withConfig } from '../helpers'

describe('a code block being written', () => {
  it('commits the line it coloured at the frame in the frame’s callback, so no frame is painted with it uncoloured', async () => {
    const { highlighter, calls } = await loadedHighlighter()
    // Frames come only when the test says: the tokens below come within one frame.
    framesOnRequest()
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

  it('tokenizes its last line whole once the line’s break has come, though no line follows yet', async () => {
    // Every change tokenized at once (no frames to wait for).
    vi.stubGlobal('requestAnimationFrame', undefined)
    onTestFinished(() => {
      vi.unstubAllGlobals()
    })
    const fake = await loadedHighlighter()
    // A grammar that knows `string` only whole: its colour is not that of the letter it begins with.
    const highlighter: Highlighter = {
      ...fake.highlighter,
      tokenize: (code, lang, state) => {
        const result = fake.highlighter.tokenize(code, lang, state)
        return (
          result && {
            ...result,
            lines: result.lines.map((line) =>
              line.map((token) => (token.content === 'string' ? { ...token, light: '#0000ff' } : token)),
            ),
          }
        )
      },
    }
    const wrapper = withConfig({ highlighter })
    const { rerender, container } = render(<Markdown text={'```ts\nconst a: s'} streaming />, { wrapper })
    const colour = () => {
      const token = [...container.querySelectorAll('.cp-code__token')].find((each) => each.textContent?.startsWith('s'))
      return token && tokenColor(token)
    }
    // Letters that go on with a word take its colour while the line is written.
    rerender(<Markdown text={'```ts\nconst a: string'} streaming />)
    expect(colour()).toBe('#123456')
    const lines = () => codeLinesIn(container).map((line) => line.text)
    for (const ending of ['\n', '\r\n', '\n  ']) {
      rerender(<Markdown text={`\`\`\`ts\nconst a: string${ending}`} streaming />)
      expect(colour()).toBe('#0000ff')
      // The lines shown are the same: the break ends the line; the next, blank so far, is not shown yet.
      expect(lines()).toEqual(['const a: string'])
    }
  })
})
