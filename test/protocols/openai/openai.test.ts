import { describe, expect, it } from 'vitest'
import type { TextPart, ToolPart } from '../../../src/core/model/types'
import { validateTranscript } from '../../../src/core/validator'
import { fromOpenAIMessages } from '../../../src/protocols/openai'
import chat from '../../fixtures/openai/chat-completions.json'
import responses from '../../fixtures/openai/responses-input.json'

const codes = (list: readonly { code: string }[]) => list.map((d) => d.code)
const tools = (messages: { parts: { type: string }[] }[]) =>
  messages.flatMap((message) => message.parts.filter((part): part is ToolPart => part.type === 'tool'))
const texts = (messages: { parts: { type: string }[] }[]) =>
  messages.flatMap((message) =>
    message.parts.filter((part): part is TextPart => part.type === 'text').map((part) => part.text),
  )

describe('OpenAI Chat Completions messages', () => {
  const { messages, diagnostics } = fromOpenAIMessages(chat)

  it('pair tool calls with their role: tool results by tool_call_id, in any order', () => {
    expect(diagnostics).toEqual([])
    expect(
      tools(messages).map((part) => [
        part.callID,
        part.tool,
        part.state.status,
        part.state.input,
        part.state.status === 'completed' ? part.state.output : '',
      ]),
    ).toEqual([
      [
        'call_Paris01',
        'get_weather',
        'completed',
        { location: 'Paris, France', unit: 'celsius' },
        '{"temperature":14,"sky":"cloudy"}',
      ],
      [
        'call_Oslo02',
        'get_weather',
        'completed',
        { location: 'Oslo, Norway', unit: 'celsius' },
        '{"temperature":-3,"sky":"snow"}',
      ],
    ])
  })

  it('show no "null" for content: null, keep the developer text muted and the image as a file', () => {
    expect(texts(messages)).not.toContain('null')
    expect(messages.map((message) => message.info.role)).toEqual(['user', 'user', 'assistant', 'assistant'])
    expect(messages[0]).toMatchObject({
      info: { metadata: { role: 'developer' } },
      parts: [{ type: 'text', synthetic: true }],
    })
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
    expect(tools(messages)[0]).toMatchObject({
      callID: 'call_Tokyo03',
      state: { status: 'completed', input: { location: 'Tokyo, Japan' }, output: '{"temperature":22,"rain":true}' },
    })
    expect(messages[2]?.parts[0]).toMatchObject({
      type: 'reasoning',
      text: 'The user wants current weather in Tokyo; call get_weather.',
      metadata: { id: 'rs_68a1', encrypted: true },
    })
    expect(codes(diagnostics)).toEqual(['UNSUPPORTED_ITEM'])
    expect(validateTranscript(messages).filter((issue) => issue.severity === 'error')).toEqual([])
  })

  it('keep a result with no call, arguments that are not JSON, and an unknown role, each reported', () => {
    const result = fromOpenAIMessages([
      { type: 'function_call_output', call_id: 'nope', output: 'orphan' },
      {
        role: 'assistant',
        content: null,
        tool_calls: [{ id: 'c1', type: 'function', function: { name: 'f', arguments: '{"a":' } }],
      },
      { role: 'robot', content: 'beep' },
      'junk',
    ])
    expect(codes(result.diagnostics)).toEqual([
      'ARGS_PARSE_FAILED',
      'UNKNOWN_ROLE',
      'BAD_MESSAGE',
      'ORPHAN_TOOL_RESULT',
    ])
    expect(tools(result.messages).map((part) => [part.callID, part.metadata])).toEqual([
      ['nope', { orphan: true }],
      ['c1', { rawArgsText: '{"a":', argsParseFailed: true }],
    ])
    expect(texts(result.messages)).toContain('beep')
    expect(codes(fromOpenAIMessages({}).diagnostics)).toEqual(['BAD_MESSAGES'])
  })
})

describe('what the wire carries beyond the text', () => {
  it('cited web pages and files become source parts after the text, once each', () => {
    const { messages, diagnostics } = fromOpenAIMessages([
      {
        role: 'assistant',
        content: 'Tokyo is wet today.',
        annotations: [
          {
            type: 'url_citation',
            url_citation: {
              start_index: 0,
              end_index: 5,
              url: 'https://weather.example/tokyo',
              title: 'Tokyo weather',
            },
          },
          {
            type: 'url_citation',
            url_citation: {
              start_index: 6,
              end_index: 9,
              url: 'https://weather.example/tokyo',
              title: 'Tokyo weather',
            },
          },
        ],
      },
      {
        type: 'message',
        role: 'assistant',
        content: [
          {
            type: 'output_text',
            text: 'Per the report, rain.',
            annotations: [
              { type: 'url_citation', start_index: 0, end_index: 3, url: 'https://news.example/rain', title: 'Rain' },
              { type: 'file_citation', index: 4, file_id: 'file-9', filename: 'report.pdf' },
              { type: 'file_path', index: 5, file_id: 'file-10' },
            ],
          },
        ],
      },
    ])
    // A file_path annotation names a file by id only: not shown, so named.
    expect(diagnostics.map((diagnostic) => [diagnostic.code, diagnostic.path])).toEqual([
      ['UNREAD_FIELD', [1, 'content', 0, 'annotations', 2]],
    ])
    // The Responses item goes on with the assistant message before it, as items of one turn do.
    expect(
      messages.map((message) => message.parts.map((part) => (part.type === 'source' ? part.source : part.type))),
    ).toEqual([
      [
        'text',
        { kind: 'url', url: 'https://weather.example/tokyo', title: 'Tokyo weather' },
        'text',
        { kind: 'url', url: 'https://news.example/rain', title: 'Rain' },
        { kind: 'document', mime: 'application/octet-stream', title: 'report.pdf', filename: 'report.pdf' },
      ],
    ])
    expect(validateTranscript(messages).filter((issue) => issue.severity === 'error')).toEqual([])
  })

  it('a legacy function_call pairs with the function message of its name', () => {
    const { messages, diagnostics } = fromOpenAIMessages([
      { role: 'assistant', content: null, function_call: { name: 'get_time', arguments: '{"zone":"UTC"}' } },
      { role: 'function', name: 'get_time', content: '12:00' },
    ])
    expect(codes(diagnostics)).toEqual(['LEGACY_FUNCTION'])
    expect(
      tools(messages).map((part) => [
        part.tool,
        part.state.input,
        part.state.status === 'completed' ? part.state.output : part.state.status,
      ]),
    ).toEqual([['get_time', { zone: 'UTC' }, '12:00']])
  })

  it('fields OpenAI does not define are named, where they are, and not shown; ids, statuses and logprobs are the API’s own', () => {
    const { messages, diagnostics } = fromOpenAIMessages([
      { role: 'user', content: [{ type: 'text', text: 'hi', cache_hint: 'x' }], tenant: 'acme' },
      { type: 'function_call', id: 'fc_1', status: 'completed', call_id: 'c1', name: 'f', arguments: '{}', trace: 't' },
      {
        type: 'message',
        id: 'msg_1',
        status: 'completed',
        role: 'assistant',
        content: [{ type: 'output_text', text: 'ok', annotations: [], logprobs: [] }],
      },
      { type: 'reasoning', id: 'rs_1', summary: 'a summary given as text' },
    ])
    expect(diagnostics.map((diagnostic) => [diagnostic.code, diagnostic.path])).toEqual([
      ['UNREAD_FIELD', [0, 'tenant']],
      ['UNREAD_FIELD', [0, 'content', 0, 'cache_hint']],
      ['UNREAD_FIELD', [1, 'trace']],
    ])
    expect(messages.at(-1)?.parts.at(-1)).toMatchObject({ type: 'reasoning', text: 'a summary given as text' })
  })
})
