import { act, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { commands } from 'vitest/browser'
import { Transcript } from '../../src/components/Transcript/Transcript'
import { createChatStore } from '../../src/store/chatStore'
import '../../src/styles/chatparts.css'
import { repeatSession } from '../fixtures/generate'
import conversation from '../fixtures/toolmessage2/conversation.json'
import { builtInAdapters } from '../../src/protocols/adapters'

afterEach(async () => {
  await commands.setMedia('screen')
})

/** 120 messages of the real session and the toolmessage2 conversation (folded calls, a group, a long diff). */
function store() {
  const created = createChatStore({ adapters: builtInAdapters, initial: repeatSession(120), coalesce: false })
  created.getState().ingest('toolmessage2', structuredClone(conversation))
  return created
}

describe('Transcript: printed', () => {
  it('prints the whole session: every row rendered, every fold open, full height, no controls; back to the screen after', async () => {
    const session = store()
    render(
      <div style={{ height: 500, display: 'flex' }}>
        <Transcript store={session} highlighter={null} timeZone="UTC" style={{ flex: 1 }} />
      </div>,
    )
    const log = screen.getByRole('log')
    const rows = () => log.querySelectorAll('.cp-transcript__row').length
    const total = session.getState().messageIds.length
    await expect.poll(() => log.querySelector('.cp-transcript__row')).not.toBeNull()
    expect(rows()).toBeLessThan(total)
    const folded = () =>
      log.querySelectorAll(
        '[data-part="tool"]:not([data-open]), .cp-disclosure[data-state="closed"], .cp-tool-group:not([data-open])',
      ).length
    expect(folded()).toBeGreaterThan(0)

    act(() => {
      window.dispatchEvent(new Event('beforeprint'))
    })
    // Rendered before the browser lays the page out for print: synchronously, in the event.
    expect(rows()).toBe(total)
    expect(folded()).toBe(0)
    await commands.setMedia('print')
    expect(getComputedStyle(log).overflowY).toBe('visible')
    expect(log.scrollHeight).toBeLessThanOrEqual(log.clientHeight + 1)
    const controls = [...log.querySelectorAll<HTMLElement>('.cp-copy, .cp-message__actions, .cp-longtext__toggle')]
    expect(controls.length).toBeGreaterThan(0)
    expect(controls.filter((control) => control.getClientRects().length > 0)).toEqual([])

    await commands.setMedia('screen')
    act(() => {
      window.dispatchEvent(new Event('afterprint'))
    })
    expect(folded()).toBeGreaterThan(0)
    await expect.poll(rows).toBeLessThan(total)
  })
})
