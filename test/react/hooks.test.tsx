import { act, render, screen } from '@testing-library/react'
import { memo, type ReactNode, useSyncExternalStore } from 'react'
import { describe, expect, it, vi } from 'vitest'
import type { StepFinishPart, TextPart } from '../../src/core/model/types'
import { builtInAdapters } from '../../src/protocols/adapters'
import { createChatStore } from '../../src/store/chatStore'
import { type ChatState, type ChatStore } from '../../src/store/chatStore'
import {
  ChatStoreProvider,
  useChatStore,
  useDiagnostics,
  useMessage,
  useMessageIds,
  useMessageTotals,
  usePart,
  usePartIds,
  useParts,
  useStatus,
  useTotals,
} from '../../src/react/hooks'
import { repeatSession } from '../fixtures/generate'

// useSyncExternalStore as it is, watched: which snapshot functions the hooks hand it.
vi.mock('react', async (importOriginal) => {
  const react = await importOriginal<typeof import('react')>()
  return { ...react, useSyncExternalStore: vi.fn(react.useSyncExternalStore) }
})

/** Renders per component and id, counted during render. */
function renderCounter() {
  const counts = new Map<string, number>()
  const hit = (key: string) => counts.set(key, (counts.get(key) ?? 0) + 1)
  const snapshot = () => new Map(counts)
  const changedSince = (before: Map<string, number>) =>
    [...counts]
      .filter(([key, count]) => before.get(key) !== count)
      .map(([key]) => key)
      .sort()
  return { hit, snapshot, changedSince }
}

function setup(count: number) {
  const store = createChatStore({ adapters: builtInAdapters, initial: repeatSession(count), coalesce: false })
  const counter = renderCounter()
  const Part = memo(({ id }: { id: string }) => {
    counter.hit(`part:${id}`)
    const part = usePart(id)
    return <span data-testid={id}>{part?.type === 'text' ? part.text : part?.type}</span>
  })
  const Message = memo(({ id }: { id: string }) => {
    counter.hit(`message:${id}`)
    const info = useMessage(id)
    const partIds = usePartIds(id)
    return (
      <article aria-label={`${info?.role} ${id}`}>
        {partIds.map((partID) => (
          <Part key={partID} id={partID} />
        ))}
      </article>
    )
  })
  const Totals = () => {
    counter.hit('totals')
    const totals = useTotals()
    return <output aria-label="cost">{totals.cost.toFixed(4)}</output>
  }
  const List = () => {
    counter.hit('list')
    const ids = useMessageIds()
    return (
      <>
        {ids.map((id) => (
          <Message key={id} id={id} />
        ))}
        <Totals />
      </>
    )
  }
  render(
    <ChatStoreProvider store={store}>
      <List />
    </ChatStoreProvider>,
  )
  return { store, counter }
}

/** The last text part of the last message that has one. */
const lastText = (store: ChatStore): TextPart => {
  const state = store.getState()
  for (const id of [...state.messageIds].reverse()) {
    const partID = (state.partIds.get(id) ?? []).findLast((partID) => state.parts.get(partID)?.type === 'text')
    if (partID !== undefined) return state.parts.get(partID) as TextPart
  }
  throw new Error('no text in the session')
}

/** The words of a message's text parts. */
const wordsOf = (state: ChatState, messageID: string) =>
  (state.partIds.get(messageID) ?? []).reduce((sum, partID) => {
    const part = state.parts.get(partID)
    return sum + (part?.type === 'text' ? part.text.split(/\s+/).length : 0)
  }, 0)

describe('store hooks', () => {
  it('renders 100 messages, and a delta to one part re-renders that part only', () => {
    const { store, counter } = setup(100)
    expect(screen.getAllByRole('article')).toHaveLength(100)
    const text = lastText(store)
    const before = counter.snapshot()
    act(() => store.getState().appendPartDelta(text.messageID, text.id, 'text', ' And more.'))
    expect(screen.getByTestId(text.id).textContent).toBe(`${text.text} And more.`)
    expect(counter.changedSince(before)).toEqual([`part:${text.id}`])
  })

  it('re-renders the message, not its siblings, when a part is added to it', () => {
    const { store, counter } = setup(100)
    const text = lastText(store)
    const before = counter.snapshot()
    act(() => store.getState().upsertPart({ ...text, id: 'prt_zzz_added' }))
    expect(counter.changedSince(before)).toEqual([`message:${text.messageID}`, 'part:prt_zzz_added'])
  })

  it("re-renders totals when a step's cost arrives, and not for text", () => {
    const { store, counter } = setup(100)
    const costBefore = Number(screen.getByRole('status', { name: 'cost' }).textContent)
    const state = store.getState()
    const step = [...state.parts.values()].find(
      (part): part is StepFinishPart => part.type === 'step-finish',
    ) as StepFinishPart
    const text = lastText(store)
    let before = counter.snapshot()
    act(() => store.getState().appendPartDelta(text.messageID, text.id, 'text', '!'))
    expect(counter.changedSince(before)).not.toContain('totals')
    before = counter.snapshot()
    act(() => store.getState().upsertPart({ ...step, cost: step.cost + 1 }))
    expect(counter.changedSince(before)).toEqual([`part:${step.id}`, 'totals'])
    expect(Number(screen.getByRole('status', { name: 'cost' }).textContent)).toBeCloseTo(costBefore + 1, 4)
  })

  it('renders a frame of coalesced deltas once', async () => {
    const store = createChatStore({ adapters: builtInAdapters, initial: repeatSession(3) })
    const text = lastText(store)
    let renders = 0
    const View = () => {
      renders++
      const part = usePart(text.id)
      return <p>{part?.type === 'text' ? part.text : ''}</p>
    }
    render(
      <ChatStoreProvider store={store}>
        <View />
      </ChatStoreProvider>,
    )
    const initial = renders
    act(() => {
      for (const word of ['one ', 'two ', 'three'])
        store.getState().appendPartDelta(text.messageID, text.id, 'text', word)
    })
    await act(() => new Promise((resolve) => requestAnimationFrame(resolve)))
    expect(screen.getByText(`${text.text}one two three`)).toBeTruthy()
    expect(renders - initial).toBe(1)
  })

  it('reads parts, per-message totals, status and diagnostics', () => {
    const store = createChatStore({ adapters: builtInAdapters, initial: repeatSession(3), coalesce: false })
    const id = store.getState().messageIds[1] as string
    const seen: { parts?: readonly unknown[]; totals?: unknown; status?: string; diagnostics?: number } = {}
    const Probe = () => {
      seen.parts = useParts(id)
      seen.totals = useMessageTotals(id)
      seen.status = useStatus()
      seen.diagnostics = useDiagnostics().length
      return null
    }
    const wrap = ({ children }: { children: ReactNode }) => (
      <ChatStoreProvider store={store}>{children}</ChatStoreProvider>
    )
    render(<Probe />, { wrapper: wrap })
    expect(seen.parts?.map((part) => (part as { type: string }).type)).toEqual([
      'step-start',
      'reasoning',
      'tool',
      'step-finish',
      'patch',
    ])
    expect(seen.totals).toMatchObject({ steps: 1 })
    const parts = seen.parts
    act(() =>
      store.getState().ingest('opencode-event', { type: 'session.status', properties: { status: { type: 'busy' } } }),
    )
    expect(seen.status).toBe('streaming')
    expect(seen.parts).toBe(parts)
    act(() => void store.getState().ingest('opencode-event', 'garbage'))
    expect(seen.diagnostics).toBe(1)
  })

  it('says what is wrong when a hook is used outside a provider', () => {
    const Lost = () => {
      useStatus()
      return null
    }
    const spy = console.error
    console.error = () => {}
    try {
      expect(() => render(<Lost />)).toThrow(/outside <ChatStoreProvider/)
    } finally {
      console.error = spy
    }
  })
})

describe('the store hooks', () => {
  it('hand React the same snapshot function at every render of a streamed part', () => {
    // A new function at a render makes React schedule a passive effect and a task to run it, at
    // every commit: a streamed part re-renders at every token.
    const store = createChatStore({ adapters: builtInAdapters, initial: repeatSession(3), coalesce: false })
    const text = store
      .getState()
      .messageIds.flatMap((id) => store.getState().partIds.get(id) ?? [])
      .map((id) => store.getState().parts.get(id))
      .find((part): part is TextPart => part?.type === 'text') as TextPart
    function Probe() {
      const part = usePart(text.id)
      const parts = useParts(text.messageID)
      useMessage(text.messageID)
      usePartIds(text.messageID)
      useStatus()
      useMessageTotals(text.messageID)
      return <p>{`${(part as TextPart | undefined)?.text.length} ${parts.length}`}</p>
    }
    const spy = vi.mocked(useSyncExternalStore)
    render(
      <ChatStoreProvider store={store}>
        <Probe />
      </ChatStoreProvider>,
    )
    spy.mockClear()
    for (const delta of [' one', ' two', ' three'])
      act(() => store.getState().appendPartDelta(text.messageID, text.id, 'text', delta))
    const snapshots = spy.mock.calls.map(([, getSnapshot]) => getSnapshot)
    // Six hooks, three renders each.
    expect(snapshots).toHaveLength(18)
    expect(new Set(snapshots).size).toBe(6)
  })
})

describe('a selector scoped to a message', () => {
  /** Renders a component per message whose selector, scoped to the message, counts its runs. */
  function scoped(count: number) {
    const store = createChatStore({ initial: repeatSession(count), coalesce: false })
    const runs = new Map<string, number>()
    const Words = memo(({ id }: { id: string }) => {
      const words = useChatStore(
        (state) => {
          runs.set(id, (runs.get(id) ?? 0) + 1)
          return wordsOf(state, id)
        },
        Object.is,
        id,
      )
      return <output aria-label={`words of ${id}`}>{words}</output>
    })
    const List = () => (
      <>
        {useMessageIds().map((id) => (
          <Words key={id} id={id} />
        ))}
      </>
    )
    render(
      <ChatStoreProvider store={store}>
        <List />
      </ChatStoreProvider>,
    )
    const ran = () => new Map(runs)
    const ranSince = (before: Map<string, number>) =>
      [...runs].filter(([id, n]) => before.get(id) !== n).map(([id]) => id)
    return { store, ran, ranSince }
  }

  it('runs again for a write to its message only, and shows what the write changed', () => {
    const { store, ran, ranSince } = scoped(50)
    const text = lastText(store)
    const words = Number(screen.getByLabelText(`words of ${text.messageID}`).textContent)
    let before = ran()
    act(() => store.getState().appendPartDelta(text.messageID, text.id, 'text', ' two more'))
    expect(ranSince(before)).toEqual([text.messageID])
    expect(Number(screen.getByLabelText(`words of ${text.messageID}`).textContent)).toBe(words + 2)
    before = ran()
    act(() => store.getState().removePart(text.messageID, text.id))
    expect(ranSince(before)).toEqual([text.messageID])
  })

  it('subscribes to the store once for every message read this way, not once per reader', () => {
    const store = createChatStore({ initial: repeatSession(30), coalesce: false })
    const subscribe = vi.spyOn(store, 'subscribe')
    const Info = ({ id }: { id: string }) => (
      <p>{useChatStore((state) => state.messages.get(id)?.role, Object.is, id)}</p>
    )
    const ids = store.getState().messageIds
    render(
      <ChatStoreProvider store={store}>
        {ids.map((id) => (
          <Info key={id} id={id} />
        ))}
      </ChatStoreProvider>,
    )
    expect(screen.getAllByRole('paragraph')).toHaveLength(ids.length)
    expect(subscribe).toHaveBeenCalledTimes(1)
  })

  it('shows an earlier state set back whole (an undo), then goes on with later writes', () => {
    const { store } = scoped(10)
    const text = lastText(store)
    const label = `words of ${text.messageID}`
    const words = () => Number(screen.getByLabelText(label).textContent)
    const before = words()
    const earlier = store.getState()
    act(() => store.getState().appendPartDelta(text.messageID, text.id, 'text', ' two more'))
    expect(words()).toBe(before + 2)
    act(() => store.setState(earlier, true))
    expect(words()).toBe(before)
    act(() => store.getState().appendPartDelta(text.messageID, text.id, 'text', ' three more words'))
    expect(words()).toBe(before + 3)
  })

  it('runs again for every message after a write around the store, and reads it', () => {
    const { store, ran, ranSince } = scoped(20)
    const text = lastText(store)
    const before = ran()
    act(() => store.setState({ parts: store.getState().parts.set(text.id, { ...text, text: 'one' }) }))
    expect(ranSince(before)).toHaveLength(store.getState().messageIds.length)
    expect(screen.getByLabelText(`words of ${text.messageID}`).textContent).not.toBe('')
  })

  it('reads the new store when the provider is handed another one holding the same message', () => {
    const session = repeatSession(3)
    const message = session.find((item) => item.parts.some((part) => part.type === 'text')) as (typeof session)[number]
    const other = session.map((item) =>
      item === message
        ? {
            ...item,
            parts: item.parts.map((part) =>
              part.type === 'text' ? { ...part, text: 'one two three four five' } : part,
            ),
          }
        : item,
    )
    const count = (state: ChatState) => wordsOf(state, message.info.id)
    const Words = () => <output>{useChatStore(count, Object.is, message.info.id)}</output>
    const first = createChatStore({ initial: session, coalesce: false })
    const second = createChatStore({ initial: other, coalesce: false })
    const { rerender } = render(
      <ChatStoreProvider store={first}>
        <Words />
      </ChatStoreProvider>,
    )
    expect(screen.getByRole('status').textContent).toBe(String(count(first.getState())))
    rerender(
      <ChatStoreProvider store={second}>
        <Words />
      </ChatStoreProvider>,
    )
    expect(screen.getByRole('status').textContent).toBe(String(count(second.getState())))
    expect(count(second.getState())).not.toBe(count(first.getState()))
  })
})
