import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { ReasoningPart, TextPart, ToolPart } from '../../../src/core/model/types'
import { applyOps, emptyTranscript, toMessages } from '../../../src/core/transcript'
import { validateMessage } from '../../../src/core/validator'
import { InvalidDataError } from '../../../src/protocols/diagnostics'
import { assembleDeltas, createDeltaStream } from '../../../src/protocols/delta'
import stream from '../../fixtures/delta/stream.json'

const codes = (list: { code: string }[]) => list.map((d) => d.code)
const delta = (seq: number, kind: string, payload: Record<string, unknown>, ms = 0) => ({
  runId: 'r1',
  seq,
  kind,
  payload,
  timestamp: new Date(1_700_000_000_000 + ms).toISOString(),
})

describe('assembling the recorded stream', () => {
  const result = assembleDeltas(stream)

  it('grows one assistant message with step, reasoning, tool, text and step-finish parts', () => {
    expect(result.status).toBe('done')
    expect(result.diagnostics).toEqual([])
    expect(result.message.parts.map((part) => part.type)).toEqual([
      'step-start',
      'reasoning',
      'tool',
      'text',
      'step-finish',
    ])
    expect(validateMessage(result.message)).toEqual([])
  })

  it('joins thinking and text in order, and times the reasoning from its own deltas', () => {
    const [, reasoning, , text] = result.message.parts as [unknown, ReasoningPart, ToolPart, TextPart]
    expect(reasoning.text).toBe('The user wants the test suite to run faster; check the config first.')
    expect(reasoning.time).toEqual({
      start: Date.parse('2026-03-02T10:00:00.100Z'),
      end: Date.parse('2026-03-02T10:00:00.400Z'),
    })
    const textDeltas = stream
      .filter((d) => d.kind === 'text')
      .map((d) => d.payload.textDelta)
      .join('')
    expect(text.text).toBe(textDeltas)
    expect(text.text).toContain('```ts')
  })

  it('joins tool arguments per call and parses them at tool_call_end', () => {
    const tool = result.message.parts[2] as ToolPart
    expect(tool).toMatchObject({
      callID: 'call_1',
      tool: 'read',
      state: { status: 'running', input: { filePath: 'vitest.config.ts' } },
    })
  })

  it('lands usage in step-finish tokens and cost, and on the message', () => {
    expect(result.message.parts.at(-1)).toMatchObject({
      type: 'step-finish',
      reason: 'stop',
      cost: 0.00312,
      tokens: { total: 4508, input: 4120, output: 388 },
    })
    expect(result.message.info).toMatchObject({
      role: 'assistant',
      modelID: 'deepseek-v4-pro',
      finish: 'stop',
      cost: 0.00312,
      tokens: { input: 4120, output: 388, total: 4508 },
      metadata: { runId: 'run_7f3a9c', requestId: 'req_01J9' },
    })
    expect(result.message.info.time.completed).toBe(Date.parse(stream.at(-1)?.timestamp ?? ''))
  })

  it('gives the store text as deltas it can join, never the whole text again, ending in the same message', () => {
    const session = createDeltaStream()
    let transcript = emptyTranscript()
    const ops = stream.flatMap((event) => session.push(event).ops)
    transcript = applyOps(transcript, ops)
    expect(toMessages(transcript)).toEqual([result.message])
    const textDeltas = stream.filter((d) => d.kind === 'text' || d.kind === 'thinking').length
    // Each text or thinking delta is one append (the first of a part opens it); no part is sent whole again.
    const appends = ops.filter((op) => op.op === 'appendPartDelta')
    const textUpserts = ops.filter(
      (op) => op.op === 'upsertPart' && (op.part.type === 'text' || op.part.type === 'reasoning'),
    )
    expect(appends.length + textUpserts.length).toBe(textDeltas)
    expect(textUpserts).toHaveLength(2)
  })
})

describe('stream rules', () => {
  it('reports a stream that does not begin with start, and starts it implicitly', () => {
    const result = assembleDeltas([delta(1, 'text', { textDelta: 'hi' }), delta(2, 'done', { finishReason: 'stop' })])
    expect(codes(result.diagnostics)).toEqual(['MISSING_START'])
    expect(result.message.parts.map((part) => part.type)).toEqual(['step-start', 'text'])
    expect(result.status).toBe('done')
  })

  it('ignores a retransmitted delta (same seq, same content): no write, no diagnostic', () => {
    const session = createDeltaStream()
    session.push(delta(1, 'start', {}))
    session.push(delta(2, 'text', { textDelta: 'a' }))
    expect(session.push(delta(2, 'text', { textDelta: 'a' }))).toEqual({ ops: [], diagnostics: [] })
    expect(session.push(delta(1, 'start', {}))).toEqual({ ops: [], diagnostics: [] })
  })

  it('reports a gap and a reorder but applies the delta', () => {
    const result = assembleDeltas([
      delta(1, 'start', {}),
      delta(2, 'text', { textDelta: 'a' }),
      delta(5, 'text', { textDelta: 'c' }),
      delta(4, 'text', { textDelta: 'b' }),
    ])
    expect(codes(result.diagnostics)).toEqual(['SEQ_GAP', 'SEQ_REORDER'])
    expect((result.message.parts[1] as TextPart).text).toBe('acb')
  })

  it('accepts exactly one terminal delta', () => {
    const result = assembleDeltas([
      delta(1, 'start', {}),
      delta(2, 'done', { finishReason: 'stop' }),
      delta(3, 'error', { errorCode: 'x' }),
      delta(4, 'text', { textDelta: 'late' }),
    ])
    expect(result.status).toBe('done')
    expect(result.message.info).not.toHaveProperty('error')
    expect(codes(result.diagnostics)).toEqual(['DUPLICATE_TERMINAL', 'AFTER_TERMINAL'])
    expect((result.message.parts[1] as TextPart).text).toBe('late')
  })

  it('leaves what streamed visible on error, with the error on the message', () => {
    const result = assembleDeltas([
      delta(1, 'start', {}),
      delta(2, 'text', { textDelta: 'Half an ans' }),
      delta(3, 'tool_call_start', { toolCallId: 't', toolName: 'bash' }, 20),
      delta(4, 'error', { errorCode: 'rate_limited', message: 'Too many requests', retryable: true }, 50),
    ])
    expect(result.status).toBe('error')
    expect(result.message.info).toMatchObject({
      error: { name: 'StreamError', data: { message: 'Too many requests', code: 'rate_limited', isRetryable: true } },
    })
    expect(result.message.info.time.completed).toBe(1_700_000_000_050)
    expect(result.message.parts).toMatchObject([
      { type: 'step-start' },
      { type: 'text', text: 'Half an ans', time: { end: 1_700_000_000_020 } },
      { type: 'tool', state: { status: 'pending' } },
    ])
  })

  it('keeps the raw arguments and a flag when they are not JSON', () => {
    const result = assembleDeltas([
      delta(1, 'start', {}),
      delta(2, 'tool_call_start', { toolCallId: 't', toolName: 'bash' }),
      delta(3, 'tool_call_args', { toolCallId: 't', argsTextDelta: '{"command": "ls' }),
      delta(4, 'tool_call_end', { toolCallId: 't' }),
    ])
    expect(result.message.parts[1]).toMatchObject({
      state: { status: 'running', input: {} },
      metadata: { rawArgsText: '{"command": "ls', argsParseFailed: true },
    })
    expect(codes(result.diagnostics)).toEqual(['ARGS_PARSE_FAILED'])
  })

  it('shows pending arguments as they stream, and opens a call for arguments of an unknown call', () => {
    const partial = assembleDeltas([
      delta(1, 'start', {}),
      delta(2, 'tool_call_args', { toolCallId: 'ghost', argsTextDelta: '{"a":' }),
    ])
    expect(partial.message.parts[1]).toMatchObject({ tool: 'unknown', state: { status: 'pending', raw: '{"a":' } })
    expect(codes(partial.diagnostics)).toEqual(['UNKNOWN_TOOL_CALL'])
  })

  it('reports an unknown kind once and ignores it; throws in strict mode', () => {
    const result = assembleDeltas([delta(1, 'start', {}), delta(2, 'heartbeat', {}), delta(3, 'heartbeat', {})])
    expect(codes(result.diagnostics)).toEqual(['UNKNOWN_KIND'])
    expect(() => assembleDeltas([delta(1, 'text', { textDelta: 'x' })], { strict: true })).toThrow(InvalidDataError)
  })

  it('reports malformed payloads without losing the run', () => {
    const result = assembleDeltas([
      delta(1, 'start', {}),
      delta(2, 'text', { textDelta: 5 }),
      'junk',
      delta(3, 'tool_call_end', {}),
      { ...delta(4, 'text', { textDelta: 'x' }), seq: 'four' },
    ])
    expect(codes(result.diagnostics)).toEqual(['BAD_PAYLOAD', 'BAD_DELTA', 'UNKNOWN_TOOL_CALL', 'BAD_SEQ'])
    expect((result.message.parts[1] as TextPart).text).toBe('x')
  })

  it('names a delta’s fields and a payload’s beyond the contract, and applies the delta; providerRaw is for debugging', () => {
    const result = assembleDeltas([
      { ...delta(1, 'start', { modelId: 'm', region: 'eu' }), providerRaw: { id: 'evt_1' } },
      { ...delta(2, 'text', { textDelta: 'hi', logprob: -0.2 }), shard: 3 },
    ])
    expect(result.diagnostics.map((d) => [d.code, d.severity, d.path])).toEqual([
      ['UNREAD_FIELD', 'warning', ['payload', 'region']],
      ['UNREAD_FIELD', 'warning', ['shard']],
      ['UNREAD_FIELD', 'warning', ['payload', 'logprob']],
    ])
    expect((result.message.parts[1] as TextPart).text).toBe('hi')
  })

  it('reads a usage count that is not a number as 0, and says so', () => {
    const result = assembleDeltas([delta(1, 'start', {}), delta(2, 'usage', { inputTokens: 'many', outputTokens: 7 })])
    expect(result.diagnostics).toMatchObject([
      { code: 'BAD_PAYLOAD', severity: 'warning', path: ['payload', 'inputTokens'] },
    ])
    expect(result.message.info.tokens).toMatchObject({ input: 0, output: 7 })
  })
})

describe('tool results (seed 004 tool messages)', () => {
  const toolMessage = (
    runId: string | undefined,
    toolCallId: string,
    content: unknown,
    ms: number,
    isError = false,
  ) => ({
    ...(runId !== undefined ? { runId } : {}),
    role: 'tool',
    parts: [{ kind: 'tool_result', payload: { toolCallId, isError, content } }],
    timestamp: new Date(1_700_000_000_000 + ms).toISOString(),
  })
  const call = (runId: string, seq: number, id: string, args: string, ms: number) => [
    { ...delta(seq, 'tool_call_start', { toolCallId: id, toolName: 'read' }, ms), runId },
    { ...delta(seq + 1, 'tool_call_args', { toolCallId: id, argsTextDelta: args }, ms), runId },
    { ...delta(seq + 2, 'tool_call_end', { toolCallId: id }, ms), runId },
  ]
  const replay = (events: unknown[]) => {
    const session = createDeltaStream()
    const results = events.map((event) => session.push(event))
    const messages = toMessages(
      applyOps(
        emptyTranscript(),
        results.flatMap((result) => result.ops),
      ),
    )
    return { messages, diagnostics: results.flatMap((result) => result.diagnostics), results }
  }
  const tools = (messages: { parts: { type: string }[] }[]) =>
    messages.flatMap((message) => message.parts.filter((part): part is ToolPart => part.type === 'tool'))

  it('complete or fail the call they answer, with its input and its time', () => {
    const { messages, diagnostics } = replay([
      delta(1, 'start', {}),
      ...call('r1', 2, 'c1', '{"path":"a.md"}', 10),
      ...call('r1', 5, 'c2', '{"path":"b.md"}', 20),
      toolMessage('r1', 'c1', '# A', 40),
      toolMessage(undefined, 'c2', { reason: 'missing' }, 50, true),
    ])
    expect(diagnostics).toEqual([])
    expect(tools(messages).map((part) => part.state)).toMatchObject([
      {
        status: 'completed',
        input: { path: 'a.md' },
        output: '# A',
        time: { start: 1_700_000_000_010, end: 1_700_000_000_040 },
      },
      { status: 'error', input: { path: 'b.md' }, error: '{"reason":"missing"}' },
    ])
    for (const message of messages)
      expect(validateMessage(message).filter((issue) => issue.severity === 'error')).toEqual([])
  })

  it('a result that comes while the arguments stream waits for them, and is not overwritten by the end of the call', () => {
    const [start, args, end] = call('r1', 2, 'c1', '{"path":"a.md"}', 10)
    const { messages, diagnostics } = replay([
      delta(1, 'start', {}),
      start,
      toolMessage('r1', 'c1', 'text of a', 15),
      args,
      end,
    ])
    expect(diagnostics).toEqual([])
    expect(tools(messages)).toMatchObject([
      { callID: 'c1', state: { status: 'completed', input: { path: 'a.md' }, output: 'text of a' } },
    ])
  })

  it('a result before its call shows at once as an orphan, then moves to the call when it ends', () => {
    const events = [
      delta(1, 'start', {}),
      toolMessage('r1', 'c1', 'early text', 5),
      ...call('r1', 2, 'c1', '{"path":"a.md"}', 10),
    ]
    const before = replay(events.slice(0, 2))
    expect(codes(before.diagnostics)).toEqual(['ORPHAN_TOOL_RESULT'])
    expect(tools(before.messages)).toMatchObject([
      { callID: 'c1', tool: 'unknown', metadata: { orphan: true }, state: { output: 'early text' } },
    ])
    const after = replay(events)
    expect(codes(after.diagnostics)).toEqual(['ORPHAN_TOOL_RESULT', 'RESULT_BEFORE_CALL'])
    expect(tools(after.messages)).toMatchObject([
      { callID: 'c1', tool: 'read', state: { status: 'completed', input: { path: 'a.md' }, output: 'early text' } },
    ])
    expect(tools(after.messages)[0]?.metadata).toBeUndefined()
  })

  it('a second result for a call is kept as an orphan beside it', () => {
    const { messages, diagnostics } = replay([
      delta(1, 'start', {}),
      ...call('r1', 2, 'c1', '{}', 10),
      toolMessage('r1', 'c1', 'first', 20),
      toolMessage('r1', 'c1', 'second', 30),
    ])
    expect(codes(diagnostics)).toEqual(['DUPLICATE_TOOL_RESULT'])
    expect(
      tools(messages).map((part) => [part.tool, part.state.status === 'completed' ? part.state.output : null]),
    ).toEqual([
      ['read', 'first'],
      ['unknown', 'second'],
    ])
  })

  it('two runs may use the same call id: a result goes to the run it names', () => {
    const { messages, diagnostics } = replay([
      { ...delta(1, 'start', {}), runId: 'A' },
      { ...delta(1, 'start', {}), runId: 'B' },
      ...call('A', 2, 'call_1', '{"path":"a"}', 10),
      ...call('B', 2, 'call_1', '{"path":"b"}', 10),
      toolMessage('A', 'call_1', 'from A', 30),
    ])
    expect(diagnostics).toEqual([])
    const [a, b] = messages.map((message) => tools([message])[0]?.state.status)
    expect([a, b]).toEqual(['completed', 'running'])
  })
})

type Segment = { kind: 'text' | 'thinking'; text: string } | { kind: 'tool'; args: string }

function toDeltas(segments: Segment[], cut: (text: string, at: number) => string[]) {
  const out: ReturnType<typeof delta>[] = [delta(0, 'start', { modelId: 'm' })]
  const push = (kind: string, payload: Record<string, unknown>, ms: number) =>
    out.push(delta(out.length, kind, payload, ms))
  segments.forEach((segment, index) => {
    const ms = index * 1000
    if (segment.kind === 'tool') {
      push('tool_call_start', { toolCallId: `c${index}`, toolName: 'edit' }, ms)
      for (const piece of cut(segment.args, index))
        push('tool_call_args', { toolCallId: `c${index}`, argsTextDelta: piece }, ms)
      push('tool_call_end', { toolCallId: `c${index}` }, ms)
    } else {
      for (const piece of cut(segment.text, index)) push(segment.kind, { textDelta: piece }, ms)
    }
  })
  push('done', { finishReason: 'stop' }, segments.length * 1000)
  return out
}

const segment: fc.Arbitrary<Segment> = fc.oneof(
  fc.record({
    kind: fc.constantFrom('text' as const, 'thinking' as const),
    text: fc.string({ minLength: 1, maxLength: 40, unit: 'grapheme' }),
  }),
  fc.record({ kind: fc.constant('tool' as const), args: fc.json() }),
)

describe('properties', () => {
  it('the same stream cut into any chunking assembles to the same message', () => {
    fc.assert(
      fc.property(
        fc.array(segment, { minLength: 1, maxLength: 6 }),
        fc.array(fc.integer({ min: 1, max: 5 }), { minLength: 1, maxLength: 20 }),
        (segments, sizes) => {
          const whole = assembleDeltas(toDeltas(segments, (text) => [text]))
          const cut = (text: string, at: number) => {
            const pieces: string[] = []
            for (let i = 0, n = at; i < text.length; n += 1) {
              const size = sizes[n % sizes.length] as number
              pieces.push(text.slice(i, i + size))
              i += size
            }
            return pieces
          }
          const chunked = assembleDeltas(toDeltas(segments, cut))
          expect(chunked.message).toEqual(whole.message)
          expect(chunked.diagnostics.map((d) => d.code)).toEqual(whole.diagnostics.map((d) => d.code))
        },
      ),
      { numRuns: 150 },
    )
  })

  it('the concatenation of all text deltas equals the final text', () => {
    fc.assert(
      fc.property(fc.array(segment, { minLength: 1, maxLength: 8 }), (segments) => {
        const deltas = toDeltas(segments, (text) => text.match(/[^]{1,3}/g) ?? [])
        const { message } = assembleDeltas(deltas)
        const sent = deltas
          .filter((d) => d.kind === 'text')
          .map((d) => d.payload.textDelta)
          .join('')
        const shown = message.parts
          .filter((part): part is TextPart => part.type === 'text')
          .map((part) => part.text)
          .join('')
        expect(shown).toBe(sent)
      }),
      { numRuns: 150 },
    )
  })

  it('random garbage never throws', () => {
    const kinds = fc.constantFrom(
      'start',
      'text',
      'thinking',
      'tool_call_start',
      'tool_call_args',
      'tool_call_end',
      'usage',
      'done',
      'error',
      'other',
    )
    const noisy = fc.record(
      {
        runId: fc.oneof(fc.constant('r1'), fc.anything()),
        seq: fc.oneof(fc.integer({ min: -2, max: 12 }), fc.anything()),
        kind: kinds,
        payload: fc.anything(),
        timestamp: fc.anything(),
      },
      { requiredKeys: [] },
    )
    fc.assert(
      fc.property(fc.array(fc.oneof(noisy, fc.anything()), { maxLength: 25 }), (deltas) => {
        const result = assembleDeltas(deltas)
        expect(Array.isArray(result.message.parts)).toBe(true)
      }),
      { numRuns: 300 },
    )
  })
})
