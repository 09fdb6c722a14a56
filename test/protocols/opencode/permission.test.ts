import { describe, expect, it } from 'vitest'
import type { ToolPart } from '../../../src/core/model/types'
import { validateTranscript } from '../../../src/core/validator'
import { createOpencodeStream, fromOpencodeEvent } from '../../../src/protocols/opencode'
import { createChatStore, selectTranscript } from '../../../src/store'
import { builtInAdapters } from '../../../src/protocols'
import { opencodeSession } from '../../fixtures/opencode'

const errorsOf = (messages: unknown) => validateTranscript(messages).filter((issue) => issue.severity === 'error')

// The real session's `write` call, as a live server would send it while it waits for permission.
const written = opencodeSession.messages
  .flatMap((message) => message.parts)
  .find((part): part is ToolPart => part.type === 'tool') as ToolPart
const running: ToolPart = { ...written, state: { status: 'running', input: written.state.input, time: { start: 1 } } }
const partEvent = (part: ToolPart) => ({
  type: 'message.part.updated',
  properties: { sessionID: part.sessionID, part },
})
// In the shape of opencode's SDK (`EventPermissionAsked` / `EventPermissionReplied`).
const asked = {
  type: 'permission.asked',
  properties: {
    id: 'per_1',
    sessionID: written.sessionID,
    permission: 'edit',
    patterns: ['notes.md'],
    always: ['*'],
    metadata: {},
    tool: { messageID: written.messageID, callID: written.callID },
  },
}
const replied = (reply: string) => ({
  type: 'permission.replied',
  properties: { sessionID: written.sessionID, requestID: 'per_1', reply },
})

describe('opencode permissions', () => {
  it('put an approval with three choices on the call they name, kept through later updates, then answered', () => {
    const stream = createOpencodeStream()
    stream.push(partEvent(running))
    const ask = stream.push(asked)
    expect(ask.diagnostics).toEqual([])
    expect(ask.ops).toEqual([
      {
        op: 'patchPart',
        messageID: written.messageID,
        partID: written.id,
        patch: {
          approval: {
            id: 'per_1',
            status: 'requested',
            choices: ['once', 'always', 'reject'],
            title: 'edit: notes.md',
          },
        },
      },
    ])
    // The server sends the part again (its metadata changed): the approval stays on it.
    const again = stream.push(partEvent({ ...running, metadata: { n: 1 } }))
    expect(again.ops[0]).toMatchObject({ op: 'upsertPart', part: { approval: { status: 'requested' } } })
    expect(stream.push(replied('always')).ops[0]).toMatchObject({
      patch: { approval: { status: 'approved', choice: 'always' } },
    })
  })

  it('a request for a call not seen yet waits for its part; a reject denies', () => {
    const stream = createOpencodeStream()
    expect(stream.push(asked).ops).toEqual([])
    expect(stream.push(partEvent(running)).ops[0]).toMatchObject({
      part: { approval: { id: 'per_1', status: 'requested' } },
    })
    expect(stream.push(replied('reject')).ops[0]).toMatchObject({
      patch: { approval: { status: 'denied', choice: 'reject' } },
    })
  })

  it('reads older servers’ permission.updated and report what cannot be shown', () => {
    const stream = createOpencodeStream()
    stream.push(partEvent(running))
    expect(stream.push({ ...asked, type: 'permission.updated' }).ops).toHaveLength(1)
    expect(
      stream
        .push({
          type: 'permission.asked',
          properties: { id: 'per_2', sessionID: 's', permission: 'bash', patterns: ['ls'] },
        })
        .diagnostics.map((d) => d.code),
    ).toEqual(['PERMISSION_WITHOUT_CALL'])
    expect(
      stream
        .push({ type: 'permission.replied', properties: { sessionID: 's', requestID: 'per_9', reply: 'once' } })
        .diagnostics.map((d) => d.code),
    ).toEqual(['UNKNOWN_PERMISSION'])
    expect(
      stream
        .push({ type: 'permission.replied', properties: { sessionID: 's', requestID: 'per_1', reply: 'maybe' } })
        .diagnostics.map((d) => d.code),
    ).toEqual(['BAD_EVENT'])
    // The stateless reader gives permissions no writes (they need a session).
    expect(fromOpencodeEvent(asked).ops).toEqual([])
  })

  it('reads older servers: permission.updated with a flat callID, answered by permission.replied with a response', () => {
    // In the shape of @opencode-ai/sdk 1.0.150 (`Permission`, `EventPermissionUpdated`, `EventPermissionReplied`).
    const updated = {
      type: 'permission.updated',
      properties: {
        id: 'per_old',
        type: 'edit',
        pattern: 'notes.md',
        sessionID: written.sessionID,
        messageID: written.messageID,
        callID: written.callID,
        title: 'Edit this file: notes.md',
        metadata: { filePath: 'notes.md' },
        time: { created: 1763900000000 },
      },
    }
    const store = createChatStore({ adapters: builtInAdapters, coalesce: false })
    store.getState().ingest('opencode', opencodeSession)
    store.getState().ingest('opencode', partEvent(running))
    expect(store.getState().ingest('opencode', updated)).toEqual([])
    const tool = () =>
      selectTranscript(store.getState())
        .flatMap((message) => message.parts)
        .find((part): part is ToolPart => part.type === 'tool')
    expect(tool()?.approval).toEqual({
      id: 'per_old',
      status: 'requested',
      choices: ['once', 'always', 'reject'],
      title: 'Edit this file: notes.md',
    })
    expect(
      store.getState().ingest('opencode', {
        type: 'permission.replied',
        properties: { sessionID: written.sessionID, permissionID: 'per_old', response: 'once' },
      }),
    ).toEqual([])
    expect(tool()?.approval).toMatchObject({ status: 'approved', choice: 'once' })
    expect(errorsOf(selectTranscript(store.getState()))).toEqual([])
  })

  it('through the store: a saved session, then a live permission on one of its calls, validates', () => {
    const store = createChatStore({ adapters: builtInAdapters, coalesce: false })
    store.getState().ingest('opencode', opencodeSession)
    store.getState().ingest('opencode', asked)
    store.getState().flush()
    const messages = selectTranscript(store.getState())
    const part = messages
      .flatMap((message) => message.parts)
      .find((candidate) => candidate.id === written.id) as ToolPart
    expect(part.approval).toMatchObject({ id: 'per_1', status: 'requested' })
    expect(validateTranscript(messages).filter((issue) => issue.severity === 'error')).toEqual([])
  })
})
