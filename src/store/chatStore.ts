import { createStore, type StoreApi } from 'zustand/vanilla'
import type { MessageInfo, Part, WithParts } from '../core/model/types.js'
import {
  applyOp,
  applyOps,
  type TranscriptOp,
  type TranscriptState,
  toMessages,
  transcriptFromMessages,
} from '../core/transcript.js'

/** The state of a chat store: the normalized transcript. */
export type ChatState = TranscriptState

/** The canonical write operations of a chat store. */
export interface ChatActions {
  /** Adds a message (last) or replaces its info in place. */
  upsertMessage(info: MessageInfo): void
  /** Removes a message and all its parts. */
  removeMessage(messageID: string): void
  /** Adds a part at the end of its message or replaces it in place; a part of an unknown message is held until the message arrives. */
  upsertPart(part: Part): void
  /** Appends `delta` to a string field (e.g. `text`) of a part; a delta for an unknown part is held until the part arrives. */
  appendPartDelta(messageID: string, partID: string, field: string, delta: string): void
  /** Removes a part. */
  removePart(messageID: string, partID: string): void
  /** Applies canonical writes in order, in one update. */
  apply(writes: readonly TranscriptOp[]): void
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

/**
 * Creates a store for one transcript. Writes replace only what changed: an unchanged message or
 * part keeps its object identity, so selectors that read it do not re-run their subscribers.
 */
export function createChatStore(options: ChatStoreOptions = {}): ChatStore {
  return createStore<ChatState & ChatActions>()((set) => {
    const write = (op: TranscriptOp) => set((state) => applyOp(state, op))
    return {
      ...transcriptFromMessages(options.initial ?? []),
      upsertMessage: (info) => write({ op: 'upsertMessage', info }),
      removeMessage: (messageID) => write({ op: 'removeMessage', messageID }),
      upsertPart: (part) => write({ op: 'upsertPart', part }),
      appendPartDelta: (messageID, partID, field, delta) => write({ op: 'appendPartDelta', messageID, partID, field, delta }),
      removePart: (messageID, partID) => write({ op: 'removePart', messageID, partID }),
      apply: (writes) => set((state) => applyOps(state, writes)),
      reset: (messages = []) => set(transcriptFromMessages(messages)),
    }
  })
}

/** Reads the transcript back out of a store's state as `WithParts[]`, in order. */
export function selectTranscript(state: ChatState): WithParts[] {
  return toMessages(state)
}
