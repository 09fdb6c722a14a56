import axe from 'axe-core'
import { act, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { commands, userEvent } from 'vitest/browser'
import type { Part, TextPart, WithParts } from '../../src/core/model/types'
import { createChatStore } from '../../src/store/chatStore'
import '../../src/styles/chatparts.css'
import { mountTall, readerScroll } from './Transcript/mountTall'
import { repeatSession } from '../fixtures/generate'
import reply from '../fixtures/streaming/reply.md?raw'

// 2,000 messages of the real opencode session, each text made findable by its index.
function longStore(count = 2000) {
  const messages = repeatSession(count).map((message, index) => ({
    ...message,
    parts: message.parts.map((part): Part =>
      part.type === 'text' ? { ...part, text: `Message number ${index}. ${part.text}` } : part,
    ),
  }))
  return createChatStore({ initial: messages, coalesce: false })
}

const frames = async (n = 4) => {
  for (let i = 0; i < n; i++) await new Promise((resolve) => requestAnimationFrame(resolve))
}

function mount(store = longStore(), virtualize = true) {
  const { log } = mountTall(store, { virtualize })
  const rows = () => [...log.querySelectorAll<HTMLElement>('.cp-transcript__row')]
  const atBottom = () => log.scrollHeight - log.scrollTop - log.clientHeight < 2
  /** The first row in view and where its top is, relative to the top of the viewport. */
  const firstInView = () => {
    const top = log.getBoundingClientRect().top
    const row = rows().find((element) => element.getBoundingClientRect().bottom > top + 1) as HTMLElement
    return { id: row.dataset.rowId, offset: Math.round(row.getBoundingClientRect().top - top) }
  }
  return { store, log, rows, atBottom, firstInView }
}

/**
 * Frames until no text in the transcript waits to be formatted. Formatting runs in tasks between
 * frames: a row it changes is laid out, and the view corrected, only in the next frame, so a
 * position read in between is one the reader never sees.
 */
async function formatted(log: HTMLElement) {
  for (let i = 0; i < 600 && log.querySelector('.cp-markdown--pending'); i++) await frames(1)
  expect(log.querySelector('.cp-markdown--pending')).toBeNull()
  await frames(2)
}

/**
 * A position as the reader sees it: read in the frame's resize-observer step, after the
 * transcript's own observer has measured new rows and corrected the scroll position, just before
 * the frame is painted. Read from a plain frame callback instead, a row that a task rendered
 * between frames is laid out but not yet corrected for.
 */
function asPainted<T>(read: () => T): Promise<T> {
  return new Promise((resolve) => {
    const observer = new ResizeObserver(() => {
      observer.disconnect()
      // Read now; the test goes on after the frame, not inside the browser's resize-observer step.
      const value = read()
      setTimeout(() => resolve(value))
    })
    observer.observe(document.body)
  })
}

async function scrollTo(log: HTMLElement, top: number) {
  readerScroll(log, top)
  await frames()
}

describe('Transcript with 2,000 messages in Chromium', () => {
  it('mounts at the bottom with only the rows near the viewport in the DOM', async () => {
    const { log, rows, atBottom } = mount()
    // At the bottom once the rows near it are measured: a busy machine takes more frames for it.
    await expect.poll(atBottom).toBe(true)
    expect(rows().length).toBeGreaterThan(0)
    expect(rows().length).toBeLessThan(60)
    expect(rows().at(-1)?.dataset.rowId).toBe(longStore().getState().messageIds.at(-1))
    // The scroll height stands for every message, measured or estimated.
    expect(log.scrollHeight).toBeGreaterThan(2000 * 50)
  })

  it('keeps no row it rendered alive once the row has left the page', async () => {
    // Every row ever put on the page, from the first render on (the first one the measuring
    // observer was given among them), held weakly; by callbacks of their own, since an async test
    // keeps what it last looped over in its registers.
    const first: WeakRef<HTMLElement>[] = []
    const added = new MutationObserver((records) => {
      for (const record of records)
        for (const node of record.addedNodes) {
          if (!(node instanceof HTMLElement)) continue
          for (const row of [node, ...node.querySelectorAll<HTMLElement>('.cp-transcript__row')])
            if (row.classList.contains('cp-transcript__row')) first.push(new WeakRef(row))
        }
    })
    added.observe(document.body, { childList: true, subtree: true })
    const { log } = mount()
    await frames()
    added.disconnect()
    expect(first.length).toBeGreaterThan(0)
    // Scrolled away, and on twice more: React lets go of removed elements at its next renders.
    await scrollTo(log, 0)
    await scrollTo(log, 3000)
    await scrollTo(log, 0)
    await frames(8)
    expect(first.every((ref) => !ref.deref()?.isConnected)).toBe(true)
    await commands.collectGarbage()
    await frames(2)
    await commands.collectGarbage()
    expect(first.filter((ref) => ref.deref() !== undefined).map((ref) => ref.deref()?.dataset.rowId)).toEqual([])
  })

  it('opens a session of long replies with the few rows that fill the view, its scrollbar standing for their length', async () => {
    // 200 finished copies of a 15 KB reply (about 6,400 px each): rows not measured yet are guessed
    // from their text, not taken for short messages.
    const answer = repeatSession(2)[1] as WithParts
    const replies = Array.from({ length: 200 }, (_, i): WithParts => {
      const id = `msg_reply_${i}`
      return {
        info: { ...answer.info, id },
        parts: [{ id: `prt_reply_${i}`, sessionID: answer.info.sessionID, messageID: id, type: 'text', text: reply }],
      }
    })
    const { log, rows } = mount(createChatStore({ initial: replies, coalesce: false }))
    await frames()
    expect(rows().length).toBeLessThanOrEqual(3)
    expect(rows().at(-1)?.dataset.rowId).toBe('msg_reply_199')
    const measured = rows()[0]?.getBoundingClientRect().height ?? 0
    expect(measured).toBeGreaterThan(3000)
    // Each row not measured counts for about what it takes once laid out.
    expect(log.scrollHeight).toBeGreaterThan(200 * measured * 0.7)
    expect(log.scrollHeight).toBeLessThan(200 * measured * 1.3)
  })

  it('keeps the first message at the top when scrolled there, while rows above get measured', async () => {
    const { log, rows, firstInView } = mount()
    await frames()
    await scrollTo(log, 0)
    await frames(6)
    expect(log.scrollTop).toBe(0)
    expect(rows()[0]?.dataset.rowId).toBe(log.querySelector('.cp-transcript__row')?.getAttribute('data-row-id'))
    expect(firstInView()).toEqual({ id: rows()[0]?.dataset.rowId, offset: 0 })
    expect(screen.getByText(/Message number 0\./)).toBeTruthy()
  })

  it('keeps what the reader looks at in place when rows above it are rendered and measured', async () => {
    const { log, firstInView } = mount()
    await frames()
    // Jump into the middle, where no row has been measured yet: rows render, get measured, and
    // their real heights replace the estimates above the viewport.
    await scrollTo(log, Math.round(log.scrollHeight / 2))
    await frames(2)
    const seen = await asPainted(firstInView)
    for (let i = 0; i < 3; i++) {
      await frames(4)
      expect(await asPainted(firstInView)).toEqual(seen)
    }
    // Scrolling up renders rows that were left out above; each is measured as it arrives, and the
    // difference from its estimate must not move the content under the reader.
    const offsetOf = (id: string | undefined) =>
      Math.round(
        (log.querySelector(`[data-row-id="${id}"]`)?.getBoundingClientRect().top ?? Number.NaN) -
          log.getBoundingClientRect().top,
      )
    for (const step of [700, 500]) {
      const before = await asPainted(() => offsetOf(seen.id))
      await scrollTo(log, log.scrollTop - step)
      await frames(4)
      expect(Math.abs((await asPainted(() => offsetOf(seen.id))) - (before + step))).toBeLessThanOrEqual(1)
    }
  })

  it('follows a streaming reply at the bottom, stops when the user scrolls up, and jumps back', async () => {
    const { store, log, atBottom, firstInView } = mount()
    await frames()
    // The last text in the session, a few messages from the bottom.
    const parts = store.getState().messageIds.flatMap((id) => store.getState().partIds.get(id) ?? [])
    const text = parts
      .map((id) => store.getState().parts.get(id))
      .findLast((part): part is TextPart => part?.type === 'text') as TextPart
    for (let i = 0; i < 20; i++) {
      act(() => store.getState().appendPartDelta(text.messageID, text.id, 'text', `\n\nStreamed paragraph ${i}.`))
      await frames(1)
    }
    await expect.poll(atBottom).toBe(true)
    expect(screen.getByText('Streamed paragraph 19.')).toBeTruthy()

    await scrollTo(log, log.scrollTop - 1500)
    await frames()
    const seen = await asPainted(firstInView)
    act(() => store.getState().appendPartDelta(text.messageID, text.id, 'text', '\n\nWritten while scrolled up.'))
    await frames()
    expect(await asPainted(firstInView)).toEqual(seen)
    act(() => screen.getByRole('button', { name: /Jump to latest/ }).click())
    await expect.poll(atBottom).toBe(true)
    expect(screen.getByText('Written while scrolled up.')).toBeTruthy()
  })

  for (const virtualize of [true, false]) {
    it(`keeps following when the content shrinks and grows again in one task (virtualize=${virtualize})`, async () => {
      const { store, log, atBottom } = mount(longStore(40), virtualize)
      await expect.poll(atBottom).toBe(true)
      await formatted(log)
      await expect.poll(atBottom).toBe(true)
      const texts = store
        .getState()
        .messageIds.flatMap((id) => store.getState().partIds.get(id) ?? [])
        .map((id) => store.getState().parts.get(id))
        .filter((part): part is TextPart => part?.type === 'text')
      const [above, last] = [texts.at(-2) as TextPart, texts.at(-1) as TextPart]
      act(() =>
        store.getState().appendPartDelta(above.messageID, above.id, 'text', '\n\nA line to take out.'.repeat(8)),
      )
      await formatted(log)
      await expect.poll(atBottom).toBe(true)
      // A text above gets much shorter: the browser pulls the position in at once (read here, so it
      // lays out), then the last text grows by a few lines within the same task. The scroll event
      // that comes before the next follow sees a move up short of the end, which no reader made.
      const before = log.scrollTop
      act(() => store.getState().upsertPart({ ...above, text: 'Short.' }))
      expect(log.scrollTop).toBeLessThan(before - 100)
      act(() => store.getState().appendPartDelta(last.messageID, last.id, 'text', '\n\nOne more line.'.repeat(4)))
      expect(log.scrollHeight - log.scrollTop - log.clientHeight).toBeGreaterThan(64)
      log.dispatchEvent(new Event('scroll'))
      await formatted(log)
      await expect.poll(atBottom).toBe(true)
      expect(screen.queryByRole('button', { name: /Jump to latest/ })).toBeNull()
    })
  }

  for (const virtualize of [true, false]) {
    for (const where of ['above', 'below'] as const) {
      it(`keeps the view still when a message ${where} it grows (virtualize=${virtualize})`, async () => {
        const { store, log, rows, firstInView } = mount(longStore(virtualize ? 2000 : 60), virtualize)
        await frames()
        await scrollTo(log, log.scrollTop - 2000)
        await formatted(log)
        const seen = firstInView()
        // A text in a rendered message above the one in view, or below the viewport, gets longer.
        const index = rows().findIndex((row) => row.dataset.rowId === seen.id)
        const bottom = log.getBoundingClientRect().bottom
        const candidates =
          where === 'above' ? rows().slice(0, index) : rows().filter((row) => row.getBoundingClientRect().top > bottom)
        const text = candidates
          .flatMap((row) => store.getState().partIds.get(row.dataset.rowId as string) ?? [])
          .map((id) => store.getState().parts.get(id))
          .find((part): part is TextPart => part?.type === 'text')
        expect(text).toBeDefined()
        act(() =>
          store
            .getState()
            .appendPartDelta(
              text?.messageID as string,
              text?.id as string,
              'text',
              '\n\nA line added.\n\nAnd another.\n\nAnd a third.',
            ),
        )
        // The added blocks may wait their turn to be formatted; once they are, the view is where it was.
        await formatted(log)
        expect(firstInView()).toEqual(seen)
      })
    }
  }

  it('keeps the row that holds the focus rendered, in its place, while the reader scrolls away', async () => {
    const { store, log, rows } = mount()
    await frames()
    const ids = store.getState().messageIds
    // A focusable control near the bottom: a copy button, a code block or a long tool output.
    const control = rows()
      .flatMap((row) => [...row.querySelectorAll<HTMLElement>('button, [tabindex="0"]')])
      .at(-1) as HTMLElement
    expect(control).toBeDefined()
    const rowId = control.closest<HTMLElement>('.cp-transcript__row')?.dataset.rowId as string
    act(() => control.focus())
    expect(document.activeElement).toBe(control)

    await scrollTo(log, 0)
    await frames(4)
    // The top of the session is rendered, the bottom is not, except the focused row.
    const rendered = rows().map((row) => row.dataset.rowId as string)
    expect(rendered[0]).toBe(ids[0])
    expect(rendered).toContain(rowId)
    expect(rendered.length).toBeLessThan(60)
    expect(document.activeElement).toBe(control)
    expect(control.isConnected).toBe(true)
    // Rows stay in transcript order, with the kept row after a spacer that stands for the gap.
    const order = rendered.map((id) => ids.indexOf(id))
    expect(order).toEqual([...order].sort((a, b) => a - b))
    expect(
      control.closest('.cp-transcript__row')?.previousElementSibling?.classList.contains('cp-transcript__spacer'),
    ).toBe(true)
    // The scroll height still stands for every message: the row replaced its share of the spacer.
    expect(log.scrollHeight).toBeGreaterThan(2000 * 50)

    // Once the focus leaves the transcript, the row goes like any other out of range.
    act(() => log.focus())
    await expect.poll(() => rows().map((row) => row.dataset.rowId)).not.toContain(rowId)
  })

  it('goes to the first and the last message with one press of Home and of End, never showing an empty view', async () => {
    const { store, log, rows, atBottom, firstInView } = mount()
    await frames()
    log.focus()
    await userEvent.keyboard('{Home}')
    await expect.poll(() => log.scrollTop).toBe(0)
    expect(firstInView().id).toBe(store.getState().messageIds[0])
    expect(screen.getByText(/Message number 0\./)).toBeTruthy()
    expect(rows().length).toBeGreaterThan(0)
    await userEvent.keyboard('{End}')
    await expect.poll(atBottom).toBe(true)
    expect(rows().at(-1)?.dataset.rowId).toBe(store.getState().messageIds.at(-1))
    // What is in view is rendered: the view is never blank after the jump.
    const view = log.getBoundingClientRect()
    expect(
      rows().some(
        (row) => row.getBoundingClientRect().bottom > view.top && row.getBoundingClientRect().top < view.bottom,
      ),
    ).toBe(true)
    expect(document.activeElement).toBe(log)
    // The transcript moves itself rather than leave it to the browser's animated keyboard scroll
    // (headless Chromium scrolls instantly, so the cut-short animation itself is not reproduced here).
    const home = new KeyboardEvent('keydown', { key: 'Home', bubbles: true, cancelable: true })
    act(() => {
      log.dispatchEvent(home)
    })
    expect(home.defaultPrevented).toBe(true)
    await expect.poll(() => log.scrollTop).toBe(0)
  })

  it('tells assistive technology where each rendered message is in the whole session', async () => {
    const { store, log } = mount()
    await frames()
    const ids = store.getState().messageIds
    const articles = [...log.querySelectorAll<HTMLElement>('article.cp-message')]
    expect(articles.length).toBeLessThan(60)
    for (const article of articles) {
      expect(article.getAttribute('aria-setsize')).toBe(String(ids.length))
      expect(Number(article.getAttribute('aria-posinset'))).toBe(ids.indexOf(article.dataset.messageId as string) + 1)
    }
    expect(articles.at(-1)?.getAttribute('aria-posinset')).toBe(String(ids.length))
  })

  it('lets find-in-page find the text of rendered messages', async () => {
    const { store, log } = mount()
    await frames()
    const lastIndex = store.getState().messageIds.length - 1
    const find = (text: string) => (window as unknown as { find(text: string): boolean }).find(text)
    // The last user or assistant text near the bottom is rendered, so the browser finds it.
    const rendered = [...log.querySelectorAll('.cp-transcript__row')]
      .map((row) => /Message number (\d+)\./.exec(row.textContent ?? '')?.[1])
      .filter(Boolean)
    expect(rendered.length).toBeGreaterThan(0)
    window.getSelection()?.removeAllRanges()
    expect(find(`Message number ${rendered.at(-1)}.`)).toBe(true)
    expect(Number(rendered.at(-1))).toBeGreaterThan(lastIndex - 60)
  })

  it('has no axe violations with rows left out', async () => {
    const { log } = mount()
    await frames()
    const results = await axe.run(log)
    expect(results.violations.map((violation) => violation.id)).toEqual([])
  })
})

describe('Transcript: scrolling to a message or a part', () => {
  function mountWithHandle(store = longStore()) {
    const { handle, log } = mountTall(store)
    /** Where the top of `element` is, relative to the top of the view. */
    const offset = (element: Element) =>
      Math.round(element.getBoundingClientRect().top - log.getBoundingClientRect().top)
    return { store, handle, log, offset }
  }

  it('renders a message far out of the DOM, puts it at the top of the view and moves the focus there', async () => {
    const { store, handle, log, offset } = mountWithHandle()
    await expect.poll(() => log.scrollHeight - log.scrollTop - log.clientHeight < 2).toBe(true)
    const id = store.getState().messageIds[120] as string
    expect(log.querySelector(`[data-row-id="${id}"]`)).toBeNull()
    let found = false
    act(() => {
      found = handle.current?.scrollTo({ messageID: id }) ?? false
    })
    expect(found).toBe(true)
    const article = () => log.querySelector(`[data-message-id="${id}"]`)
    await expect.poll(article).not.toBeNull()
    await expect.poll(() => Math.abs(offset(article() as Element))).toBeLessThan(2)
    expect(document.activeElement).toBe(article())
    // It stays there while the rows around it are measured, and "jump to latest" is offered.
    await frames(10)
    expect(Math.abs(offset(article() as Element))).toBeLessThan(2)
    // The reader's own choice wins over the pin: "jump to latest" goes to the end and stays there.
    act(() => screen.getByRole('button', { name: /Jump to latest/ }).click())
    await expect.poll(() => log.scrollHeight - log.scrollTop - log.clientHeight < 2).toBe(true)
    // A reply grows at the bottom: the view follows it there, not back to the message.
    const state = store.getState()
    const lastID = state.messageIds.at(-1) as string
    const text = [...state.parts.values()].find((part) => part.type === 'text') as TextPart
    act(() =>
      store
        .getState()
        .upsertPart({ ...text, id: 'prt_zz_grows', messageID: lastID, text: 'A new paragraph.\n\n'.repeat(20) }),
    )
    await expect.poll(() => log.querySelector('[data-part-id="prt_zz_grows"]')).not.toBeNull()
    await expect.poll(() => log.scrollHeight - log.scrollTop - log.clientHeight).toBeLessThan(2)
  })

  it('finds a part by its id alone, and says when the transcript does not hold what it is asked for', async () => {
    const { store, handle, log, offset } = mountWithHandle()
    // The last text part of the first message from the 40th on that has one.
    const state = store.getState()
    const partID = state.messageIds
      .slice(40)
      .map((id) => (state.partIds.get(id) ?? []).filter((part) => state.parts.get(part)?.type === 'text').at(-1))
      .find((id) => id !== undefined) as string
    expect(partID).toBeDefined()
    act(() => void handle.current?.scrollTo({ partID }, { focus: false }))
    const part = () => log.querySelector(`[data-part-id="${partID}"]`)
    await expect.poll(part).not.toBeNull()
    await expect.poll(() => Math.abs(offset(part() as Element))).toBeLessThan(2)
    expect(handle.current?.scrollTo({ messageID: 'msg_not_here' })).toBe(false)
    expect(handle.current?.scrollTo({ partID: 'prt_not_here' })).toBe(false)
  })

  it('follows a link to a message in the page’s URL when it mounts', async () => {
    const store = longStore()
    const id = store.getState().messageIds[300] as string
    history.replaceState(null, '', `#${id}`)
    try {
      const { log, offset } = mountWithHandle(store)
      const article = () => log.querySelector(`[data-message-id="${id}"]`)
      await expect.poll(article).not.toBeNull()
      await expect.poll(() => Math.abs(offset(article() as Element))).toBeLessThan(2)
    } finally {
      history.replaceState(null, '', location.pathname + location.search)
    }
  })
})
