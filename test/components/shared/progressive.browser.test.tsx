import { render } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { ChatpartsProvider } from '../../../src/components/shared/config'
import { TextPart } from '../../../src/components/TextPart'
import { textHeightGuess } from '../../../src/components/shared/progressive'
import '../../../src/styles/chatparts.css'
import reply from '../../fixtures/streaming/reply.md?raw'
// KaTeX's bundle (a dependency, MIT): minified JavaScript on one line.
import minified from 'katex/dist/katex.min.js?raw'
import { defaultDiagramRenderer } from '../../../src/diagrams/index'
import { defaultMathRenderer } from '../../../src/math/index'

const part = (i: number) => ({
  id: `prt_${i}`,
  sessionID: 'ses_1',
  messageID: `msg_${i}`,
  type: 'text' as const,
  text: reply,
})
const COUNT = 40

function session() {
  return render(
    <ChatpartsProvider highlighter={null} math={defaultMathRenderer()} diagrams={defaultDiagramRenderer()}>
      {Array.from({ length: COUNT }, (_, i) => (
        <TextPart key={i} part={part(i)} data-index={i} />
      ))}
    </ChatpartsProvider>,
  )
}

const pendingIn = (element: Element | null | undefined) => element?.querySelector('.cp-markdown--pending') !== null
const until = async (done: () => boolean, timeout = 60_000) => {
  const start = performance.now()
  while (!done()) {
    if (performance.now() - start > timeout) throw new Error('timed out')
    await new Promise((resolve) => setTimeout(resolve, 16))
  }
}

afterEach(() => scrollTo(0, 0))

describe('opening a long saved session', () => {
  it('mounts every reply’s words at once, formats the rest in later tasks, and ends identical to a reply rendered alone', async () => {
    const { container } = session()
    const texts = [...container.querySelectorAll('.cp-text')]
    expect(texts).toHaveLength(COUNT)
    // 40 replies of 15 KB do not fit one task's budget: most wait, with their words already there.
    expect(texts.filter(pendingIn).length).toBeGreaterThan(COUNT / 2)
    expect(texts.at(-1)?.textContent).toContain('Incremental sync for the notes service')
    await until(() => container.querySelector('.cp-markdown--pending') === null)
    const alone = render(
      <ChatpartsProvider highlighter={null} math={defaultMathRenderer()} diagrams={defaultDiagramRenderer()}>
        <TextPart part={part(0)} />
      </ChatpartsProvider>,
    )
    const html = (element: Element | undefined) => element?.querySelector('.cp-markdown')?.innerHTML
    // One 15 KB reply alone is formatted over a few tasks too.
    await until(() => alone.container.querySelector('.cp-markdown--pending') === null)
    expect(html(texts.at(-1))).toBe(html(alone.container.querySelector('.cp-text') ?? undefined))
  })

  it('formats what the reader looks at before the replies far from it', async () => {
    const { container } = session()
    const target = container.querySelector('[data-index="25"]') as HTMLElement
    target.scrollIntoView()
    await until(() => !pendingIn(target))
    // The last reply is far below the view and last in line: still waiting when the one in view is done.
    expect(pendingIn(container.querySelector(`[data-index="${COUNT - 1}"]`))).toBe(true)
    await until(() => container.querySelector('.cp-markdown--pending') === null)
  })

  it('guesses the height of a reply before laying it out within a tenth, a block of minified code on one line included', async () => {
    for (const text of [reply, `${reply}\n\n\`\`\`js\n${minified.slice(0, 20_000)}\n\`\`\`\n`]) {
      const { container, unmount } = render(
        <div style={{ width: 760 }}>
          <ChatpartsProvider highlighter={null} math={defaultMathRenderer()} diagrams={defaultDiagramRenderer()}>
            <TextPart part={{ ...part(0), text }} />
          </ChatpartsProvider>
        </div>,
      )
      const box = container.firstElementChild as HTMLElement
      await until(() => !pendingIn(box))
      const height = box.getBoundingClientRect().height
      expect(Math.abs(textHeightGuess(text) - height) / height).toBeLessThan(0.1)
      unmount()
    }
  })
})
