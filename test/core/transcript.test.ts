import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { MessageInfo, TextPart } from '../../src/core/model/types'
import { transcriptTotals } from '../../src/core/totals'
import {
  applyOp,
  applyOps,
  emptyTranscript,
  toMessages,
  type TranscriptOp,
  type TranscriptState,
  transcriptFromMessages,
} from '../../src/core/transcript'
import { opencodeSession } from '../fixtures/opencode'

describe('transcript reducer', () => {
  it('sets and clears the status and its error, and returns the same state when nothing changes', () => {
    const idle = emptyTranscript()
    expect(applyOp(idle, { op: 'setStatus', status: 'idle' })).toBe(idle)
    const error = { name: 'APIError', data: { message: 'Overloaded' } }
    const failed = applyOp(idle, { op: 'setStatus', status: 'error', error })
    expect(failed).toMatchObject({ status: 'error', error })
    const streaming = applyOp(failed, { op: 'setStatus', status: 'streaming' })
    expect(streaming.status).toBe('streaming')
    expect(streaming).not.toHaveProperty('error')
  })

  it('moves a part that changes message out of its old place', () => {
    const state = transcriptFromMessages(opencodeSession.messages)
    const [, second, third] = opencodeSession.messages
    const text = third?.parts[2] as TextPart
    const moved = applyOp(state, { op: 'upsertPart', part: { ...text, messageID: second?.info.id ?? '' } })
    expect(moved.partIds.get(third?.info.id ?? '')).not.toContain(text.id)
    expect(moved.partIds.get(second?.info.id ?? '')?.at(-1)).toBe(text.id)
  })

  it('removes a message that only ever held parts, and held deltas with their part', () => {
    let state = applyOps(emptyTranscript(), [
      { op: 'upsertPart', part: { id: 'p', sessionID: 's', messageID: 'm', type: 'text', text: '' } },
      { op: 'appendPartDelta', messageID: 'm', partID: 'q', field: 'text', delta: 'held' },
    ])
    expect(state.pendingDeltas.get('q')).toHaveLength(1)
    state = applyOp(state, { op: 'removePart', messageID: 'm', partID: 'q' })
    expect(state.pendingDeltas.size).toBe(0)
    state = applyOp(state, { op: 'removeMessage', messageID: 'm' })
    expect(state.parts.size).toBe(0)
    expect(toMessages(state)).toEqual([])
  })
})

describe('transcript totals', () => {
  const messages = opencodeSession.messages
  const infos = messages.map((message) => message.info)
  const parts = messages.flatMap((message) => message.parts)
  const steps = parts.filter((part) => part.type === 'step-finish')
  const messageIds = infos.map((info) => info.id)
  const amount = fc.oneof(
    fc.constant(0),
    fc.double({ min: 0, max: 5, noNaN: true }),
    fc.constant(Number.NaN),
    fc.integer({ min: 0, max: 200_000 }),
  )
  const usage = fc.record({
    input: amount,
    output: amount,
    reasoning: amount,
    cache: fc.record({ read: amount, write: amount }),
  })
  // Writes on the session's own messages and parts: as they are, moved to another message, and
  // steps and infos with other costs and tokens (unknown and broken numbers among them).
  const write: fc.Arbitrary<TranscriptOp> = fc.oneof(
    fc.constantFrom(...infos).map((info): TranscriptOp => ({ op: 'upsertMessage', info })),
    fc
      .tuple(fc.constantFrom(...infos), amount, usage, fc.boolean())
      .map(([info, cost, tokens, unknown]): TranscriptOp => ({
        op: 'upsertMessage',
        info:
          info.role === 'assistant'
            ? ({
                ...info,
                cost,
                tokens: { total: 0, ...tokens },
                ...(unknown ? { costUnknown: true } : {}),
              } as MessageInfo)
            : info,
      })),
    fc.constantFrom(...messageIds).map((messageID): TranscriptOp => ({ op: 'removeMessage', messageID })),
    fc
      .tuple(fc.constantFrom(...parts), fc.constantFrom(...messageIds))
      .map(([part, messageID]): TranscriptOp => ({ op: 'upsertPart', part: { ...part, messageID } })),
    fc
      .tuple(fc.constantFrom(...steps), fc.constantFrom(...messageIds), amount, usage, fc.boolean())
      .map(([step, messageID, cost, tokens, unknown]): TranscriptOp => ({
        op: 'upsertPart',
        part: {
          ...step,
          messageID,
          cost,
          tokens: { total: 0, ...tokens },
          ...(unknown ? { costUnknown: true as const } : {}),
        },
      })),
    fc.tuple(fc.constantFrom(...steps), amount).map(([step, cost]): TranscriptOp => ({
      op: 'patchPart',
      messageID: step.messageID,
      partID: step.id,
      patch: { cost },
    })),
    fc
      .constantFrom(...parts)
      .map((part): TranscriptOp => ({ op: 'removePart', messageID: part.messageID, partID: part.id })),
    fc.constantFrom(...parts).map((part): TranscriptOp => ({
      op: 'appendPartDelta',
      messageID: part.messageID,
      partID: part.id,
      field: 'text',
      delta: 'x',
    })),
  )

  const expectSum = (state: TranscriptState) => {
    const expected = transcriptTotals(toMessages(state))
    const { totals } = state
    expect(totals.costKnown).toBe(expected.costKnown)
    expect(totals.steps).toBe(expected.steps)
    expect(totals.cost).toBeCloseTo(expected.cost, 6)
    for (const key of ['total', 'input', 'output', 'reasoning'] as const)
      expect(totals.tokens[key]).toBeCloseTo(expected.tokens[key], 6)
    expect(totals.tokens.cache.read).toBeCloseTo(expected.tokens.cache.read, 6)
    expect(totals.tokens.cache.write).toBeCloseTo(expected.tokens.cache.write, 6)
  }

  it('are the sum of every message’s totals after any writes, without summing them again', () => {
    fc.assert(
      fc.property(fc.boolean(), fc.array(write, { maxLength: 40 }), (loaded, writes) => {
        let state = loaded ? transcriptFromMessages(messages) : emptyTranscript()
        expectSum(state)
        for (const next of writes) {
          state = applyOp(state, next)
          expectSum(state)
        }
      }),
    )
  })

  it('keep their object while only text streams, and come back to exactly zero when every message is gone', () => {
    let state = transcriptFromMessages(messages)
    expect(state.totals.cost).toBeGreaterThan(0)
    const text = parts.find((part) => part.type === 'text') as TextPart
    const totals = state.totals
    state = applyOp(state, {
      op: 'appendPartDelta',
      messageID: text.messageID,
      partID: text.id,
      field: 'text',
      delta: ' more',
    })
    state = applyOp(state, { op: 'upsertPart', part: { ...text, text: 'replaced' } })
    expect(state.totals).toBe(totals)
    for (const id of messageIds) state = applyOp(state, { op: 'removeMessage', messageID: id })
    expect(state.totals).toEqual(emptyTranscript().totals)
    expect(Object.is(state.totals.cost, 0)).toBe(true)
  })
})
