import type { MessageError, MessageInfo, Part, WithParts } from './model/types.js'

/** Whether the transcript is waiting, streaming, or stopped by an error. */
export type TranscriptStatus = 'idle' | 'streaming' | 'error'

/** Normalized transcript: messages and parts by id, with their order kept apart. */
export interface TranscriptState {
  /** Message ids in transcript order. */
  messageIds: string[]
  /** Message info by message id. */
  messages: Record<string, MessageInfo>
  /** Part ids in order, by message id (a message not yet known may already hold parts). */
  partIds: Record<string, string[]>
  /** Parts by part id. */
  parts: Record<string, Part>
  /** Deltas for parts that have not arrived yet, applied when they do (never dropped). */
  pendingDeltas: Record<string, PendingDelta[]>
  /** Whether the transcript is streaming. */
  status: TranscriptStatus
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
  | { op: 'setStatus'; status: TranscriptStatus; error?: MessageError }

/** The state of an empty transcript. */
export function emptyTranscript(): TranscriptState {
  return { messageIds: [], messages: {}, partIds: {}, parts: {}, pendingDeltas: {}, status: 'idle' }
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
  return { ...part, [field]: (current ?? '') + delta } as Part
}

/**
 * Applies one canonical write. Pure: returns a new state, or the same object when nothing changed;
 * anything the write did not touch keeps its identity. A part whose message is unknown is held
 * under that message id until the message arrives; a delta whose part is unknown is held until the
 * part arrives, then appended to it.
 */
export function applyOp(state: TranscriptState, write: TranscriptOp): TranscriptState {
  switch (write.op) {
    case 'upsertMessage': {
      const { info } = write
      if (state.messages[info.id] === info) return state
      const known = info.id in state.messages
      return {
        ...state,
        messageIds: known ? state.messageIds : [...state.messageIds, info.id],
        messages: { ...state.messages, [info.id]: info },
        partIds: state.partIds[info.id] ? state.partIds : { ...state.partIds, [info.id]: [] },
      }
    }
    case 'upsertPart': {
      let part = write.part
      const held = state.pendingDeltas[part.id]
      let pendingDeltas = state.pendingDeltas
      if (held) {
        for (const delta of held) part = appendToField(part, delta.field, delta.delta) ?? part
        const { [part.id]: _applied, ...rest } = state.pendingDeltas
        pendingDeltas = rest
      }
      if (state.parts[part.id] === part) return state
      const order = state.partIds[part.messageID] ?? []
      const placed = order.includes(part.id)
      const previous = state.parts[part.id]
      // A part that moved to another message leaves its old place.
      let partIds = placed ? state.partIds : { ...state.partIds, [part.messageID]: [...order, part.id] }
      if (previous && previous.messageID !== part.messageID) {
        partIds = { ...partIds, [previous.messageID]: (partIds[previous.messageID] ?? []).filter((id) => id !== part.id) }
      }
      return { ...state, parts: { ...state.parts, [part.id]: part }, partIds, pendingDeltas }
    }
    case 'appendPartDelta': {
      const { messageID, partID, field, delta } = write
      if (delta === '') return state
      const part = state.parts[partID]
      if (!part) {
        const held = [...(state.pendingDeltas[partID] ?? []), { messageID, field, delta }]
        return { ...state, pendingDeltas: { ...state.pendingDeltas, [partID]: held } }
      }
      const next = appendToField(part, field, delta)
      if (!next) return state
      return { ...state, parts: { ...state.parts, [partID]: next } }
    }
    case 'removePart': {
      const { messageID, partID } = write
      if (!(partID in state.parts) && !(partID in state.pendingDeltas)) return state
      const { [partID]: _removed, ...parts } = state.parts
      const { [partID]: _held, ...pendingDeltas } = state.pendingDeltas
      const order = state.partIds[messageID]
      return {
        ...state,
        parts,
        pendingDeltas,
        partIds: order ? { ...state.partIds, [messageID]: order.filter((id) => id !== partID) } : state.partIds,
      }
    }
    case 'removeMessage': {
      const { messageID } = write
      if (!(messageID in state.messages) && !(messageID in state.partIds)) return state
      const { [messageID]: _info, ...messages } = state.messages
      const { [messageID]: removed = [], ...partIds } = state.partIds
      const parts = { ...state.parts }
      for (const id of removed) delete parts[id]
      return { ...state, messageIds: state.messageIds.filter((id) => id !== messageID), messages, partIds, parts }
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

/** Reads the transcript back out as `WithParts[]`, in order; held parts of unknown messages are left out. */
export function toMessages(state: TranscriptState): WithParts[] {
  return state.messageIds.flatMap((id) => {
    const info = state.messages[id]
    if (!info) return []
    const parts = (state.partIds[id] ?? []).flatMap((partID) => state.parts[partID] ?? [])
    return [{ info, parts }]
  })
}
