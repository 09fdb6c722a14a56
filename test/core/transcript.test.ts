import { describe, expect, it } from 'vitest'
import type { TextPart } from '../../src/core/model/types'
import { applyOp, applyOps, emptyTranscript, toMessages, transcriptFromMessages } from '../../src/core/transcript'
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
