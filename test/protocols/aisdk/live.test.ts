import { describe, expect, it } from 'vitest'
import type { ToolPart, WithParts } from '../../../src/core/model/types'
import { applyOps, emptyTranscript, toMessages } from '../../../src/core/transcript'
import { validateTranscript } from '../../../src/core/validator'
import { aiSdkAdapter, createAiSdkStream, fromUIMessages } from '../../../src/protocols/aisdk'
import { createChatStore, selectTranscript } from '../../../src/store'
import streams from '../../fixtures/aisdk/ui-message-streams.json'
import { replayAiSdk } from '../../support/converters'

type Recorded = {
  name: string
  chunks: unknown[]
  lastMessage?: { id: string; role: string; parts: unknown[]; metadata?: unknown }
  final?: { id?: string; role?: string; parts: unknown[]; metadata?: unknown }
}
const recorded = streams as Recorded[]
const codes = (list: readonly { code: string }[]) => list.map((d) => d.code)
const errors = (messages: unknown) => validateTranscript(messages).filter((issue) => issue.severity === 'error')

/** A recorded stream read as an app would: the message it continues ingested whole, then each chunk. */
function throughStore(stream: Recorded) {
  const store = createChatStore({ adapters: { aisdk: aiSdkAdapter } })
  const options = { sessionID: 'ses_test', clock: () => 0 }
  if (stream.lastMessage) store.getState().ingest(aiSdkAdapter, [stream.lastMessage], options)
  for (const chunk of stream.chunks) store.getState().ingest(aiSdkAdapter, chunk, options)
  store.getState().flush()
  return store
}

describe('the AI SDK’s recorded UI message streams', () => {
  for (const stream of recorded) {
    it(`${stream.name}: read chunk by chunk, valid, and the same as the SDK's own final message read whole`, () => {
      const store = throughStore(stream)
      const messages = selectTranscript(store.getState()) as WithParts[]
      expect(errors(messages)).toEqual([])
      if (!stream.final) return
      const streamed = messages.at(-1)
      expect(streamed).toBeDefined()
      // The SDK's final message, under the id the stream gave it, read whole by the other converter.
      const final = { role: 'assistant', ...stream.final, id: streamed?.info.id }
      const whole = fromUIMessages([final], { sessionID: 'ses_test' })
      expect(whole.diagnostics).toEqual([])
      expect(streamed?.parts).toEqual(whole.messages[0]?.parts)
      if (stream.final.metadata !== undefined) expect(streamed?.info.metadata).toEqual(stream.final.metadata)
    })
  }

  it('every stream read through one session reports nothing but what is wrong in it', () => {
    const wrong = recorded.filter(
      (stream) =>
        stream.name.startsWith('malformed') || stream.name === 'errors' || stream.name.includes('tool input error'),
    )
    for (const stream of recorded) {
      if (wrong.includes(stream) || stream.lastMessage) continue
      expect(replayAiSdk(stream.chunks).diagnostics, stream.name).toEqual([])
    }
  })
})

const chunks = (name: string) => recorded.find((stream) => stream.name === name)?.chunks ?? []
const toolOf = (messages: WithParts[]) =>
  messages.flatMap((message) => message.parts).find((part): part is ToolPart => part.type === 'tool')

describe('chunks', () => {
  it('text streams as appends the store can join, and the message ends idle', () => {
    const session = createAiSdkStream({ clock: () => 5 })
    const ops = chunks('text').flatMap((chunk) => session.push(chunk).ops)
    expect(ops.filter((op) => op.op === 'appendPartDelta').length).toBeGreaterThan(1)
    expect(ops.filter((op) => op.op === 'setStatus').map((op) => op.op === 'setStatus' && op.status)).toEqual([
      'streaming',
      'idle',
    ])
  })

  it('a tool waiting for approval runs with a requested approval; the answer and a denial land on it', () => {
    const requested = replayAiSdk(chunks('tool approval requests (static tool)'))
    expect(toolOf(requested.messages)).toMatchObject({
      tool: 'tool1',
      state: { status: 'running', input: { value: 'value' } },
      approval: { id: 'id-1', status: 'requested', choices: ['once', 'reject'] },
    })
    const session = createAiSdkStream({ clock: () => 0 })
    const all = [
      ...chunks('tool approval requests (static tool)'),
      { type: 'start' },
      { type: 'tool-approval-response', approvalId: 'id-1', approved: false, reason: 'not today' },
      { type: 'tool-output-denied', toolCallId: 'call-1' },
      { type: 'finish' },
    ]
    const results = all.map((chunk) => session.push(chunk))
    expect(results.flatMap((result) => result.diagnostics)).toEqual([])
    const last = results
      .flatMap((result) => result.ops)
      .filter((op) => op.op === 'upsertPart' && op.part.type === 'tool')
      .at(-1)
    expect(last).toMatchObject({
      part: {
        state: { status: 'error', error: 'Denied: not today' },
        approval: { status: 'denied', choice: 'reject', reason: 'not today' },
      },
    })
    // The stream after the approval continued the same message.
    expect(
      new Set(results.flatMap((result) => result.ops).flatMap((op) => (op.op === 'upsertMessage' ? [op.info.id] : [])))
        .size,
    ).toBe(1)
  })

  it('a data part with an id is replaced by the next one with that id; a transient one is not kept', () => {
    const replaced = replayAiSdk(chunks('data ui parts (single part with id and merge update)'))
    expect(replaced.messages[0]?.parts.filter((part) => part.type === 'data')).toMatchObject([
      { name: 'test', data: { b: 'b2', c: 'c2' } },
    ])
    const transient = replayAiSdk(chunks('data ui parts (transient part)'))
    expect(transient.messages[0]?.parts.filter((part) => part.type === 'data')).toEqual([])
  })

  it('sources become source parts', () => {
    const { messages } = replayAiSdk(chunks('sources'))
    expect(messages[0]?.parts.filter((part) => part.type === 'source')).toMatchObject([
      { sourceID: 'source-id', source: { kind: 'url', url: 'https://example.com', title: 'Example' } },
    ])
  })

  it('a retried step takes back what it wrote and keeps the retry', () => {
    const { messages } = replayAiSdk(chunks('reset-step'))
    const tools = messages[0]?.parts.filter((part): part is ToolPart => part.type === 'tool')
    expect(tools?.map((tool) => tool.callID)).toEqual(['retried-tool'])
    expect(messages[0]?.parts.map((part) => part.type)).toEqual(['step-start', 'text', 'step-start', 'tool'])
  })

  it('an error lands on the message and stops the transcript; an abort ends it', () => {
    const failed = createAiSdkStream({ clock: () => 0 })
    const ops = [
      { type: 'start' },
      { type: 'text-start', id: 't' },
      { type: 'error', errorText: 'Rate limited' },
    ].flatMap((chunk) => failed.push(chunk).ops)
    expect(ops.at(-1)).toMatchObject({ op: 'setStatus', status: 'error', error: { data: { message: 'Rate limited' } } })
    const aborted = replayAiSdk([
      { type: 'start' },
      { type: 'text-start', id: 't' },
      { type: 'text-delta', id: 't', delta: 'Half' },
      { type: 'abort', reason: 'user stop' },
    ])
    expect(aborted.messages[0]?.info).toMatchObject({
      error: { name: 'MessageAbortedError', data: { message: 'user stop' } },
    })
  })

  it('usage, cost and model come from the message metadata', () => {
    const { messages } = replayAiSdk([
      {
        type: 'start',
        messageId: 'm1',
        messageMetadata: { createdAt: '2026-11-01T10:00:00.000Z', model: 'openai/gpt-5' },
      },
      {
        type: 'finish',
        messageMetadata: {
          totalUsage: {
            inputTokens: 120,
            outputTokens: 40,
            totalTokens: 160,
            inputTokenDetails: { cacheReadTokens: 20 },
            outputTokenDetails: { reasoningTokens: 10 },
          },
          cost: 0.0012,
        },
      },
    ])
    expect(messages[0]?.info).toMatchObject({
      id: 'm1',
      modelID: 'gpt-5',
      providerID: 'openai',
      cost: 0.0012,
      tokens: { input: 100, output: 30, reasoning: 10, cache: { read: 20, write: 0 }, total: 160 },
      time: { created: Date.parse('2026-11-01T10:00:00.000Z') },
    })
  })

  it('adds up usage and cost over the requests of a message continued after an approval', () => {
    const usage = (input: number, output: number) => ({
      inputTokens: input,
      outputTokens: output,
      totalTokens: input + output,
    })
    const { messages } = replayAiSdk([
      { type: 'start', messageId: 'm1' },
      { type: 'tool-input-available', toolCallId: 'c1', toolName: 'deleteFile', input: { path: 'a' } },
      { type: 'tool-approval-request', approvalId: 'a1', toolCallId: 'c1' },
      { type: 'finish', finishReason: 'tool-calls', messageMetadata: { totalUsage: usage(1200, 500), cost: 0.01 } },
      // The answer went back: the second request continues the same message.
      { type: 'start', messageMetadata: { createdAt: 1 } },
      { type: 'tool-output-available', toolCallId: 'c1', output: 'deleted' },
      { type: 'text-start', id: 't' },
      { type: 'text-delta', id: 't', delta: 'Done.' },
      { type: 'finish', finishReason: 'stop', messageMetadata: { totalUsage: usage(3000, 50), cost: 0.02 } },
    ])
    expect(messages).toHaveLength(1)
    expect(messages[0]?.info).toMatchObject({ tokens: { input: 4200, output: 550, total: 4750 } })
    expect((messages[0]?.info as { cost: number }).cost).toBeCloseTo(0.03)
  })

  it('keeps the parent of a message it continues, and gives a new one the last user message as parent', () => {
    const session = createAiSdkStream({ clock: () => 0, sessionID: 's' })
    session.seed([
      { id: 'u1', role: 'user', parts: [{ type: 'text', text: 'Delete it' }] },
      {
        id: 'a1',
        role: 'assistant',
        parts: [
          {
            type: 'tool-deleteFile',
            toolCallId: 'c1',
            state: 'approval-responded',
            input: {},
            approval: { id: 'p1', approved: true },
          },
        ],
      },
    ])
    const continued = session.push({ type: 'start' }).ops.find((op) => op.op === 'upsertMessage')
    expect(continued).toMatchObject({ info: { id: 'a1', parentID: 'u1' } })
    const asked = createAiSdkStream({ clock: () => 0, sessionID: 's' })
    asked.seed([{ id: 'u1', role: 'user', parts: [{ type: 'text', text: 'Hi' }] }])
    const fresh = asked.push({ type: 'start', messageId: 'a2' }).ops.find((op) => op.op === 'upsertMessage')
    expect(fresh).toMatchObject({ info: { id: 'a2', parentID: 'u1' } })
  })

  it('times come from the metadata the app sends, as for the same message read whole, not from the clock', () => {
    const createdAt = '2026-11-01T10:00:00.000Z'
    const completedAt = Date.parse('2026-11-01T10:00:07.500Z')
    const chunks = [
      { type: 'start', messageId: 'm1', messageMetadata: { createdAt } },
      { type: 'text-start', id: 't' },
      { type: 'text-delta', id: 't', delta: 'Done.' },
      { type: 'text-end', id: 't' },
      { type: 'finish', finishReason: 'stop', messageMetadata: { completedAt } },
    ]
    // A clock a day later than the metadata: the stream is read back from a log, say.
    const session = createAiSdkStream({ clock: () => completedAt + 86_400_000, sessionID: 'ses_t' })
    const streamed = toMessages(
      applyOps(
        emptyTranscript(),
        chunks.flatMap((chunk) => session.push(chunk).ops),
      ),
    )[0]
    const whole = fromUIMessages(
      [
        {
          id: 'm1',
          role: 'assistant',
          metadata: { createdAt, completedAt },
          parts: [{ type: 'text', text: 'Done.', state: 'done' }],
        },
      ],
      { sessionID: 'ses_t' },
    ).messages[0]
    expect(streamed?.info.time).toEqual({ created: Date.parse(createdAt), completed: completedAt })
    expect(streamed?.info).toEqual({ ...whole?.info, finish: 'stop' })
  })

  it('reads what ai 7 added: reasoning files, automatic approvals, provider references, the fields of its chunks', () => {
    const chunks = [
      { type: 'start', messageId: 'm7' },
      { type: 'reasoning-file', url: 'https://files.example/plan.png', mediaType: 'image/png' },
      {
        type: 'tool-input-start',
        toolCallId: 'c1',
        toolName: 'search',
        inputEncoding: 'json',
        toolMetadata: { server: 'docs' },
      },
      { type: 'tool-input-available', toolCallId: 'c1', toolName: 'search', input: { q: 'x' } },
      {
        type: 'tool-approval-request',
        approvalId: 'a1',
        toolCallId: 'c1',
        isAutomatic: true,
        reason: 'allowed by policy',
        approvalDescriptor: { scope: 'read' },
        inputSchemaInput: { q: 'x' },
      },
      { type: 'tool-approval-response', approvalId: 'a1', approved: true, providerExecuted: false },
      {
        type: 'tool-output-available',
        toolCallId: 'c1',
        output: 'found',
        toolMetadata: { server: 'docs' },
        providerMetadata: { p: { n: 1 } },
      },
      { type: 'custom', kind: 'acme.widget', providerMetadata: { acme: { id: 1 } } },
      { type: 'finish' },
    ]
    const { messages, diagnostics } = replayAiSdk(chunks)
    expect(diagnostics).toEqual([])
    const parts = messages[0]?.parts ?? []
    expect(parts.find((part) => part.type === 'file')).toMatchObject({
      reasoning: true,
      url: 'https://files.example/plan.png',
      mime: 'image/png',
    })
    expect(toolOf(messages)).toMatchObject({
      approval: { id: 'a1', status: 'approved', automatic: true },
      metadata: { toolMetadata: { server: 'docs' }, approvalDescriptor: { scope: 'read' }, approvalInput: { q: 'x' } },
    })
    expect(parts.find((part) => part.type === 'unsupported')).toMatchObject({
      originalType: 'custom',
      original: { kind: 'acme.widget' },
    })
    // Read whole, the same parts say the same.
    const whole = fromUIMessages([
      {
        id: 'w',
        role: 'assistant',
        parts: [
          { type: 'reasoning-file', url: 'https://files.example/plan.png', mediaType: 'image/png' },
          {
            type: 'file',
            url: 'https://files.example/a.pdf',
            mediaType: 'application/pdf',
            providerReference: { openai: 'file_1' },
          },
          {
            type: 'tool-search',
            toolCallId: 'c1',
            state: 'approval-requested',
            input: {},
            approval: { id: 'a1', isAutomatic: true },
          },
        ],
      },
    ])
    expect(whole.diagnostics).toEqual([])
    expect(whole.messages[0]?.parts).toMatchObject([
      { type: 'file', reasoning: true },
      { type: 'file', metadata: { providerReference: { openai: 'file_1' } } },
      { type: 'tool', approval: { status: 'approved', automatic: true } },
    ])
    expect(whole.messages[0]?.parts[1]).not.toHaveProperty('reasoning')
  })

  it("says that the SDK's default error text hides the cause, and marks the failure so", () => {
    const { messages, diagnostics } = replayAiSdk([
      { type: 'start', messageId: 'm' },
      { type: 'error', errorText: 'An error occurred.' },
    ])
    expect(diagnostics.map((d) => d.code)).toEqual(['MASKED_ERROR'])
    expect(messages[0]?.info).toMatchObject({
      error: { name: 'UnknownError', data: { message: 'An error occurred.', masked: true } },
    })
    expect(
      replayAiSdk([
        { type: 'start', messageId: 'm' },
        { type: 'error', errorText: 'Rate limited' },
      ]).diagnostics,
    ).toEqual([])
  })

  it('reads server-sent-event text, skips [DONE], reports an unknown chunk type once and bad data, and never throws', () => {
    const session = createAiSdkStream({ clock: () => 0 })
    const sse =
      'data: {"type":"start","messageId":"m"}\n\ndata: {"type":"text-start","id":"t"}\n\ndata: {"type":"text-delta","id":"t","delta":"Hi"}\n\n'
    expect(session.push(sse).ops.some((op) => op.op === 'appendPartDelta' && op.delta === 'Hi')).toBe(true)
    expect(session.push('data: [DONE]\n\n')).toEqual({ ops: [], diagnostics: [] })
    expect(codes(session.push({ type: 'x-new' }).diagnostics)).toEqual(['UNKNOWN_CHUNK'])
    expect(codes(session.push({ type: 'x-new' }).diagnostics)).toEqual([])
    // Bad data is reported once its event has ended (a line cut short may still be finished).
    expect(codes(session.push('data: {oops').diagnostics)).toEqual([])
    expect(codes(session.push('\n\n').diagnostics)).toEqual(['BAD_CHUNK'])
    expect(codes(session.push(42).diagnostics)).toEqual(['BAD_CHUNK'])
    expect(codes(session.push({ type: 'text-delta', id: 'zz', delta: 'kept' }).diagnostics)).toEqual([
      'UNKNOWN_PART_ID',
    ])
  })

  it('an output for a call that never started is shown as a call of tool "unknown"', () => {
    const { messages, diagnostics } = replayAiSdk([
      { type: 'start' },
      { type: 'tool-output-available', toolCallId: 'ghost', output: 'boo' },
    ])
    expect(codes(diagnostics)).toEqual(['UNKNOWN_TOOL_CALL'])
    expect(toolOf(messages)).toMatchObject({
      tool: 'unknown',
      callID: 'ghost',
      state: { status: 'completed', output: 'boo' },
    })
  })

  it('a chunk’s fields beyond the SDK’s schema are named; a call’s `_meta` is kept', () => {
    const { messages, diagnostics } = replayAiSdk([
      { type: 'start', messageId: 'm' },
      {
        type: 'tool-input-available',
        toolCallId: 'c',
        toolName: 'search',
        input: { q: 'x' },
        _meta: { server: 'docs' },
      },
      { type: 'text-start', id: 't' },
      { type: 'text-delta', id: 't', delta: 'hi', tokenLogprob: -0.1 },
      { type: 'data-progress', data: 1, colour: 'red' },
    ])
    expect(diagnostics.map((diagnostic) => [diagnostic.code, diagnostic.path])).toEqual([
      ['UNREAD_FIELD', ['tokenLogprob']],
      ['UNREAD_FIELD', ['colour']],
    ])
    expect(toolOf(messages)).toMatchObject({ metadata: { _meta: { server: 'docs' } } })
  })

  it('strict mode throws and leaves the session as it was', () => {
    const session = createAiSdkStream({ clock: () => 0 })
    session.push({ type: 'start', messageId: 'm' })
    expect(() =>
      session.push({ type: 'tool-output-available', toolCallId: 'ghost', output: 1 }, { strict: true }),
    ).toThrow()
    // The failed read opened no call: a later start of the same id is a fresh call.
    expect(
      codes(session.push({ type: 'tool-input-start', toolCallId: 'ghost', toolName: 'bash' }).diagnostics),
    ).toEqual([])
  })
})
