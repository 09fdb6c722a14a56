import { act, render } from '@testing-library/react'
import { type ReactNode } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { ChatpartsProvider } from '../../../src/components/shared/config'
import { Markdown } from '../../../src/components/Markdown/Markdown'
import { HOLD_FACTOR, HOLD_FROM, RenderGate, SLOW_RENDER_MS } from '../../../src/markdown/renderGate'

// The clock the kit reads its budgets from, moved by the test (and by a paragraph that "costs" time to render).
const clock = vi.hoisted(() => ({ time: 0 }))
vi.mock('../../../src/markdown/tasks', async (original) => ({
  ...(await original<typeof import('../../../src/markdown/tasks')>()),
  now: () => clock.time,
}))

afterEach(() => {
  vi.useRealTimers()
})

/** A gate that rendered `source` three times at `cost` ms each, the last render beginning at `at`. */
function slowGate(source: string, cost: number, at: number) {
  const gate = new RenderGate<string>()
  for (let i = 0; i < 3; i++) {
    const begin = at - (2 - i) * 1_000
    gate.render(source, begin, () => source)
    gate.ended(begin + cost)
  }
  return gate
}

describe('RenderGate', () => {
  const long = 'x'.repeat(HOLD_FROM)

  it('holds a block being written back once its last three renders each cost a frame or more, until its share of time has passed', () => {
    const gate = slowGate(long, 40, 10_000)
    expect(gate.held(`${long}abc`, true, 10_050)).toBe('abc')
    expect(gate.value).toBe(long)
    expect(gate.wait(10_050)).toBe(HOLD_FACTOR * 40 - 50)
    // Its time is up: it renders.
    expect(gate.held(`${long}abc`, true, 10_000 + HOLD_FACTOR * 40)).toBeNull()
  })

  it('renders at once a finished block, a short one, one whose text changed before its end, and one with a fast render among its last three', () => {
    const gate = slowGate(long, 40, 10_000)
    expect(gate.held(`${long}abc`, false, 10_010)).toBeNull()
    expect(gate.held(`y${long.slice(1)}abc`, true, 10_010)).toBeNull()
    expect(gate.held(long, true, 10_010)).toBeNull()
    const short = slowGate('x'.repeat(HOLD_FROM - 10), 40, 10_000)
    expect(short.held(`${'x'.repeat(HOLD_FROM - 10)}abc`, true, 10_010)).toBeNull()
    // One render under the threshold among the last three.
    gate.render(long, 20_000, () => long)
    gate.ended(20_000 + SLOW_RENDER_MS - 1)
    expect(gate.held(`${long}abc`, true, 20_001)).toBeNull()
  })

  it('holds nothing before it has rendered', () => {
    expect(new RenderGate<string>().held(`${long}abc`, true, 0)).toBeNull()
  })

  it('keeps nothing of a finished render: a block written again is rendered, not held', () => {
    const gate = slowGate(long, 40, 10_000)
    // Rendered finished (slowly too): what it rendered is not kept for a hold.
    gate.render(long, 10_010, () => long, false)
    gate.ended(10_050)
    expect(gate.held(`${long}abc`, true, 10_060)).toBeNull()
    // Written again and slow again: held as before, with the live render kept.
    gate.render(long, 10_100, () => long)
    gate.ended(10_140)
    expect(gate.held(`${long}abc`, true, 10_150)).toBe('abc')
  })
})

describe('a block being written that costs more than a frame at every token', () => {
  let renders = 0
  // A paragraph that takes 30 ms of the clock to render; the app renders paragraphs itself, so the block is parsed whole.
  const components = {
    p: ({ children }: { children?: ReactNode }) => {
      renders++
      clock.time += 30
      return <p>{children}</p>
    },
  }
  const view = (text: string, streaming: boolean) => (
    <ChatpartsProvider highlighter={null}>
      <Markdown text={text} streaming={streaming} components={components} />
    </ChatpartsProvider>
  )
  const words = Array.from({ length: 600 }, (_, i) => `word${i}`).join(' ')

  it('shows what it rendered last and the text written since, renders again when its time is up, and ends as the finished text', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    const result = render(view('', true))
    const held = () => result.container.querySelector('.cp-md-held')
    let end = 0
    // Written a few characters a token, each token at once after the one before (no time passes but the renders').
    while (end < HOLD_FROM + 200) {
      end += 7
      act(() => result.rerender(view(words.slice(0, end), true)))
      // Never a character lost: the paragraph and what is held after it (a paragraph of its own) are the text so far.
      expect(result.container.textContent?.replace(/\s/g, ''), words.slice(0, end)).toBe(
        words.slice(0, end).replace(/\s/g, ''),
      )
    }
    expect(held()).not.toBeNull()
    // A held token renders nothing of the block again.
    const before = renders
    end += 7
    act(() => result.rerender(view(words.slice(0, end), true)))
    expect(renders).toBe(before)
    const paragraph = result.container.querySelector('p:not(.cp-md-held)')?.textContent ?? ''
    expect(`${paragraph}${held()?.textContent}`.replace(/\s/g, '')).toBe(words.slice(0, end).replace(/\s/g, ''))
    // No token comes: once its time is up, the block renders with all of its text.
    act(() => {
      clock.time += HOLD_FACTOR * 30
      vi.runOnlyPendingTimers()
    })
    expect(held()).toBeNull()
    expect(renders).toBe(before + 1)
    expect(result.container.querySelector('p')?.textContent).toBe(words.slice(0, end))
    // Finished: the text rendered whole, nothing held.
    act(() => result.rerender(view(words, false)))
    expect(held()).toBeNull()
    expect(result.container.innerHTML).toBe(render(view(words, false)).container.innerHTML)
  })

  it('counts its own render only, not the slow one of a reply rendered after it in the same update', () => {
    const fast = { p: ({ children }: { children?: ReactNode }) => <p>{children}</p> }
    const both = (end: number) => (
      <ChatpartsProvider highlighter={null}>
        <div data-reply="fast">
          <Markdown text={words.slice(0, end)} streaming components={fast} />
        </div>
        <div data-reply="slow">
          <Markdown text={words.slice(0, end)} streaming components={components} />
        </div>
      </ChatpartsProvider>
    )
    const result = render(both(0))
    for (let end = 7; end < HOLD_FROM + 200; end += 7) act(() => result.rerender(both(end)))
    expect(result.container.querySelector('[data-reply="slow"] .cp-md-held')).not.toBeNull()
    expect(result.container.querySelector('[data-reply="fast"] .cp-md-held')).toBeNull()
  })

  it('is never held while it renders fast', () => {
    const fast = { p: ({ children }: { children?: ReactNode }) => <p>{children}</p> }
    const result = render(
      <ChatpartsProvider highlighter={null}>
        <Markdown text="" streaming components={fast} />
      </ChatpartsProvider>,
    )
    for (let end = 7; end < HOLD_FROM + 700; end += 7) {
      clock.time += 1
      act(() =>
        result.rerender(
          <ChatpartsProvider highlighter={null}>
            <Markdown text={words.slice(0, end)} streaming components={fast} />
          </ChatpartsProvider>,
        ),
      )
      expect(result.container.querySelector('.cp-md-held'), String(end)).toBeNull()
    }
  })
})
