import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { WithParts } from '../../../src/core/model/types'
import { applyOps, emptyTranscript, toMessages, type TranscriptOp } from '../../../src/core/transcript'
import { validateTranscript } from '../../../src/core/validator'
import { InvalidDataError } from '../../../src/protocols/diagnostics'
import { fromOpencodeEvent, fromOpencodeExport, type OpencodeEvent } from '../../../src/protocols/opencode'
import messagesJson from '../../fixtures/opencode-t8v6Igr8/messages.json'
import sessionJson from '../../fixtures/opencode-t8v6Igr8/session.json'
import { opencodeCanonical, opencodeSession } from '../../fixtures/opencode'
import { byWords, toEvents } from '../../fixtures/opencodeEvents'

const clone = <T>(value: T): T => structuredClone(value)

function replay(events: unknown[]): { messages: WithParts[]; errors: number } {
  let state = emptyTranscript()
  let errors = 0
  for (const event of events) {
    const { ops, diagnostics } = fromOpencodeEvent(event)
    errors += diagnostics.length
    state = applyOps(state, ops)
  }
  return { messages: toMessages(state), errors }
}

describe('opencode session export', () => {
  it('reads the real export with every message and part, and no diagnostics', () => {
    const result = fromOpencodeExport({ info: sessionJson, messages: messagesJson })
    expect(result.diagnostics).toEqual([])
    expect(result.messages).toEqual(opencodeCanonical)
    expect(result.session?.id).toBe('ses_18684d584ffe1JuGPUt8v6Igr8')
    expect(validateTranscript(result.messages)).toEqual([])
  })

  it('reads a bare WithParts[] the same way', () => {
    const result = fromOpencodeExport(messagesJson)
    expect(result.messages).toEqual(opencodeCanonical)
    expect(result.session).toBeUndefined()
  })

  it('keeps unknown part types and broken parts as unsupported parts, with diagnostics', () => {
    const messages = clone(messagesJson) as unknown as Record<string, unknown>[]
    const parts = (messages[1] as { parts: Record<string, unknown>[] }).parts
    parts.push({
      id: 'prt_future',
      sessionID: 'ses_18684d584ffe1JuGPUt8v6Igr8',
      messageID: 'msg_e797b2ab1001iJZcLT0YNzLMBT',
      type: 'hologram',
      beam: 3,
    })
    parts.push({
      id: 'prt_broken',
      sessionID: 'ses_18684d584ffe1JuGPUt8v6Igr8',
      messageID: 'msg_e797b2ab1001iJZcLT0YNzLMBT',
      type: 'tool',
      tool: 'bash',
    })
    ;(parts as unknown[]).push('not a part')
    const result = fromOpencodeExport(messages)
    const kept = result.messages[1]?.parts.slice(-3)
    expect(kept?.map((part) => part.type)).toEqual(['unsupported', 'unsupported', 'unsupported'])
    expect(kept?.map((part) => (part.type === 'unsupported' ? part.originalType : ''))).toEqual([
      'hologram',
      'tool',
      '',
    ])
    expect(kept?.[0]).toMatchObject({ id: 'prt_future', original: { beam: 3 } })
    expect(kept?.[2]).toMatchObject({ original: { value: 'not a part' }, messageID: 'msg_e797b2ab1001iJZcLT0YNzLMBT' })
    expect(result.diagnostics.map((d) => [d.code, d.path.join('.')])).toEqual([
      ['UNSUPPORTED_PART', '1.parts.5.type'],
      ['SHAPE', '1.parts.6.callID'],
      ['BR-05', '1.parts.6.state'],
      ['BAD_PART', '1.parts.7'],
    ])
    expect(validateTranscript(result.messages).filter((issue) => issue.severity === 'error')).toEqual([])
  })

  it('reports a message it cannot show and keeps the rest', () => {
    const messages = [...clone(messagesJson), { info: { role: 'system' }, parts: [] }, 7]
    const result = fromOpencodeExport(messages)
    // The message of an unknown role is kept as a user message that remembers its role; 7 is no message.
    expect(result.messages).toHaveLength(4)
    expect(result.messages[3]?.info).toMatchObject({ role: 'user', metadata: { invalid: { role: 'system' } } })
    expect(result.diagnostics.filter((d) => d.severity === 'error').map((d) => d.code)).toEqual([
      'BAD_MESSAGE_INFO',
      'BAD_MESSAGE',
    ])
  })

  it('gives a repeated part id a derived one instead of dropping the part', () => {
    const messages = clone(messagesJson) as unknown as { parts: Record<string, unknown>[] }[]
    const parts = messages[2]?.parts ?? []
    parts.push({ ...parts[2], text: 'again' })
    const result = fromOpencodeExport(messages)
    const last = result.messages[2]?.parts.at(-1)
    expect(last).toMatchObject({ type: 'text', text: 'again' })
    expect(last?.id).not.toBe(parts[2]?.id)
    expect(result.diagnostics.map((d) => d.code)).toEqual(['BR-02'])
  })

  it('refuses what is not an export, and throws in strict mode', () => {
    expect(fromOpencodeExport({ nope: true }).diagnostics[0]?.code).toBe('BAD_EXPORT')
    expect(() => fromOpencodeExport('x', { strict: true })).toThrow(InvalidDataError)
    expect(() => fromOpencodeExport(messagesJson, { strict: true })).not.toThrow()
  })
})

describe('opencode bus events', () => {
  it('replaying the export as events with text split into deltas ends in the same transcript', () => {
    const { messages, errors } = replay(toEvents(opencodeSession.messages, byWords))
    expect(errors).toBe(0)
    expect(messages).toEqual(opencodeCanonical)
  })

  it('ends in the same transcript for any chunking of the text', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 9 }), (size) => {
        const chunk = (text: string) => text.match(new RegExp(`[^]{1,${size}}`, 'g')) ?? []
        expect(replay(toEvents(opencodeSession.messages, chunk)).messages).toEqual(opencodeCanonical)
      }),
      { numRuns: 9 },
    )
  })

  it('holds parts that come before their message and deltas that come before their part', () => {
    const events = toEvents(opencodeSession.messages, byWords)
    const messageEvents = events.filter((event) => event.type === 'message.updated')
    const partEvents = events.filter((event) => event.type === 'message.part.updated')
    const deltas = events.filter((event) => event.type === 'message.part.delta')
    // Worst order: every delta first, then every part, then the messages.
    expect(replay([...deltas, ...partEvents, ...messageEvents]).messages).toEqual(opencodeCanonical)
  })

  it('takes an older server’s part.updated that carries the full text and a delta', () => {
    const [, , last] = opencodeSession.messages
    if (!last) throw new Error('fixture changed')
    const text = last.parts[2]
    const events: OpencodeEvent[] = [
      { type: 'message.updated', properties: { info: last.info } },
      ...last.parts.map((part) => ({
        type: 'message.part.updated' as const,
        properties: { part, delta: part === text ? 'poem.' : undefined },
      })),
    ]
    expect(replay(events).messages).toEqual([last])
  })

  it('removes parts and messages', () => {
    const [user, assistant] = opencodeSession.messages
    if (!user || !assistant) throw new Error('fixture changed')
    const events: unknown[] = [
      ...toEvents([user, assistant], byWords),
      {
        type: 'message.part.removed',
        properties: { sessionID: 's', messageID: assistant.info.id, partID: assistant.parts[0]?.id },
      },
      { type: 'message.removed', properties: { sessionID: 's', messageID: user.info.id } },
    ]
    const { messages } = replay(events)
    expect(messages.map((message) => message.info.id)).toEqual([assistant.info.id])
    expect(messages[0]?.parts.map((part) => part.type)).toEqual(['reasoning', 'tool', 'step-finish', 'patch'])
  })

  it('maps session status and errors to the transcript status', () => {
    const ops = (event: unknown): TranscriptOp[] => fromOpencodeEvent(event).ops
    expect(ops({ type: 'session.status', properties: { sessionID: 's', status: { type: 'busy' } } })).toEqual([
      { op: 'setStatus', status: 'streaming' },
    ])
    expect(
      ops({ type: 'session.status', properties: { sessionID: 's', status: { type: 'retry', attempt: 2 } } }),
    ).toEqual([{ op: 'setStatus', status: 'streaming' }])
    expect(ops({ type: 'session.status', properties: { sessionID: 's', status: { type: 'idle' } } })).toEqual([
      { op: 'setStatus', status: 'idle' },
    ])
    expect(ops({ type: 'session.idle', properties: { sessionID: 's' } })).toEqual([{ op: 'setStatus', status: 'idle' }])
    const error = { name: 'APIError', data: { message: 'Overloaded', isRetryable: true } }
    expect(ops({ type: 'session.error', properties: { sessionID: 's', error } })).toEqual([
      { op: 'setStatus', status: 'error', error },
    ])
    expect(ops({ type: 'session.error', properties: {} })).toEqual([
      { op: 'setStatus', status: 'error', error: { name: 'UnknownError', data: { message: 'The session failed.' } } },
    ])
  })

  it('ignores events that carry no transcript and reports malformed ones', () => {
    expect(fromOpencodeEvent({ type: 'lsp.updated', properties: {} })).toEqual({ ops: [], diagnostics: [] })
    const bad = [
      null,
      { type: 'message.part.delta', properties: { messageID: 'm', partID: 'p', field: 'text' } },
      { type: 'message.part.updated', properties: { part: { id: 'p' } } },
      { type: 'message.removed', properties: {} },
      { type: 'message.part.removed', properties: { messageID: 'm' } },
      { type: 'session.status', properties: { status: { type: 'asleep' } } },
    ]
    for (const event of bad) {
      const result = fromOpencodeEvent(event)
      expect(result.ops, JSON.stringify(event)).toEqual([])
      expect(result.diagnostics.length, JSON.stringify(event)).toBe(1)
    }
    expect(() => fromOpencodeEvent(null, { strict: true })).toThrow(InvalidDataError)
    // A message of an unknown role is kept (as a user message that remembers its role), and reported.
    const robot = fromOpencodeEvent({ type: 'message.updated', properties: { info: { id: 'm', role: 'robot' } } })
    expect(robot.ops).toMatchObject([
      { op: 'upsertMessage', info: { id: 'm', role: 'user', metadata: { invalid: { role: 'robot' } } } },
    ])
    expect(robot.diagnostics.filter((d) => d.severity === 'error').map((d) => d.code)).toEqual(['BAD_MESSAGE_INFO'])
  })

  it('never throws on arbitrary events', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.anything(),
          fc.record({
            type: fc.constantFrom(
              'message.updated',
              'message.part.updated',
              'message.part.delta',
              'message.removed',
              'session.status',
              'session.error',
            ),
            properties: fc.anything(),
          }),
        ),
        (event) => {
          expect(() => fromOpencodeEvent(event)).not.toThrow()
        },
      ),
      { numRuns: 300 },
    )
  })
})
