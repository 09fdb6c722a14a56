import { describe, expect, it } from 'vitest'
import type { Part, StepFinishPart } from '../../src/core/model/types'
import { createChatStore } from '../../src/store/chatStore'
import {
  messageTotalsSelector,
  selectMessageTotals,
  selectStreamingMessageId,
  selectTotals,
} from '../../src/store/selectors'
import { transcriptFromMessages } from '../../src/core/transcript'
import { assistantInfo } from '../../src/core/build'
import { repeatSession } from '../fixtures/generate'

describe('selectTotals', () => {
  it('keeps the session totals while deltas stream, and sums again when a step finishes', () => {
    const messages = repeatSession(300)
    const store = createChatStore({ initial: messages, coalesce: false })
    const before = selectTotals(store.getState())
    const last = messages.at(-1)
    const text = last?.parts.find((part) => part.type === 'text') as Part
    store.getState().appendPartDelta(text.messageID, text.id, 'text', ' more')
    expect(selectTotals(store.getState())).toBe(before)

    const step = last?.parts.find((part) => part.type === 'step-finish') as StepFinishPart
    store.getState().upsertPart({ ...step, cost: step.cost + 1 })
    const after = selectTotals(store.getState())
    expect(after.cost).toBeCloseTo(before.cost + 1, 10)
  })

  it('counts a revision for every write but deltas and status', () => {
    const store = createChatStore({ coalesce: false })
    const [message] = repeatSession(1)
    if (!message) throw new Error('no message')
    store.getState().upsertMessage(message.info)
    const text = { ...(message.parts[0] as Part), messageID: message.info.id }
    store.getState().upsertPart(text)
    const revision = store.getState().revision
    expect(revision).toBe(2)
    store.getState().appendPartDelta(text.messageID, text.id, 'text', '!')
    store.getState().apply([{ op: 'setStatus', status: 'streaming' }])
    expect(store.getState().revision).toBe(revision)
    store.getState().removePart(text.messageID, text.id)
    expect(store.getState().revision).toBe(revision + 1)
  })
})

describe('messageTotalsSelector', () => {
  it('gives the same totals while text streams, and sums again when a step of the message changes', () => {
    const messages = repeatSession(4)
    const store = createChatStore({ initial: messages, coalesce: false })
    const last = messages.findLast(
      (message) =>
        message.parts.some((part) => part.type === 'step-finish') && message.parts.some((part) => part.type === 'text'),
    )
    if (!last) throw new Error('no message with text and a step')
    const select = messageTotalsSelector(last.info.id)
    const before = select(store.getState())
    expect(before).toEqual(selectMessageTotals(store.getState(), last.info.id))
    const text = last.parts.find((part) => part.type === 'text') as Part
    store.getState().appendPartDelta(text.messageID, text.id, 'text', ' more')
    store.getState().upsertPart({ ...text, time: { start: 1 } } as Part)
    expect(select(store.getState())).toBe(before)
    const step = last.parts.find((part) => part.type === 'step-finish') as StepFinishPart
    store.getState().upsertPart({ ...step, cost: step.cost + 2 })
    expect(select(store.getState())?.cost).toBeCloseTo((before?.cost ?? 0) + 2, 10)
    expect(messageTotalsSelector('unknown')(store.getState())).toBeUndefined()
  })
})

describe('selectStreamingMessageId', () => {
  const assistant = (id: string, completed?: number) =>
    assistantInfo({ id, sessionID: 's', created: 1, ...(completed !== undefined ? { completed } : {}) })
  it('is the last assistant message while the transcript streams and it has not completed', () => {
    const state = transcriptFromMessages([
      { info: assistant('a1', 2), parts: [] },
      { info: assistant('a2'), parts: [] },
    ])
    expect(selectStreamingMessageId(state)).toBeUndefined()
    expect(selectStreamingMessageId({ ...state, status: 'streaming' })).toBe('a2')
    const done = transcriptFromMessages([
      { info: assistant('a1'), parts: [] },
      { info: assistant('a2', 3), parts: [] },
    ])
    expect(selectStreamingMessageId({ ...done, status: 'streaming' })).toBeUndefined()
  })
})
