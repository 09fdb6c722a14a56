import { describe, expect, it } from 'vitest'
import type { ToolPart } from '../../../src/core/model/types'
import { validateTranscript } from '../../../src/core/validator'
import { fromUIMessages } from '../../../src/protocols/aisdk'
import { aiSdkMessages } from '../../support/converters'

const codes = (list: readonly { code: string }[]) => list.map((d) => d.code)
const tool = (state: Record<string, unknown>, type = 'tool-getWeather') => ({ id: 'a1', role: 'assistant', parts: [{ type, toolCallId: 'c1', ...state }] })
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
    expect(toolOf(tool({ state: 'input-streaming', input: { city: 'Pa' } })).state).toMatchObject({ status: 'pending', input: { city: 'Pa' } })
    expect(toolOf(tool({ state: 'input-available', input })).state).toMatchObject({ status: 'running', input })
    expect(toolOf(tool({ state: 'approval-requested', input, approval: { id: 'ap1' } }))).toMatchObject({ state: { status: 'running' }, approval: { id: 'ap1', status: 'requested' } })
    expect(toolOf(tool({ state: 'approval-responded', input, approval: { id: 'ap1', approved: true } }))).toMatchObject({ approval: { status: 'approved', choice: 'once' } })
    expect(toolOf(tool({ state: 'output-available', input, output: { temp: 21 } })).state).toMatchObject({ status: 'completed', output: '{\n  "temp": 21\n}' })
    expect(toolOf(tool({ state: 'output-error', input, errorText: 'API down' })).state).toMatchObject({ status: 'error', error: 'API down' })
    expect(toolOf(tool({ state: 'output-denied', input, approval: { id: 'ap1', approved: false, reason: 'no' } }))).toMatchObject({
      state: { status: 'error' },
      approval: { status: 'denied', reason: 'no' },
    })
    expect(toolOf(tool({ state: 'output-available', input, output: 'ok' }, 'dynamic-tool'))).toMatchObject({ tool: 'unknown' })
    expect(
      toolOf({
        ...tool({ state: 'output-available', input, output: 'ok' }, 'dynamic-tool'),
        parts: [{ type: 'dynamic-tool', toolName: 'mcp_search', toolCallId: 'c', state: 'output-available', input, output: 'ok' }],
      }),
    ).toMatchObject({ tool: 'mcp_search' })
  })

  it('reads v4 tool invocations', () => {
    const part = toolOf({
      id: 'a',
      role: 'assistant',
      parts: [{ type: 'tool-invocation', toolInvocation: { state: 'result', toolCallId: 'c9', toolName: 'search', args: { q: 'x' }, result: ['a', 'b'] } }],
    })
    expect(part).toMatchObject({ tool: 'search', callID: 'c9', state: { status: 'completed', input: { q: 'x' } } })
  })

  it('keeps a system message as muted text of a user message that remembers its role, and an unknown role too', () => {
    const { messages, diagnostics } = fromUIMessages([
      { id: 's', role: 'system', parts: [{ type: 'text', text: 'Be brief.' }] },
      { id: 'r', role: 'robot', parts: [{ type: 'text', text: 'beep' }] },
    ])
    expect(messages[0]).toMatchObject({ info: { role: 'user', metadata: { role: 'system' } }, parts: [{ type: 'text', text: 'Be brief.', synthetic: true }] })
    expect(messages[1]).toMatchObject({ info: { role: 'user', metadata: { role: 'robot' } }, parts: [{ text: 'beep' }] })
    expect(codes(diagnostics)).toEqual(['UNKNOWN_ROLE'])
  })

  it('sources, data, custom and unknown parts are kept', () => {
    const { messages, diagnostics } = fromUIMessages([
      {
        id: 'a',
        role: 'assistant',
        parts: [
          { type: 'source-document', sourceId: 'd1', mediaType: 'application/pdf', title: 'Q3 report', filename: 'q3.pdf' },
          { type: 'data-weather', id: 'w', data: { city: 'Oslo' } },
          { type: 'custom', kind: 'openai.compaction' },
          { type: 'hologram', beam: 1 },
        ],
      },
    ])
    expect(messages[0]?.parts).toMatchObject([
      { type: 'source', sourceID: 'd1', source: { kind: 'document', mime: 'application/pdf', title: 'Q3 report', filename: 'q3.pdf' } },
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

  it('reports bad input and never throws', () => {
    expect(codes(fromUIMessages('nope').diagnostics)).toEqual(['BAD_MESSAGES'])
    const { messages, diagnostics } = fromUIMessages([null, { role: 'user', parts: 'x' }, { id: 'a', role: 'user', parts: [] }, { id: 'a', role: 'assistant', parts: [] }])
    expect(codes(diagnostics)).toEqual(['BAD_MESSAGE', 'MISSING_ID', 'BAD_MESSAGE', 'DUPLICATE_ID'])
    expect(new Set(messages.map((message) => message.info.id)).size).toBe(3)
  })
})
