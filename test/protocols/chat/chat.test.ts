import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { ToolPart } from '../../../src/core/model/types'
import { validateTranscript } from '../../../src/core/validator'
import {
  type ChatMessage,
  type TypedMessage,
  fromChatMessages,
  isRequestMessage,
  isResponseMessage,
  toChatMessage,
  toTypedMessage,
} from '../../../src/protocols/chat'

const usage = { promptTokens: 1200, completionTokens: 80, totalTokens: 1280 }

const flat: ChatMessage[] = [
  { role: 'system', content: 'You are a careful coding agent.', timestamp: 1_780_000_000_000 },
  { role: 'user', content: 'Why does the build fail?', timestamp: 1_780_000_001_000, metadata: { client: 'android' } },
  {
    role: 'reasoning',
    content: 'Check the compiler output first.',
    timestamp: 1_780_000_002_000,
    metadata: { 'chatparts.typed': { reasoningId: 'rs_1', encrypted: 'gAAAA' } },
  },
  {
    role: 'assistant',
    content: 'Let me look at the log.',
    timestamp: 1_780_000_003_000,
    finishReason: 'tool_calls',
    toolCalls: [{ id: 'call_1', name: 'read_log', arguments: '{"lines":50}' }],
    metadata: { 'chatparts.typed': { usage } },
  },
  {
    role: 'assistant',
    content: '{"pattern":"error"}',
    toolCalls: [{ id: 'call_2', name: 'grep', arguments: '{"pattern":"error"}' }],
    metadata: { 'chatparts.typed': { kind: 'tool-call' } },
  },
  {
    role: 'tool',
    content: 'e: Unresolved reference: foo',
    toolCallId: 'call_1',
    toolName: 'read_log',
    timestamp: 1_780_000_004_000,
  },
  { role: 'tool', content: 'app/Main.kt:12: error', toolCallId: 'call_2', toolName: 'grep' },
  { role: 'assistant', content: '`foo` is not defined in Main.kt.', finishReason: 'stop' },
]

const typed: TypedMessage[] = [
  { kind: 'system', content: 'Be terse.', metaInfo: { timestamp: 1 } },
  { kind: 'user', content: 'Hi', metaInfo: { metadata: { lang: 'zh' } } },
  { kind: 'reasoning', content: 'Greeting.', metaInfo: { usage }, id: 'r1', encrypted: 'x' },
  { kind: 'assistant', content: 'Hello!', metaInfo: { finishReason: 'stop', usage, timestamp: 2 }, toolCalls: [] },
  { kind: 'tool-call', toolId: 't1', toolName: 'clock', content: '{}', metaInfo: { finishReason: 'tool_calls' } },
  { kind: 'tool-call', toolName: 'clock', content: '{}', metaInfo: {} },
  { kind: 'tool-result', toolId: 't1', toolName: 'clock', content: '12:00', metaInfo: { timestamp: 3 } },
  { kind: 'tool-result', content: 'no id', metaInfo: {} },
]

describe('flat ⇄ typed', () => {
  it('flat → typed → flat is lossless for every role', () => {
    for (const message of flat) expect(toChatMessage(toTypedMessage(message)), message.role).toEqual(message)
  })

  it('typed → flat → typed is lossless for every kind', () => {
    for (const message of typed) expect(toTypedMessage(toChatMessage(message)), message.kind).toEqual(message)
  })

  it('maps roles onto the hierarchy the way seed 002 does', () => {
    expect(flat.map((message) => toTypedMessage(message).kind)).toEqual([
      'system',
      'user',
      'reasoning',
      'assistant',
      'tool-call',
      'tool-result',
      'tool-result',
      'assistant',
    ])
    const assistant = toTypedMessage(flat[3] as ChatMessage)
    expect(assistant).toEqual({
      kind: 'assistant',
      content: 'Let me look at the log.',
      toolCalls: [{ id: 'call_1', name: 'read_log', arguments: '{"lines":50}' }],
      metaInfo: { timestamp: 1_780_000_003_000, finishReason: 'tool_calls', usage },
    })
    expect(toTypedMessage(flat[2] as ChatMessage)).toMatchObject({
      kind: 'reasoning',
      id: 'rs_1',
      encrypted: 'gAAAA',
      metaInfo: { timestamp: 1_780_000_002_000 },
    })
    expect(typed.filter(isRequestMessage).map((m) => m.kind)).toEqual(['system', 'user', 'tool-result', 'tool-result'])
    expect(typed.filter(isResponseMessage).map((m) => m.kind)).toEqual([
      'reasoning',
      'assistant',
      'tool-call',
      'tool-call',
    ])
  })

  it('keeps an unknown role and fields a kind has no slot for', () => {
    const odd: ChatMessage = { role: 'developer', content: 'x', toolCallId: 'stray', finishReason: 'odd' }
    const asTyped = toTypedMessage(odd)
    expect(asTyped.kind).toBe('user')
    expect(toChatMessage(asTyped)).toEqual(odd)
  })

  it('round-trips arbitrary flat messages', () => {
    const call = fc.record({ id: fc.string(), name: fc.string(), arguments: fc.string() })
    const message = fc.record(
      {
        role: fc.constantFrom('system', 'user', 'assistant', 'tool', 'reasoning', 'other'),
        content: fc.string(),
        timestamp: fc.integer(),
        finishReason: fc.string(),
        metadata: fc.dictionary(
          fc.string().filter((key) => key !== 'chatparts.typed' && key !== '__proto__'),
          fc.jsonValue(),
        ),
        toolCalls: fc.array(call, { maxLength: 3 }),
        toolCallId: fc.string(),
        toolName: fc.string(),
      },
      { requiredKeys: ['role', 'content'] },
    )
    fc.assert(
      fc.property(message, (m) => {
        expect(toChatMessage(toTypedMessage(m))).toEqual(m)
      }),
      { numRuns: 300 },
    )
  })
})

describe('chat → canonical', () => {
  const { messages, diagnostics } = fromChatMessages(flat)

  it('groups responses into assistant messages and pairs results with calls', () => {
    expect(diagnostics).toEqual([])
    expect(messages.map((message) => message.info.role)).toEqual(['user', 'user', 'assistant', 'assistant'])
    expect(messages[0]?.parts[0]).toMatchObject({ type: 'text', synthetic: true, metadata: { role: 'system' } })
    const turn = messages[2]
    expect(turn?.parts.map((part) => part.type)).toEqual(['reasoning', 'text', 'tool', 'step-finish', 'tool'])
    const [read, grep] = turn?.parts.filter((part): part is ToolPart => part.type === 'tool') ?? []
    expect(read).toMatchObject({
      callID: 'call_1',
      tool: 'read_log',
      state: { status: 'completed', input: { lines: 50 }, output: 'e: Unresolved reference: foo' },
    })
    expect(grep).toMatchObject({ callID: 'call_2', state: { status: 'completed', input: { pattern: 'error' } } })
    expect(turn?.info).toMatchObject({ finish: 'tool_calls', tokens: { input: 1200, output: 80, total: 1280 } })
    expect(messages[3]?.info).toMatchObject({ finish: 'stop' })
    expect(validateTranscript(messages).filter((issue) => issue.severity === 'error')).toEqual([])
  })

  it('accepts typed messages too', () => {
    const result = fromChatMessages(typed)
    // the Tool.Calls right after the assistant message join it; the reasoning goes into it too
    expect(result.messages.map((m) => m.info.role)).toEqual(['user', 'user', 'assistant'])
    expect(result.messages[2]?.parts.map((part) => part.type)).toEqual([
      'reasoning',
      'text',
      'step-finish',
      'tool',
      'tool',
      'tool',
    ])
    expect(result.diagnostics.map((d) => d.code)).toEqual(['ORPHAN_TOOL_RESULT'])
  })

  it('keeps broken arguments and reports bad messages', () => {
    const result = fromChatMessages([
      { role: 'assistant', content: '', toolCalls: [{ id: 'c', name: 'x', arguments: '{oops' }] },
      42,
      { content: 'no role' },
    ])
    expect(result.messages[0]?.parts[0]).toMatchObject({
      type: 'tool',
      state: { input: {} },
      metadata: { rawArgsText: '{oops' },
    })
    // Unparsable arguments are reported as every converter reports them; the message with no role is kept.
    expect(result.diagnostics.map((d) => d.code)).toEqual(['ARGS_PARSE_FAILED', 'BAD_MESSAGE', 'BAD_MESSAGE'])
    expect(result.messages[1]?.parts[0]).toMatchObject({ type: 'text', text: 'no role' })
    expect(fromChatMessages(null).diagnostics[0]?.code).toBe('BAD_MESSAGES')
  })

  it('names what a message has beyond its kind’s slots and seed 002’s fields: not shown, never dropped silently', () => {
    const result = fromChatMessages([
      { role: 'user', content: 'q', toolCallId: 'c0', mood: 'curious' },
      { role: 'assistant', content: '', toolCalls: [{ id: 'c', name: 'x', arguments: '{}', index: 0 }] },
      { kind: 'user', content: 'typed', metaInfo: { timestamp: 1, locale: 'en' }, extra: { finishReason: 'stop' } },
      {
        kind: 'assistant',
        content: 'a',
        metaInfo: { usage: { promptTokens: 1, completionTokens: 2, totalTokens: 3, cachedTokens: 1 } },
      },
    ])
    expect(result.diagnostics.map((d) => [d.code, d.path])).toEqual([
      ['UNREAD_FIELD', [0, 'toolCallId']],
      ['UNREAD_FIELD', [0, 'mood']],
      ['UNREAD_FIELD', [1, 'toolCalls', 0, 'index']],
      ['UNREAD_FIELD', [2, 'metaInfo', 'locale']],
      ['UNREAD_FIELD', [2, 'extra', 'finishReason']],
      ['UNREAD_FIELD', [3, 'metaInfo', 'usage', 'cachedTokens']],
    ])
  })

  it('shows trailing reasoning with no answer in an assistant message of its own', () => {
    const result = fromChatMessages([
      { role: 'user', content: 'q' },
      { role: 'reasoning', content: 'thinking…', timestamp: 7 },
    ])
    expect(result.messages.map((m) => m.info.role)).toEqual(['user', 'assistant'])
    expect(result.messages[1]?.parts).toMatchObject([{ type: 'reasoning', text: 'thinking…', time: { start: 7 } }])
    expect(result.messages[1]?.info.time.created).toBe(7)
  })

  it('never throws on arbitrary input', () => {
    fc.assert(
      fc.property(fc.array(fc.anything(), { maxLength: 6 }), (list) => {
        expect(() => fromChatMessages(list)).not.toThrow()
      }),
      { numRuns: 200 },
    )
  })
})

describe('typed displays', () => {
  it('a shell call and its result carry a shell display, so the view shows the command', () => {
    const { messages } = fromChatMessages([
      { role: 'assistant', content: '', toolCalls: [{ id: 'c1', name: 'bash', arguments: '{"command":"ls"}' }] },
      { role: 'tool', content: 'a.txt', toolCallId: 'c1', toolName: 'bash' },
    ])
    expect(messages[0]?.parts[0]).toMatchObject({
      type: 'tool',
      state: { status: 'completed', display: { kind: 'shell', command: 'ls', output: 'a.txt' } },
    })
  })
})
