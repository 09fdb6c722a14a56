import { render } from '@testing-library/react'
import { flushSync } from 'react-dom'
import { describe, expect, it, vi } from 'vitest'
import { ChatpartsProvider } from '../../src/components/shared/config'
import { TextPart } from '../../src/components/TextPart/TextPart'
import type { TextPart as TextPartData } from '../../src/core/model/types'
import { defaultHighlighter } from '../../src/highlight/shiki'
import '../../src/styles/chatparts.css'
import reply from '../fixtures/streaming/reply.md?raw'
import { APPEAR_DEADLINE } from '../support/deadlines'
import { alnum, expectations, highlightedLines, tokenize, wentPlain } from '../support/streamingTokens'
import { defaultDiagramRenderer } from '../../src/diagrams/index'
import { defaultMathRenderer } from '../../src/math/index'

const part = (text: string): TextPartData => ({
  id: 'prt_reply',
  sessionID: 'ses_reply',
  messageID: 'msg_reply',
  type: 'text',
  text,
})

describe('TextPart streaming the 15 KB reply in Chromium, token by token', () => {
  // 3,760 synchronous renders with a DOM check after each: about 5 s alone, three times that when CI
  // runs it with coverage beside the story tests on two cores. The budget below is not a timing claim
  // (bench/ measures speed); it keeps a loaded machine from failing a correct run.
  it('shows every token at its commit, never un-highlights a line, and ends as the whole text rendered at once', async () => {
    const highlighter = defaultHighlighter()
    await Promise.all(['ts', 'python', 'json', 'bash'].map((lang) => highlighter.load(lang)))
    const tokens = tokenize(reply)
    const expected = expectations(reply, tokens)
    const view = (text: string, streaming: boolean) => (
      <ChatpartsProvider highlighter={highlighter} math={defaultMathRenderer()} diagrams={defaultDiagramRenderer()}>
        <TextPart part={part(text)} streaming={streaming} />
      </ChatpartsProvider>
    )
    const streamed = render(view('', true))
    let text = ''
    const stale: number[] = []
    const plain: string[] = []
    let before: boolean[][] = []
    for (const [i, token] of tokens.entries()) {
      text += token
      flushSync(() => streamed.rerender(view(text, i < tokens.length - 1)))
      const tail = expected[i]
      if (tail && !alnum(streamed.container.textContent ?? '').includes(tail)) stale.push(i)
      const now = highlightedLines(streamed.container)
      for (const [block, line] of wentPlain(before, now))
        plain.push(`${i} ${JSON.stringify(token)} block ${block} line ${line}`)
      before = now
    }
    expect(stale).toEqual([])
    expect(plain).toEqual([])
    // All four code blocks are highlighted at the last commit, every line of them.
    expect(highlightedLines(streamed.container)).toHaveLength(4)
    expect(highlightedLines(streamed.container).flat().every(Boolean)).toBe(true)

    // Rendered at once, a finished reply is formatted over a few tasks and its code highlighted in the background.
    const whole = render(view(reply, false))
    await vi.waitFor(
      () => {
        expect(whole.container.querySelector('.cp-markdown--pending')).toBeNull()
        expect(highlightedLines(whole.container).flat().every(Boolean)).toBe(true)
      },
      { timeout: APPEAR_DEADLINE },
    )
    expect(streamed.container.innerHTML).toBe(whole.container.innerHTML)
  })
})

describe('TextPart drawing its diagrams in Chromium', () => {
  const block = '```mermaid\ngraph TD\n  A --> B\n```'
  const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="120" height="40"><rect width="120" height="40" /></svg>'
  const drawn = (root: HTMLElement) =>
    root.querySelector('.cp-diagram__drawing')?.shadowRoot?.querySelector('svg') ?? null

  it('draws a diagram far below the view once it is near, and one written there as the reader watched at once', async () => {
    const draw = vi.fn(async () => ({ svg }))
    const diagrams = { render: draw }
    const view = (text: string, streaming: boolean) => (
      <ChatpartsProvider highlighter={null} diagrams={diagrams} math={defaultMathRenderer()}>
        <div style={{ height: innerHeight * 4 }} />
        <TextPart part={part(text)} streaming={streaming} />
      </ChatpartsProvider>
    )
    // Arrived finished, three views below: its source shows until it comes near.
    const finished = render(view(`Before.\n\n${block}\n\nAfter.`, false))
    await new Promise((resolve) => setTimeout(resolve, 500))
    expect(draw).not.toHaveBeenCalled()
    expect(finished.container.querySelector('.cp-diagram[data-state="source"]')).not.toBeNull()
    finished.container.querySelector('.cp-diagram')?.scrollIntoView()
    await expect.poll(() => drawn(finished.container)).not.toBeNull()
    finished.unmount()
    scrollTo(0, 0)

    // Written there while streaming: drawn once its block is done, wherever it is.
    const other = `${block.replace('A --> B', 'C --> D')}`
    const streamed = render(view(`Before.\n\n${other.slice(0, 20)}`, true))
    streamed.rerender(view(`Before.\n\n${other}\n\nAnd the rest`, true))
    await expect.poll(() => drawn(streamed.container)).not.toBeNull()
    expect(draw).toHaveBeenLastCalledWith('graph TD\n  C --> D', expect.anything())
    expect(scrollY).toBe(0)
  })
})
