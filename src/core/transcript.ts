import { isRecord } from './record.js'
import { IdMap } from './idMap.js'
import type { MessageError, MessageInfo, Part, WithParts } from './model/types.js'
import { finiteOrZero } from './numbers.js'
import { messageTotals, tokenTotal, type Totals, type TranscriptTotals, zeroTotals } from './totals.js'

/** Whether the transcript is waiting, streaming, or stopped by an error. */
export type TranscriptStatus = 'idle' | 'streaming' | 'error'

/**
 * Normalized transcript: messages and parts by id, with their order kept apart. The maps are
 * persistent {@link IdMap}s, so a write costs the same with 1 or 10,000 messages.
 */
export interface TranscriptState {
  /** Message ids in transcript order. */
  messageIds: string[]
  /** Message info by message id. */
  messages: IdMap<MessageInfo>
  /** Part ids in order, by message id (a message not yet known may already hold parts). */
  partIds: IdMap<string[]>
  /** Parts by part id. */
  parts: IdMap<Part>
  /** Deltas for parts that have not arrived yet, applied when they do (never dropped). */
  pendingDeltas: IdMap<PendingDelta[]>
  /** Whether the transcript is streaming. */
  status: TranscriptStatus
  /**
   * Counts the writes that can change more than the text of a part: every write but a delta. A
   * delta appends to a string field, so whatever is derived from the rest (totals, say) can be
   * kept while the revision stays the same.
   */
  revision: number
  /**
   * Cost and tokens of the whole transcript: the sum of `messageTotals` over its messages, kept up
   * to date by every write (a write changes the share of the messages it touches, nothing is summed
   * again), so no total is kept per message.
   */
  totals: TranscriptTotals
  /** The last session-level error, if any. */
  error?: MessageError
}

/** A delta held until its part arrives. */
export interface PendingDelta {
  messageID: string
  field: string
  delta: string
}

/** A canonical write: what every protocol's live input turns into. */
export type TranscriptOp =
  | { op: 'upsertMessage'; info: MessageInfo }
  | { op: 'removeMessage'; messageID: string }
  | { op: 'upsertPart'; part: Part }
  | { op: 'appendPartDelta'; messageID: string; partID: string; field: string; delta: string }
  | { op: 'removePart'; messageID: string; partID: string }
  /** Sets top-level fields of a part the store holds (e.g. its `time` once it ends), leaving the rest, text included. */
  | { op: 'patchPart'; messageID: string; partID: string; patch: Readonly<Record<string, unknown>> }
  | { op: 'setStatus'; status: TranscriptStatus; error?: MessageError }

/** The state of an empty transcript. */
export function emptyTranscript(): TranscriptState {
  return {
    messageIds: [],
    messages: IdMap.empty(),
    partIds: IdMap.empty(),
    parts: IdMap.empty(),
    pendingDeltas: IdMap.empty(),
    status: 'idle',
    revision: 0,
    totals: emptyTranscriptTotals(),
  }
}

/** Builds a normalized state from messages in order. */
export function transcriptFromMessages(messages: readonly WithParts[]): TranscriptState {
  let state = emptyTranscript()
  for (const message of messages) {
    state = applyOp(state, { op: 'upsertMessage', info: message.info })
    for (const part of message.parts) state = applyOp(state, { op: 'upsertPart', part })
  }
  return state
}

function appendToField(part: Part, field: string, delta: string): Part | undefined {
  const current: unknown = Reflect.get(part, field)
  if (current !== undefined && typeof current !== 'string') return undefined
  return { ...part, [field]: (current ?? '') + delta }
}

/**
 * Applies one canonical write. Pure: returns a new state, or the same object when nothing changed;
 * anything the write did not touch keeps its identity. A part whose message is unknown is held
 * under that message id until the message arrives; a delta whose part is unknown is held until the
 * part arrives, then appended to it.
 */
export function applyOp(state: TranscriptState, write: TranscriptOp): TranscriptState {
  const next = apply(state, write)
  if (next === state || write.op === 'appendPartDelta' || write.op === 'setStatus') return next
  return { ...next, revision: state.revision + 1, totals: retotal(state, next, write) }
}

/** The totals of an empty transcript. */
function emptyTranscriptTotals(): TranscriptTotals {
  return { ...zeroTotals(), costReports: 0 }
}

// Below this a sum that went up and down is a rounding remainder, not a cost or a count.
const REMAINDER = 1e-9
const settle = (value: number) => (Math.abs(value) < REMAINDER ? 0 : value)

/**
 * `running` with one message's totals added (`sign` 1) or taken out (`sign` -1): a new object. A
 * sum taken back to nothing is exactly 0, not a rounding remainder.
 */
function shiftTotals(running: TranscriptTotals, message: Totals, sign: 1 | -1): TranscriptTotals {
  const add = (into: number, value: number) => settle(into + sign * finiteOrZero(value))
  const tokens = {
    total: 0,
    input: add(running.tokens.input, message.tokens.input),
    output: add(running.tokens.output, message.tokens.output),
    reasoning: add(running.tokens.reasoning, message.tokens.reasoning),
    cache: {
      read: add(running.tokens.cache.read, message.tokens.cache.read),
      write: add(running.tokens.cache.write, message.tokens.cache.write),
    },
  }
  tokens.total = tokenTotal(tokens)
  const costReports = running.costReports + (message.costKnown ? sign : 0)
  return {
    cost: add(running.cost, message.cost),
    costKnown: costReports > 0,
    costReports,
    tokens,
    steps: running.steps + sign * message.steps,
  }
}

/** The messages whose totals a write may change: its own, and those of a step it moves, changes or removes. */
function touched(state: TranscriptState, write: TranscriptOp): string[] {
  switch (write.op) {
    case 'upsertMessage':
      return [write.info.id]
    case 'removeMessage':
      return [write.messageID]
    case 'upsertPart': {
      const previous = state.parts.get(write.part.id)
      if (write.part.type !== 'step-finish' && previous?.type !== 'step-finish') return []
      return previous && previous.messageID !== write.part.messageID
        ? [write.part.messageID, previous.messageID]
        : [write.part.messageID]
    }
    case 'removePart':
    case 'patchPart': {
      const previous = state.parts.get(write.partID)
      return previous?.type === 'step-finish' ? [previous.messageID] : []
    }
    default:
      return []
  }
}

/** A message's share of the transcript's totals: none while its info is unknown. */
function share(state: TranscriptState, messageID: string) {
  const info = state.messages.get(messageID)
  return info ? messageTotals({ info, parts: partsOf(state, messageID) }) : undefined
}

/** The totals after a write: the shares of the messages it touched, taken out as they were and added as they are. */
function retotal(state: TranscriptState, next: TranscriptState, write: TranscriptOp): TranscriptTotals {
  let totals = state.totals
  for (const id of touched(state, write)) {
    const before = share(state, id)
    const after = share(next, id)
    if (before) totals = shiftTotals(totals, before, -1)
    if (after) totals = shiftTotals(totals, after, 1)
  }
  return totals
}

type FieldKind = 'string' | 'object' | 'array'

/**
 * The fields the kit reads from each part type, and what each must be: a part or patch that breaks
 * one is refused at the write, so views and the list's layout never meet a `text` of `null`. Fields
 * marked optional may be absent. Other types, and other fields, are kept as they come.
 */
const PART_FIELDS: Readonly<Record<string, Readonly<Record<string, readonly [FieldKind, 'required' | 'optional']>>>> = {
  text: { text: ['string', 'required'], time: ['object', 'optional'] },
  reasoning: { text: ['string', 'required'], time: ['object', 'optional'] },
  tool: { tool: ['string', 'required'], callID: ['string', 'required'], state: ['object', 'required'] },
  file: { mime: ['string', 'required'], url: ['string', 'required'], filename: ['string', 'optional'] },
  'step-finish': { tokens: ['object', 'optional'] },
  patch: { files: ['array', 'required'] },
}
const TOOL_STATE_FIELDS: Readonly<Record<string, readonly [FieldKind, 'required' | 'optional']>> = {
  status: ['string', 'required'],
  input: ['object', 'optional'],
  time: ['object', 'optional'],
}

const kindOf = (value: unknown): FieldKind | 'other' =>
  typeof value === 'string' ? 'string' : Array.isArray(value) ? 'array' : isRecord(value) ? 'object' : 'other'

/** The first field of `value` that is not what `fields` says it must be, as `name must be kind`. */
function badField(
  value: Record<string, unknown>,
  fields: Readonly<Record<string, readonly [FieldKind, 'required' | 'optional']>>,
  only?: readonly string[],
): string | undefined {
  for (const [name, [kind, presence]] of Object.entries(fields)) {
    if (only && !only.includes(name)) continue
    const field = value[name]
    if (field === undefined && presence === 'optional') continue
    if (kindOf(field) !== kind)
      return `${name} must be ${kind === 'object' ? 'an object' : `a${kind === 'array' ? 'n' : ''} ${kind}`}`
  }
  return undefined
}

/** Why a part cannot be held as its type says (a field the kit reads of the wrong kind), or `undefined`. */
function badPart(part: Record<string, unknown>, only?: readonly string[]): string | undefined {
  if (typeof part.type !== 'string') return only ? undefined : 'type must be a string'
  const fields = Object.hasOwn(PART_FIELDS, part.type) ? PART_FIELDS[part.type] : undefined
  const bad = fields && badField(part, fields, only)
  if (bad) return `a ${part.type} part's ${bad}`
  if (part.type === 'tool' && isRecord(part.state) && (!only || only.includes('state'))) {
    const state = badField(part.state, TOOL_STATE_FIELDS)
    if (state) return `a tool part's state.${state}`
  }
  return undefined
}

/**
 * Why a write cannot be applied, or `undefined`: its ids are not strings, its info or part is not
 * an object, or a field the kit reads of its part (or patch) is of the wrong kind.
 */
export function badWrite(write: TranscriptOp, current?: Part): string | undefined {
  const id = (value: unknown) => typeof value === 'string'
  switch (write.op) {
    case 'upsertMessage':
      return isRecord(write.info) && id(write.info.id)
        ? undefined
        : 'upsertMessage needs an info object with a string id'
    case 'upsertPart': {
      const part: unknown = write.part
      if (!isRecord(part) || !id(part.id) || !id(part.messageID))
        return 'upsertPart needs a part object with a string id and messageID'
      const bad = badPart(part)
      return bad ? `upsertPart of ${String(part.id)}: ${bad}` : undefined
    }
    case 'appendPartDelta':
      return id(write.partID) && id(write.field) && id(write.delta)
        ? undefined
        : 'appendPartDelta needs a string partID, field and delta'
    case 'removePart':
      return id(write.partID) ? undefined : 'removePart needs a string partID'
    case 'removeMessage':
      return id(write.messageID) ? undefined : 'removeMessage needs a string messageID'
    case 'patchPart': {
      if (
        !id(write.partID) ||
        !isRecord(write.patch) ||
        ['id', 'messageID', 'sessionID', 'type'].some((key) => Object.hasOwn(write.patch, key))
      ) {
        return 'patchPart needs a string partID and a patch that leaves id, messageID, sessionID and type alone'
      }
      // Only the fields the patch sets are checked, against the type of the part it patches.
      const bad = current && badPart({ ...current, ...write.patch }, Object.keys(write.patch))
      return bad ? `patchPart of ${write.partID}: ${bad}` : undefined
    }
    default:
      return undefined
  }
}

function apply(state: TranscriptState, write: TranscriptOp): TranscriptState {
  // A write the state cannot hold (an id that is not a string, a text of null) changes nothing; the store reports it.
  if (badWrite(write, write.op === 'patchPart' ? state.parts.get(write.partID) : undefined) !== undefined) return state
  switch (write.op) {
    case 'upsertMessage': {
      const { info } = write
      const known = state.messages.get(info.id)
      if (known === info) return state
      return {
        ...state,
        messageIds: known ? state.messageIds : [...state.messageIds, info.id],
        messages: state.messages.set(info.id, info),
        partIds: state.partIds.has(info.id) ? state.partIds : state.partIds.set(info.id, []),
      }
    }
    case 'upsertPart': {
      let part = write.part
      const held = state.pendingDeltas.get(part.id)
      let pendingDeltas = state.pendingDeltas
      if (held) {
        for (const delta of held) part = appendToField(part, delta.field, delta.delta) ?? part
        pendingDeltas = pendingDeltas.delete(part.id)
      }
      const previous = state.parts.get(part.id)
      if (previous === part) return state
      const order = state.partIds.get(part.messageID) ?? []
      // A part already placed in its message keeps its place; the check only scans on a new or moved part.
      const placed = previous?.messageID === part.messageID || order.includes(part.id)
      let partIds = placed ? state.partIds : state.partIds.set(part.messageID, [...order, part.id])
      // A part that moved to another message leaves its old place.
      if (previous && previous.messageID !== part.messageID) {
        partIds = partIds.set(
          previous.messageID,
          (partIds.get(previous.messageID) ?? []).filter((id) => id !== part.id),
        )
      }
      return { ...state, parts: state.parts.set(part.id, part), partIds, pendingDeltas }
    }
    case 'appendPartDelta': {
      const { messageID, partID, field, delta } = write
      if (delta === '') return state
      const part = state.parts.get(partID)
      if (!part) {
        const held = [...(state.pendingDeltas.get(partID) ?? []), { messageID, field, delta }]
        return { ...state, pendingDeltas: state.pendingDeltas.set(partID, held) }
      }
      const next = appendToField(part, field, delta)
      if (!next) return state
      return { ...state, parts: state.parts.set(partID, next) }
    }
    case 'patchPart': {
      const part = state.parts.get(write.partID)
      // A patch for a part the store does not hold (removed, or never sent) has nothing to change.
      if (!part) return state
      return { ...state, parts: state.parts.set(write.partID, { ...part, ...write.patch }) }
    }
    case 'removePart': {
      const { messageID, partID } = write
      const previous = state.parts.get(partID)
      if (!previous && !state.pendingDeltas.has(partID)) return state
      const owner = previous?.messageID ?? messageID
      const order = state.partIds.get(owner)
      return {
        ...state,
        parts: state.parts.delete(partID),
        pendingDeltas: state.pendingDeltas.delete(partID),
        partIds: order
          ? state.partIds.set(
              owner,
              order.filter((id) => id !== partID),
            )
          : state.partIds,
      }
    }
    case 'removeMessage': {
      const { messageID } = write
      if (!state.messages.has(messageID) && !state.partIds.has(messageID)) return state
      let parts = state.parts
      for (const id of state.partIds.get(messageID) ?? []) parts = parts.delete(id)
      return {
        ...state,
        messageIds: state.messageIds.filter((id) => id !== messageID),
        messages: state.messages.delete(messageID),
        partIds: state.partIds.delete(messageID),
        parts,
      }
    }
    case 'setStatus': {
      if (state.status === write.status && state.error === write.error) return state
      const next: TranscriptState = { ...state, status: write.status }
      if (write.error) next.error = write.error
      else delete next.error
      return next
    }
  }
  return write satisfies never
}

/** Applies several writes in order. */
export function applyOps(state: TranscriptState, writes: readonly TranscriptOp[]): TranscriptState {
  return writes.reduce(applyOp, state)
}

/** The parts of message `messageID`, in order (none when it holds none). */
export function partsOf(state: TranscriptState, messageID: string): Part[] {
  return (state.partIds.get(messageID) ?? []).flatMap((partID) => state.parts.get(partID) ?? [])
}

/** Reads the transcript back out as `WithParts[]`, in order; held parts of unknown messages are left out. */
export function toMessages(state: TranscriptState): WithParts[] {
  return state.messageIds.flatMap((id) => {
    const info = state.messages.get(id)
    return info ? [{ info, parts: partsOf(state, id) }] : []
  })
}
