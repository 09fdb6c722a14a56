import { describe, expect, it } from 'vitest'
import type { Part, TextPart } from '../../src/core/model/types'
import { createChatStore, selectTranscript } from '../../src/store/chatStore'
import { opencodeSession } from '../fixtures/opencode'

const messages = () => structuredClone(opencodeSession.messages)

describe('createChatStore', () => {
  it('normalizes a transcript and reads it back unchanged', () => {
    const store = createChatStore({ initial: messages(), coalesce: false })
    const state = store.getState()
    expect(state.messageIds).toEqual(opencodeSession.messages.map((message) => message.info.id))
    expect(state.parts.size).toBe(10)
    expect(selectTranscript(state)).toEqual(opencodeSession.messages)
  })

  it('gives each transcript its own store', () => {
    const a = createChatStore({ initial: messages(), coalesce: false })
    const b = createChatStore({ coalesce: false })
    expect(b.getState().messageIds).toEqual([])
    expect(a.getState().messageIds).toHaveLength(3)
  })

  it('keeps the identity of everything a write did not change', () => {
    const store = createChatStore({ initial: messages(), coalesce: false })
    const before = store.getState()
    const text = before.parts.get('prt_e797b87c6001lyoCrhhvZxYfX5') as TextPart
    store.getState().appendPartDelta(text.messageID, text.id, 'text', ' More.')
    const after = store.getState()
    expect((after.parts.get(text.id) as TextPart).text).toBe('Created `TEST_EDITS.md` with a nature-themed poem. More.')
    expect(after.messages).toBe(before.messages)
    expect(after.partIds).toBe(before.partIds)
    for (const id of before.parts.keys()) if (id !== text.id) expect(after.parts.get(id)).toBe(before.parts.get(id))
  })

  it('does nothing for a write that changes nothing', () => {
    const store = createChatStore({ initial: messages(), coalesce: false })
    const before = store.getState()
    const info = before.messages.get(before.messageIds[0] as string)
    if (!info) throw new Error('fixture changed')
    store.getState().upsertMessage(info)
    store.getState().appendPartDelta('msg_x', 'prt_x', 'text', '')
    store.getState().removePart('msg_x', 'prt_missing')
    store.getState().removeMessage('msg_missing')
    expect(store.getState()).toBe(before)
  })

  it('holds a part that arrives before its message, and shows it once the message comes', () => {
    const [user] = messages()
    if (!user) throw new Error('fixture changed')
    const store = createChatStore({ coalesce: false })
    store.getState().upsertPart(user.parts[0] as TextPart)
    expect(selectTranscript(store.getState())).toEqual([])
    store.getState().upsertMessage(user.info)
    expect(selectTranscript(store.getState())).toEqual([user])
  })

  it('replaces a part in place and appends new ones at the end of their message', () => {
    const store = createChatStore({ initial: messages(), coalesce: false })
    const [, assistant] = opencodeSession.messages
    if (!assistant) throw new Error('fixture changed')
    const order = store.getState().partIds.get(assistant.info.id)
    const reasoning = { ...(assistant.parts[1] as TextPart), text: 'rewritten' }
    store.getState().upsertPart(reasoning)
    expect(store.getState().partIds.get(assistant.info.id)).toBe(order)
    store.getState().upsertPart({ ...reasoning, id: 'prt_zzz_new' })
    expect(store.getState().partIds.get(assistant.info.id)?.at(-1)).toBe('prt_zzz_new')
  })

  it('refuses to append to a field that is not a string', () => {
    const store = createChatStore({ initial: messages(), coalesce: false })
    const before = store.getState()
    store.getState().appendPartDelta('msg_e797b2ab1001iJZcLT0YNzLMBT', 'prt_e797b5b1e001cJYshScmpU3Uso', 'tokens', 'x')
    expect(store.getState()).toBe(before)
  })

  it('holds a delta that arrives before its part and applies it when the part comes', () => {
    const store = createChatStore({ coalesce: false })
    const [, , last] = messages()
    if (!last) throw new Error('fixture changed')
    store.getState().upsertMessage(last.info)
    const text = last.parts[2] as TextPart
    store.getState().appendPartDelta(last.info.id, text.id, 'text', ' (late)')
    expect(selectTranscript(store.getState())[0]?.parts).toEqual([])
    store.getState().upsertPart(text)
    expect((store.getState().parts.get(text.id) as TextPart).text).toBe(`${text.text} (late)`)
    expect(store.getState().pendingDeltas.size).toBe(0)
  })

  it('removes parts and messages with their parts', () => {
    const store = createChatStore({ initial: messages(), coalesce: false })
    const [, assistant] = opencodeSession.messages
    if (!assistant) throw new Error('fixture changed')
    store.getState().removePart(assistant.info.id, assistant.parts[0]?.id as string)
    expect(store.getState().partIds.get(assistant.info.id)).toHaveLength(4)
    store.getState().removeMessage(assistant.info.id)
    const state = store.getState()
    expect(state.messageIds).not.toContain(assistant.info.id)
    for (const part of assistant.parts) expect(state.parts.get(part.id)).toBeUndefined()
    store.getState().reset()
    expect(selectTranscript(store.getState())).toEqual([])
  })
})

describe('the write boundary', () => {
  const parts = () => messages().flatMap((message) => message.parts)
  const firstOf = (type: string) => parts().find((part) => part.type === type) as Part

  it('refuses a part whose fields the kit reads are of the wrong kind: a diagnostic, the store unchanged', () => {
    const cases: [type: string, change: Record<string, unknown>, field: string][] = [
      ['text', { text: null }, 'text must be a string'],
      ['text', { text: ['a'] }, 'text must be a string'],
      ['text', { time: 5 }, 'time must be an object'],
      ['reasoning', { text: 7 }, 'text must be a string'],
      ['tool', { state: null }, 'state must be an object'],
      ['tool', { tool: { name: 'x' } }, 'tool must be a string'],
      ['tool', { state: { status: 2 } }, 'state.status must be a string'],
      ['tool', { state: { status: 'completed', input: null } }, 'state.input must be an object'],
      ['patch', { files: 'a.ts' }, 'files must be an array'],
      ['step-finish', { tokens: 'many' }, 'tokens must be an object'],
    ]
    for (const [type, change, field] of cases) {
      const store = createChatStore({ initial: messages(), coalesce: false })
      const before = store.getState()
      const part = firstOf(type)
      store.getState().upsertPart({ ...part, ...change } as Part)
      const after = store.getState()
      expect(after.parts, `${type} ${field}`).toBe(before.parts)
      expect(
        after.diagnostics.map((d) => [d.code, d.protocol]),
        field,
      ).toEqual([['BAD_WRITE', 'write']])
      expect(after.diagnostics[0]?.message).toContain(field)
    }
  })

  it('refuses a patch that would break its part, checking only the fields it sets', () => {
    const store = createChatStore({ initial: messages(), coalesce: false })
    const text = firstOf('text')
    store.getState().apply([{ op: 'patchPart', messageID: text.messageID, partID: text.id, patch: { text: null } }])
    expect((store.getState().parts.get(text.id) as TextPart).text).toBe((text as TextPart).text)
    expect(store.getState().diagnostics[0]?.message).toContain('text must be a string')
    store
      .getState()
      .apply([{ op: 'patchPart', messageID: text.messageID, partID: text.id, patch: { metadata: { seen: true } } }])
    expect(store.getState().parts.get(text.id)).toMatchObject({ metadata: { seen: true } })
    expect(store.getState().diagnostics).toHaveLength(1)
  })

  it('keeps a part of a type it does not know, whatever its fields', () => {
    const store = createChatStore({ initial: messages(), coalesce: false })
    const text = firstOf('text')
    store.getState().upsertPart({ ...text, id: 'prt_new', type: 'hologram', text: null } as unknown as Part)
    expect(store.getState().parts.get('prt_new')).toMatchObject({ type: 'hologram' })
    expect(store.getState().diagnostics).toEqual([])
  })
})
