import type { MessageInfo, Part, SessionInfo, WithParts } from '../../core/model/types.js'
import type { TranscriptOp } from '../../core/transcript.js'
import { validateMessage } from '../../core/validator.js'
import { type ConvertOptions, type Diagnostic, DiagnosticSink, describeValue, isNonEmptyString, isRecord } from '../diagnostics.js'
import { deriveId } from '../ids.js'
import { normalizePart } from '../normalize.js'

/** What {@link fromOpencodeExport} returns. */
export interface OpencodeImport {
  /** The messages, in order, every part kept. */
  messages: WithParts[]
  /** The session info when the input was a session export. */
  session?: SessionInfo
  diagnostics: Diagnostic[]
}

/** What {@link fromOpencodeEvent} returns. */
export interface OpencodeEventResult {
  /** The canonical writes the event stands for (none for events that carry no transcript). */
  ops: TranscriptOp[]
  diagnostics: Diagnostic[]
}

function normalizeInfo(raw: unknown, index: number, sink: DiagnosticSink, path: (string | number)[]): MessageInfo | undefined {
  if (!isRecord(raw) || (raw.role !== 'user' && raw.role !== 'assistant')) {
    const role = isRecord(raw) ? describeValue(raw.role) : describeValue(raw)
    sink.error('BAD_MESSAGE_INFO', `message info must be an object with role "user" or "assistant" (got ${role}); the message cannot be shown`, path)
    return undefined
  }
  const id = typeof raw.id === 'string' && raw.id !== '' ? raw.id : deriveId('msg', index, JSON.stringify(raw.time ?? ''))
  const info = { ...raw, id } as MessageInfo
  for (const issue of validateMessage({ info, parts: [] }).filter((found) => found.severity === 'error')) {
    sink.push({ code: issue.code, message: issue.message, path: [...path, ...issue.path.slice(1)], severity: 'warning' })
  }
  return info
}

function normalizeMessage(raw: unknown, index: number, sink: DiagnosticSink, path: (string | number)[]): WithParts | undefined {
  if (!isRecord(raw)) {
    sink.error('BAD_MESSAGE', `a message must be an object with info and parts (got ${describeValue(raw)})`, path)
    return undefined
  }
  const info = normalizeInfo(raw.info, index, sink, [...path, 'info'])
  if (!info) return undefined
  if (!Array.isArray(raw.parts)) {
    if (raw.parts !== undefined) sink.error('BAD_PARTS', `parts must be an array (got ${describeValue(raw.parts)})`, [...path, 'parts'])
    return { info, parts: [] }
  }
  const owner = { sessionID: info.sessionID, messageID: info.id }
  const seen = new Set<string>()
  const parts = raw.parts.map((part, partIndex) => {
    const normalized = normalizePart(part, { ...owner, index: partIndex }, sink, [...path, 'parts', partIndex])
    if (seen.has(normalized.id)) {
      sink.error('BR-02', `part id "${normalized.id}" repeats within the message; the later part is kept under a derived id`, [...path, 'parts', partIndex, 'id'])
      const renamed: Part = { ...normalized, id: deriveId('prt', info.id, partIndex, normalized.id) }
      seen.add(renamed.id)
      return renamed
    }
    seen.add(normalized.id)
    return normalized
  })
  return { info, parts }
}

/**
 * Reads an opencode session export (`{ info, messages }`) or a bare `WithParts[]`. Never throws unless
 * `strict`: a message without usable info is reported and left out; every part is kept (unknown or
 * broken ones as `unsupported`); unknown fields are preserved.
 */
export function fromOpencodeExport(input: unknown, options?: ConvertOptions): OpencodeImport {
  const sink = new DiagnosticSink(options)
  let list: unknown[]
  let session: SessionInfo | undefined
  let base: (string | number)[] = []
  if (Array.isArray(input)) list = input
  else if (isRecord(input) && Array.isArray(input.messages)) {
    list = input.messages
    base = ['messages']
    if (isRecord(input.info)) session = input.info as SessionInfo
  } else {
    sink.error('BAD_EXPORT', `expected a session export { info, messages } or an array of messages (got ${describeValue(input)})`)
    return { messages: [], diagnostics: sink.list }
  }
  const messages: WithParts[] = []
  const ids = new Set<string>()
  list.forEach((raw, index) => {
    const message = normalizeMessage(raw, index, sink, [...base, index])
    if (!message) return
    if (ids.has(message.info.id)) sink.warn('DUPLICATE_MESSAGE', `message "${message.info.id}" appears again; both are kept`, [...base, index, 'info', 'id'])
    ids.add(message.info.id)
    messages.push(message)
  })
  const result: OpencodeImport = { messages, diagnostics: sink.list }
  if (session) result.session = session
  return result
}


/**
 * Turns one opencode bus event into canonical writes. Events may come out of order: the store holds
 * a part whose message has not arrived, and a delta whose part has not arrived. Events that carry
 * no transcript (other `type`s) give no writes and no diagnostic; malformed ones give a diagnostic.
 */
export function fromOpencodeEvent(event: unknown, options?: ConvertOptions): OpencodeEventResult {
  const sink = new DiagnosticSink(options)
  const ops: TranscriptOp[] = []
  const done = () => ({ ops, diagnostics: sink.list })
  if (!isRecord(event) || typeof event.type !== 'string') {
    sink.error('BAD_EVENT', `an event must be an object with a string type (got ${describeValue(event)})`)
    return done()
  }
  const props = isRecord(event.properties) ? event.properties : {}
  const at = ['properties']
  switch (event.type) {
    case 'message.updated': {
      const info = normalizeInfo(props.info, 0, sink, [...at, 'info'])
      if (info) ops.push({ op: 'upsertMessage', info })
      break
    }
    case 'message.removed':
      if (isNonEmptyString(props.messageID)) ops.push({ op: 'removeMessage', messageID: props.messageID })
      else sink.error('BAD_EVENT', 'message.removed needs a messageID', [...at, 'messageID'])
      break
    case 'message.part.updated': {
      const raw = props.part
      if (!isRecord(raw) || !isNonEmptyString(raw.messageID)) {
        sink.error('BAD_EVENT', 'message.part.updated needs a part with a messageID', [...at, 'part'])
        break
      }
      const sessionID = isNonEmptyString(raw.sessionID) ? raw.sessionID : isNonEmptyString(props.sessionID) ? props.sessionID : ''
      // Older servers also send the text `delta`; the part already holds the full text, so it is not re-applied.
      ops.push({ op: 'upsertPart', part: normalizePart(raw, { sessionID, messageID: raw.messageID, index: 0 }, sink, [...at, 'part']) })
      break
    }
    case 'message.part.delta': {
      const { messageID, partID, field, delta } = props
      if (!isNonEmptyString(messageID) || !isNonEmptyString(partID) || !isNonEmptyString(field) || typeof delta !== 'string') {
        sink.error('BAD_EVENT', 'message.part.delta needs messageID, partID, field and a string delta', at)
        break
      }
      ops.push({ op: 'appendPartDelta', messageID, partID, field, delta })
      break
    }
    case 'message.part.removed':
      if (isNonEmptyString(props.messageID) && isNonEmptyString(props.partID)) ops.push({ op: 'removePart', messageID: props.messageID, partID: props.partID })
      else sink.error('BAD_EVENT', 'message.part.removed needs messageID and partID', at)
      break
    case 'session.status': {
      const status = isRecord(props.status) ? props.status.type : undefined
      if (status === 'busy' || status === 'retry') ops.push({ op: 'setStatus', status: 'streaming' })
      else if (status === 'idle') ops.push({ op: 'setStatus', status: 'idle' })
      else sink.error('BAD_EVENT', `session.status must be idle, busy or retry (got ${describeValue(status)})`, [...at, 'status'])
      break
    }
    case 'session.idle':
      ops.push({ op: 'setStatus', status: 'idle' })
      break
    case 'session.error': {
      const error = isRecord(props.error) && isNonEmptyString(props.error.name) ? props.error : { name: 'UnknownError', data: { message: 'The session failed.' } }
      ops.push({ op: 'setStatus', status: 'error', error: { name: String(error.name), data: isRecord(error.data) ? error.data : {} } })
      break
    }
    default:
      break
  }
  return done()
}
