import { describe, expect, it } from 'vitest'
import type { Part } from '../../src/core/model/types'
import { createChatStore } from '../../src/store/chatStore'
import { revisionOf } from '../../src/store/revisions'
import { opencodeSession } from '../fixtures/opencode'

/** A store holding the real opencode session, and the revision of every message in it. */
function loaded() {
  const store = createChatStore({ initial: opencodeSession.messages, coalesce: false })
  const ids = store.getState().messageIds
  const revisions = () => new Map(ids.map((id) => [id, revisionOf(store.getState(), id)]))
  return { store, ids, revisions }
}

/** The message ids whose revision differs between two readings. */
const changed = (before: Map<string, number | undefined>, after: Map<string, number | undefined>) =>
  [...after].filter(([id, revision]) => before.get(id) !== revision).map(([id]) => id)

const firstPart = (store: ReturnType<typeof loaded>['store'], messageID: string) =>
  store.getState().parts.get((store.getState().partIds.get(messageID) ?? [])[0] as string) as Part

describe('message revisions', () => {
  it('change for the message each write touches, and for no other', () => {
    const { store, ids, revisions } = loaded()
    const [first, second, third] = ids as [string, string, string]
    let before = revisions()
    expect([...before.values()].every((revision) => typeof revision === 'number')).toBe(true)
    const part = firstPart(store, second)
    store.getState().appendPartDelta(second, part.id, 'text', ' more')
    expect(changed(before, revisions())).toEqual([second])
    before = revisions()
    store.getState().apply([{ op: 'patchPart', messageID: third, partID: firstPart(store, third).id, patch: {} }])
    const info = store.getState().messages.get(first)
    if (info) store.getState().upsertMessage({ ...info })
    expect(changed(before, revisions()).sort()).toEqual([first, third].sort())
    before = revisions()
    store.getState().apply([{ op: 'setStatus', status: 'streaming' }])
    expect(changed(before, revisions())).toEqual([])
    store.getState().removePart(second, part.id)
    expect(changed(before, revisions())).toEqual([second])
  })

  it('move a part’s old and new message both when an upsert moves it', () => {
    const { store, ids, revisions } = loaded()
    const [first, second] = ids as [string, string]
    const part = firstPart(store, first)
    const before = revisions()
    store.getState().upsertPart({ ...part, messageID: second })
    expect(changed(before, revisions()).sort()).toEqual([first, second].sort())
  })

  it('follow a delta to the message that holds its part, whatever message the delta names', () => {
    const { store, ids, revisions } = loaded()
    const [first, second] = ids as [string, string]
    const part = firstPart(store, first)
    const before = revisions()
    store.getState().appendPartDelta(second, part.id, 'text', '!')
    expect(changed(before, revisions())).toContain(first)
  })

  it('are all new after a reset, and none when the state was written around the store', () => {
    const { store, ids, revisions } = loaded()
    const before = revisions()
    store.getState().reset(opencodeSession.messages)
    const after = revisions()
    expect(changed(before, after)).toEqual(ids)
    // A raw write that replaces the parts leaves no revision to trust: readers read everything again.
    store.setState({ parts: store.getState().parts.set('prt_raw', firstPart(store, ids[0] as string)) })
    expect(revisionOf(store.getState(), ids[0] as string)).toBeUndefined()
    // One that leaves the maps alone (the status, say) keeps them.
    store.getState().reset(opencodeSession.messages)
    const kept = revisions()
    store.setState({ status: 'streaming' })
    expect(revisions()).toEqual(kept)
  })
})
