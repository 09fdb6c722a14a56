import { createStore, type StoreApi } from 'zustand/vanilla'
import type { MessageInfo, Part, WithParts } from '../core/model/types.js'

/** Normalized transcript state: messages and parts by id, with their order kept apart. */
export interface ChatState {
  /** Message ids in transcript order. */
  messageIds: string[]
  /** Message info by message id. */
  messages: Record<string, MessageInfo>
  /** Part ids in order, by message id. */
  partIds: Record<string, string[]>
  /** Parts by part id. */
  parts: Record<string, Part>
}

/** The canonical write operations of a chat store. */
export interface ChatActions {
  /** Adds a message or replaces its info; a new message goes last. */
  upsertMessage(info: MessageInfo): void
  /** Removes a message and all its parts. */
  removeMessage(messageID: string): void
  /** Adds a part at the end of its message or replaces it in place; a part whose message is unknown is held until the message arrives. */
  upsertPart(part: Part): void
  /** Appends `delta` to a string field (`text` by default) of a part. */
  appendPartDelta(messageID: string, partID: string, field: string, delta: string): void
  /** Removes a part. */
  removePart(messageID: string, partID: string): void
  /** Replaces everything with `messages` (default: empty). */
  reset(messages?: readonly WithParts[]): void
}

/** A chat store: zustand vanilla, one per transcript. */
export type ChatStore = StoreApi<ChatState & ChatActions>

/** Options of {@link createChatStore}. */
export interface ChatStoreOptions {
  /** Messages to start with (default: none). */
  initial?: readonly WithParts[]
}

/** The state of an empty transcript. */
export function emptyChatState(): ChatState {
  return { messageIds: [], messages: {}, partIds: {}, parts: {} }
}

function fromMessages(messages: readonly WithParts[]): ChatState {
  let state = emptyChatState()
  for (const message of messages) {
    state = putMessage(state, message.info)
    for (const part of message.parts) state = putPart(state, part)
  }
  return state
}

function putMessage(state: ChatState, info: MessageInfo): ChatState {
  if (state.messages[info.id] === info) return state
  const known = info.id in state.messages
  return {
    ...state,
    messageIds: known ? state.messageIds : [...state.messageIds, info.id],
    messages: { ...state.messages, [info.id]: info },
    partIds: known || state.partIds[info.id] ? state.partIds : { ...state.partIds, [info.id]: [] },
  }
}

function putPart(state: ChatState, part: Part): ChatState {
  if (state.parts[part.id] === part) return state
  const order = state.partIds[part.messageID] ?? []
  const known = part.id in state.parts
  return {
    ...state,
    parts: { ...state.parts, [part.id]: part },
    partIds: known && order.includes(part.id) ? state.partIds : { ...state.partIds, [part.messageID]: [...order, part.id] },
  }
}

/**
 * Creates a store for one transcript. Writes replace only what changed: an unchanged message or
 * part keeps its object identity, so selectors that read it do not re-run their subscribers.
 */
export function createChatStore(options: ChatStoreOptions = {}): ChatStore {
  return createStore<ChatState & ChatActions>()((set) => ({
    ...fromMessages(options.initial ?? []),
    upsertMessage: (info) => set((state) => putMessage(state, info)),
    upsertPart: (part) => set((state) => putPart(state, part)),
    appendPartDelta: (messageID, partID, field, delta) =>
      set((state) => {
        const part = state.parts[partID]
        if (!part || part.messageID !== messageID || delta === '') return state
        const current: unknown = Reflect.get(part, field)
        if (current !== undefined && typeof current !== 'string') return state
        const next = { ...part, [field]: (current ?? '') + delta } as Part
        return { ...state, parts: { ...state.parts, [partID]: next } }
      }),
    removePart: (messageID, partID) =>
      set((state) => {
        if (!(partID in state.parts)) return state
        const { [partID]: _removed, ...parts } = state.parts
        const order = state.partIds[messageID]
        return {
          ...state,
          parts,
          partIds: order ? { ...state.partIds, [messageID]: order.filter((id) => id !== partID) } : state.partIds,
        }
      }),
    removeMessage: (messageID) =>
      set((state) => {
        if (!(messageID in state.messages)) return state
        const { [messageID]: _info, ...messages } = state.messages
        const { [messageID]: removedParts = [], ...partIds } = state.partIds
        const parts = { ...state.parts }
        for (const id of removedParts) delete parts[id]
        return { messageIds: state.messageIds.filter((id) => id !== messageID), messages, partIds, parts }
      }),
    reset: (messages = []) => set(fromMessages(messages)),
  }))
}

/** Reads the transcript back out of a store as `WithParts[]`, in order. */
export function selectTranscript(state: ChatState): WithParts[] {
  return state.messageIds.flatMap((id) => {
    const info = state.messages[id]
    if (!info) return []
    const parts = (state.partIds[id] ?? []).flatMap((partID) => state.parts[partID] ?? [])
    return [{ info, parts }]
  })
}
