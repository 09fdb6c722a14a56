// The hostile inputs named in the hostile-input report, one by one: each converts without a throw,
// with a diagnostic, and keeps what it carried.
import { describe, expect, it } from 'vitest'
import type { ToolPart } from '../../src/core/model/types'
import { createAiSdkStream, fromUIMessages } from '../../src/protocols/aisdk'
import { fromChatMessages } from '../../src/protocols/chat'
import { assembleDeltas, fromDeltaMessages } from '../../src/protocols/delta'
import { InvalidDataError, safeJson } from '../../src/protocols/diagnostics'
import { fromMsgFile } from '../../src/protocols/msgfile'
import { fromToolMessage2 } from '../../src/protocols/toolmessage2'
import { builtInAdapters } from '../../src/protocols/adapters'
import { createChatStore } from '../../src/store/chatStore'
import { selectTranscript } from '../../src/store/chatStore'
import { sameContent } from '../../src/store/equal'
import { deeplyNested } from '../support/hostile'

const odd = { toString: 1, valueOf: null }
const codes = (list: readonly { code: string }[]) => list.map((d) => d.code)

describe('chat messages with fields of the wrong type', () => {
  it('reads metadata that is a string, toolCalls that are not a list or hold null, arguments that are objects', () => {
    const { messages, diagnostics } = fromChatMessages([
      { role: 'user', content: 'hi', metadata: 'a string' },
      { role: 'assistant', content: 'one call', toolCalls: { id: 'c1', name: 'grep', arguments: { pattern: 'x' } } },
      { role: 'assistant', content: 'two calls', toolCalls: [null, { id: 'c2', name: 'ls', arguments: '{}' }] },
    ])
    expect(messages[0]?.info.metadata).toEqual({ value: 'a string' })
    const tools = messages.flatMap((message) => message.parts).filter((part): part is ToolPart => part.type === 'tool')
    expect(tools.map((tool) => [tool.callID, tool.tool])).toEqual([
      ['c1', 'grep'],
      [expect.any(String), 'unknown'],
      ['c2', 'ls'],
    ])
    expect(tools[0]?.state.input).toEqual({ pattern: 'x' })
    // Arguments given as an object (not JSON text) are read as they are, without a diagnostic.
    expect(codes(diagnostics)).toEqual(['BAD_METADATA', 'BAD_TOOL_CALLS', 'BAD_TOOL_CALL', 'ARGS_PARSE_FAILED'])
  })

  it('reads ids and timestamps that are objects, and a time a Date cannot hold, as absent', () => {
    const { messages, diagnostics } = fromChatMessages([
      { role: 'user', content: 'hi', timestamp: 1e16 },
      { role: 'tool', content: 'out', toolCallId: odd, toolName: odd, timestamp: odd },
    ])
    expect(messages[0]?.info.time.created).toBe(0)
    expect(messages[1]?.parts[0]).toMatchObject({ type: 'tool', state: { status: 'completed', output: 'out' } })
    expect(codes(diagnostics)).toEqual(['BAD_TIME', 'BAD_TIME', 'BAD_FIELD', 'BAD_FIELD', 'ORPHAN_TOOL_RESULT'])
  })

  it('keeps a message with no role, and shows no "null" for OpenAI content: null', () => {
    const { messages, diagnostics } = fromChatMessages([
      { content: 'who said this?' },
      { role: 'assistant', content: null },
    ])
    expect(messages[0]?.parts[0]).toMatchObject({ type: 'text', text: 'who said this?' })
    expect(JSON.stringify(messages)).not.toContain('null')
    expect(codes(diagnostics)).toEqual(['BAD_MESSAGE'])
  })
})

describe('other converters', () => {
  it('msgfile: a Message File that is not text is a diagnostic', () => {
    expect(codes(fromMsgFile({} as unknown as string).diagnostics)[0]).toBe('BAD_INPUT')
    expect(() => fromMsgFile({} as unknown as string, { strict: true })).toThrow(InvalidDataError)
  })

  it('toolmessage2 and delta messages: values whose toString is not a function are read, not called', () => {
    expect(() =>
      fromToolMessage2([
        { role: odd, uuid: odd, content: [{ type: odd }] },
        { role: 'assistant', content: [{ type: odd }] },
      ]),
    ).not.toThrow()
    const delta = fromDeltaMessages([{ runId: odd, role: odd, parts: [{ kind: 'text', payload: { text: 'kept' } }] }])
    expect(delta.messages[0]?.parts[0]).toMatchObject({ type: 'text', text: 'kept' })
    expect(codes(delta.diagnostics)).toContain('UNKNOWN_ROLE')
  })

  it.each(['__proto__', 'constructor', 'toString', 'hasOwnProperty'])(
    'delta: a tool call with id %s streams like any other',
    (id) => {
      const at = (seq: number, kind: string, payload: object) => ({ runId: 'r', seq, kind, payload })
      const run = assembleDeltas([
        at(1, 'start', {}),
        at(2, 'tool_call_start', { toolCallId: id, toolName: id }),
        at(3, 'tool_call_args', { toolCallId: id, argsTextDelta: '{"a":1}' }),
        at(4, 'tool_call_end', { toolCallId: id }),
        at(5, 'done', { finishReason: 'stop' }),
      ])
      expect(run.diagnostics).toEqual([])
      expect(run.message.parts[1]).toMatchObject({
        type: 'tool',
        callID: id,
        tool: id,
        state: { status: 'running', input: { a: 1 } },
      })
      expect(Object.getPrototypeOf({})).toBe(Object.prototype)
    },
  )

  it('delta: a repeated seq with another delta is applied and reported; the same delta again is a retransmission', () => {
    const at = (seq: number, text: string) => ({ runId: 'r', seq, kind: 'text', payload: { textDelta: text } })
    const run = assembleDeltas([{ runId: 'r', seq: 1, kind: 'start', payload: {} }, at(2, 'a'), at(2, 'a'), at(2, 'b')])
    expect(run.message.parts[1]).toMatchObject({ type: 'text', text: 'ab' })
    expect(codes(run.diagnostics)).toEqual(['SEQ_CONFLICT'])
  })

  it.each([
    ['chat', (input: unknown) => fromChatMessages(input)],
    ['toolmessage2', (input: unknown) => fromToolMessage2(input)],
    ['delta messages', (input: unknown) => fromDeltaMessages(input)],
  ])('%s: input nested 5,000 deep is cut with TOO_DEEP, not a stack overflow', (_name, convert) => {
    const result = convert([deeplyNested(5_000)])
    expect(codes(result.diagnostics)).toContain('TOO_DEEP')
  })
})

describe('the store', () => {
  it('compares values nested 10,000 deep without overflowing the stack', () => {
    expect(sameContent(deeplyNested(10_000), deeplyNested(10_000))).toBe(false)
    expect(sameContent(deeplyNested(50), deeplyNested(50))).toBe(true)
  })

  it('honours strict on a delta run that started without it, and then changes nothing', () => {
    const store = createChatStore({ adapters: builtInAdapters, coalesce: false })
    store.getState().ingest('delta', { runId: 'r', seq: 1, kind: 'start', payload: {} })
    store.getState().ingest('delta', { runId: 'r', seq: 2, kind: 'text', payload: { textDelta: 'ok' } })
    const before = store.getState()
    expect(() =>
      store.getState().ingest('delta', { runId: 'r', seq: 3, kind: 'text', payload: {} }, { strict: true }),
    ).toThrow(InvalidDataError)
    expect(store.getState().parts).toBe(before.parts)
    store.getState().ingest('delta', { runId: 'r', seq: 3, kind: 'text', payload: { textDelta: '!' } })
    expect(selectTranscript(store.getState())[0]?.parts[1]).toMatchObject({ text: 'ok!' })
  })

  it('reports a direct write whose ids are not text, and ignores it', () => {
    const store = createChatStore({ adapters: builtInAdapters, coalesce: false })
    store.getState().upsertPart({ id: odd, messageID: 'm', sessionID: 's', type: 'text', text: 'x' } as never)
    store.getState().appendPartDelta('m', 'p', 'text', odd as never)
    expect(store.getState().parts.size).toBe(0)
    expect(store.getState().diagnostics.map((d) => [d.protocol, d.code])).toEqual([
      ['write', 'BAD_WRITE'],
      ['write', 'BAD_WRITE'],
    ])
  })
})

describe('a field named __proto__ from the wire', () => {
  // JSON.parse makes "__proto__" an own key; copied with `object[key] = value` it would set the
  // copy's prototype instead, and what it held would vanish without a diagnostic.
  const text = 'a text under a key named __proto__'
  const parsed = (json: string): unknown => JSON.parse(json)

  it('is kept as an own entry, with what it holds, by every converter that copies fields it does not know', () => {
    const tool = fromUIMessages(
      parsed(
        `[{"id":"m","role":"assistant","parts":[{"type":"tool-x","toolCallId":"c","state":"output-available","input":{},"output":"ok","__proto__":{"text":"${text}"}}]}]`,
      ),
    )
    expect(safeJson(tool.messages)).toContain(text)
    const streamed = createAiSdkStream({ clock: () => 0 })
    const ops = [
      { type: 'start', messageId: 'm' },
      parsed(`{"type":"message-metadata","messageMetadata":{"__proto__":{"note":"${text}"}}}`),
    ].flatMap((chunk) => streamed.push(chunk).ops)
    expect(safeJson(ops.at(-1))).toContain(text)
    const frontmatter = fromMsgFile(`---\n__proto__: ${text}\n---\n\n# %% [user]\n\nhi\n`)
    expect(safeJson(frontmatter)).toContain(text)
    const typed = fromChatMessages(parsed(`[{"role":"user","content":"hi","__proto__":{"content":"${text}"}}]`))
    expect(safeJson(typed.messages) + safeJson(typed.diagnostics)).toContain('__proto__')
    // Nothing was polluted on the way.
    expect(({} as Record<string, unknown>).text).toBeUndefined()
    expect(({} as Record<string, unknown>).note).toBeUndefined()
  })
})
