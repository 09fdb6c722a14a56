import { describe, expect, it } from 'vitest'
import type { ToolPart } from '../../../src/core/model/types'
import { validateTranscript } from '../../../src/core/validator'
import { type DeltaMessage, fromDeltaMessages, toDeltaMessages } from '../../../src/protocols/delta'

const conversation: DeltaMessage[] = [
  {
    runId: 'run_1',
    role: 'system',
    parts: [{ kind: 'text', payload: { text: 'Be brief.' } }],
    timestamp: '2026-03-02T10:00:00.000Z',
  },
  {
    runId: 'run_1',
    role: 'user',
    parts: [
      { kind: 'text', payload: { text: 'What is in this picture and in notes.md?' } },
      { kind: 'image', payload: { mimeType: 'image/png', data: 'iVBORw0KGgo=' } },
      { kind: 'file_ref', payload: { path: 'docs/notes.md', mimeType: 'text/markdown', size: 2048 } },
    ],
    timestamp: '2026-03-02T10:00:01.000Z',
  },
  {
    runId: 'run_1',
    role: 'assistant',
    parts: [
      { kind: 'thinking', payload: { text: 'Read the notes first.' } },
      { kind: 'text', payload: { text: 'Reading both.' } },
      { kind: 'tool_call', payload: { toolCallId: 'c1', toolName: 'read', arguments: { path: 'docs/notes.md' } } },
      { kind: 'tool_call', payload: { toolCallId: 'c2', toolName: 'ocr', arguments: {}, rawArgsText: '{"img": ' } },
    ],
    timestamp: '2026-03-02T10:00:03.000Z',
    meta: { usage: { inputTokens: 900, outputTokens: 40 } },
  },
  {
    runId: 'run_1',
    role: 'tool',
    parts: [
      { kind: 'tool_result', payload: { toolCallId: 'c2', isError: true, content: 'image too small' } },
      {
        kind: 'tool_result',
        payload: { toolCallId: 'c1', isError: false, content: [{ kind: 'text', payload: { text: '# Notes' } }] },
      },
    ],
    timestamp: '2026-03-02T10:00:04.000Z',
  },
  {
    runId: 'run_1',
    role: 'assistant',
    parts: [{ kind: 'text', payload: { text: 'The notes are a heading.' } }],
    timestamp: '2026-03-02T10:00:05.000Z',
  },
]

describe('seed 004 final messages', () => {
  const { messages, diagnostics } = fromDeltaMessages(conversation)

  it('convert into canonical messages with tool results folded into their calls', () => {
    expect(diagnostics).toEqual([])
    expect(messages.map((message) => message.info.role)).toEqual(['user', 'user', 'assistant', 'assistant'])
    expect(messages[0]?.parts[0]).toMatchObject({ type: 'text', synthetic: true })
    expect(messages[1]?.parts).toMatchObject([
      { type: 'text' },
      { type: 'file', mime: 'image/png', url: 'data:image/png;base64,iVBORw0KGgo=' },
      {
        type: 'file',
        mime: 'text/markdown',
        filename: 'notes.md',
        size: 2048,
        source: { type: 'file', path: 'docs/notes.md' },
      },
    ])
    const [c1, c2] = messages[2]?.parts.filter((part): part is ToolPart => part.type === 'tool') ?? []
    expect(c1?.state).toMatchObject({ status: 'completed', output: '# Notes', input: { path: 'docs/notes.md' } })
    expect(c2?.state).toMatchObject({ status: 'error', error: 'image too small' })
    expect(c2?.metadata).toEqual({ rawArgsText: '{"img": ' })
    expect(validateTranscript(messages).filter((issue) => issue.severity === 'error')).toEqual([])
  })

  it('convert back to the same messages (round trip)', () => {
    expect(toDeltaMessages(messages)).toEqual(conversation)
  })

  it('keep an unanswerable result as an orphan and report it', () => {
    const result = fromDeltaMessages([
      {
        runId: 'r',
        role: 'tool',
        parts: [{ kind: 'tool_result', payload: { toolCallId: 'zz', isError: false, content: 'ok' } }],
        timestamp: '',
      },
    ])
    expect(result.diagnostics.map((d) => d.code)).toEqual(['ORPHAN_TOOL_RESULT'])
    expect(result.messages[0]?.parts[0]).toMatchObject({
      type: 'tool',
      callID: 'zz',
      metadata: { orphan: true },
      state: { status: 'completed', output: 'ok' },
    })
  })

  it('name the fields a message, part or payload has beyond seed 004 (a thinking payload with a content, say)', () => {
    const result = fromDeltaMessages([
      {
        runId: 'r',
        role: 'assistant',
        trace: 't1',
        parts: [
          { kind: 'thinking', payload: { text: 'Done.', content: 'not in the contract' } },
          { kind: 'text', payload: { text: 'ok' }, colour: 'red' },
        ],
        timestamp: '2026-05-30T15:23:07.970Z',
      },
      {
        runId: 'r',
        role: 'tool',
        parts: [{ kind: 'tool_result', payload: { toolCallId: 'zz', isError: false, content: 'ok', text: 'aside' } }],
        timestamp: '',
      },
    ])
    expect(result.diagnostics.filter((d) => d.code === 'UNREAD_FIELD').map((d) => d.path)).toEqual([
      [0, 'trace'],
      [0, 'parts', 0, 'payload', 'content'],
      [0, 'parts', 1, 'colour'],
      [1, 'parts', 0, 'payload', 'text'],
    ])
    expect(
      result.messages[0]?.parts.map((part) =>
        part.type === 'reasoning' || part.type === 'text' ? part.text : part.type,
      ),
    ).toEqual(['Done.', 'ok', 'tool'])
  })

  it('report bad input without throwing', () => {
    const result = fromDeltaMessages([
      null,
      { role: 'robot' },
      { role: 'assistant', parts: [{ kind: 'video', payload: {} }] },
      { role: 'tool', parts: [{ kind: 'text' }] },
    ])
    expect(result.diagnostics.map((d) => d.code)).toEqual([
      'BAD_MESSAGE',
      'UNKNOWN_ROLE',
      'BAD_MESSAGE',
      'UNSUPPORTED_PART',
      'BAD_TOOL_RESULT',
    ])
    // The message of an unknown role is kept, as a user message that remembers its role.
    expect(result.messages[0]?.info).toMatchObject({ role: 'user', metadata: { role: 'robot' } })
    expect(result.messages[1]?.parts[0]).toMatchObject({ type: 'unsupported', originalType: 'video' })
    expect(fromDeltaMessages({}).diagnostics[0]?.code).toBe('BAD_MESSAGES')
  })
})
