import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { InvalidDataError, formatPath, type IssueCode } from '../../src/core/errors'
import {
  isValidMessage,
  isValidPart,
  isValidTranscript,
  validateMessage,
  validatePart,
  validateToolState,
  validateTranscript,
} from '../../src/core/validator'
import { opencodeSession } from '../fixtures/opencode'
import { samplePartOfEveryType } from './samples'

const codes = (issues: { code: string }[]) => issues.map((issue) => issue.code)
const clone = <T>(value: T): T => structuredClone(value)
const realMessages = () => clone(opencodeSession.messages)

describe('validatePart', () => {
  it('accepts one valid part of every type; an unsupported part is a warning, not an error', () => {
    for (const part of samplePartOfEveryType()) {
      const issues = validatePart(part)
      if (part.type === 'unsupported') expect(issues).toMatchObject([{ code: 'UNSUPPORTED_PART', severity: 'warning' }])
      else expect(issues, part.type).toEqual([])
    }
  })

  it('BR-01: id, sessionID and messageID are required', () => {
    const issues = validatePart({ type: 'text', text: 'x' })
    expect(codes(issues)).toEqual(['BR-01', 'BR-01', 'BR-01'])
    expect(issues.map((issue) => issue.path)).toEqual([['id'], ['sessionID'], ['messageID']])
    expect(codes(validatePart(42))).toEqual(['BR-01'])
  })

  it('BR-03: type must be a string literal; an unknown type is kept as a warning', () => {
    expect(codes(validatePart({ id: 'a', sessionID: 's', messageID: 'm' }))).toEqual(['BR-03'])
    expect(codes(validatePart({ id: 'a', sessionID: 's', messageID: 'm', type: 7 }))).toEqual(['BR-03'])
    expect(validatePart({ id: 'a', sessionID: 's', messageID: 'm', type: 'hologram' })).toMatchObject([
      { code: 'UNSUPPORTED_PART', severity: 'warning', path: ['type'] },
    ])
  })

  it('BR-04: ids are non-empty strings, not necessarily UUIDs', () => {
    expect(codes(validatePart({ id: '', sessionID: 's', messageID: 'm', type: 'step-start' }))).toEqual(['BR-04'])
    expect(
      validatePart({
        id: 'prt_e797b2a8d002B02xAvxkCt4WTl',
        sessionID: 'ses_x',
        messageID: 'msg_y',
        type: 'step-start',
      }),
    ).toEqual([])
  })

  it('reports fields of the wrong type with their path', () => {
    const issues = validatePart({
      id: 'a',
      sessionID: 's',
      messageID: 'm',
      type: 'text',
      text: 5,
      time: { start: 3, end: 1 },
    })
    expect(issues.map((issue) => [issue.code, formatPath(issue.path)])).toEqual([
      ['SHAPE', 'text'],
      ['SHAPE', 'time.end'],
    ])
    expect(issues[0]?.message).toBe('text must be a string (got 5)')
  })

  it('checks step-finish cost (BR-12) and tokens (BR-13)', () => {
    const base = { id: 'a', sessionID: 's', messageID: 'm', type: 'step-finish', reason: 'stop' }
    const issues = validatePart({
      ...base,
      cost: -1,
      tokens: { input: 1, output: '2', reasoning: 0, cache: { read: 0 } },
    })
    expect(issues.map((issue) => [issue.code, formatPath(issue.path)])).toEqual([
      ['BR-12', 'cost'],
      ['BR-13', 'tokens.output'],
      ['BR-13', 'tokens.cache.write'],
    ])
  })

  it('accepts an unknown cost only as costUnknown: true with a cost of 0', () => {
    const base = {
      id: 'a',
      sessionID: 's',
      messageID: 'm',
      type: 'step-finish',
      reason: 'stop',
      tokens: { input: 1, output: 2, reasoning: 0, cache: { read: 0, write: 0 } },
    }
    expect(validatePart({ ...base, cost: 0, costUnknown: true })).toEqual([])
    expect(
      validatePart({ ...base, cost: 0.5, costUnknown: true }).map((issue) => [issue.code, formatPath(issue.path)]),
    ).toEqual([['BR-12', 'cost']])
    expect(
      validatePart({ ...base, cost: 0, costUnknown: false }).map((issue) => [issue.code, formatPath(issue.path)]),
    ).toEqual([['BR-12', 'costUnknown']])
  })

  it('validates attachments of a completed tool as file parts', () => {
    const part = {
      id: 't',
      sessionID: 's',
      messageID: 'm',
      type: 'tool',
      callID: 'c',
      tool: 'screenshot',
      state: {
        status: 'completed',
        input: {},
        output: 'took one',
        title: 'screenshot',
        metadata: {},
        time: { start: 1, end: 2 },
        attachments: [{ id: 'f', sessionID: 's', messageID: 'm', type: 'file', url: 'x' }],
      },
    }
    expect(validatePart(part).map((issue) => formatPath(issue.path))).toEqual(['state.attachments[0].mime'])
  })
})

describe('validateToolState', () => {
  const cases: [string, unknown, IssueCode[]][] = [
    ['BR-05 unknown status', { status: 'done', input: {} }, ['BR-05']],
    ['BR-05 not an object', 'running', ['BR-05']],
    ['BR-06 pending without raw', { status: 'pending', input: {} }, ['BR-06']],
    ['BR-07 running without start', { status: 'running', input: {}, time: {} }, ['BR-07']],
    [
      'BR-08 completed without end',
      { status: 'completed', input: {}, output: 'x', title: 't', metadata: {}, time: { start: 1 } },
      ['BR-08'],
    ],
    ['BR-08 end before start', { status: 'error', input: {}, error: 'x', time: { start: 5, end: 1 } }, ['BR-08']],
    [
      'BR-09 empty output (a warning)',
      { status: 'completed', input: {}, output: '', title: 't', metadata: {}, time: { start: 1, end: 2 } },
      ['BR-09'],
    ],
    [
      'BR-09 output that is not text',
      { status: 'completed', input: {}, output: 5, title: 't', metadata: {}, time: { start: 1, end: 2 } },
      ['BR-09'],
    ],
    ['BR-10 empty error', { status: 'error', input: {}, error: '', time: { start: 1, end: 2 } }, ['BR-10']],
    ['BR-10 missing error', { status: 'error', input: {}, time: { start: 1, end: 2 } }, ['BR-10']],
  ]
  for (const [name, state, expected] of cases) {
    it(name, () => expect(codes(validateToolState(state))).toEqual(expected))
  }

  it('BR-09: an empty output is a warning (kept, shown as no output); output that is not text is an error', () => {
    const state = (output: unknown) => ({
      status: 'completed',
      input: {},
      output,
      title: 't',
      metadata: {},
      time: { start: 1, end: 2 },
    })
    expect(validateToolState(state('')).map((issue) => issue.severity)).toEqual(['warning'])
    expect(validateToolState(state(null)).map((issue) => issue.severity)).toEqual(['error'])
  })
})

describe('validateMessage', () => {
  it('BR-02: part ids must be unique within a message', () => {
    const [, message] = realMessages()
    if (!message) throw new Error('fixture changed')
    message.parts.push(clone(message.parts[1]) as (typeof message.parts)[number])
    const issues = validateMessage(message)
    expect(issues).toMatchObject([{ code: 'BR-02', path: ['parts', 5, 'id'] }])
    expect(issues[0]?.message).toContain('already used by part 1')
  })

  it('BR-01: parts must belong to their message and session', () => {
    const [, message] = realMessages()
    if (!message) throw new Error('fixture changed')
    const first = message.parts[0]
    if (!first) throw new Error('fixture changed')
    first.messageID = 'msg_other'
    first.sessionID = 'ses_other'
    expect(validateMessage(message).map((issue) => [issue.code, formatPath(issue.path)])).toEqual([
      ['BR-01', 'parts[0].messageID'],
      ['BR-01', 'parts[0].sessionID'],
    ])
  })

  it('BR-11: a user summary holds diffs with counts', () => {
    const [message] = realMessages()
    if (!message || message.info.role !== 'user') throw new Error('fixture changed')
    Object.assign(message.info, { summary: { diffs: [{ file: 'a', additions: '3', deletions: 0 }] } })
    expect(codes(validateMessage(message))).toEqual(['BR-11'])
  })

  it('BR-12, BR-13, BR-14 on assistant info', () => {
    const [, message] = realMessages()
    if (!message || message.info.role !== 'assistant') throw new Error('fixture changed')
    const info = message.info as unknown as Record<string, unknown>
    info.cost = Number.NaN
    info.tokens = { input: 1, output: 1, reasoning: 1 }
    info.time = { created: 10 }
    expect(codes(validateMessage(message))).toEqual(['BR-12', 'BR-13', 'BR-14'])
    info.time = { created: 10, completed: 5 }
    expect(codes(validateMessage(message))).toContain('BR-14')
  })

  it('checks the assistant error shape', () => {
    const [, message] = realMessages()
    if (!message || message.info.role !== 'assistant') throw new Error('fixture changed')
    Object.assign(message.info, { error: { name: 'MessageAbortedError', data: { message: 'Aborted' } } })
    expect(validateMessage(message)).toEqual([])
    Object.assign(message.info, { error: 'Aborted' })
    expect(codes(validateMessage(message))).toEqual(['SHAPE'])
  })

  it('rejects a role it does not know', () => {
    expect(
      validateMessage({ info: { id: 'm', sessionID: 's', role: 'system', time: { created: 1 } }, parts: [] }),
    ).toMatchObject([{ code: 'SHAPE', path: ['info', 'role'] }])
  })
})

describe('validateTranscript', () => {
  it('finds repeated message ids and prefixes paths with the message index', () => {
    const messages = realMessages()
    messages.push(clone(messages[0]) as (typeof messages)[number])
    expect(validateTranscript(messages)).toMatchObject([{ code: 'BR-02', path: [3, 'info', 'id'] }])
    expect(validateTranscript(messages, { path: ['messages'] })[0]?.path).toEqual(['messages', 3, 'info', 'id'])
  })

  it('throws a InvalidDataError listing the errors only in strict mode', () => {
    const bad = [
      {
        info: {
          id: '',
          sessionID: 's',
          role: 'user',
          time: { created: 1 },
          agent: 'a',
          model: { providerID: 'p', modelID: 'm' },
        },
        parts: [],
      },
    ]
    expect(() => validateTranscript(bad)).not.toThrow()
    expect(() => validateTranscript(bad, { strict: true })).toThrow(InvalidDataError)
    expect(() => validateTranscript(bad, { strict: true })).toThrow('BR-04: id must not be empty at [0].info.id')
    // warnings alone never throw
    const unsupported = samplePartOfEveryType().at(-1)
    expect(() => validatePart(unsupported, { strict: true })).not.toThrow()
  })

  it('offers type guards that accept warnings and refuse errors', () => {
    expect(isValidTranscript(opencodeSession.messages)).toBe(true)
    expect(isValidMessage(opencodeSession.messages[1])).toBe(true)
    expect(isValidPart(samplePartOfEveryType().at(-1))).toBe(true)
    expect(isValidPart({ type: 'text' })).toBe(false)
    expect(isValidTranscript({})).toBe(false)
  })

  it('never throws on arbitrary input, and every issue has a code, message and path', () => {
    fc.assert(
      fc.property(fc.anything({ withNullPrototype: true, withBigInt: true, withMap: true, withSet: true }), (value) => {
        for (const issues of [
          validateTranscript(value),
          validateMessage(value),
          validatePart(value),
          validateToolState(value),
        ]) {
          for (const issue of issues) {
            expect(typeof issue.code).toBe('string')
            expect(issue.message.length).toBeGreaterThan(0)
            expect(Array.isArray(issue.path)).toBe(true)
          }
        }
      }),
      { numRuns: 300 },
    )
  })

  it('never throws on mutations of the real session', () => {
    const paths = fc.constantFrom(
      ['info'],
      ['parts'],
      ['parts', 0],
      ['parts', 1, 'state'],
      ['parts', 1, 'state', 'time'],
      ['info', 'tokens'],
      ['info', 'time'],
    )
    fc.assert(
      fc.property(fc.nat(2), paths, fc.anything(), (index, path, value) => {
        const messages = realMessages() as unknown as Record<string, unknown>[]
        let target: Record<string | number, unknown> | undefined = messages[index]
        for (const key of path.slice(0, -1)) target = target?.[key] as Record<string | number, unknown> | undefined
        if (target && typeof target === 'object') target[path.at(-1) as string] = value
        expect(() => validateTranscript(messages)).not.toThrow()
      }),
      { numRuns: 300 },
    )
  })
})

describe('tool displays', () => {
  const state = (display: unknown) => ({
    status: 'completed',
    input: {},
    output: 'x',
    title: 't',
    metadata: {},
    time: { start: 1, end: 2 },
    display,
  })
  it('takes each kind the views know, with what its view needs', () => {
    for (const display of [
      { kind: 'diff', before: 'a', after: 'b' },
      { kind: 'todos', todos: [{ content: 'x', status: 'pending' }] },
      { kind: 'read', file: 'a.ts' },
      { kind: 'shell', command: 'ls' },
      { kind: 'task', agent: 'explore' },
    ]) {
      expect(validateToolState(state(display)), display.kind).toEqual([])
    }
  })

  it('refuses a kind no view knows, a todo list of non-todos, and a shell display without its command', () => {
    expect(codes(validateToolState(state({ kind: 'video' })))).toEqual(['SHAPE'])
    expect(codes(validateToolState(state({ kind: '__proto__' })))).toEqual(['SHAPE'])
    expect(codes(validateToolState(state({ kind: 'todos', todos: [{ text: 'x' }] })))).toEqual(['SHAPE'])
    expect(codes(validateToolState(state({ kind: 'shell' })))).toEqual(['SHAPE'])
  })
})
