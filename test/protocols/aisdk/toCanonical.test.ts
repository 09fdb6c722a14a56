import { describe, expect, it } from 'vitest'
import type { ToolPart } from '../../../src/core/model/types'
import { validateTranscript } from '../../../src/core/validator'
import { fromUIMessages } from '../../../src/protocols/aisdk'
import { aiSdkMessages } from '../../support/converters'

const codes = (list: readonly { code: string }[]) => list.map((d) => d.code)
const tool = (state: Record<string, unknown>, type = 'tool-getWeather') => ({
  id: 'a1',
  role: 'assistant',
  parts: [{ type, toolCallId: 'c1', ...state }],
})
const toolOf = (input: unknown) => fromUIMessages([input]).messages[0]?.parts[0] as ToolPart

describe('UIMessage[] into canonical messages', () => {
  it('reads the SDK’s recorded messages into valid ones, each part in its place', () => {
    const { messages } = fromUIMessages(aiSdkMessages)
    expect(validateTranscript(messages).filter((issue) => issue.severity === 'error')).toEqual([])
    expect(messages).toHaveLength(aiSdkMessages.length)
    const types = new Set(messages.flatMap((message) => message.parts.map((part) => part.type)))
    expect([...types].sort()).toEqual(['data', 'file', 'reasoning', 'step-start', 'text', 'tool'])
  })

  it('maps every tool state of v5 and v6', () => {
    const input = { city: 'Paris' }
    expect(toolOf(tool({ state: 'input-streaming', input: { city: 'Pa' } })).state).toMatchObject({
      status: 'pending',
      input: { city: 'Pa' },
    })
    expect(toolOf(tool({ state: 'input-available', input })).state).toMatchObject({ status: 'running', input })
    expect(toolOf(tool({ state: 'approval-requested', input, approval: { id: 'ap1' } }))).toMatchObject({
      state: { status: 'running' },
      approval: { id: 'ap1', status: 'requested' },
    })
    expect(toolOf(tool({ state: 'approval-responded', input, approval: { id: 'ap1', approved: true } }))).toMatchObject(
      { approval: { status: 'approved', choice: 'once' } },
    )
    expect(toolOf(tool({ state: 'output-available', input, output: { temp: 21 } })).state).toMatchObject({
      status: 'completed',
      output: '{\n  "temp": 21\n}',
    })
    expect(toolOf(tool({ state: 'output-error', input, errorText: 'API down' })).state).toMatchObject({
      status: 'error',
      error: 'API down',
    })
    expect(
      toolOf(tool({ state: 'output-denied', input, approval: { id: 'ap1', approved: false, reason: 'no' } })),
    ).toMatchObject({
      state: { status: 'error' },
      approval: { status: 'denied', reason: 'no' },
    })
    expect(toolOf(tool({ state: 'output-available', input, output: 'ok' }, 'dynamic-tool'))).toMatchObject({
      tool: 'unknown',
    })
    expect(
      toolOf({
        ...tool({ state: 'output-available', input, output: 'ok' }, 'dynamic-tool'),
        parts: [
          {
            type: 'dynamic-tool',
            toolName: 'mcp_search',
            toolCallId: 'c',
            state: 'output-available',
            input,
            output: 'ok',
          },
        ],
      }),
    ).toMatchObject({ tool: 'mcp_search' })
  })

  it('reads v4 tool invocations', () => {
    const part = toolOf({
      id: 'a',
      role: 'assistant',
      parts: [
        {
          type: 'tool-invocation',
          toolInvocation: {
            state: 'result',
            toolCallId: 'c9',
            toolName: 'search',
            args: { q: 'x' },
            result: ['a', 'b'],
          },
        },
      ],
    })
    expect(part).toMatchObject({ tool: 'search', callID: 'c9', state: { status: 'completed', input: { q: 'x' } } })
  })

  it('keeps a system message as muted text of a user message that remembers its role, and an unknown role too', () => {
    const { messages, diagnostics } = fromUIMessages([
      { id: 's', role: 'system', parts: [{ type: 'text', text: 'Be brief.' }] },
      { id: 'r', role: 'robot', parts: [{ type: 'text', text: 'beep' }] },
    ])
    expect(messages[0]).toMatchObject({
      info: { role: 'user', metadata: { role: 'system' } },
      parts: [{ type: 'text', text: 'Be brief.', synthetic: true }],
    })
    expect(messages[1]).toMatchObject({
      info: { role: 'user', metadata: { role: 'robot' } },
      parts: [{ text: 'beep' }],
    })
    expect(codes(diagnostics)).toEqual(['UNKNOWN_ROLE'])
  })

  it('sources, data, custom and unknown parts are kept', () => {
    const { messages, diagnostics } = fromUIMessages([
      {
        id: 'a',
        role: 'assistant',
        parts: [
          {
            type: 'source-document',
            sourceId: 'd1',
            mediaType: 'application/pdf',
            title: 'Q3 report',
            filename: 'q3.pdf',
          },
          { type: 'data-weather', id: 'w', data: { city: 'Oslo' } },
          { type: 'custom', kind: 'openai.compaction' },
          { type: 'hologram', beam: 1 },
        ],
      },
    ])
    expect(messages[0]?.parts).toMatchObject([
      {
        type: 'source',
        sourceID: 'd1',
        source: { kind: 'document', mime: 'application/pdf', title: 'Q3 report', filename: 'q3.pdf' },
      },
      { type: 'data', name: 'weather', data: { city: 'Oslo' } },
      { type: 'unsupported', originalType: 'custom' },
      { type: 'unsupported', originalType: 'hologram', original: { beam: 1 } },
    ])
    expect(codes(diagnostics)).toEqual(['UNSUPPORTED_PART'])
  })

  it('takes times, model, usage and cost from the metadata, and keeps the metadata', () => {
    const metadata = {
      createdAt: 1_763_900_000_000,
      model: 'anthropic/claude-sonnet-4-5',
      usage: { inputTokens: 50, outputTokens: 20, reasoningTokens: 5, cachedInputTokens: 10 },
      cost: 0.01,
      mine: true,
    }
    const { messages } = fromUIMessages([{ id: 'a', role: 'assistant', metadata, parts: [] }])
    expect(messages[0]?.info).toMatchObject({
      time: { created: 1_763_900_000_000 },
      providerID: 'anthropic',
      modelID: 'claude-sonnet-4-5',
      cost: 0.01,
      tokens: { input: 40, output: 15, reasoning: 5, cache: { read: 10 } },
      metadata,
    })
  })

  it('reads a v4 message: content, reasoning and tool invocations when it has no parts; attachments as files; createdAt as its time', () => {
    const { messages, diagnostics } = fromUIMessages([
      {
        id: 'u',
        role: 'user',
        content: 'What is in this picture?',
        createdAt: '2025-03-01T10:00:00.000Z',
        experimental_attachments: [{ name: 'cat.png', contentType: 'image/png', url: 'https://files.example/cat.png' }],
      },
      {
        id: 'a',
        role: 'assistant',
        content: 'A cat.',
        reasoning: 'Look at the shape.',
        toolInvocations: [
          { state: 'result', toolCallId: 'c1', toolName: 'describe', args: { url: 'cat.png' }, result: 'cat' },
        ],
      },
    ])
    expect(diagnostics).toEqual([])
    expect(messages[0]?.info.time.created).toBe(Date.parse('2025-03-01T10:00:00.000Z'))
    expect(messages.map((message) => message.parts.map((part) => part.type))).toEqual([
      ['text', 'file'],
      ['reasoning', 'tool', 'text'],
    ])
    expect(messages[0]?.parts[1]).toMatchObject({
      mime: 'image/png',
      filename: 'cat.png',
      url: 'https://files.example/cat.png',
    })
    expect(messages[1]?.parts).toMatchObject([
      { text: 'Look at the shape.' },
      { callID: 'c1', state: { status: 'completed', output: 'cat' } },
      { text: 'A cat.' },
    ])
    expect(validateTranscript(messages).filter((issue) => issue.severity === 'error')).toEqual([])
  })

  it('reads v4.2 parts: reasoning under `reasoning`, a base64 file, a source under `source`; the duplicates beside them are not shown twice', () => {
    const { messages, diagnostics } = fromUIMessages([
      {
        id: 'a',
        role: 'assistant',
        content: 'Done.',
        reasoning: 'Think.',
        parts: [
          { type: 'reasoning', reasoning: 'Think.', details: [{ type: 'text', text: 'Think.' }] },
          { type: 'file', mimeType: 'image/png', data: 'iVBORw0KGgo=' },
          { type: 'source', source: { sourceType: 'url', id: 's1', url: 'https://docs.example', title: 'Docs' } },
          { type: 'text', text: 'Done.' },
        ],
      },
    ])
    expect(diagnostics).toEqual([])
    expect(messages[0]?.parts).toMatchObject([
      { type: 'reasoning', text: 'Think.' },
      { type: 'file', mime: 'image/png', url: 'data:image/png;base64,iVBORw0KGgo=' },
      { type: 'source', sourceID: 's1', source: { kind: 'url', url: 'https://docs.example', title: 'Docs' } },
      { type: 'text', text: 'Done.' },
    ])
  })

  it('keeps a file’s provider metadata, and an error text or output its tool state does not show', () => {
    const providerMetadata = { testProvider: { signature: 'sig' } }
    const { messages } = fromUIMessages([
      {
        id: 'a',
        role: 'assistant',
        parts: [
          { type: 'file', mediaType: 'image/png', url: 'https://files.example/a.png', providerMetadata },
          {
            type: 'tool-search',
            toolCallId: 'c1',
            state: 'output-available',
            input: {},
            output: 'found',
            errorText: 'partly failed',
          },
          { type: 'tool-search', toolCallId: 'c2', state: 'input-available', input: {}, output: 'early' },
        ],
      },
    ])
    expect(messages[0]?.parts).toMatchObject([
      { type: 'file', metadata: { providerMetadata } },
      { type: 'tool', state: { status: 'completed', output: 'found' }, metadata: { errorText: 'partly failed' } },
      { type: 'tool', state: { status: 'running' }, metadata: { output: 'early' } },
    ])
  })

  it('names the fields a message or part has beyond the SDK’s types (v4’s annotations among them)', () => {
    const { diagnostics } = fromUIMessages([
      {
        id: 'a',
        role: 'assistant',
        annotations: [{ step: 1 }],
        parts: [
          { type: 'text', text: 'x', flavour: 'y' },
          { type: 'data-x', data: 1, extra: 2 },
        ],
      },
    ])
    expect(diagnostics.map((diagnostic) => [diagnostic.code, diagnostic.path])).toEqual([
      ['UNREAD_FIELD', [0, 'annotations']],
      ['UNREAD_FIELD', [0, 'parts', 0, 'flavour']],
      ['UNREAD_FIELD', [0, 'parts', 1, 'extra']],
    ])
  })

  it('reports bad input and never throws', () => {
    expect(codes(fromUIMessages('nope').diagnostics)).toEqual(['BAD_MESSAGES'])
    const { messages, diagnostics } = fromUIMessages([
      null,
      { role: 'user', parts: 'x' },
      { id: 'a', role: 'user', parts: [] },
      { id: 'a', role: 'assistant', parts: [] },
    ])
    expect(codes(diagnostics)).toEqual(['BAD_MESSAGE', 'MISSING_ID', 'BAD_MESSAGE', 'DUPLICATE_ID'])
    expect(new Set(messages.map((message) => message.info.id)).size).toBe(3)
  })

  it("gives no call the whole message's duration: a UIMessage has no times per call", () => {
    const { messages } = fromUIMessages([
      {
        id: 'a',
        role: 'assistant',
        metadata: { createdAt: 1_764_500_000_000, completedAt: 1_764_500_030_000 },
        parts: [
          { type: 'tool-read', toolCallId: 'c1', state: 'output-available', input: { path: 'a.ts' }, output: 'x' },
          { type: 'tool-bash', toolCallId: 'c2', state: 'output-error', input: { command: 'ls' }, errorText: 'no' },
        ],
      },
    ])
    const tools = (messages[0]?.parts ?? []).filter((part): part is ToolPart => part.type === 'tool')
    expect(tools).toHaveLength(2)
    // A call whose two ends are the same instant shows no duration.
    for (const tool of tools)
      expect(tool.state).toMatchObject({ time: { start: 1_764_500_000_000, end: 1_764_500_000_000 } })
  })
})
