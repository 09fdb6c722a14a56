import { createContext, type ReactNode, useCallback, useContext, useMemo, useRef, useSyncExternalStore } from 'react'
import type { MessageInfo, Part, SourcePart } from '../core/model/types.js'
import type { Totals } from '../core/totals.js'
import { partsOf, type TranscriptStatus } from '../core/transcript.js'
import type { ChatActions, ChatState, ChatStore, StoredDiagnostic } from '../store/chatStore.js'
import { revisionOf } from '../store/revisions.js'
import { messageTotalsSelector, sameTotals, selectTotals } from '../store/selectors.js'

const StoreContext = createContext<ChatStore | null>(null)

/** Props of {@link ChatStoreProvider}. */
export interface ChatStoreProviderProps {
  /** The store of the transcript below; create it once per transcript (e.g. in `useState`). */
  store: ChatStore
  children?: ReactNode
}

/** Makes `store` the store the hooks below it read. */
export function ChatStoreProvider({ store, children }: ChatStoreProviderProps) {
  return <StoreContext.Provider value={store}>{children}</StoreContext.Provider>
}

/** The store of the nearest {@link ChatStoreProvider}, or `null` outside one. */
export function useOptionalChatStoreApi(): ChatStore | null {
  return useContext(StoreContext)
}

/** The store of the nearest {@link ChatStoreProvider}; throws a clear error outside one. */
export function useChatStoreApi(): ChatStore {
  const store = useContext(StoreContext)
  if (!store)
    throw new Error(
      'chatparts: a store hook was used outside <ChatStoreProvider store={…}> (or <Transcript store={…}>)',
    )
  return store
}

const EMPTY: readonly never[] = Object.freeze([])

/** The subscribers of one message, and the revision they last saw. */
interface MessageSubscribers {
  readonly listeners: Set<() => void>
  seen: number | undefined
}

/**
 * Per store, the subscribers of each message read through {@link useChatStore}'s `messageID`, with
 * one store subscription for all of them: a write notifies those of the messages it touched (every
 * one of them after a write around the store, which leaves no revisions), so a page with every
 * message rendered does not call every message's hooks.
 */
const hubs = new WeakMap<ChatStore, Map<string, MessageSubscribers>>()

function hubOf(store: ChatStore): Map<string, MessageSubscribers> {
  let hub = hubs.get(store)
  if (hub) return hub
  const made = new Map<string, MessageSubscribers>()
  store.subscribe((state) => {
    for (const [id, subscribers] of made) {
      const revision = revisionOf(state, id)
      if (revision !== undefined && subscribers.seen === revision) continue
      subscribers.seen = revision
      for (const listener of subscribers.listeners) listener()
    }
  })
  hubs.set(store, (hub = made))
  return hub
}

function subscribeMessage(store: ChatStore, id: string, listener: () => void): () => void {
  const hub = hubOf(store)
  let subscribers = hub.get(id)
  if (!subscribers) hub.set(id, (subscribers = { listeners: new Set(), seen: revisionOf(store.getState(), id) }))
  const mine = subscribers
  mine.listeners.add(listener)
  return () => {
    mine.listeners.delete(listener)
    if (mine.listeners.size === 0 && hub.get(id) === mine) hub.delete(id)
  }
}

/**
 * Reads `selector(state)` and re-renders only when its result changes under `equal` (default:
 * `Object.is`). The selector may build a new object each call: an equal result keeps the old one.
 * `messageID`: the selector reads that message alone (its info and parts): it is not run again
 * while no write touches the message, however many other messages are written to.
 */
export function useChatStore<T>(
  selector: (state: ChatState & ChatActions) => T,
  equal: (a: T, b: T) => boolean = Object.is,
  messageID?: string,
): T {
  const store = useChatStoreApi()
  const last = useRef<{
    store: ChatStore
    state: unknown
    selector: unknown
    messageID: string | undefined
    revision: number | undefined
    value: T
  } | null>(null)
  // The same function while the store, selector and equality are: React answers a new one with a
  // passive effect and a task to run it, at every commit of the component (a streamed part
  // re-renders at every token). The kit's hooks keep their selectors for the same reason.
  const read = useMemo(
    () => () => {
      const state = store.getState()
      const cached = last.current
      if (cached && cached.state === state && cached.selector === selector) return cached.value
      const revision = messageID === undefined ? undefined : revisionOf(state, messageID)
      if (
        cached &&
        revision !== undefined &&
        cached.revision === revision &&
        cached.store === store &&
        cached.messageID === messageID &&
        cached.selector === selector
      ) {
        // Kept in place: this runs for every message at every write.
        cached.state = state
        return cached.value
      }
      const value = selector(state)
      const kept = cached && equal(cached.value, value) ? cached.value : value
      last.current = { store, state, selector, messageID, revision, value: kept }
      return kept
    },
    [store, selector, equal, messageID],
  )
  const subscribe = useMemo(
    () =>
      messageID === undefined
        ? store.subscribe
        : (listener: () => void) => subscribeMessage(store, messageID, listener),
    [store, messageID],
  )
  return useSyncExternalStore(subscribe, read, read)
}

const selectMessageIds = (state: ChatState) => state.messageIds
const selectStatus = (state: ChatState) => state.status
const selectDiagnostics = (state: ChatState) => state.diagnostics

const sameIds = (a: readonly unknown[], b: readonly unknown[]) =>
  a.length === b.length && a.every((item, i) => item === b[i])

/** Message ids in transcript order; changes only when a message is added, removed or moved. */
export function useMessageIds(): readonly string[] {
  return useChatStore(selectMessageIds)
}

/** The info of message `id`; changes only when that message's info does. */
export function useMessage(id: string): MessageInfo | undefined {
  return useChatStore(
    useCallback((state) => state.messages.get(id), [id]),
    Object.is,
    id,
  )
}

/** Part ids of message `id` in order; a streamed delta to one of them does not change it. */
export function usePartIds(messageID: string): readonly string[] {
  return useChatStore(
    useCallback((state) => state.partIds.get(messageID) ?? EMPTY, [messageID]),
    Object.is,
    messageID,
  )
}

/** The parts of message `id` in order; changes when any of them does. */
export function useParts(messageID: string): readonly Part[] {
  return useChatStore(
    useCallback((state) => partsOf(state, messageID), [messageID]),
    sameIds,
    messageID,
  )
}

/** The source parts of message `id` in order (what `Transcript` lists under a reply); changes when one of them does. */
export function useSourceParts(messageID: string): readonly SourcePart[] {
  const select = useCallback(
    (state: ChatState) => {
      const ids = state.partIds.get(messageID)
      if (!ids) return EMPTY_SOURCES
      const sources: SourcePart[] = []
      for (const id of ids) {
        const part = state.parts.get(id)
        if (part?.type === 'source') sources.push(part)
      }
      return sources.length === 0 ? EMPTY_SOURCES : sources
    },
    [messageID],
  )
  return useChatStore(select, sameIds, messageID)
}

const EMPTY_SOURCES: readonly SourcePart[] = []

/** Part `id`; changes only when that part does. `messageID`, the part's message, spares the read at other messages' writes. */
export function usePart(id: string, messageID?: string): Part | undefined {
  return useChatStore(
    useCallback((state) => state.parts.get(id), [id]),
    Object.is,
    messageID,
  )
}

/** Cost and tokens of the whole transcript; re-renders only when a number changes. */
export function useTotals(): Totals {
  return useChatStore(selectTotals, sameTotals)
}

const sameMessageTotals = (a: Totals | undefined, b: Totals | undefined) =>
  a === b || (a !== undefined && b !== undefined && sameTotals(a, b))

/** Cost and tokens of message `id`, or `undefined` while it is unknown. */
export function useMessageTotals(id: string): Totals | undefined {
  const select = useMemo(() => messageTotalsSelector(id), [id])
  return useChatStore(select, sameMessageTotals, id)
}

/** Whether the transcript is idle, streaming or stopped by an error. */
export function useStatus(): TranscriptStatus {
  return useChatStore(selectStatus)
}

/** What the conversion layer reported, oldest first. */
export function useDiagnostics(): readonly StoredDiagnostic[] {
  return useChatStore(selectDiagnostics)
}
