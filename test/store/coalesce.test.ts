import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { TextPart, WithParts } from '../../src/core/model/types'
import { textPart } from '../../src/core/build'
import { builtInAdapters } from '../../src/protocols/adapters'
import { createChatStore } from '../../src/store/chatStore'
import { type FlushScheduler, selectTranscript } from '../../src/store/chatStore'
import aisdkStreams from '../fixtures/aisdk/ui-message-streams.json'
import deltaStream from '../fixtures/delta/stream.json'
import { opencodeSession } from '../fixtures/opencode'
import { byWords, toEvents } from '../fixtures/opencodeEvents'
import toolMessage2Conversation from '../fixtures/toolmessage2/conversation.json'

/** A scheduler driven by the test: `frame()` runs what is waiting, like one animation frame. */
function manualFrames() {
  let waiting: (() => void) | undefined
  let scheduled = 0
  const scheduler: FlushScheduler = (flush) => {
    scheduled++
    waiting = flush
    return () => {
      if (waiting === flush) waiting = undefined
    }
  }
  const frame = () => {
    const run = waiting
    waiting = undefined
    run?.()
  }
  return { scheduler, frame, scheduled: () => scheduled }
}

const user = structuredClone(opencodeSession.messages[0]) as WithParts
const text = (store: ReturnType<typeof createChatStore>, id: string) =>
  (store.getState().parts.get(id) as TextPart | undefined)?.text

function storeWithPart() {
  const frames = manualFrames()
  const store = createChatStore({ adapters: builtInAdapters, scheduler: frames.scheduler })
  store.getState().upsertMessage(user.info)
  const part = textPart({ id: 'prt_stream', sessionID: user.info.sessionID, messageID: user.info.id }, '')
  store.getState().upsertPart(part)
  return { store, frames, part }
}

describe('coalescing', () => {
  it('applies 10,000 deltas in a handful of frames and loses or reorders none', () => {
    const { store, frames, part } = storeWithPart()
    let notified = 0
    store.subscribe(() => notified++)
    let expected = ''
    for (let i = 0; i < 10_000; i++) {
      const delta = `${i.toString(36)}${i % 7 === 0 ? '\n' : ' '}`
      expected += delta
      store.getState().appendPartDelta(part.messageID, part.id, 'text', delta)
      if (i % 2500 === 2499) frames.frame()
    }
    frames.frame()
    expect(text(store, part.id)).toBe(expected)
    expect(notified).toBe(4)
  })

  it('shows nothing of a delta before its frame, and everything after it', () => {
    const { store, frames, part } = storeWithPart()
    store.getState().appendPartDelta(part.messageID, part.id, 'text', 'Hello')
    store.getState().appendPartDelta(part.messageID, part.id, 'text', ', world')
    expect(text(store, part.id)).toBe('')
    expect(frames.scheduled()).toBe(1)
    frames.frame()
    expect(text(store, part.id)).toBe('Hello, world')
  })

  it('applies waiting deltas before any other write, so order is kept', () => {
    const { store, frames, part } = storeWithPart()
    store.getState().appendPartDelta(part.messageID, part.id, 'text', 'draft')
    store.getState().upsertPart({ ...part, text: 'rewritten' })
    expect(text(store, part.id)).toBe('rewritten')
    store.getState().appendPartDelta(part.messageID, part.id, 'text', '!')
    store.getState().flush()
    expect(text(store, part.id)).toBe('rewritten!')
    frames.frame()
    expect(text(store, part.id)).toBe('rewritten!')
  })

  it('ends with the same transcript as applying every write at once, wherever the frames fall', () => {
    const events = toEvents(structuredClone(opencodeSession.messages), byWords)
    const reference = createChatStore({ adapters: builtInAdapters, coalesce: false })
    for (const event of events) reference.getState().ingest('opencode-event', event)
    fc.assert(
      fc.property(fc.array(fc.nat(events.length), { maxLength: 30 }), (cuts) => {
        const frames = manualFrames()
        const store = createChatStore({ adapters: builtInAdapters, scheduler: frames.scheduler })
        const at = new Set(cuts)
        events.forEach((event, i) => {
          store.getState().ingest('opencode-event', event)
          if (at.has(i)) frames.frame()
        })
        frames.frame()
        expect(store.getState().messageIds).toEqual(reference.getState().messageIds)
        expect(store.getState().parts.toObject()).toEqual(reference.getState().parts.toObject())
      }),
      { numRuns: 50 },
    )
  })

  it('waits for the next animation frame by default, or the next task where there is none (node)', async () => {
    const store = createChatStore({ adapters: builtInAdapters })
    store.getState().upsertMessage(user.info)
    store
      .getState()
      .upsertPart(textPart({ id: 'prt_raf', sessionID: user.info.sessionID, messageID: user.info.id }, ''))
    for (const word of byWords('one two three')) store.getState().appendPartDelta(user.info.id, 'prt_raf', 'text', word)
    expect(text(store, 'prt_raf')).toBe('')
    await new Promise((resolve) =>
      typeof requestAnimationFrame === 'function' ? requestAnimationFrame(resolve) : setTimeout(resolve, 0),
    )
    expect(text(store, 'prt_raf')).toBe('one two three')
  })

  it('drops what waits for a frame on reset, on purpose', () => {
    const { store, frames, part } = storeWithPart()
    store.getState().appendPartDelta(part.messageID, part.id, 'text', 'gone')
    store.getState().reset()
    frames.frame()
    expect(store.getState().parts.size).toBe(0)
  })
})

describe('coalescing on every live path of ingest', () => {
  const aisdkChunks = (aisdkStreams as { name: string; chunks: unknown[] }[]).flatMap((stream) =>
    stream.chunks.filter((chunk) => !String((chunk as { type?: unknown }).type).startsWith('error')),
  )
  const live: [name: string, events: unknown[]][] = [
    ['aisdk', aisdkChunks.slice(0, 200)],
    [
      'aisdk',
      [
        `${aisdkChunks
          .slice(0, 200)
          .map((chunk) => `data: ${JSON.stringify(chunk)}\n\n`)
          .join('')}`,
      ],
    ],
    ['opencode', toEvents(structuredClone(opencodeSession.messages), byWords)],
    ['delta', deltaStream],
    ['toolmessage2', toolMessage2Conversation],
  ]

  for (const [name, events] of live) {
    it(`${name}${events.length === 1 ? ' (one piece of server-sent-event text)' : ''}: a frame of ${events.length} events is one store update, and the same transcript as applied one by one`, () => {
      const frames = manualFrames()
      const store = createChatStore({ adapters: builtInAdapters, scheduler: frames.scheduler })
      let notified = 0
      store.subscribe(() => notified++)
      // A still clock: the AI SDK's chunks carry no times of their own.
      const options = { clock: () => 1_700_000_000_000 }
      for (const event of events) store.getState().ingest(name, event, options)
      const diagnostics = store.getState().diagnostics.length
      // Only a diagnostic (a store update of its own) may show before the frame.
      expect(notified).toBe(diagnostics > 0 ? notified : 0)
      const before = notified
      frames.frame()
      expect(notified - before).toBe(1)
      expect(frames.scheduled()).toBe(1)

      const direct = createChatStore({ adapters: builtInAdapters, coalesce: false })
      for (const event of events) direct.getState().ingest(name, event, options)
      expect(selectTranscript(store.getState())).toEqual(selectTranscript(direct.getState()))
      expect(selectTranscript(store.getState()).length).toBeGreaterThan(0)
    })
  }
})
