import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import type { TextPart, ToolPart } from '../../src/core/model/types'
import { InvalidDataError } from '../../src/protocols/diagnostics'
import { fromToolMessage2 } from '../../src/protocols/toolmessage2'
import { fromMsgFile } from '../../src/protocols/msgfile'
import { assembleDeltas } from '../../src/protocols/delta'
import { builtInAdapters } from '../../src/protocols/adapters'
import { createChatStore } from '../../src/store/chatStore'
import { selectTranscript } from '../../src/store/chatStore'
import deltaStream from '../fixtures/delta/stream.json'
import messagesJson from '../fixtures/opencode-t8v6Igr8/messages.json'
import sessionJson from '../fixtures/opencode-t8v6Igr8/session.json'
import conversation from '../fixtures/toolmessage2/conversation.json'
import { opencodeCanonical, opencodeSession } from '../fixtures/opencode'
import { byWords, toEvents } from '../fixtures/opencodeEvents'

const msgFileText = readFileSync(join(import.meta.dirname, '../fixtures/msgfile/session.msg.md'), 'utf8')
const sync = () => createChatStore({ adapters: builtInAdapters, coalesce: false })

describe('ingest', () => {
  it('reads a whole opencode export', () => {
    const store = sync()
    expect(store.getState().ingest('opencode', { info: sessionJson, messages: messagesJson })).toEqual([])
    expect(selectTranscript(store.getState())).toEqual(opencodeCanonical)
  })

  it('keeps every object when the same export is read again, and re-renders nothing', () => {
    const store = sync()
    store.getState().ingest('opencode', structuredClone(messagesJson))
    const before = store.getState()
    let notified = 0
    store.subscribe(() => notified++)
    store.getState().ingest('opencode', structuredClone(messagesJson))
    expect(store.getState()).toBe(before)
    expect(notified).toBe(0)
  })

  it('updates only what a re-read export changed, and with replace removes what it dropped', () => {
    const store = sync()
    store.getState().ingest('opencode', structuredClone(messagesJson))
    const before = store.getState()
    const changed = structuredClone(opencodeSession.messages)
    const [user, , last] = changed
    if (!user || !last) throw new Error('fixture changed')
    ;(last.parts[2] as TextPart).text = 'Edited.'
    store.getState().ingest('opencode', [user, last], { replace: true })
    const after = store.getState()
    expect(after.messageIds).toEqual([user.info.id, last.info.id])
    expect(after.messages.get(user.info.id)).toBe(before.messages.get(user.info.id))
    expect(after.parts.get(user.parts[0]?.id ?? '')).toBe(before.parts.get(user.parts[0]?.id ?? ''))
    expect((after.parts.get(last.parts[2]?.id ?? '') as TextPart).text).toBe('Edited.')
    expect(after.parts.get(last.parts[0]?.id ?? '')).toBe(before.parts.get(last.parts[0]?.id ?? ''))
  })

  it('rebuilds the real session from its live opencode event stream, word by word', () => {
    const store = sync()
    const events = toEvents(structuredClone(opencodeSession.messages), byWords)
    for (const event of events) expect(store.getState().ingest('opencode-event', event)).toEqual([])
    expect(selectTranscript(store.getState())).toEqual(opencodeCanonical)
  })

  it('follows the session status from opencode events', () => {
    const store = sync()
    store
      .getState()
      .ingest('opencode-event', { type: 'session.status', properties: { sessionID: 's', status: { type: 'busy' } } })
    expect(store.getState().status).toBe('streaming')
    store.getState().ingest('opencode-event', {
      type: 'session.error',
      properties: { error: { name: 'APIError', data: { message: 'rate limited' } } },
    })
    expect(store.getState()).toMatchObject({ status: 'error', error: { name: 'APIError' } })
    store.getState().ingest('opencode-event', { type: 'session.idle', properties: { sessionID: 's' } })
    expect(store.getState().status).toBe('idle')
    expect(store.getState().error).toBeUndefined()
  })

  it('reads a toolmessage2 conversation whole, or message by message, to the same transcript', () => {
    const whole = sync()
    whole.getState().ingest('toolmessage2', structuredClone(conversation))
    const expected = fromToolMessage2(structuredClone(conversation)).messages
    expect(selectTranscript(whole.getState())).toEqual(expected)

    const live = sync()
    for (const message of structuredClone(conversation)) live.getState().ingest('toolmessage2', message)
    expect(selectTranscript(live.getState())).toEqual(expected)
    const tools = [...live.getState().parts.values()].filter((part): part is ToolPart => part.type === 'tool')
    expect(tools.map((tool) => tool.state.status).sort()).toContain('completed')
  })

  it('assembles MessageDeltas into the message the assembler builds, with the status following the run', () => {
    const store = sync()
    const statuses: string[] = []
    store.subscribe((state, previous) => {
      if (state.status !== previous.status) statuses.push(state.status)
    })
    for (const delta of structuredClone(deltaStream)) store.getState().ingest('delta', delta)
    const assembled = assembleDeltas(structuredClone(deltaStream))
    expect(selectTranscript(store.getState())).toEqual([assembled.message])
    expect(statuses).toEqual(['streaming', 'idle'])
  })

  it('keeps two interleaved delta runs apart', () => {
    const store = sync()
    const runA = structuredClone(deltaStream)
    const runB = structuredClone(deltaStream).map((delta) => ({ ...delta, runId: 'run_other' }))
    runA.forEach((delta, i) => {
      store.getState().ingest('delta', delta)
      store.getState().ingest('delta', runB[i])
    })
    expect(store.getState().messageIds).toHaveLength(2)
    const [a, b] = selectTranscript(store.getState())
    expect(a?.parts.map((part) => part.type)).toEqual(b?.parts.map((part) => part.type))
    expect(store.getState().diagnostics).toEqual([])
  })

  it('reads chat messages and a .msg.md file', () => {
    const store = sync()
    const chat = [
      { role: 'user', content: 'What is 2 + 2?' },
      { role: 'assistant', content: '4' },
    ]
    expect(store.getState().ingest('chat', chat)).toEqual([])
    expect(selectTranscript(store.getState()).map((message) => message.info.role)).toEqual(['user', 'assistant'])

    const file = sync()
    file.getState().ingest('msgfile', msgFileText)
    expect(selectTranscript(file.getState())).toEqual(fromMsgFile(msgFileText).messages)
  })
})

describe('diagnostics', () => {
  it('keeps what each protocol reported, and bad input changes nothing else', () => {
    const store = sync()
    store.getState().ingest('opencode', structuredClone(messagesJson))
    const before = store.getState()
    const bad = [
      store.getState().ingest('opencode', 'not an export'),
      store.getState().ingest('opencode-event', { type: 'message.part.delta', properties: { partID: 'x' } }),
      store.getState().ingest('opencode-event', 42),
      store.getState().ingest('toolmessage2', { role: 'tool', content: 'not a list of results' }),
      store.getState().ingest('delta', { kind: 'nonsense' }),
      store.getState().ingest('chat', { not: 'an array' }),
      store.getState().ingest('msgfile', 42),
    ]
    for (const reported of bad) expect(reported.length).toBeGreaterThan(0)
    const after = store.getState()
    expect(after.diagnostics.map((diagnostic) => diagnostic.protocol)).toEqual(
      expect.arrayContaining(['opencode', 'opencode-event', 'toolmessage2', 'delta', 'chat', 'msgfile']),
    )
    expect(after.diagnostics).toEqual(bad.flat())
    expect(after.messageIds).toBe(before.messageIds)
    expect(selectTranscript(after)).toEqual(selectTranscript(before))
    for (const id of before.parts.keys()) expect(after.parts.get(id)).toBe(before.parts.get(id))
  })

  it('throws in strict mode and then changes nothing at all', () => {
    const store = sync()
    store.getState().ingest('opencode', structuredClone(messagesJson))
    const before = store.getState()
    expect(() => store.getState().ingest('opencode', [{ info: { role: 'robot' } }], { strict: true })).toThrow(
      InvalidDataError,
    )
    expect(() => store.getState().ingest('msgfile', null, { strict: true })).toThrow(InvalidDataError)
    expect(store.getState()).toBe(before)
  })

  it('keeps the newest diagnostics up to the limit and counts the ones let go', () => {
    const store = createChatStore({ adapters: builtInAdapters, coalesce: false, maxDiagnostics: 3 })
    for (let i = 0; i < 5; i++)
      store.getState().ingest('opencode-event', { type: 'message.removed', properties: { n: i } })
    expect(store.getState().diagnostics).toHaveLength(3)
    expect(store.getState().droppedDiagnostics).toBe(2)
    store.getState().reset()
    expect(store.getState()).toMatchObject({ diagnostics: [], droppedDiagnostics: 0 })
  })
})

describe('adapters and live sessions', () => {
  it('a whole transcript read mid-stream does not end the runs that are streaming', () => {
    const store = sync()
    const at = (seq: number, kind: string, payload: object) => ({ runId: 'live', seq, kind, payload })
    store.getState().ingest('delta', at(1, 'start', {}))
    store.getState().ingest('delta', at(2, 'text', { textDelta: 'Hello' }))
    store.getState().ingest('delta', [
      {
        runId: 'old',
        role: 'user',
        parts: [{ kind: 'text', payload: { text: 'earlier' } }],
        timestamp: '2026-01-01T00:00:00Z',
      },
    ])
    expect(store.getState().ingest('delta', at(3, 'text', { textDelta: ', world' }))).toEqual([])
    const texts = selectTranscript(store.getState())
      .flatMap((message) => message.parts)
      .flatMap((part) => (part.type === 'text' ? [part.text] : []))
    expect(texts).toContain('Hello, world')
  })

  it('a conversation read whole is continued by the messages that follow, one at a time', () => {
    const store = sync()
    store
      .getState()
      .ingest('toolmessage2', [
        { role: 'assistant', uuid: 'a1', content: [{ type: 'tool_use', id: 'c1', name: 'ls', input: {} }] },
      ])
    expect(
      store.getState().ingest('toolmessage2', {
        role: 'tool',
        uuid: 't1',
        content: [
          { type: 'tool-result', toolCallId: 'c1', toolName: 'ls', input: {}, result: { llmContent: 'a.txt' } },
        ],
      }),
    ).toEqual([])
    const tool = selectTranscript(store.getState())[0]?.parts[0]
    expect(tool).toMatchObject({ type: 'tool', callID: 'c1', state: { status: 'completed', output: 'a.txt' } })
  })
})
