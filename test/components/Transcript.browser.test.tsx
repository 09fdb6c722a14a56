import axe from 'axe-core'
import { act, render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { Transcript } from '../../src/components/Transcript/Transcript'
import type { TextPart } from '../../src/core/model/types'
import type { DiagramRenderer } from '../../src/diagrams/types'
import { builtInAdapters } from '../../src/protocols/adapters'
import { createChatStore } from '../../src/store/chatStore'
import '../../src/styles/chatparts.css'
import { opencodeSession } from '../fixtures/opencode'
import { fullStore } from './Transcript/fullSession'
import { readerScroll } from './Transcript/mountTall'
import { defaultDiagramRenderer } from '../../src/diagrams/index'
import { defaultMathRenderer } from '../../src/math/index'

describe('Transcript in Chromium', () => {
  it('has no axe violations with every kind of part, in light and dark', async () => {
    for (const theme of ['light', 'dark']) {
      const { container, unmount } = render(
        <div data-theme={theme} style={{ height: 700, display: 'flex' }}>
          {/* Every message rendered, so every kind of part is checked. */}
          <Transcript
            diagrams={defaultDiagramRenderer()}
            math={defaultMathRenderer()}
            store={fullStore()}
            timeZone="UTC"
            style={{ flex: 1 }}
            virtualize={false}
          />
        </div>,
      )
      // Highlighted code is checked too (token colours against the code background).
      await expect.poll(() => container.querySelectorAll('.cp-code__token').length).toBeGreaterThan(10)
      // Expand what is folded, so hidden content is checked too.
      for (const button of screen.getAllByRole('button', { expanded: false })) act(() => button.click())
      const results = await axe.run(container)
      expect(
        results.violations.map(
          (violation) => `${theme}: ${violation.id} ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
        ),
      ).toEqual([])
      unmount()
    }
  })

  it('highlights code with shiki, loading grammars on first use', async () => {
    render(
      <Transcript
        diagrams={defaultDiagramRenderer()}
        math={defaultMathRenderer()}
        store={fullStore()}
        timeZone="UTC"
      />,
    )
    const tokens = (lang: string) =>
      [...document.querySelectorAll(`.cp-code[data-lang="${lang}"] .cp-code__token`)] as HTMLElement[]
    await expect.poll(() => tokens('python').length).toBeGreaterThan(3)
    await expect.poll(() => tokens('ts').length).toBeGreaterThan(3)
    const keyword = tokens('ts').find((token) => token.textContent?.startsWith('export')) as HTMLElement
    expect(getComputedStyle(keyword).color).not.toBe(getComputedStyle(keyword.parentElement as HTMLElement).color)
  })

  it('sticks to the bottom while content streams in, until the user scrolls up', async () => {
    const store = fullStore()
    render(
      <div style={{ height: 300, display: 'flex' }}>
        <Transcript
          diagrams={defaultDiagramRenderer()}
          math={defaultMathRenderer()}
          store={store}
          highlighter={null}
          style={{ flex: 1 }}
        />
      </div>,
    )
    const log = screen.getByRole('log')
    const atBottom = () => log.scrollHeight - log.scrollTop - log.clientHeight < 2
    await expect.poll(atBottom).toBe(true)
    const part = store.getState().parts.get('prt_zz_markdown') as TextPart
    act(() =>
      store.getState().appendPartDelta(part.messageID, part.id, 'text', '\n\nA new paragraph.\n\nAnd another one.'),
    )
    await expect.poll(atBottom).toBe(true)
    readerScroll(log, 0)
    await expect.poll(() => screen.queryByRole('button', { name: /Jump to latest/ })).not.toBeNull()
    act(() => store.getState().appendPartDelta(part.messageID, part.id, 'text', '\n\nMore while scrolled up.'))
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(log.scrollTop).toBe(0)
    act(() => screen.getByRole('button', { name: /Jump to latest/ }).click())
    await expect.poll(atBottom).toBe(true)
  })

  it('stays at the bottom when its view gets shorter, as when the input box below it grows', async () => {
    const { container } = render(
      <div style={{ height: 300, display: 'flex' }}>
        <Transcript store={fullStore()} highlighter={null} style={{ flex: 1 }} />
      </div>,
    )
    const log = screen.getByRole('log')
    const atBottom = () => log.scrollHeight - log.scrollTop - log.clientHeight < 2
    await expect.poll(atBottom).toBe(true)
    const box = container.firstElementChild as HTMLElement
    for (const height of [279, 180]) {
      box.style.height = `${height}px`
      await expect.poll(() => log.clientHeight).toBeLessThanOrEqual(height)
      await expect.poll(atBottom).toBe(true)
    }
    expect(screen.queryByRole('button', { name: /Jump to latest/ })).toBeNull()
  })

  it('draws a diagram whose block is done while the reply goes on streaming below it, the view following', async () => {
    const store = createChatStore({
      adapters: builtInAdapters,
      initial: structuredClone(opencodeSession.messages),
      coalesce: false,
    })
    // A text at the end of the last message: what streams at the bottom of the transcript.
    const messages = opencodeSession.messages
    const last = messages[messages.length - 1]?.info.id as string
    const template = messages[2]?.parts.find((part): part is TextPart => part.type === 'text') as TextPart
    store.getState().upsertPart({ ...template, id: 'prt_zz_live', messageID: last, text: 'The flow:' })
    const drawn: string[] = []
    const diagrams: DiagramRenderer = {
      render: async (source) => {
        drawn.push(source)
        return {
          svg: '<svg xmlns="http://www.w3.org/2000/svg" width="200" height="80" data-test="drawn"><rect width="200" height="80" /></svg>',
        }
      },
    }
    render(
      <div style={{ height: 300, display: 'flex' }}>
        <Transcript store={store} highlighter={null} math={null} diagrams={diagrams} style={{ flex: 1 }} />
      </div>,
    )
    const log = screen.getByRole('log')
    const atBottom = () => log.scrollHeight - log.scrollTop - log.clientHeight < 2
    await expect.poll(atBottom).toBe(true)
    const append = (text: string) => act(() => store.getState().appendPartDelta(last, 'prt_zz_live', 'text', text))
    append('\n\n```mermaid\ngraph TD\n  A --> B\n```\n\n')
    // The reply goes on a line every 30 ms for 1.5 s, the view following it down each time.
    const shown = () =>
      log.querySelector('.cp-diagram__drawing')?.shadowRoot?.querySelector('[data-test="drawn"]') ?? null
    let drawnAt = -1
    for (let line = 0; line < 50; line++) {
      append(`Line ${line} of what follows the diagram.\n\n`)
      await new Promise((resolve) => setTimeout(resolve, 30))
      if (drawnAt < 0 && shown()) drawnAt = line
    }
    // At the bottom once the last line is laid out (the following is done when the content resizes:
    // at the next frame, which a loaded machine may not have drawn within the 30 ms). A failure says
    // whether the view stopped following (the jump button shown) or stopped short of the end.
    await expect
      .poll(atBottom)
      .toBe(true)
      .catch((error: unknown) => {
        const gap = log.scrollHeight - log.scrollTop - log.clientHeight
        const following = screen.queryByRole('button', { name: /Jump to latest/ }) === null
        throw new Error(
          `the view is ${gap} px above the end (scroll height ${log.scrollHeight}, top ${log.scrollTop}, ` +
            `view ${log.clientHeight}), ${following ? 'still following' : 'no longer following'}`,
          { cause: error },
        )
      })
    expect(drawn).toEqual(['graph TD\n  A --> B'])
    expect(drawnAt).toBeGreaterThanOrEqual(0)
    expect(drawnAt).toBeLessThan(40)
    // The drawing is in a tree of its own, and the page's styles reach it as a part.
    const style = document.createElement('style')
    style.textContent = '.cp-diagram__drawing::part(drawing) { opacity: 0.5 }'
    document.head.append(style)
    const svg = shown()?.closest('svg') as SVGElement
    expect(getComputedStyle(svg).opacity).toBe('0.5')
    expect(getComputedStyle(svg).maxWidth).toBe('100%')
    style.remove()
  })
})
