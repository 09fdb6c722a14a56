import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { ToolPart, WithParts } from '../../../src/core/model/types'
import { validateTranscript } from '../../../src/core/validator'
import { InvalidDataError } from '../../../src/protocols/diagnostics'
import { fromToolMessage2 } from '../../../src/protocols/toolmessage2'
import conversation from '../../fixtures/toolmessage2/conversation.json'

const tools = (messages: WithParts[]) =>
  messages.flatMap((message) => message.parts.filter((part): part is ToolPart => part.type === 'tool'))
const byCall = (messages: WithParts[], callID: string) => tools(messages).find((part) => part.callID === callID)

describe('toolmessage2 conversation', () => {
  const result = fromToolMessage2(conversation)

  it('becomes one canonical message per user and assistant turn; tool messages fold into the calls', () => {
    expect(result.messages.map((message) => message.info.role)).toEqual(['user', 'assistant', 'assistant', 'assistant'])
    expect(result.messages[0]?.parts).toMatchObject([{ type: 'text', text: expect.stringContaining('fetchUser') }])
    expect(result.messages[1]?.parts.map((part) => part.type)).toEqual([
      'reasoning',
      'text',
      'tool',
      'tool',
      'step-finish',
    ])
    expect(validateTranscript(result.messages).filter((issue) => issue.severity === 'error')).toEqual([])
  })

  it('pairs results with calls by toolCallId, in any order, several per tool message', () => {
    const read = byCall(result.messages, 'toolu_01_read')
    expect(read?.state).toMatchObject({
      status: 'completed',
      output: expect.stringContaining('getUser'),
      title: 'Read',
      metadata: { returnDisplay: 'Read 3 lines.' },
    })
    const todo = byCall(result.messages, 'toolu_02_todo')
    expect(todo?.state.status).toBe('completed')
    expect(todo?.state.status === 'completed' && todo.state.metadata.returnDisplay).toMatchObject({
      type: 'todo_write',
      newTodos: [{ status: 'in_progress' }, { status: 'pending' }],
    })
    // the call's own input wins over the result's echo of it
    expect(todo?.state.input).toMatchObject({ todos: [{ id: '1' }, { id: '2' }] })
    expect(read?.state.status !== 'pending' && read?.state.time).toEqual({
      start: Date.parse('2025-11-18T09:00:04.200Z'),
      end: Date.parse('2025-11-18T09:00:04.900Z'),
    })
  })

  it('keeps diff_viewer displays for the dedicated renderer', () => {
    const edit = byCall(result.messages, 'toolu_03_edit')
    expect(edit?.state.status === 'completed' && edit.state.metadata.returnDisplay).toEqual({
      type: 'diff_viewer',
      filePath: 'src/api.ts',
      absoluteFilePath: '/repo/src/api.ts',
      originalContent: { inputKey: 'old_string' },
      newContent: { inputKey: 'new_string' },
    })
  })

  it('turns isError results into error states with the error text', () => {
    const bash = byCall(result.messages, 'toolu_04_bash')
    expect(bash?.state).toMatchObject({ status: 'error', error: expect.stringContaining('TS2304') })
  })

  it('leaves a call with no result yet running', () => {
    expect(byCall(result.messages, 'toolu_05_edit')?.state).toMatchObject({
      status: 'running',
      input: { file_path: 'src/routes.ts' },
    })
  })

  it('keeps a result with no call as a visible orphan, with a diagnostic', () => {
    const orphan = byCall(result.messages, 'toolu_99_unknown')
    expect(orphan).toMatchObject({
      tool: 'grep',
      metadata: { orphan: true },
      state: { status: 'completed', output: 'src/routes.ts:12: getUser(id)' },
    })
    expect(orphan?.messageID).toBe(result.messages[2]?.info.id)
    expect(result.diagnostics).toEqual([
      expect.objectContaining({ code: 'ORPHAN_TOOL_RESULT', path: [4, 'content', 2, 'toolCallId'] }),
    ])
  })

  it('turns usage into a step-finish part and the assistant tokens', () => {
    const first = result.messages[1]
    expect(first?.parts.at(-1)).toMatchObject({
      type: 'step-finish',
      reason: 'tool-calls',
      tokens: { input: 5230, output: 212, reasoning: 0, cache: { read: 4096, write: 1034 } },
    })
    expect(first?.info).toMatchObject({
      role: 'assistant',
      modelID: 'claude-sonnet-4-5',
      providerID: 'anthropic',
      parentID: '9b1f0c1e-0001-4a6b-9c1e-000000000001',
    })
  })

  it('keeps the envelope fields of every message', () => {
    expect(result.messages[1]?.info.metadata).toMatchObject({
      uuid: '9b1f0c1e-0002-4a6b-9c1e-000000000002',
      text: "I'll read the file and plan the change.",
      model: 'anthropic/claude-sonnet-4-5',
    })
  })

  it('is deterministic', () => {
    expect(fromToolMessage2(structuredClone(conversation))).toEqual(result)
  })
})

describe('toolmessage2 edge cases', () => {
  it('does not process the legacy ToolMessage and names the migration', () => {
    const legacy = {
      role: 'user',
      content: [{ type: 'tool_result', id: 'toolu_01', name: 'read', input: {}, result: { llmContent: 'x' } }],
    }
    const { messages, diagnostics } = fromToolMessage2([conversation[0], legacy])
    expect(messages).toHaveLength(1)
    expect(diagnostics).toHaveLength(1)
    expect(diagnostics[0]).toMatchObject({ code: 'LEGACY_TOOL_MESSAGE', path: [1, 'content'], severity: 'error' })
    expect(diagnostics[0]?.message).toContain('migrate to ToolMessage2')
    expect(() => fromToolMessage2([legacy], { strict: true })).toThrow(InvalidDataError)
  })

  it('shows system and hidden text muted instead of dropping it, and user images as file parts', () => {
    const { messages } = fromToolMessage2([
      { role: 'system', content: 'You are terse.' },
      {
        role: 'user',
        content: [
          { type: 'text', text: 'context', hidden: true },
          { type: 'image', data: 'iVBORw0KGgo=', mimeType: 'image/png' },
        ],
      },
    ])
    expect(messages[0]?.parts[0]).toMatchObject({
      type: 'text',
      text: 'You are terse.',
      synthetic: true,
      metadata: { role: 'system' },
    })
    expect(messages[1]?.parts).toMatchObject([
      { type: 'text', synthetic: true, metadata: { hidden: true } },
      { type: 'file', mime: 'image/png', url: 'data:image/png;base64,iVBORw0KGgo=' },
    ])
  })

  it('keeps a duplicate result as a second orphan part and images of a result as attachments', () => {
    const call = { role: 'assistant', content: [{ type: 'tool_use', id: 'c1', name: 'screenshot', input: {} }] }
    const answer = (text: string) => ({
      role: 'tool',
      content: [
        {
          type: 'tool-result',
          toolCallId: 'c1',
          toolName: 'screenshot',
          input: {},
          result: {
            llmContent: [
              { type: 'text', text },
              { type: 'image', data: 'AAA', mimeType: 'image/jpeg' },
            ],
          },
        },
      ],
    })
    const { messages, diagnostics } = fromToolMessage2([call, answer('first'), answer('second')])
    const parts = tools(messages)
    expect(parts.map((part) => part.state.status === 'completed' && part.state.output)).toEqual(['first', 'second'])
    expect(parts[0]?.state.status === 'completed' && parts[0].state.attachments).toMatchObject([
      { type: 'file', mime: 'image/jpeg', url: 'data:image/jpeg;base64,AAA' },
    ])
    expect(diagnostics.map((d) => d.code)).toEqual(['DUPLICATE_TOOL_RESULT'])
  })

  it('keeps an input the result repeats differently, reports llmContent it cannot show, and names fields neovate does not define', () => {
    const { messages, diagnostics } = fromToolMessage2([
      {
        role: 'assistant',
        content: [{ type: 'tool_use', id: 'c1', name: 'read', input: { file_path: 'a.ts' }, colour: 'blue' }],
      },
      {
        role: 'tool',
        metadata: { by: 'runner' },
        content: [
          {
            type: 'tool-result',
            toolCallId: 'c1',
            toolName: 'read',
            input: { file_path: 'b.ts' },
            result: {
              llmContent: [
                { type: 'text', text: 'ok' },
                { type: 'audio', data: 'AAA' },
              ],
            },
          },
        ],
      },
    ])
    expect(tools(messages)[0]).toMatchObject({
      state: { input: { file_path: 'a.ts' }, output: 'ok', metadata: { resultInput: { file_path: 'b.ts' } } },
    })
    expect(diagnostics.map((d) => [d.code, d.severity, d.path])).toEqual([
      ['UNREAD_FIELD', 'warning', [0, 'content', 0, 'colour']],
      ['UNREAD_FIELD', 'warning', [1, 'metadata']],
      ['UNSUPPORTED_CONTENT', 'error', [1, 'content', 0, 'result', 'llmContent', 1]],
    ])
  })

  it('hangs an orphan with no assistant turn on a placeholder assistant message', () => {
    const { messages } = fromToolMessage2([
      {
        role: 'tool',
        content: [
          {
            type: 'tool-result',
            toolCallId: 'x',
            toolName: 'ls',
            input: {},
            result: { llmContent: 'a', isError: true },
          },
        ],
      },
    ])
    expect(messages).toHaveLength(1)
    expect(messages[0]?.info).toMatchObject({ role: 'assistant', metadata: { orphanResults: true } })
    expect(messages[0]?.parts[0]).toMatchObject({ type: 'tool', state: { status: 'error', error: 'a' } })
  })

  it('reports bad input without throwing', () => {
    const { messages, diagnostics } = fromToolMessage2([
      7,
      { role: 'robot' },
      { role: 'tool', content: 'x' },
      { role: 'tool', content: [{ type: 'tool_result' }] },
      { role: 'assistant', content: [{ type: 'image' }] },
    ])
    expect(diagnostics.map((d) => d.code)).toEqual([
      'BAD_MESSAGE',
      'UNKNOWN_ROLE',
      'BAD_CONTENT',
      'BAD_CONTENT',
      'BAD_TOOL_RESULT',
      'UNSUPPORTED_CONTENT',
    ])
    // The message of an unknown role is kept, as a user message that keeps its fields.
    expect(messages[0]?.info).toMatchObject({ role: 'user', metadata: { role: 'robot' } })
    expect(messages.flatMap((message) => message.parts.map((part) => part.type))).toEqual(['unsupported'])
    expect(fromToolMessage2('nope').diagnostics[0]?.code).toBe('BAD_CONVERSATION')
  })

  it('never throws on arbitrary conversations', () => {
    const message = fc.record(
      {
        role: fc.constantFrom('user', 'assistant', 'tool', 'system', 'x'),
        content: fc.oneof(
          fc.string(),
          fc.array(
            fc.record(
              {
                type: fc.constantFrom('text', 'tool_use', 'tool-result', 'tool_result', 'image', 'reasoning'),
                id: fc.string(),
                toolCallId: fc.constantFrom('a', 'b'),
                text: fc.anything(),
                result: fc.anything(),
                input: fc.anything(),
                data: fc.anything(),
              },
              { requiredKeys: ['type'] },
            ),
          ),
          fc.anything(),
        ),
        usage: fc.anything(),
        timestamp: fc.anything(),
      },
      { requiredKeys: ['role'] },
    )
    fc.assert(
      fc.property(fc.array(fc.oneof(message, fc.anything()), { maxLength: 8 }), (list) => {
        expect(() => fromToolMessage2(list)).not.toThrow()
      }),
      { numRuns: 200 },
    )
  })
})
