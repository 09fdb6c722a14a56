import { createStore, type StoreApi } from 'zustand/vanilla'
import type { Adapter, AdapterSession } from '../core/adapter.js'
import { type ConvertOptions, type Diagnostic, InvalidDataError } from '../core/errors.js'
import type { MessageInfo, Part, WithParts } from '../core/model/types.js'
import {
  applyOps,
  badWrite,
  type TranscriptOp,
  type TranscriptState,
  toMessages,
  transcriptFromMessages,
} from '../core/transcript.js'
import { sameContent } from './equal.js'
import { freshRevisions, type MessageRevisions, nextRevisions } from './revisions.js'
import { setOwn } from '../core/record.js'

/** Options of {@link ChatActions.ingest}: the adapter's own, plus the store's. */
export interface IngestOptions extends ConvertOptions {
  /** For a whole transcript: also remove messages and parts the input no longer has (default: false: add and update only). */
  replace?: boolean
  /** Anything the adapter reads (a session id, say). */
  [option: string]: unknown
}

/** A diagnostic kept by the store, with the adapter that reported it. */
export interface StoredDiagnostic extends Diagnostic {
  /** The name of the adapter whose ingest reported it, or `write` for a direct write the store refused. */
  protocol: string
}

/** The state of a chat store: the normalized transcript and what the conversion layer reported. */
export interface ChatState extends TranscriptState {
  /** Diagnostics of every ingest, oldest first (the newest `maxDiagnostics` of them). */
  diagnostics: readonly StoredDiagnostic[]
  /** How many older diagnostics were let go to respect `maxDiagnostics`. */
  droppedDiagnostics: number
  /** Which messages each write touched (see {@link revisionOf}). */
  revisions: MessageRevisions
}

/** The canonical write operations of a chat store. */
export interface ChatActions {
  /** Adds a message (last) or replaces its info in place. */
  upsertMessage(info: MessageInfo): void
  /** Removes a message and all its parts. */
  removeMessage(messageID: string): void
  /** Adds a part at the end of its message or replaces it in place; a part of an unknown message is held until the message arrives. */
  upsertPart(part: Part): void
  /**
   * Appends `delta` to a string field (e.g. `text`) of a part; a delta for an unknown part is held
   * until the part arrives. Coalesced: applied at the next frame unless the store was created with
   * `coalesce: false` (any other write, `flush()` or `ingest` applies it first, in order).
   */
  appendPartDelta(messageID: string, partID: string, field: string, delta: string): void
  /** Removes a part. */
  removePart(messageID: string, partID: string): void
  /** Applies canonical writes in order, in one update. */
  apply(writes: readonly TranscriptOp[]): void
  /**
   * Reads `input` with `adapter` (an {@link Adapter}, or the name of one given to the store) and
   * applies the result: a whole transcript as a snapshot, one live event through the adapter's
   * session (one per adapter per store), its writes applied with the frame's other streamed writes
   * (see `coalesce`). Returns the diagnostics of this input (also kept in
   * `diagnostics`). Bad input changes nothing but the diagnostics; with `strict` it throws an
   * `InvalidDataError` and changes nothing at all.
   */
  ingest(adapter: Adapter | string, input: unknown, options?: IngestOptions): StoredDiagnostic[]
  /** Applies the writes waiting for the next frame now. */
  flush(): void
  /** Replaces everything with `messages` (default: empty), forgetting diagnostics, waiting writes and open streams. */
  reset(messages?: readonly WithParts[]): void
}

/** A chat store: zustand vanilla, one per transcript. */
export type ChatStore = StoreApi<ChatState & ChatActions>

/** Schedules `flush` for later and returns a function that cancels it. */
export type FlushScheduler = (flush: () => void) => () => void

/** Options of {@link createChatStore}. */
export interface ChatStoreOptions {
  /** Messages to start with (default: none). */
  initial?: readonly WithParts[]
  /** Apply streamed writes once per animation frame instead of one by one (default: true). */
  coalesce?: boolean
  /** When coalesced writes are applied (default: the next animation frame, or the next task where there is none). */
  scheduler?: FlushScheduler
  /** How many diagnostics to keep (default: 1000); older ones are counted in `droppedDiagnostics`. */
  maxDiagnostics?: number
  /**
   * Adapters `ingest` finds by name: a list (each under its own `name`) or a map of names (default:
   * none). Each protocol's adapter comes from its own entry (`chatparts/aisdk`, …), so an app ships
   * only the converters it reads; `builtInAdapters` from `chatparts/protocols` has them all.
   */
  adapters?: readonly Adapter[] | Readonly<Record<string, Adapter>>
}

function adapterMap(given: ChatStoreOptions['adapters']): Readonly<Record<string, Adapter>> {
  if (!given) return {}
  if (!Array.isArray(given)) return given as Readonly<Record<string, Adapter>>
  const map: Record<string, Adapter> = {}
  for (const adapter of given as readonly Adapter[]) setOwn(map, adapter.name, adapter)
  return map
}

/** The next animation frame where there is one (browsers), else the next task (Node, workers). */
export const frameScheduler: FlushScheduler = (flush) => {
  if (typeof requestAnimationFrame === 'function') {
    const handle = requestAnimationFrame(() => flush())
    return () => cancelAnimationFrame(handle)
  }
  const handle = setTimeout(flush, 0)
  return () => clearTimeout(handle)
}

/** Joins runs of deltas to the same field of the same part, so a frame of tokens is one write. */
function joinDeltas(writes: readonly TranscriptOp[]): TranscriptOp[] {
  const joined: TranscriptOp[] = []
  for (const write of writes) {
    const last = joined.at(-1)
    if (
      write.op === 'appendPartDelta' &&
      last?.op === 'appendPartDelta' &&
      last.partID === write.partID &&
      last.field === write.field &&
      last.messageID === write.messageID
    ) {
      joined[joined.length - 1] = { ...last, delta: last.delta + write.delta }
    } else {
      joined.push(write)
    }
  }
  return joined
}

/**
 * Writes for a whole transcript: upserts that keep the current object wherever the content is the
 * same (so re-reading a saved session re-renders nothing), and with `replace`, removals of what
 * the input no longer has.
 */
function snapshotOps(state: TranscriptState, messages: readonly WithParts[], replace: boolean): TranscriptOp[] {
  const ops: TranscriptOp[] = []
  const keptMessages = new Set<string>()
  const keptParts = new Set<string>()
  for (const { info, parts } of messages) {
    keptMessages.add(info.id)
    const known = state.messages.get(info.id)
    ops.push({ op: 'upsertMessage', info: known && sameContent(known, info) ? known : info })
    for (const part of parts) {
      keptParts.add(part.id)
      const current = state.parts.get(part.id)
      ops.push({ op: 'upsertPart', part: current && sameContent(current, part) ? current : part })
    }
  }
  if (!replace) return ops
  for (const id of state.messageIds) {
    if (!keptMessages.has(id)) {
      ops.push({ op: 'removeMessage', messageID: id })
      continue
    }
    for (const partID of state.partIds.get(id) ?? [])
      if (!keptParts.has(partID)) ops.push({ op: 'removePart', messageID: id, partID })
  }
  return ops
}

/**
 * Creates a store for one transcript. Writes replace only what changed: an unchanged message or
 * part keeps its object identity, so selectors that read it do not re-run their subscribers.
 * Streamed writes (`appendPartDelta`, and every live event `ingest` reads) are coalesced per frame
 * unless `coalesce` is false; coalescing joins and batches them but never drops or reorders one.
 */
export function createChatStore(options: ChatStoreOptions = {}): ChatStore {
  const coalesce = options.coalesce ?? true
  const schedule = options.scheduler ?? frameScheduler
  const maxDiagnostics = Math.max(0, options.maxDiagnostics ?? 1000)

  // The live sessions of the adapters this store has read events with.
  let sessions = new Map<Adapter, AdapterSession>()
  const adapters = adapterMap(options.adapters)
  let queue: TranscriptOp[] = []
  let cancel: (() => void) | undefined
  let revision = 0
  const clock = () => ++revision

  return createStore<ChatState & ChatActions>()((set, get) => {
    const write = (ops: readonly TranscriptOp[]) => {
      // Replace, not merge: a write may remove a key (a cleared `error`), and applyOps keeps the rest.
      if (ops.length > 0)
        set((state) => {
          const next = applyOps(state, ops) as ChatState & ChatActions
          if (next === state) return state
          return { ...next, revisions: nextRevisions(state.revisions, state, next, ops, clock) }
        }, true)
    }
    const flush = () => {
      cancel?.()
      cancel = undefined
      if (queue.length === 0) return
      const ops = joinDeltas(queue)
      queue = []
      write(ops)
    }
    /**
     * Reports the writes the state cannot hold (ids that are not strings, a part whose fields the
     * kit reads are of the wrong kind: the state ignores them), so none is lost silently.
     */
    const checked = (ops: readonly TranscriptOp[]): readonly TranscriptOp[] => {
      const why = ops.map((op) => badWrite(op, op.op === 'patchPart' ? get().parts.get(op.partID) : undefined))
      const bad = why.flatMap((reason, index) =>
        reason
          ? [
              {
                code: 'BAD_WRITE',
                message: `${reason}; the write was ignored`,
                path: [index],
                severity: 'error' as const,
              },
            ]
          : [],
      )
      if (bad.length === 0) return ops
      report('write', bad)
      return ops.filter((_, index) => why[index] === undefined)
    }
    /** A write that must see everything streamed before it. */
    const now = (ops: readonly TranscriptOp[]) => {
      flush()
      write(checked(ops))
    }
    const stream = (ops: readonly TranscriptOp[]) => {
      if (!coalesce) return now(ops)
      queue.push(...checked(ops))
      if (!cancel && queue.length > 0) cancel = schedule(flush)
    }
    const report = (protocol: string, diagnostics: readonly Diagnostic[]): StoredDiagnostic[] => {
      const stored = diagnostics.map((diagnostic) => ({ ...diagnostic, protocol }))
      if (stored.length === 0) return stored
      set((state) => {
        const all = [...state.diagnostics, ...stored]
        const over = Math.max(0, all.length - maxDiagnostics)
        return { diagnostics: over > 0 ? all.slice(over) : all, droppedDiagnostics: state.droppedDiagnostics + over }
      })
      return stored
    }
    const snapshot = (messages: readonly WithParts[], replace = false) => {
      flush()
      write(snapshotOps(get(), messages, replace))
    }

    /** A new live session of `adapter`, given the adapter's own options (not the store's `strict`, `replace`). */
    const openSession = (adapter: Adapter, opts: IngestOptions): AdapterSession | undefined => {
      const { strict: _strict, replace: _replace, ...rest } = opts
      return adapter.session?.(rest)
    }
    const sessionOf = (adapter: Adapter, opts: IngestOptions): AdapterSession | undefined => {
      let session = sessions.get(adapter)
      if (!session) {
        session = openSession(adapter, opts)
        if (session) sessions.set(adapter, session)
      }
      return session
    }

    const convert = (adapter: Adapter, input: unknown, opts: IngestOptions): Diagnostic[] => {
      const kind =
        adapter.snapshot && adapter.session
          ? (adapter.kind?.(input) ?? 'snapshot')
          : adapter.snapshot
            ? 'snapshot'
            : 'event'
      if (kind === 'snapshot' && adapter.snapshot) {
        const result = adapter.snapshot(input, opts)
        snapshot(result.messages, opts.replace === true)
        // Live events that follow continue this transcript (a result pairs with a call read here),
        // when the adapter's sessions can be seeded; otherwise a live session in progress goes on.
        const session = openSession(adapter, opts)
        if (session?.seed) {
          session.seed(input, result.messages)
          sessions.set(adapter, session)
        }
        return result.diagnostics
      }
      const session = sessionOf(adapter, opts)
      if (!session)
        return [
          {
            code: 'NO_SESSION',
            message: `adapter "${adapter.name}" reads no live events`,
            path: [],
            severity: 'error',
          },
        ]
      // A session reads its own state, never the store's: its writes wait in order with the frame's others.
      const result = session.push(input, opts.strict ? { strict: true } : {})
      stream(result.ops)
      return result.diagnostics
    }

    const resolve = (adapter: Adapter | string, opts: IngestOptions): Adapter | undefined => {
      if (typeof adapter !== 'string') return adapter
      const found = Object.hasOwn(adapters, adapter) ? adapters[adapter] : undefined
      if (found) return found
      const known = Object.keys(adapters)
      const unknown: Diagnostic = {
        code: 'UNKNOWN_ADAPTER',
        message: `no adapter is named "${adapter}" (${known.length > 0 ? `known: ${known.join(', ')}` : 'this store was given none: pass the adapter object, or create the store with createChatStore({ adapters: [anAdapter] })'})`,
        path: [],
        severity: 'error',
      }
      if (opts.strict) throw new InvalidDataError([unknown])
      report(adapter, [unknown])
      return undefined
    }

    const initial = transcriptFromMessages(options.initial ?? [])
    return {
      ...initial,
      revisions: freshRevisions(initial, clock),
      diagnostics: [],
      droppedDiagnostics: 0,
      upsertMessage: (info) => now([{ op: 'upsertMessage', info }]),
      removeMessage: (messageID) => now([{ op: 'removeMessage', messageID }]),
      upsertPart: (part) => now([{ op: 'upsertPart', part }]),
      appendPartDelta: (messageID, partID, field, delta) =>
        stream([{ op: 'appendPartDelta', messageID, partID, field, delta }]),
      removePart: (messageID, partID) => now([{ op: 'removePart', messageID, partID }]),
      apply: (writes) => now(writes),
      ingest: (adapter, input, opts = {}) => {
        const found = resolve(adapter, opts)
        if (!found) return get().diagnostics.slice(-1)
        return report(typeof adapter === 'string' ? adapter : found.name, convert(found, input, opts))
      },
      flush,
      reset: (messages = []) => {
        cancel?.()
        cancel = undefined
        queue = []
        sessions = new Map()
        // Replaces the whole state so a session error of the old transcript does not survive.
        set(({ error: _error, ...state }) => {
          const transcript = transcriptFromMessages(messages)
          return {
            ...state,
            ...transcript,
            revisions: freshRevisions(transcript, clock),
            diagnostics: [],
            droppedDiagnostics: 0,
          }
        }, true)
      },
    }
  })
}

/** Reads the transcript back out of a store's state as `WithParts[]`, in order. */
export function selectTranscript(state: TranscriptState): WithParts[] {
  return toMessages(state)
}
