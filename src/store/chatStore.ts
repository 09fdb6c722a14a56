import { createStore, type StoreApi } from 'zustand/vanilla'
import type { MessageInfo, Part, WithParts } from '../core/model/types.js'
import {
  applyOps,
  badWrite,
  type TranscriptOp,
  type TranscriptState,
  toMessages,
  transcriptFromMessages,
} from '../core/transcript.js'
import type { ChatOptions } from '../protocols/chat/toCanonical.js'
import { fromChatMessages } from '../protocols/chat/toCanonical.js'
import { assembleDelta, assemblyOps, createDeltaAssembly, type DeltaAssembly, type DeltaAssemblyOptions } from '../protocols/delta/assembler.js'
import { InvalidDataError, type ConvertOptions, type Diagnostic, isRecord } from '../protocols/diagnostics.js'
import { fromMsgFile, type MsgFileOptions } from '../protocols/msgfile/toCanonical.js'
import { fromOpencodeEvent, fromOpencodeExport } from '../protocols/opencode/toCanonical.js'
import { createToolMessage2Stream, fromToolMessage2, type ToolMessage2Options, type ToolMessage2Stream, toolMessage2SessionID } from '../protocols/toolmessage2/toCanonical.js'
import { sameContent } from './equal.js'

/** The protocols {@link ChatActions.ingest} reads. */
export type IngestProtocol = keyof IngestOptionsByProtocol

/** Options of {@link ChatActions.ingest}, by protocol. */
export interface IngestOptionsByProtocol {
  /** A whole opencode export (`{ info, messages }`) or a bare `WithParts[]`. */
  opencode: ConvertOptions & SnapshotOptions
  /** One opencode bus event (`message.updated`, `message.part.delta`, `session.status`, …). */
  'opencode-event': ConvertOptions
  /** A toolmessage2 conversation (an array) or one message of it (an object). */
  toolmessage2: ToolMessage2Options & SnapshotOptions
  /** One MessageDelta of seed 004; deltas of several runs may interleave (keyed by `runId`). */
  delta: DeltaAssemblyOptions
  /** Flat chat messages of seed 002. */
  chat: ChatOptions & SnapshotOptions
  /** The text of a `.msg.md` file (or of a `.md` file with `kind: 'md'`). */
  msgfile: MsgFileOptions & SnapshotOptions
}

/** Options of protocols that deliver a whole transcript at once. */
export interface SnapshotOptions {
  /** Remove messages and parts the input no longer has (default: false: add and update only). */
  replace?: boolean
}

/** A diagnostic kept by the store, with the protocol that reported it. */
export interface StoredDiagnostic extends Diagnostic {
  /** The protocol of the ingest that reported it, or `write` for a direct write the store refused. */
  protocol: IngestProtocol | 'write'
}

/** The state of a chat store: the normalized transcript and what the conversion layer reported. */
export interface ChatState extends TranscriptState {
  /** Diagnostics of every ingest, oldest first (the newest `maxDiagnostics` of them). */
  diagnostics: readonly StoredDiagnostic[]
  /** How many older diagnostics were let go to respect `maxDiagnostics`. */
  droppedDiagnostics: number
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
   * Runs `input` through the conversion layer of `protocol` and applies the result. Returns the
   * diagnostics of this input (also kept in `diagnostics`). Bad input changes nothing but the
   * diagnostics; with `strict` it throws a `InvalidDataError` and changes nothing at all.
   */
  ingest<P extends IngestProtocol>(protocol: P, input: unknown, options?: IngestOptionsByProtocol[P]): StoredDiagnostic[]
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
    if (write.op === 'appendPartDelta' && last?.op === 'appendPartDelta' && last.partID === write.partID && last.field === write.field && last.messageID === write.messageID) {
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
    for (const partID of state.partIds.get(id) ?? []) if (!keptParts.has(partID)) ops.push({ op: 'removePart', messageID: id, partID })
  }
  return ops
}

/**
 * Creates a store for one transcript. Writes replace only what changed: an unchanged message or
 * part keeps its object identity, so selectors that read it do not re-run their subscribers.
 * Streamed writes (`appendPartDelta`, opencode events, MessageDeltas) are coalesced per frame
 * unless `coalesce` is false; coalescing joins and batches them but never drops or reorders one.
 */
export function createChatStore(options: ChatStoreOptions = {}): ChatStore {
  const coalesce = options.coalesce ?? true
  const schedule = options.scheduler ?? frameScheduler
  const maxDiagnostics = Math.max(0, options.maxDiagnostics ?? 1000)

  // Protocol context that is not UI state: the open MessageDelta runs and the toolmessage2 position.
  let runs = new Map<string, DeltaAssembly>()
  let toolMessage2: ToolMessage2Stream | undefined
  let queue: TranscriptOp[] = []
  let cancel: (() => void) | undefined

  return createStore<ChatState & ChatActions>()((set, get) => {
    const write = (ops: readonly TranscriptOp[]) => {
      // Replace, not merge: a write may remove a key (a cleared `error`), and applyOps keeps the rest.
      if (ops.length > 0) set((state) => applyOps(state, ops) as ChatState & ChatActions, true)
    }
    const flush = () => {
      cancel?.()
      cancel = undefined
      if (queue.length === 0) return
      const ops = joinDeltas(queue)
      queue = []
      write(ops)
    }
    /** Reports the writes whose ids are not strings (the state ignores them), so none is lost silently. */
    const checked = (ops: readonly TranscriptOp[]): readonly TranscriptOp[] => {
      const bad = ops.flatMap((op, index) => {
        const why = badWrite(op)
        return why ? [{ code: 'BAD_WRITE', message: `${why}; the write was ignored`, path: [index], severity: 'error' as const }] : []
      })
      if (bad.length === 0) return ops
      report('write', bad)
      return ops.filter((op) => badWrite(op) === undefined)
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
    const report = (protocol: IngestProtocol | 'write', diagnostics: readonly Diagnostic[]): StoredDiagnostic[] => {
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

    const ingestDelta = (delta: unknown, opts: DeltaAssemblyOptions = {}): Diagnostic[] => {
      const runId = isRecord(delta) && typeof delta.runId === 'string' ? delta.runId : ''
      const previous = runs.get(runId)
      const next = assembleDelta(previous ?? createDeltaAssembly(opts), delta, opts)
      runs.set(runId, next)
      const ops = assemblyOps(previous, next)
      if (next.status !== previous?.status) {
        if (next.status === 'streaming') ops.push({ op: 'setStatus', status: 'streaming' })
        else if (next.status === 'error') {
          const error = next.message.info.error
          ops.push(error ? { op: 'setStatus', status: 'error', error } : { op: 'setStatus', status: 'error' })
        } else if (next.status === 'done' && ![...runs.values()].some((run) => run.status === 'streaming')) {
          ops.push({ op: 'setStatus', status: 'idle' })
        }
      }
      stream(ops)
      return next.diagnostics.slice(previous?.diagnostics.length ?? 0)
    }

    const ingestToolMessage2 = (input: unknown, opts: IngestOptionsByProtocol['toolmessage2'] = {}): Diagnostic[] => {
      if (Array.isArray(input)) {
        const sessionID = opts.sessionID ?? toolMessage2SessionID(input)
        const result = fromToolMessage2(input, { ...opts, sessionID })
        snapshot(result.messages, opts.replace)
        // Messages that follow one by one pair with the calls of this conversation.
        toolMessage2 = createToolMessage2Stream({ sessionID })
        for (const message of input) toolMessage2.push(message)
        return result.diagnostics
      }
      flush()
      toolMessage2 ??= createToolMessage2Stream(opts.sessionID ? { sessionID: opts.sessionID } : {})
      const { ops, diagnostics } = toolMessage2.push(input, opts.strict ? { strict: true } : {})
      write(ops)
      return diagnostics
    }

    const convert = (protocol: IngestProtocol, input: unknown, opts: Record<string, unknown> = {}): Diagnostic[] => {
      switch (protocol) {
        case 'opencode': {
          const result = fromOpencodeExport(input, opts)
          snapshot(result.messages, opts.replace === true)
          return result.diagnostics
        }
        case 'opencode-event': {
          const result = fromOpencodeEvent(input, opts)
          stream(result.ops)
          return result.diagnostics
        }
        case 'toolmessage2':
          return ingestToolMessage2(input, opts)
        case 'delta':
          return ingestDelta(input, opts)
        case 'chat': {
          const result = fromChatMessages(input, opts)
          snapshot(result.messages, opts.replace === true)
          return result.diagnostics
        }
        case 'msgfile': {
          if (typeof input !== 'string') {
            const bad: Diagnostic = { code: 'BAD_MSGFILE', message: `a .msg.md input must be text (got ${input === null ? 'null' : typeof input})`, path: [], severity: 'error' }
            if (opts.strict === true) throw new InvalidDataError([bad])
            return [bad]
          }
          const result = fromMsgFile(input, opts)
          snapshot(result.messages, opts.replace === true)
          return result.diagnostics
        }
      }
      return protocol satisfies never
    }

    return {
      ...transcriptFromMessages(options.initial ?? []),
      diagnostics: [],
      droppedDiagnostics: 0,
      upsertMessage: (info) => now([{ op: 'upsertMessage', info }]),
      removeMessage: (messageID) => now([{ op: 'removeMessage', messageID }]),
      upsertPart: (part) => now([{ op: 'upsertPart', part }]),
      appendPartDelta: (messageID, partID, field, delta) => stream([{ op: 'appendPartDelta', messageID, partID, field, delta }]),
      removePart: (messageID, partID) => now([{ op: 'removePart', messageID, partID }]),
      apply: (writes) => now(writes),
      ingest: (protocol, input, opts) => report(protocol, convert(protocol, input, opts as Record<string, unknown> | undefined)),
      flush,
      reset: (messages = []) => {
        cancel?.()
        cancel = undefined
        queue = []
        runs = new Map()
        toolMessage2 = undefined
        // Replaces the whole state so a session error of the old transcript does not survive.
        set(({ error: _error, ...state }) => ({ ...state, ...transcriptFromMessages(messages), diagnostics: [], droppedDiagnostics: 0 }), true)
      },
    }
  })
}

/** Reads the transcript back out of a store's state as `WithParts[]`, in order. */
export function selectTranscript(state: TranscriptState): WithParts[] {
  return toMessages(state)
}
