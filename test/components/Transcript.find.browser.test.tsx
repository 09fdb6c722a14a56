import axe from 'axe-core'
import { act, screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { userEvent } from 'vitest/browser'
import type { Part, TextPart, ToolPart } from '../../src/core/model/types'
import { createChatStore } from '../../src/store/chatStore'
import '../../src/styles/chatparts.css'
import { mountTall } from './Transcript/mountTall'
import { repeatSession } from '../fixtures/generate'

/**
 * 2,000 messages of the real opencode session, each text numbered; the write tool of one message far
 * above the view has a word no other part has, in its input, which the folded call does not show.
 */
const FAR = 301
function longStore() {
  const messages = repeatSession(2000).map((message, index) => ({
    ...message,
    parts: message.parts.map((part): Part => {
      if (part.type === 'text') return { ...part, text: `Message number ${index}. ${part.text}` }
      // In its input and in the diff shown of it.
      if (part.type === 'tool' && index === FAR)
        return {
          ...part,
          state: JSON.parse(JSON.stringify(part.state).replaceAll('whispers', 'zephyrs')) as ToolPart['state'],
        }
      return part
    }),
  }))
  return createChatStore({ initial: messages, coalesce: false })
}

const highlight = (name: string) => [
  ...((CSS as unknown as { highlights: Map<string, Set<Range>> }).highlights.get(name) ?? []),
]

const mount = (store = longStore()) => mountTall(store)

describe('Transcript: find', () => {
  it('opens with Ctrl+F, finds a word in a folded call far out of the DOM, opens it, marks it and brings it into view', async () => {
    const { store, log } = mount()
    await expect.poll(() => log.querySelector('.cp-transcript__row')).not.toBeNull()
    const toolID = store
      .getState()
      .partIds.get(store.getState().messageIds[FAR] as string)
      ?.find((id) => store.getState().parts.get(id)?.type === 'tool') as string
    expect(log.querySelector(`[data-part-id="${toolID}"]`)).toBeNull()
    log.focus()
    await userEvent.keyboard('{Control>}f{/Control}')
    const field = await screen.findByRole('searchbox', { name: 'Find' })
    await expect.poll(() => document.activeElement).toBe(field)
    await userEvent.type(field, 'Zephyrs')
    expect(screen.getByRole('search').textContent).toContain('1 of 1 match')
    // The call is rendered, open, its word marked as the current match, in the view.
    await expect.poll(() => log.querySelector<HTMLElement>(`[data-part-id="${toolID}"]`)).not.toBeNull()
    const element = log.querySelector<HTMLElement>(`[data-part-id="${toolID}"]`) as HTMLElement
    await expect.poll(() => element.dataset.open).toBe('true')
    await expect.poll(() => highlight('cp-find-current').map((range) => range.toString())).toEqual(['zephyrs'])
    const range = highlight('cp-find-current')[0] as Range
    const view = log.getBoundingClientRect()
    await expect
      .poll(() => range.getBoundingClientRect().top >= view.top && range.getBoundingClientRect().bottom <= view.bottom)
      .toBe(true)
    // Announced politely, once, for the reader's own step.
    expect(within(screen.getByRole('search')).getByRole('status').textContent).toBe('1 of 1 match')
    // Escape closes: marks gone, the call folded again as the reader left it, the focus back on the conversation.
    await userEvent.keyboard('{Escape}')
    expect(screen.queryByRole('search')).toBeNull()
    expect(document.activeElement).toBe(log)
    await expect.poll(() => highlight('cp-find-current').length).toBe(0)
    expect(highlight('cp-find')).toEqual([])
    await expect.poll(() => element.isConnected && element.dataset.open).not.toBe('true')
  })

  it('counts matches in every message, steps with Enter and Shift+Enter, and wraps around', async () => {
    const { store, handle, log } = mount()
    await expect.poll(() => log.querySelector('.cp-transcript__row')).not.toBeNull()
    act(() => handle.current?.openFind('Message number 9'))
    const field = await screen.findByRole('searchbox', { name: 'Find' })
    // "Message number 9", "… 90" to "… 99", "… 900" to "… 999" …: every text part's number that starts with 7.
    const state = store.getState()
    const texts = state.messageIds
      .flatMap((id) => (state.partIds.get(id) ?? []).map((partID) => state.parts.get(partID)))
      .filter((part): part is TextPart => part?.type === 'text')
    const expected = texts.filter((part) => part.text.startsWith('Message number 9')).length
    expect(expected).toBeGreaterThan(50)
    expect(screen.getByRole('search').textContent).toContain(`1 of ${expected} matches`)
    await expect.poll(() => highlight('cp-find-current').map((range) => range.toString())).toEqual(['Message number 9'])
    await userEvent.type(field, '{Shift>}{Enter}{/Shift}')
    expect(screen.getByRole('search').textContent).toContain(`${expected} of ${expected} matches`)
    // The last match is "Message number 999." or later: rendered and marked.
    await expect
      .poll(() => highlight('cp-find-current')[0]?.startContainer.textContent?.match(/Message number (\d+)/)?.[1])
      .toBe(
        String(
          texts
            .filter((part) => part.text.startsWith('Message number 9'))
            .map((part) => Number(/\d+/.exec(part.text)?.[0]))
            .at(-1),
        ),
      )
    await userEvent.type(field, '{Enter}')
    expect(screen.getByRole('search').textContent).toContain(`1 of ${expected} matches`)
    // Whole word: "9" alone no longer matches "90".
    await userEvent.click(screen.getByRole('button', { name: 'Match whole word' }))
    expect(screen.getByRole('button', { name: 'Match whole word' }).getAttribute('aria-pressed')).toBe('true')
    expect(texts.filter((part) => /^Message number 9\b/.test(part.text))).toHaveLength(1)
    expect(screen.getByRole('search').textContent).toContain('1 of 1 match')
  })

  it('follows a streaming reply: new matches are counted, the current one stays', async () => {
    const { store, handle, log } = mount()
    await expect.poll(() => log.querySelector('.cp-transcript__row')).not.toBeNull()
    // The last text of the session.
    const state = store.getState()
    const text = state.messageIds
      .flatMap((id) => (state.partIds.get(id) ?? []).map((partID) => state.parts.get(partID)))
      .findLast((part): part is TextPart => part?.type === 'text') as TextPart
    const words = (/^Message number \d+\./.exec(text.text) as RegExpExecArray)[0]
    act(() => handle.current?.openFind(words))
    await screen.findByRole('searchbox', { name: 'Find' })
    expect(screen.getByRole('search').textContent).toContain('1 of 1 match')
    act(() => store.getState().appendPartDelta(text.messageID, text.id, 'text', ` And again: ${words}`))
    await expect.poll(() => screen.getByRole('search').textContent).toContain('1 of 2 matches')
    // Not announced: the reader did not move.
    expect(within(screen.getByRole('search')).getByRole('status').textContent).toBe('1 of 1 match')
  })

  it('has no axe violations with the find box open', async () => {
    const { handle, log } = mount(createChatStore({ initial: repeatSession(6), coalesce: false }))
    await expect.poll(() => log.querySelector('.cp-transcript__row')).not.toBeNull()
    act(() => handle.current?.openFind('poem'))
    await screen.findByRole('searchbox', { name: 'Find' })
    const results = await axe.run(document.querySelector('.cp-transcript') as Element)
    expect(results.violations.map((violation) => violation.id)).toEqual([])
  })

  it('scrolls to a part in a folded call with its fold open', async () => {
    const { store, handle, log } = mount()
    await expect.poll(() => log.querySelector('.cp-transcript__row')).not.toBeNull()
    const tool = store.getState().parts.get(
      store
        .getState()
        .partIds.get(store.getState().messageIds[FAR] as string)
        ?.find((id) => store.getState().parts.get(id)?.type === 'tool') as string,
    ) as ToolPart
    act(() => {
      handle.current?.scrollTo({ partID: tool.id })
    })
    await expect.poll(() => log.querySelector<HTMLElement>(`[data-part-id="${tool.id}"]`)?.dataset.open).toBe('true')
  })
})
