import { act, render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { Transcript } from '../../src/components/Transcript/Transcript'
import { builtInAdapters } from '../../src/protocols/adapters'
import { createChatStore } from '../../src/store/chatStore'
import { zhCN } from '../../src/labels/labels'
import { opencodeSession } from '../fixtures/opencode'
import conversation from '../fixtures/toolmessage2/conversation.json'
import { withConfig } from './helpers'

/** Every Chinese label text (the parts around placeholders), long enough to be told apart. */
const pieces = [
  ...new Set(
    Object.values(zhCN)
      .flatMap((value) => (typeof value === 'string' ? [value] : Object.values(value as Record<string, string>)))
      .flatMap((text) => text.split(/\{\w+\}/))
      .map((text) => text.trim())
      .filter((text) => /[\u4e00-\u9fff]{2,}/.test(text)),
  ),
]

describe('the kit’s own text says its language', () => {
  it('marks every Chinese label with lang="zh-CN" on an English page, so a screen reader speaks it in Chinese', () => {
    const store = createChatStore({
      adapters: builtInAdapters,
      initial: structuredClone(opencodeSession.messages),
      coalesce: false,
    })
    store.getState().ingest('toolmessage2', structuredClone(conversation))
    render(
      <div lang="en">
        <Transcript store={store} locale="zh-CN" timeZone="UTC" virtualize={false} />
      </div>,
      { wrapper: withConfig() },
    )
    // Open everything folded, so its labels are checked too.
    for (const button of screen.queryAllByRole('button', { expanded: false })) act(() => button.click())
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT)
    const unmarked: string[] = []
    let checked = 0
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent ?? ''
      if (!pieces.some((piece) => text.includes(piece))) continue
      checked++
      if (node.parentElement?.closest('[lang]')?.getAttribute('lang') !== 'zh-CN') unmarked.push(text)
    }
    expect(checked).toBeGreaterThan(20)
    expect(unmarked).toEqual([])
  })
})
