/**
 * Tool-call pairing, one module for every protocol, so every format pairs alike: converters add
 * messages and calls to a {@link Conversation} and hand it each result; it finds the call by id in
 * one index (no scan of the messages). The policy (duplicates, a result before its call, orphans)
 * is written in docs/protocols.md; a format whose calls may have several results (a Message File)
 * asks for `answered: 'merge'`. A result before its call is reported as an orphan at once when read
 * live (`live: true`), and at the end, if no call came, when read whole.
 */
import { assistantInfo, toolPart } from '../core/build.js'
import type { Metadata, Part, ToolPart, ToolState, WithParts } from '../core/model/types.js'
import type { TranscriptOp } from '../core/transcript.js'
import type { DiagnosticSink } from './diagnostics.js'
import { deriveId } from './ids.js'

type Path = (string | number)[]

/** A finished state for a call (or, for an orphan, for no call). */
export type ResultBuilder = (call: ToolPart | undefined) => ToolState

/** A tool result as a converter hands it over. */
export interface ToolResultIn {
  callID: string
  /** The tool name the result gives (used for orphans, and to report a mismatch). */
  tool?: string
  /** Builds the finished state from the call it answers (`undefined` for an orphan). */
  state: ResultBuilder
  /** The orphan part's id (derived from the input by the converter). */
  orphanID: string
  /** Where the result is in the input, for diagnostics. */
  path: Path
  /** Metadata of the orphan part, beside `orphan: true`. */
  metadata?: Metadata
  /** Time of the result, for a placeholder message. */
  time: number
}

interface Slot {
  message: WithParts
  partID: string
}

interface Waiting {
  result: ToolResultIn
  answered: 'orphan' | 'merge'
  /** The message it was placed in, as an orphan, while it waits. */
  host: WithParts
}

/** What {@link CallIndex.answer} found for a result's call id. */
export type Claim<Call> = { status: 'paired'; call: Call } | { status: 'duplicate'; call: Call } | { status: 'unknown' }

/**
 * The policy above over calls held anywhere (a message being built, a live stream's run): one index
 * of calls by id, whether each has its result, and the results that came before their call. It
 * holds no message, so a live reader that keeps none can use it as well as a whole-input converter.
 */
export class CallIndex<Call, Early> {
  private calls = new Map<string, { call: Call; answered: boolean }>()
  private early = new Map<string, Early[]>()

  /**
   * Opens `call` under `id` (a later call of the same id takes its results from now on). Returns
   * whether the id was already in use, and the results that came before it, in their order
   * (taken out of the waiting list: the caller places them).
   */
  open(id: string, call: Call): { reused: boolean; early: Early[] } {
    const reused = this.calls.has(id)
    this.calls.set(id, { call, answered: false })
    const early = this.early.get(id) ?? []
    this.early.delete(id)
    return { reused, early }
  }

  /** The call a result of `id` goes to: its open call, once (or always, with `merge`); a second result is a duplicate. */
  answer(id: string, merge = false): Claim<Call> {
    const slot = this.calls.get(id)
    if (!slot) return { status: 'unknown' }
    if (slot.answered && !merge) return { status: 'duplicate', call: slot.call }
    slot.answered = true
    return { status: 'paired', call: slot.call }
  }

  /** Takes out the results waiting for a call of `id` (for a caller that opens calls under several ids). */
  take(id: string): Early[] {
    const early = this.early.get(id) ?? []
    this.early.delete(id)
    return early
  }

  /** Keeps a result whose call has not come yet. */
  wait(id: string, early: Early): void {
    this.early.set(id, [...(this.early.get(id) ?? []), early])
  }

  /** The results still waiting for their call (taken out: they are orphans now). */
  drain(): Early[] {
    const list = [...this.early.values()].flat()
    this.early.clear()
    return list
  }

  /** A copy to go back to if a read fails half way. */
  clone(): CallIndex<Call, Early> {
    const index = new CallIndex<Call, Early>()
    index.calls = new Map([...this.calls].map(([id, slot]) => [id, { ...slot }]))
    index.early = new Map([...this.early].map(([id, list]) => [id, [...list]]))
    return index
  }
}

/** Options of a {@link Conversation}. */
export interface ConversationOptions {
  /** Read live, message by message: a result before its call shows at once as an orphan (default: false). */
  live?: boolean
}

/** Messages being built by one conversion, with one index of tool calls by id. */
export class Conversation {
  readonly messages: WithParts[] = []
  private index = new CallIndex<Slot, Waiting>()
  private readonly lastByRole: { user?: WithParts | undefined; assistant?: WithParts | undefined } = {}
  /** Messages changed since {@link takeChanged} last ran (for live reading). */
  private readonly changed = new Set<WithParts>()
  /** Messages an early result left for its call: one left holding nothing is dropped when read whole. */
  private readonly vacated = new Set<WithParts>()
  private readonly live: boolean

  constructor(
    readonly sessionID: string,
    private sink: DiagnosticSink,
    options: ConversationOptions = {},
  ) {
    this.live = options.live ?? false
  }

  /** Reports to `sink` from now on (a live reader has one per message read). */
  useSink(sink: DiagnosticSink): void {
    this.sink = sink
  }

  /** Runs `read`; if it throws (a strict diagnostic), the conversation is put back as it was. */
  atomically(read: () => void): void {
    const messages = this.messages.map((message) => ({ message, info: message.info, parts: message.parts }))
    const index = this.index.clone()
    const last = { ...this.lastByRole }
    const changed = new Set(this.changed)
    try {
      read()
    } catch (error) {
      this.messages.splice(
        0,
        this.messages.length,
        ...messages.map(({ message, info, parts }) => Object.assign(message, { info, parts })),
      )
      this.index = index
      this.lastByRole.user = last.user
      this.lastByRole.assistant = last.assistant
      this.changed.clear()
      for (const message of changed) this.changed.add(message)
      throw error
    }
  }

  /** Adds a message (last). */
  add(message: WithParts): WithParts {
    this.messages.push(message)
    this.lastByRole[message.info.role] = message
    this.changed.add(message)
    return message
  }

  /** The last message of `role` so far. */
  last(role: 'user' | 'assistant'): WithParts | undefined {
    return this.lastByRole[role]
  }

  /** Adds a part at the end of `message`. */
  push(message: WithParts, part: Part): void {
    message.parts = [...message.parts, part]
    this.changed.add(message)
  }

  /** Replaces the part `partID` of `message`. */
  replace(message: WithParts, partID: string, update: (part: Part) => Part): void {
    message.parts = message.parts.map((part) => (part.id === partID ? update(part) : part))
    this.changed.add(message)
  }

  /** Marks a message's info as changed (after the caller replaced it). */
  touch(message: WithParts): void {
    this.changed.add(message)
  }

  /** Adds a tool call to `message`. A result that came before it is applied now. */
  call(message: WithParts, part: ToolPart, path: Path): void {
    this.push(message, part)
    const { reused, early } = this.index.open(part.callID, { message, partID: part.id })
    if (reused)
      this.sink.warn(
        'DUPLICATE_TOOL_CALL',
        `tool call id "${part.callID}" is used again; results go to the latest call`,
        path,
      )
    for (const waiting of early) {
      this.sink.warn(
        'RESULT_BEFORE_CALL',
        `the result of call "${part.callID}" came before the call; it is shown with it`,
        waiting.result.path,
      )
      // It was placed as an orphan while it waited: it leaves that place for its call.
      const host = waiting.host
      host.parts = host.parts.filter((candidate) => candidate.id !== waiting.result.orphanID)
      this.changed.add(host)
      this.vacated.add(host)
      // They come to the call in their order; past the first, the policy for a second result holds.
      this.result(waiting.result, { answered: waiting.answered })
    }
  }

  /**
   * Hands over a result: it completes its open call; a duplicate or an unknown call is kept as an
   * orphan (see the module's policy). `answered: 'merge'` lets a call take several results.
   */
  result(result: ToolResultIn, options: { answered?: 'orphan' | 'merge' } = {}): void {
    const claim = this.index.answer(result.callID, options.answered === 'merge')
    if (claim.status === 'paired') {
      this.answer(claim.call, result)
      return
    }
    if (claim.status === 'duplicate') {
      this.sink.error(
        'DUPLICATE_TOOL_RESULT',
        `call "${result.callID}" already has a result; this one is kept as a separate orphan tool part`,
        result.path,
      )
      this.orphan(result, this.last('assistant'), this.messages.length, false)
      return
    }
    // It takes its place at once, as an orphan (reported now when read live, at the end when read
    // whole, and not at all if its call comes after all).
    const waiting: Waiting = {
      result,
      answered: options.answered ?? 'orphan',
      host: this.orphan(result, this.last('assistant'), this.messages.length, this.live),
    }
    this.index.wait(result.callID, waiting)
  }

  /** Ends the conversion: results whose call never came are kept as orphans. */
  finish(): WithParts[] {
    if (!this.live) {
      for (const { result } of this.index.drain())
        this.sink.error(
          'ORPHAN_TOOL_RESULT',
          `no tool call has id "${result.callID}"; the result is kept as an orphan tool part`,
          result.path,
        )
      // The message an early result waited in (a placeholder, or a turn opened for it) holds
      // nothing once the result joined its call: nothing is lost by leaving it out.
      const empty = (message: WithParts) => this.vacated.has(message) && message.parts.length === 0
      if (this.messages.some(empty))
        this.messages.splice(0, this.messages.length, ...this.messages.filter((message) => !empty(message)))
    }
    return this.messages
  }

  /** The messages changed since the last call, in order (for live reading). */
  takeChanged(): WithParts[] {
    const list = this.messages.filter((message) => this.changed.has(message))
    this.changed.clear()
    return list
  }

  private answer(slot: Slot, result: ToolResultIn): void {
    const part = slot.message.parts.find((candidate) => candidate.id === slot.partID) as ToolPart | undefined
    if (!part) return
    if (result.tool && result.tool !== part.tool) {
      this.sink.warn(
        'TOOL_NAME_MISMATCH',
        `the result names tool "${result.tool}" but call "${result.callID}" was "${part.tool}"`,
        result.path,
      )
    }
    this.replace(slot.message, slot.partID, () => ({ ...part, state: result.state(part) }))
  }

  /** Keeps a result with no call as a visible tool part; returns the message it went into. */
  private orphan(result: ToolResultIn, host: WithParts | undefined, at: number, report = true): WithParts {
    if (report)
      this.sink.error(
        'ORPHAN_TOOL_RESULT',
        `no tool call has id "${result.callID}"; the result is kept as an orphan tool part`,
        result.path,
      )
    let target = host
    if (!target) {
      // No assistant turn to hang it on: a placeholder assistant message holds it, where the result came.
      const id = deriveId('msg', this.sessionID, 'orphans', result.orphanID)
      const before = this.messages
        .slice(0, at)
        .reverse()
        .find((message) => message.info.role === 'user')
      target = {
        info: assistantInfo({
          id,
          sessionID: this.sessionID,
          created: result.time,
          completed: result.time,
          parentID: before?.info.id ?? '',
          metadata: { orphanResults: true },
        }),
        parts: [],
      }
      this.messages.splice(at, 0, target)
      this.changed.add(target)
    }
    const ids = { id: result.orphanID, sessionID: this.sessionID, messageID: target.info.id }
    const state = result.state(undefined)
    // Files the result carried belong to the message the orphan lands in.
    if (state.status === 'completed' && state.attachments)
      state.attachments = state.attachments.map((file) => ({ ...file, messageID: target.info.id }))
    this.push(
      target,
      toolPart(ids, {
        callID: result.callID,
        tool: result.tool || 'unknown',
        state,
        metadata: { ...result.metadata, orphan: true },
      }),
    )
    return target
  }
}

/**
 * The canonical writes that show `changed` messages, against what was `emitted` before (updated
 * in place): a new or changed info, new or changed parts, and the removal of parts that left.
 */
export function opsOf(changed: readonly WithParts[], emitted: Map<string, WithParts>): TranscriptOp[] {
  const ops: TranscriptOp[] = []
  for (const message of changed) {
    const before = emitted.get(message.info.id)
    if (before?.info !== message.info) ops.push({ op: 'upsertMessage', info: message.info })
    const previous = new Map((before?.parts ?? []).map((part) => [part.id, part]))
    for (const part of message.parts) {
      if (previous.get(part.id) !== part) ops.push({ op: 'upsertPart', part })
      previous.delete(part.id)
    }
    for (const id of previous.keys()) ops.push({ op: 'removePart', messageID: message.info.id, partID: id })
    emitted.set(message.info.id, { info: message.info, parts: message.parts })
  }
  return ops
}
