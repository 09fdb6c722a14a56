import { describe, expect, it } from 'vitest'
import type { TextPart, ToolPart } from '../../../src/core/model/types'
import { validateTranscript } from '../../../src/core/validator'
import { fromOpenAIMessages } from '../../../src/protocols/openai'
import chat from '../../fixtures/openai/chat-completions.json'
import responses from '../../fixtures/openai/responses-input.json'

const codes = (list: readonly { code: string }[]) => list.map((d) => d.code)
const tools = (messages: { parts: { type: string }[] }[]) => messages.flatMap((message) => message.parts.filter((part): part is ToolPart => part.type === 'tool'))
const texts = (messages: { parts: { type: string }[] }[]) => messages.flatMap((message) => message.parts.filter((part): part is TextPart => part.type === 'text').map((part) => part.text))

describe('OpenAI Chat Completions messages', () => {
  const { messages, diagnostics } = fromOpenAIMessages(chat)

  it('pair tool calls with their role: tool results by tool_call_id, in any order', () => {
    expect(diagnostics).toEqual([])
    expect(tools(messages).map((part) => [part.callID, part.tool, part.state.status, part.state.input, part.state.status === 'completed' ? part.state.output : ''])).toEqual([
      ['call_Paris01', 'get_weather', 'completed', { location: 'Paris, France', unit: 'celsius' }, '{"temperature":14,"sky":"cloudy"}'],
      ['call_Oslo02', 'get_weather', 'completed', { location: 'Oslo, Norway', unit: 'celsius' }, '{"temperature":-3,"sky":"snow"}'],
    ])
  })

  it('show no "null" for content: null, keep the developer text muted and the image as a file', () => {
    expect(texts(messages)).not.toContain('null')
    expect(messages.map((message) => message.info.role)).toEqual(['user', 'user', 'assistant', 'assistant'])
    expect(messages[0]).toMatchObject({ info: { metadata: { role: 'developer' } }, parts: [{ type: 'text', synthetic: true }] })
    expect(messages[1]?.parts).toMatchObject([{ type: 'text' }, { type: 'file', mime: 'image/png' }])
    expect(messages[2]?.parts.map((part) => part.type)).toEqual(['tool', 'tool'])
    expect(validateTranscript(messages).filter((issue) => issue.severity === 'error')).toEqual([])
  })
})

describe('Responses API items', () => {
  const { messages, diagnostics } = fromOpenAIMessages(responses)

  it('group one turn’s reasoning and call into one assistant message, the answer after the output into the next', () => {
    expect(messages.map((message) => [message.info.role, message.parts.map((part) => part.type)])).toEqual([
      ['user', ['text']],
      ['user', ['text']],
      ['assistant', ['reasoning', 'tool']],
      ['assistant', ['unsupported', 'text']],
      ['user', ['text']],
    ])
    expect(tools(messages)[0]).toMatchObject({ callID: 'call_Tokyo03', state: { status: 'completed', input: { location: 'Tokyo, Japan' }, output: '{"temperature":22,"rain":true}' } })
    expect(messages[2]?.parts[0]).toMatchObject({ type: 'reasoning', text: 'The user wants current weather in Tokyo; call get_weather.', metadata: { id: 'rs_68a1', encrypted: true } })
    expect(codes(diagnostics)).toEqual(['UNSUPPORTED_ITEM'])
    expect(validateTranscript(messages).filter((issue) => issue.severity === 'error')).toEqual([])
  })

  it('keep a result with no call, arguments that are not JSON, and an unknown role, each reported', () => {
    const result = fromOpenAIMessages([
      { type: 'function_call_output', call_id: 'nope', output: 'orphan' },
      { role: 'assistant', content: null, tool_calls: [{ id: 'c1', type: 'function', function: { name: 'f', arguments: '{"a":' } }] },
      { role: 'robot', content: 'beep' },
      'junk',
    ])
    expect(codes(result.diagnostics)).toEqual(['ARGS_PARSE_FAILED', 'UNKNOWN_ROLE', 'BAD_MESSAGE', 'ORPHAN_TOOL_RESULT'])
    expect(tools(result.messages).map((part) => [part.callID, part.metadata])).toEqual([
      ['nope', { orphan: true }],
      ['c1', { rawArgsText: '{"a":', argsParseFailed: true }],
    ])
    expect(texts(result.messages)).toContain('beep')
    expect(codes(fromOpenAIMessages({}).diagnostics)).toEqual(['BAD_MESSAGES'])
  })
})
