import { describe, expect, it } from 'vitest'
import {
  createAssistantInfo,
  createFilePart,
  createReasoningPart,
  createStepFinishPart,
  createStepStartPart,
  createTextPart,
  createToolPart,
  createUserInfo,
  createWithParts,
  emptyTokens,
} from '../../src/core/factory'
import { createIdGenerator } from '../../src/core/ids'
import { createPending } from '../../src/core/toolState'
import { validateMessage, validatePart } from '../../src/core/validator'

describe('part factory', () => {
  it('fills ids, session and message ids and times', () => {
    const part = createTextPart('ses_1', 'msg_1', 'hi', { now: 1000 })
    expect(part).toEqual({ id: expect.stringMatching(/^prt_[0-9a-f]{12}[0-9A-Za-z]{14}$/), sessionID: 'ses_1', messageID: 'msg_1', type: 'text', text: 'hi', time: { start: 1000, end: 1000 } })
    expect(validatePart(part)).toEqual([])
  })

  it('leaves the end open for streaming text and reasoning', () => {
    expect(createTextPart('s', 'm', '', { now: 5, streaming: true }).time).toEqual({ start: 5 })
    expect(createReasoningPart('s', 'm', '', { now: 5, streaming: true }).time).toEqual({ start: 5 })
    expect(createReasoningPart('s', 'm', 'done', { now: 5 }).time).toEqual({ start: 5, end: 5 })
  })

  it('makes ids unique within a message, even when created in the same millisecond', () => {
    const ids = Array.from({ length: 500 }, () => createTextPart('s', 'm', 'x', { now: 42 }).id)
    expect(new Set(ids).size).toBe(500)
  })

  it('uses a given id and keeps optional flags', () => {
    const part = createTextPart('s', 'm', 'x', { id: 'prt_mine', synthetic: true, ignored: false, metadata: { a: 1 } })
    expect(part).toMatchObject({ id: 'prt_mine', synthetic: true, ignored: false, metadata: { a: 1 } })
  })

  it('creates every part kind of seed 000 §4.1 valid', () => {
    const parts = [
      createReasoningPart('s', 'm', 'why'),
      createToolPart('s', 'm', 'call_1', 'bash', createPending({ command: 'ls' }, '{"command":"ls"}'), { metadata: { x: 1 } }),
      createStepStartPart('s', 'm', { snapshot: 'abc' }),
      createStepFinishPart('s', 'm', 'stop', 0.01, { input: 1, output: 2, reasoning: 0, cache: { read: 0, write: 0 } }, { snapshot: 'def' }),
      createFilePart('s', 'm', { mime: 'application/pdf', url: 'https://example.com/a.pdf', filename: 'a.pdf' }),
    ]
    for (const part of parts) expect(validatePart(part), part.type).toEqual([])
    expect(parts.map((part) => part.type)).toEqual(['reasoning', 'tool', 'step-start', 'step-finish', 'file'])
  })

  it('copies token counts instead of sharing them', () => {
    const tokens = emptyTokens()
    const part = createStepFinishPart('s', 'm', 'stop', 0, tokens)
    tokens.cache.read = 99
    expect(part.tokens.cache.read).toBe(0)
  })

  it('builds user and assistant messages that validate (seed 000 §7.2)', () => {
    const user = createUserInfo('ses_1', { agent: 'build', model: { providerID: 'p', modelID: 'm' } }, { now: 1 })
    const assistant = createAssistantInfo('ses_1', { parentID: user.id, modelID: 'm', providerID: 'p', agent: 'build' }, { now: 2 })
    const message = createWithParts(assistant, [createStepStartPart('ses_1', assistant.id), createTextPart('ses_1', assistant.id, 'Hello')])
    expect(validateMessage(createWithParts(user, [createTextPart('ses_1', user.id, 'Hi')]))).toEqual([])
    expect(validateMessage(message)).toEqual([])
    expect(message.info.time.completed).toBeUndefined()
    expect(message.parts.map((part) => part.type)).toEqual(['step-start', 'text'])
  })
})

describe('id generator', () => {
  it('makes ids that sort by creation time, deterministic for a fixed clock and randomness', () => {
    // opencode minted msg_e797b2a8d001… 14 ms before it stamped time.created (1780154575515).
    let time = 1_780_154_575_501
    const next = createIdGenerator({ now: () => time, random: () => 0.5 })
    const first = next('msg')
    time += 1
    const second = next('msg')
    const third = next('msg')
    expect([third, first, second].sort()).toEqual([first, second, third])
    expect(first.slice(0, 16)).toBe('msg_e797b2a8d001')
    expect(createIdGenerator({ now: () => 1_780_154_575_501, random: () => 0.5 })('msg')).toBe(first)
  })
})
