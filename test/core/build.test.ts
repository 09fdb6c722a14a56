import { describe, expect, it } from 'vitest'
import * as build from '../../src/core/build'
import { createIdGenerator } from '../../src/core/ids'
import type { WithParts } from '../../src/core/model/types'
import { validateMessage, validatePart } from '../../src/core/validator'

const next = createIdGenerator({ now: () => 1_780_154_575_501, random: () => 0.5 })
const ids = (messageID = 'msg_1') => ({ id: next('prt'), sessionID: 'ses_1', messageID })

describe('build', () => {
  it('builds every part kind valid', () => {
    const parts = [
      build.textPart(ids(), 'hi', { time: { start: 1, end: 2 }, system: true }),
      build.reasoningPart(ids(), 'why', { start: 1 }),
      build.toolPart(ids(), {
        callID: 'call_1',
        tool: 'bash',
        state: build.pendingState({ command: 'ls' }, '{"command":"ls"}'),
        metadata: { x: 1 },
      }),
      build.toolPart(ids(), { callID: 'call_2', state: build.runningState({ input: {}, start: 5, title: 'ls' }) }),
      build.toolPart(ids(), {
        callID: 'call_3',
        tool: 'bash',
        state: build.toolResult({ input: {}, output: 'ok', start: 5, end: 9 }),
      }),
      build.toolPart(ids(), {
        callID: 'call_4',
        tool: 'bash',
        state: build.toolResult({ input: {}, output: '', isError: true, start: 5, end: 9 }),
      }),
      build.stepStartPart(ids(), 'abc'),
      build.stepFinishPart(ids(), {
        reason: 'stop',
        cost: 0.01,
        tokens: build.tokens({ input: 1, output: 2 }),
        snapshot: 'def',
      }),
      build.filePart(ids(), { mime: 'application/pdf', url: 'https://example.com/a.pdf', filename: 'a.pdf' }),
      build.sourcePart(ids(), 'src_1', { kind: 'url', url: 'https://example.com' }),
      build.dataPart(ids(), 'weather', { city: 'Oslo' }),
    ]
    for (const part of parts) expect(validatePart(part), part.type).toEqual([])
    expect(parts.map((part) => part.type)).toEqual([
      'text',
      'reasoning',
      'tool',
      'tool',
      'tool',
      'tool',
      'step-start',
      'step-finish',
      'file',
      'source',
      'data',
    ])
    // A part kept whole is valid data, flagged so that the loss of its kind is seen.
    const kept = build.unsupportedPart(ids(), 'future-kind', 'a bare string')
    expect(kept.original).toEqual({ value: 'a bare string' })
    expect(validatePart(kept).map((diagnostic) => [diagnostic.code, diagnostic.severity])).toEqual([
      ['UNSUPPORTED_PART', 'warning'],
    ])
  })

  it('keeps what the model cannot hold out: negative or non-finite counts are 0, an end before the start is the start', () => {
    expect(build.tokens({ input: -3, output: Number.NaN, cache: { read: Number.POSITIVE_INFINITY } })).toEqual({
      input: 0,
      output: 0,
      reasoning: 0,
      cache: { read: 0, write: 0 },
    })
    expect(build.span(100, 50)).toEqual({ start: 100, end: 100 })
    expect(build.stepFinishPart(ids(), { reason: 'stop' })).toMatchObject({ cost: 0, costUnknown: true })
    expect(build.toolResult({ input: {}, output: '', isError: true, start: 9, end: 5 })).toEqual({
      status: 'error',
      input: {},
      error: build.TOOL_FAILED,
      time: { start: 9, end: 9 },
    })
  })

  it('copies token counts instead of sharing them', () => {
    const tokens = build.tokens()
    const part = build.stepFinishPart(ids(), { reason: 'stop', cost: 0, tokens })
    tokens.cache.read = 99
    expect(part.tokens.cache.read).toBe(0)
  })

  it('builds user and assistant messages that validate; a finished message has its completed time', () => {
    const user = build.userInfo({
      id: 'msg_u',
      sessionID: 'ses_1',
      created: 1,
      agent: 'build',
      model: { providerID: 'p', modelID: 'm' },
    })
    const assistant = build.assistantInfo({
      id: 'msg_a',
      sessionID: 'ses_1',
      created: 2,
      parentID: user.id,
      modelID: 'm',
      providerID: 'p',
      agent: 'build',
      finish: 'stop',
    })
    const messages: WithParts[] = [
      { info: user, parts: [build.textPart(ids(user.id), 'Hi')] },
      { info: assistant, parts: [build.stepStartPart(ids(assistant.id)), build.textPart(ids(assistant.id), 'Hello')] },
    ]
    for (const message of messages) expect(validateMessage(message)).toEqual([])
    expect(assistant.time).toEqual({ created: 2, completed: 2 })
    expect(assistant.costUnknown).toBe(true)
  })
})
