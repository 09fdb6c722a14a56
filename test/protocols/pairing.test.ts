// The one pairing policy every converter shares, through the neovate conversation (the protocol
// with results in messages of their own) and the pairing module itself.
import { describe, expect, it } from 'vitest'
import { assistantInfo, toolPart, runningState, toolResult } from '../../src/core/build'
import type { ToolPart } from '../../src/core/model/types'
import { DiagnosticSink } from '../../src/protocols/diagnostics'
import { Conversation } from '../../src/protocols/pairing'
import { createToolMessage2Stream, fromToolMessage2 } from '../../src/protocols/toolmessage2'

const call = (id: string) => ({
  role: 'assistant',
  uuid: `a_${id}`,
  content: [{ type: 'tool_use', id, name: 'ls', input: {} }],
})
const result = (id: string, text: string, uuid = `t_${id}_${text}`) => ({
  role: 'tool',
  uuid,
  content: [{ type: 'tool-result', toolCallId: id, toolName: 'ls', input: {}, result: { llmContent: text } }],
})
const tools = (messages: { parts: { type: string }[] }[]) =>
  messages.flatMap((message) => message.parts).filter((part): part is ToolPart => part.type === 'tool')
const codes = (list: { code: string }[]) => list.map((d) => d.code)

describe('the pairing policy', () => {
  it('a result completes the open call of its id', () => {
    const { messages, diagnostics } = fromToolMessage2([call('c1'), result('c1', 'a.txt')])
    expect(tools(messages)).toMatchObject([{ callID: 'c1', state: { status: 'completed', output: 'a.txt' } }])
    expect(diagnostics).toEqual([])
  })

  it('a second result for the same call is kept as its own orphan part, reported', () => {
    const { messages, diagnostics } = fromToolMessage2([call('c1'), result('c1', 'first'), result('c1', 'second')])
    expect(
      tools(messages).map((part) => [
        part.state.status === 'completed' && part.state.output,
        part.metadata?.orphan ?? false,
      ]),
    ).toEqual([
      ['first', false],
      ['second', true],
    ])
    expect(codes(diagnostics)).toEqual(['DUPLICATE_TOOL_RESULT'])
  })

  it('a result with no call is a visible orphan, reported once', () => {
    const { messages, diagnostics } = fromToolMessage2([call('c1'), result('zz', 'lost')])
    expect(tools(messages).map((part) => [part.callID, part.metadata?.orphan ?? false])).toEqual([
      ['c1', false],
      ['zz', true],
    ])
    expect(codes(diagnostics)).toEqual(['ORPHAN_TOOL_RESULT'])
  })

  it('read whole, a result that comes before its call joins the call, with a warning, and leaves no orphan', () => {
    const { messages, diagnostics } = fromToolMessage2([
      { role: 'assistant', uuid: 'a0', content: 'working' },
      result('c1', 'early'),
      call('c1'),
    ])
    expect(tools(messages)).toMatchObject([{ callID: 'c1', state: { status: 'completed', output: 'early' } }])
    expect(tools(messages)).toHaveLength(1)
    expect(codes(diagnostics)).toEqual(['RESULT_BEFORE_CALL'])
  })

  it('read whole, the placeholder an early result waited in is left out once the result joins its call', () => {
    const { messages, diagnostics } = fromToolMessage2([
      { role: 'user', uuid: 'u1', content: 'hi' },
      result('c1', 'early'),
      call('c1'),
    ])
    expect(messages.map((message) => [message.info.role, message.parts.length])).toEqual([
      ['user', 1],
      ['assistant', 1],
    ])
    expect(tools(messages)).toMatchObject([{ callID: 'c1', state: { status: 'completed', output: 'early' } }])
    expect(codes(diagnostics)).toEqual(['RESULT_BEFORE_CALL'])
  })

  it('read live, it shows at once as an orphan, then moves to its call when the call comes', () => {
    const live = createToolMessage2Stream({ sessionID: 's' })
    live.push({ role: 'assistant', uuid: 'a0', content: 'working' })
    const early = live.push(result('c1', 'early'))
    expect(early.ops).toMatchObject([{ op: 'upsertPart', part: { callID: 'c1', metadata: { orphan: true } } }])
    expect(codes(early.diagnostics)).toEqual(['ORPHAN_TOOL_RESULT'])
    const joined = live.push(call('c1'))
    expect(joined.ops.map((op) => op.op)).toContain('removePart')
    expect(joined.ops.find((op) => op.op === 'upsertPart' && op.part.type === 'tool')).toMatchObject({
      part: { callID: 'c1', state: { status: 'completed', output: 'early' } },
    })
    expect(codes(joined.diagnostics)).toEqual(['RESULT_BEFORE_CALL'])
  })

  it('an orphan with no assistant turn before it gets a placeholder assistant message where it came', () => {
    const { messages } = fromToolMessage2([
      { role: 'user', uuid: 'u1', content: 'hi' },
      result('zz', 'lost'),
      { role: 'user', uuid: 'u2', content: 'again' },
    ])
    expect(messages.map((message) => [message.info.role, message.info.metadata?.orphanResults ?? false])).toEqual([
      ['user', false],
      ['assistant', true],
      ['user', false],
    ])
  })

  it('pairs 2,000 calls with their 2,000 results by id', () => {
    const sink = new DiagnosticSink()
    const conversation = new Conversation('s', sink)
    const message = conversation.add({ info: assistantInfo({ id: 'm', sessionID: 's', created: 0 }), parts: [] })
    for (let i = 0; i < 2_000; i++)
      conversation.call(
        message,
        toolPart(
          { id: `p${i}`, sessionID: 's', messageID: 'm' },
          { callID: `c${i}`, tool: 'ls', state: runningState({ input: {}, start: 0 }) },
        ),
        [i],
      )
    for (let i = 0; i < 2_000; i++)
      conversation.result({
        callID: `c${i}`,
        orphanID: `o${i}`,
        path: [i],
        time: 1,
        state: (found) => toolResult({ input: found?.state.input ?? {}, start: 0, end: 1, output: `r${i}` }),
      })
    expect(
      tools(conversation.finish()).every(
        (part, i) => part.state.status === 'completed' && part.state.output === `r${i}`,
      ),
    ).toBe(true)
    expect(sink.list).toEqual([])
  })
})
