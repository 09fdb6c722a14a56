import { act, render } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { Message } from '../../src/components/MessageView/MessageView'
import { Transcript } from '../../src/components/Transcript/Transcript'
import { builtInAdapters } from '../../src/protocols/adapters'
import { createChatStore } from '../../src/store/chatStore'
import '../../src/styles/chatparts.css'
import { fullStore } from './Transcript/fullSession'
import { defaultDiagramRenderer } from '../../src/diagrams/index'
import { defaultMathRenderer } from '../../src/math/index'

// Narrow screens and long pages: what the kit adds to the page around it.
describe('Transcript on narrow screens and long pages', () => {
  it.each([true, false])(
    'adds nothing to the page below it, whatever the session holds (virtualize: %s)',
    async (virtualize) => {
      const store = createChatStore({ adapters: builtInAdapters, coalesce: false })
      const exchanges = Array.from({ length: 40 }, (_, index) => [
        { id: `u${index}`, role: 'user', parts: [{ type: 'text', text: `Question ${index}?` }] },
        {
          id: `a${index}`,
          role: 'assistant',
          metadata: { usage: { inputTokens: 10, outputTokens: 5 } },
          parts: [
            { type: 'text', text: `Answer ${index}, **in full**.` },
            {
              type: 'tool-search',
              toolCallId: `c${index}`,
              state: 'output-available',
              input: { q: index },
              output: 'found',
            },
          ],
        },
      ])
      store.getState().ingest('aisdk', exchanges.flat())
      const { container } = render(
        <Transcript store={store} timeZone="UTC" virtualize={virtualize} style={{ height: 300 }} />,
      )
      await expect.poll(() => container.querySelectorAll('.cp-message').length).toBeGreaterThan(3)
      const bottom =
        (container.querySelector('.cp-transcript') as HTMLElement).getBoundingClientRect().bottom + window.scrollY
      const page = document.scrollingElement as HTMLElement
      // Text kept for screen readers (hidden labels, live regions) is inside the transcript's scroller, not below it.
      expect(container.querySelectorAll('.cp-visually-hidden').length).toBeGreaterThan(0)
      expect(page.scrollHeight).toBeLessThanOrEqual(Math.max(page.clientHeight, Math.ceil(bottom) + 1))
    },
  )

  it('fits a phone (390 px): a finished session opens at its end with no "jump to latest", each tool line keeping its figures', async () => {
    const { container } = render(
      <div style={{ width: 390, height: 640, display: 'flex' }}>
        <Transcript store={fullStore()} timeZone="UTC" style={{ flex: 1, minWidth: 0 }} />
      </div>,
    )
    await expect.poll(() => container.querySelectorAll('.cp-tool').length).toBeGreaterThan(2)
    const scroller = container.querySelector('.cp-transcript__scroller') as HTMLElement
    await expect.poll(() => scroller.scrollHeight - scroller.clientHeight - scroller.scrollTop).toBeLessThan(2)
    await expect
      .poll(() => container.querySelector('.cp-transcript__markdown--pending, .cp-markdown--pending'))
      .toBeNull()
    expect(container.querySelector('.cp-transcript__jump')).toBeNull()
    // No part of the kit is wider than the phone.
    expect(scroller.scrollWidth).toBeLessThanOrEqual(scroller.clientWidth)
    for (const header of container.querySelectorAll<HTMLElement>('.cp-tool__header')) {
      const box = header.getBoundingClientRect()
      for (const figure of header.querySelectorAll<HTMLElement>(
        '.cp-tool__duration, .cp-tool__diff, .cp-tool__todos, .cp-tool__exit',
      )) {
        const rect = figure.getBoundingClientRect()
        expect(rect.width, figure.textContent ?? '').toBeGreaterThan(0)
        expect(rect.right, `${header.textContent}: ${figure.textContent}`).toBeLessThanOrEqual(box.right + 0.5)
      }
    }
  })

  it.each(['Transcript', 'a list of Messages', 'each Message in a row'] as const)(
    'never scrolls the page sideways at 320 px, every fold open (%s in a flex host)',
    async (host) => {
      const store = fullStore()
      const messages = store.getState().messageIds.map((id) => ({
        info: store.getState().messages.get(id),
        parts: (store.getState().partIds.get(id) ?? []).map((part) => store.getState().parts.get(part)),
      }))
      const { container } = render(
        <div style={{ width: 320, display: 'flex', flexDirection: 'column' }}>
          {host === 'Transcript' ? (
            <Transcript
              diagrams={defaultDiagramRenderer()}
              math={defaultMathRenderer()}
              store={store}
              timeZone="UTC"
              virtualize={false}
              style={{ height: 600 }}
            />
          ) : host === 'a list of Messages' ? (
            <div style={{ display: 'flex', flexDirection: 'column' }}>
              {messages.map((message) => (
                <Message key={message.info?.id} message={message as never} timeZone="UTC" />
              ))}
            </div>
          ) : (
            messages.map((message) => (
              // A row, as an app lays out an avatar column beside a message.
              <div key={message.info?.id} style={{ display: 'flex', gap: 8 }}>
                <span style={{ flex: 'none', width: 24 }} />
                <Message message={message as never} timeZone="UTC" />
              </div>
            ))
          )}
        </div>,
      )
      await expect.poll(() => container.querySelectorAll('.cp-message').length).toBeGreaterThan(3)
      for (let pass = 0; pass < 3; pass++)
        for (const button of container.querySelectorAll<HTMLButtonElement>('button[aria-expanded="false"]'))
          act(() => button.click())
      await expect.poll(() => container.querySelector('.cp-markdown--pending')).toBeNull()
      const page = document.scrollingElement as HTMLElement
      // What sticks out of the phone's width, not counting what scrolls (or is clipped) inside a box that fits.
      const clipped = (element: Element) => {
        for (let box = element.parentElement; box && box !== container; box = box.parentElement)
          if (getComputedStyle(box).overflowX !== 'visible') return true
        return false
      }
      const wide = [...container.querySelectorAll<HTMLElement>('*')]
        .filter((element) => element.getBoundingClientRect().right > 320.5 && !clipped(element))
        .map(
          (element) => `${element.className || element.tagName}: ${Math.round(element.getBoundingClientRect().right)}`,
        )
      expect(wide).toEqual([])
      expect(page.scrollWidth).toBeLessThanOrEqual(page.clientWidth)
    },
  )

  it('keeps formulas and diagrams within a phone at 200 % zoom (160 px)', async () => {
    const store = createChatStore({ adapters: builtInAdapters, coalesce: false })
    const text = [
      'Inline $a_1 + a_2 + a_3 + a_4 + a_5 + a_6 + a_7 + a_8 + a_9 + a_{10} + a_{11} + a_{12}$ and display:',
      '$$\n\\sum_{i=1}^{n} \\frac{x_i^2 + y_i^2 + z_i^2}{\\sqrt{w_i^2 + v_i^2 + u_i^2 + t_i^2}} = \\int_0^\\infty e^{-x^2} \\, dx + \\prod_{j=1}^{m} (1 + q_j)\n$$',
      '```mermaid\nflowchart LR\n  A[Read the session] --> B[Convert every part] --> C[Validate the transcript] --> D[Render it]\n```',
    ].join('\n\n')
    store.getState().ingest('aisdk', [{ id: 'a', role: 'assistant', parts: [{ type: 'text', text, state: 'done' }] }])
    const { container } = render(
      <div style={{ width: 160, display: 'flex' }}>
        <Transcript
          diagrams={defaultDiagramRenderer()}
          math={defaultMathRenderer()}
          store={store}
          timeZone="UTC"
          virtualize={false}
          style={{ flex: 1, minWidth: 0, height: 600 }}
        />
      </div>,
    )
    await expect.poll(() => container.querySelector('.katex-display')).not.toBeNull()
    await expect.poll(() => container.querySelector('.cp-diagram svg')).not.toBeNull()
    const page = document.scrollingElement as HTMLElement
    expect(page.scrollWidth).toBeLessThanOrEqual(page.clientWidth)
    const scroller = container.querySelector('.cp-transcript__scroller') as HTMLElement
    expect(scroller.scrollWidth).toBeLessThanOrEqual(scroller.clientWidth)
  })
})
