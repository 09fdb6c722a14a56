// A Transcript with every message rendered puts its rows in groups; a finished group out of view is
// skipped by layout and paint at the height it was measured at, the group being written never.
import { act, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import type { MessageInfo, TextPart, WithParts } from '../../src/core/model/types'
import { createChatStore } from '../../src/store/chatStore'
import '../../src/styles/chatparts.css'
import { repeatSession } from '../fixtures/generate'
import { mountTall } from './Transcript/mountTall'

function mountAll(count: number) {
  const store = createChatStore({ initial: repeatSession(count), coalesce: false })
  const { log } = mountTall(store, { virtualize: false })
  const groups = () => [...log.querySelectorAll<HTMLElement>('.cp-transcript__group')]
  return { store, log, groups }
}

/** A group's height laid out in full, read with its skipping turned off for the moment. */
function fullHeight(group: HTMLElement): number {
  group.style.contentVisibility = 'visible'
  const height = group.getBoundingClientRect().height
  group.style.contentVisibility = ''
  return height
}

const highlight = (name: string) => [
  ...((CSS as unknown as { highlights: Map<string, Set<Range>> }).highlights.get(name) ?? []),
]

const kept = (group: HTMLElement) => Number.parseFloat(group.style.containIntrinsicBlockSize.replace('auto', ''))

describe('Transcript rendered whole: rows in groups', () => {
  it('puts every row in a group of 16 and skips measured groups out of view at their own height', async () => {
    const { log, groups } = mountAll(100)
    expect(log.querySelectorAll('.cp-transcript__row')).toHaveLength(100)
    expect(groups().map((group) => group.querySelectorAll('.cp-transcript__row').length)).toEqual([
      16, 16, 16, 16, 16, 16, 4,
    ])
    await expect.poll(() => groups().every((group) => group.dataset.measured !== undefined)).toBe(true)
    for (const group of groups()) {
      expect(getComputedStyle(group).contentVisibility).toBe('auto')
      expect(Math.abs(kept(group) - fullHeight(group))).toBeLessThan(1)
    }
  })

  it('never skips the group that holds the streaming message', async () => {
    const messages = repeatSession(40)
    const { store, groups } = mountAll(0)
    const assistant = messages.findLast((message) => message.info.role === 'assistant') as WithParts
    const { completed: _completed, ...time } = assistant.info.time as { created: number; completed?: number }
    act(() => {
      store.getState().reset(messages)
      // A reply being written at the end: its group is laid out at every token.
      store.getState().upsertMessage({ ...assistant.info, id: 'msg_live', time } as MessageInfo)
      store.getState().upsertPart({
        id: 'prt_live',
        sessionID: assistant.info.sessionID,
        messageID: 'msg_live',
        type: 'text',
        text: 'Writing',
      } as TextPart)
      store.getState().apply([{ op: 'setStatus', status: 'streaming' }])
    })
    await expect.poll(() => groups().every((group) => group.dataset.measured !== undefined)).toBe(true)
    const live = groups().find((group) => group.querySelector('[data-row-id="msg_live"]')) as HTMLElement
    expect(live.dataset.live).toBe('true')
    expect(getComputedStyle(live).contentVisibility).toBe('visible')
    expect(groups().filter((group) => group.dataset.live !== undefined)).toEqual([live])
    // It grows as it is written, and its kept height follows.
    const before = kept(live)
    act(() => {
      store.getState().appendPartDelta('msg_live', 'prt_live', 'text', ' a line\n\nand more'.repeat(40))
    })
    await expect.poll(() => kept(live)).toBeGreaterThan(before + 100)
    await expect.poll(() => Math.abs(kept(live) - live.getBoundingClientRect().height)).toBeLessThan(1)
    // Finished, it is a group like the others.
    act(() => {
      store.getState().upsertMessage({ ...assistant.info, id: 'msg_live' } as MessageInfo)
      store.getState().apply([{ op: 'setStatus', status: 'idle' }])
    })
    await expect.poll(() => getComputedStyle(live).contentVisibility).toBe('auto')
    expect(live.dataset.live).toBeUndefined()
  })

  it('finds a word in a skipped group, and scrolls to a message in one, putting it in view', async () => {
    const messages = repeatSession(200).map((message, index) => ({
      ...message,
      parts: message.parts.map((part) =>
        part.type === 'text' ? { ...part, text: `Message number ${index}. ${part.text}` } : part,
      ),
    })) as WithParts[]
    const store = createChatStore({ initial: messages, coalesce: false })
    const { log, handle } = mountTall(store, { virtualize: false })
    const groups = () => [...log.querySelectorAll<HTMLElement>('.cp-transcript__group')]
    await expect.poll(() => groups().every((group) => group.dataset.measured !== undefined)).toBe(true)
    const target = messages[20]?.info.id as string
    const holder = log.querySelector(`[data-row-id="${target}"]`)?.closest<HTMLElement>('.cp-transcript__group')
    expect(getComputedStyle(holder as HTMLElement).contentVisibility).toBe('auto')
    const view = () => log.getBoundingClientRect()
    const inView = (element: Element | Range) =>
      element.getBoundingClientRect().top >= view().top - 1 &&
      element.getBoundingClientRect().bottom <= view().bottom + 1
    // Find: the match is marked and brought into view.
    act(() => handle.current?.openFind('Message number 20.'))
    await expect.poll(() => screen.getByRole('search').textContent).toContain('1 of 1 match')
    await expect
      .poll(() => highlight('cp-find-current').map((range) => range.toString()))
      .toEqual(['Message number 20.'])
    await expect.poll(() => inView(highlight('cp-find-current')[0] as Range)).toBe(true)
    // scrollTo: the message's top at the view's top.
    const other = messages[100]?.info.id as string
    act(() => handle.current?.scrollTo({ messageID: other }))
    const row = () => log.querySelector(`[data-row-id="${other}"]`) as HTMLElement
    await expect.poll(() => Math.abs(row().getBoundingClientRect().top - view().top)).toBeLessThan(2)
  })
})
