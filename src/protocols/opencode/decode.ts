/**
 * Reading opencode's wire: message infos and parts mended into the model (with diagnostics), and bus
 * events into typed {@link OpencodeEvent}s. The conversion works on what this gives back.
 */
import { assistantInfo, userInfo } from '../../core/build.js'
import { finiteOrZero } from '../../core/numbers.js'
import type { MessageError, MessageInfo, Part, WithParts } from '../../core/model/types.js'
import { validateMessage } from '../../core/validator.js'
import {
  type DiagnosticSink,
  describeValue,
  fields,
  isNonEmptyString,
  isRecord,
  reportUnread,
  safeJson,
  textOf,
} from '../diagnostics.js'
import { deriveId, readTime } from '../ids.js'
import { normalizePart } from '../normalize.js'
import type { OpencodeEvent, OpencodePermissionRequest } from './types.js'

/** Fields of an info that views print as text: each must be a string. */
const TEXT_FIELDS = {
  user: ['agent'],
  assistant: ['parentID', 'modelID', 'providerID', 'agent', 'mode', 'finish'],
} as const

const count = finiteOrZero

/**
 * Mends what a view cannot show of an info as it came: a time a `Date` cannot hold, text fields
 * that are not text, an error without `name` or `data`, tokens and cost that are not numbers.
 * Each change is reported; the value the wire gave is kept in `metadata.invalid`.
 */
function repairInfo(
  info: MessageInfo & Record<string, unknown>,
  sink: DiagnosticSink,
  path: (string | number)[],
  invalid: Record<string, unknown> = {},
): MessageInfo {
  const time: Record<string, unknown> = isRecord(info.time) ? info.time : {}
  const repaired: Record<string, unknown> = { ...info }
  const created = readTime(time.created, sink, [...path, 'time', 'created'])
  if (created === undefined || !isRecord(info.time)) {
    if (time.created === undefined)
      sink.warn('BAD_TIME', 'the message has no time.created; shown without a time', [...path, 'time'])
    if (info.time !== undefined) invalid.time = info.time
  }
  const nextTime: Record<string, unknown> = { ...time, created: created ?? 0 }
  if (time.completed !== undefined) {
    const completed = readTime(time.completed, sink, [...path, 'time', 'completed'])
    if (completed === undefined) {
      delete nextTime.completed
      invalid.time = info.time
    } else nextTime.completed = completed
  }
  repaired.time = nextTime
  for (const key of TEXT_FIELDS[info.role]) {
    const value = info[key]
    if (value === undefined || typeof value === 'string') continue
    sink.warn('BAD_FIELD', `${key} should be text (got ${describeValue(value)}); read as text`, [...path, key])
    invalid[key] = value
    repaired[key] = textOf(value)
  }
  if (
    info.role === 'user' &&
    info.model !== undefined &&
    !(isRecord(info.model) && typeof info.model.providerID === 'string' && typeof info.model.modelID === 'string')
  ) {
    sink.warn('BAD_FIELD', `model should be { providerID, modelID } (got ${describeValue(info.model)})`, [
      ...path,
      'model',
    ])
    invalid.model = info.model
    repaired.model = {
      providerID: isRecord(info.model) ? textOf(info.model.providerID) : '',
      modelID: isRecord(info.model) ? textOf(info.model.modelID) : '',
    }
  }
  if (info.role === 'assistant') {
    if (info.cost !== undefined && count(info.cost) !== info.cost) {
      sink.warn('BAD_FIELD', `cost should be a number (got ${describeValue(info.cost)}); read as 0`, [...path, 'cost'])
      invalid.cost = info.cost
      repaired.cost = 0
      repaired.costUnknown = true
    }
    const tokens = info.tokens as unknown
    if (tokens !== undefined) {
      const cache = isRecord(tokens) && isRecord(tokens.cache) ? tokens.cache : {}
      const read = isRecord(tokens) ? tokens : {}
      const mended = {
        ...read,
        input: count(read.input),
        output: count(read.output),
        reasoning: count(read.reasoning),
        cache: { ...cache, read: count(cache.read), write: count(cache.write) },
      }
      if (read.total !== undefined) Object.assign(mended, { total: count(read.total) })
      if (JSON.stringify(mended) !== safeJson(tokens)) {
        sink.warn(
          'BAD_FIELD',
          'tokens should hold numbers (input, output, reasoning, cache.read, cache.write); what is not a number is read as 0',
          [...path, 'tokens'],
        )
        invalid.tokens = tokens
        repaired.tokens = mended
      }
    }
    const error = info.error as unknown
    if (error !== undefined && !(isRecord(error) && typeof error.name === 'string' && isRecord(error.data))) {
      sink.warn('BAD_FIELD', 'error should be { name, data }; read as an UnknownError', [...path, 'error'])
      invalid.error = error
      const name = isRecord(error) && typeof error.name === 'string' && error.name !== '' ? error.name : 'UnknownError'
      const data =
        isRecord(error) && isRecord(error.data)
          ? error.data
          : { message: isRecord(error) ? textOf(error.message ?? error.data) : textOf(error) }
      repaired.error = { name, data }
    }
  }
  return seal(repaired, sink, path, invalid)
}

/**
 * The info as the core builds it, with every field of the wire that passes the validator kept: a
 * required field that does not is the builder's default, any other is moved to `metadata.invalid`
 * (reported). So what the converter returns always validates.
 */
function seal(
  repaired: Record<string, unknown>,
  sink: DiagnosticSink,
  path: (string | number)[],
  invalid: Record<string, unknown>,
): MessageInfo {
  const time = repaired.time as { created: number; completed?: number }
  const text = (key: string) => (typeof repaired[key] === 'string' ? repaired[key] : undefined)
  const base: Record<string, unknown> =
    repaired.role === 'user'
      ? { ...userInfo({ id: repaired.id as string, sessionID: repaired.sessionID as string, created: time.created }) }
      : {
          ...assistantInfo({
            id: repaired.id as string,
            sessionID: repaired.sessionID as string,
            created: time.created,
            ...(time.completed !== undefined ? { completed: time.completed } : {}),
          }),
        }
  const merged: Record<string, unknown> = { ...base, ...repaired }
  // The export's own cost is a known one (a real 0 included); the default's is not.
  if (typeof repaired.cost === 'number' && repaired.costUnknown !== true) delete merged.costUnknown
  if (repaired.role === 'assistant' && text('finish') !== undefined && time.completed === undefined) {
    sink.warn(
      'BR-14',
      'the message has a finish reason but no time.completed; completed is taken as its creation time',
      [...path, 'time'],
    )
    merged.time = { ...time, completed: time.created }
  }
  for (let round = 0; round < 3; round++) {
    const issues = validateMessage({ info: merged, parts: [] }).filter((issue) => issue.severity === 'error')
    if (issues.length === 0) break
    for (const issue of issues) {
      const key = issue.path[1]
      if (typeof key !== 'string' || key === 'id' || key === 'sessionID' || key === 'role') continue
      sink.warn(
        issue.code,
        `${issue.message}; ${Object.hasOwn(base, key) ? 'read as empty' : 'moved to metadata.invalid'}`,
        [...path, ...issue.path.slice(1)],
      )
      if (!Object.hasOwn(invalid, key)) invalid[key] = repaired[key]
      if (Object.hasOwn(base, key)) merged[key] = base[key]
      else delete merged[key]
    }
  }
  if (Object.keys(invalid).length > 0)
    merged.metadata = { ...(isRecord(repaired.metadata) ? repaired.metadata : {}), invalid }
  return merged as unknown as MessageInfo
}

export function normalizeInfo(
  input: unknown,
  index: number,
  sink: DiagnosticSink,
  path: (string | number)[],
  fallbackId?: string,
  fallbackSession?: string,
): MessageInfo {
  const invalid: Record<string, unknown> = {}
  let raw: Record<string, unknown>
  if (isRecord(input)) raw = input
  else {
    // Nothing the wire carried is dropped: the message's parts still show, under a neutral user info.
    sink.error(
      'BAD_MESSAGE_INFO',
      `message info must be an object (got ${describeValue(input)}); shown as a user message`,
      path,
    )
    invalid.info = input
    raw = {}
  }
  let role = raw.role
  if (role !== 'user' && role !== 'assistant') {
    // Nothing the wire carried is dropped: a message of an unknown role shows as a user message.
    sink.error(
      'BAD_MESSAGE_INFO',
      `message info needs role "user" or "assistant" (got ${describeValue(raw.role)}); read as a user message`,
      [...path, 'role'],
    )
    if (raw.role !== undefined) invalid.role = raw.role
    role = 'user'
  }
  const id =
    typeof raw.id === 'string' && raw.id !== ''
      ? raw.id
      : (fallbackId ?? deriveId('msg', index, safeJson(raw.time ?? ''), safeJson(input ?? null).slice(0, 200)))
  const sessionID =
    typeof raw.sessionID === 'string' && raw.sessionID !== ''
      ? raw.sessionID
      : (fallbackSession ?? deriveId('ses', 'opencode'))
  const info = repairInfo({ ...raw, id, sessionID, role } as MessageInfo & Record<string, unknown>, sink, path, invalid)
  for (const issue of validateMessage({ info, parts: [] }).filter((found) => found.severity === 'error')) {
    sink.push({
      code: issue.code,
      message: issue.message,
      path: [...path, ...issue.path.slice(1)],
      severity: 'warning',
    })
  }
  return info
}

const MESSAGE_FIELDS = fields('info', 'parts')

export function normalizeMessage(
  raw: unknown,
  index: number,
  sink: DiagnosticSink,
  path: (string | number)[],
): WithParts | undefined {
  if (!isRecord(raw)) {
    sink.error('BAD_MESSAGE', `a message must be an object with info and parts (got ${describeValue(raw)})`, path)
    return undefined
  }
  // A message is its info and its parts; unknown fields of either are kept, but beside them there is no place.
  reportUnread(raw, MESSAGE_FIELDS, sink, path, 'a message')
  // An info without an id takes the one its parts name, so they stay together.
  const named = Array.isArray(raw.parts)
    ? raw.parts.find((part): part is { messageID: string } => isRecord(part) && isNonEmptyString(part.messageID))
    : undefined
  const session = Array.isArray(raw.parts)
    ? raw.parts.find((part): part is { sessionID: string } => isRecord(part) && isNonEmptyString(part.sessionID))
    : undefined
  const info = normalizeInfo(raw.info, index, sink, [...path, 'info'], named?.messageID, session?.sessionID)
  if (!Array.isArray(raw.parts)) {
    if (raw.parts !== undefined)
      sink.error('BAD_PARTS', `parts must be an array (got ${describeValue(raw.parts)})`, [...path, 'parts'])
    return { info, parts: [] }
  }
  const owner = { sessionID: info.sessionID, messageID: info.id }
  const seen = new Set<string>()
  // Array.from, not map: a sparse array's holes become parts too (reported), never holes in the output.
  const parts = Array.from(raw.parts as unknown[], (part, partIndex) => {
    const normalized = normalizePart(part, { ...owner, index: partIndex }, sink, [...path, 'parts', partIndex])
    if (seen.has(normalized.id)) {
      sink.error(
        'BR-02',
        `part id "${normalized.id}" repeats within the message; the later part is kept under a derived id`,
        [...path, 'parts', partIndex, 'id'],
      )
      const renamed: Part = { ...normalized, id: deriveId('prt', info.id, partIndex, normalized.id) }
      seen.add(renamed.id)
      return renamed
    }
    seen.add(normalized.id)
    return normalized
  })
  return { info, parts }
}

/** The event types that carry a transcript; others (`lsp.updated`, …) carry nothing for it. */
const TRANSCRIPT_EVENTS = new Set<string>([
  'permission.asked',
  'permission.updated',
  'permission.replied',
  'message.updated',
  'message.removed',
  'message.part.updated',
  'message.part.delta',
  'message.part.removed',
  'session.status',
  'session.idle',
  'session.error',
])

/**
 * Reads one bus event: a typed event (its info or part already in the model), `undefined` for an
 * event that carries no transcript, or `null` for one too broken to use (reported).
 */
export function decodeOpencodeEvent(event: unknown, sink: DiagnosticSink): OpencodeEvent | null | undefined {
  if (!isRecord(event) || typeof event.type !== 'string') {
    sink.error('BAD_EVENT', `an event must be an object with a string type (got ${describeValue(event)})`)
    return null
  }
  if (!TRANSCRIPT_EVENTS.has(event.type)) return undefined
  const props = isRecord(event.properties) ? event.properties : {}
  const at = ['properties']
  const sessionID = isNonEmptyString(props.sessionID) ? props.sessionID : deriveId('ses', 'opencode')
  // Older servers asked with `permission.updated` (`type`, `pattern`, a flat `callID`) and were answered
  // with `permission.replied` `{ permissionID, response }`.
  const type = (event.type === 'permission.updated' ? 'permission.asked' : event.type) as OpencodeEvent['type']
  switch (type) {
    case 'permission.asked': {
      const id = isNonEmptyString(props.id)
        ? props.id
        : isNonEmptyString(props.permissionID)
          ? props.permissionID
          : undefined
      if (!id) {
        sink.error('BAD_EVENT', 'a permission request needs an id', [...at, 'id'])
        return null
      }
      const strings = (value: unknown) =>
        Array.isArray(value)
          ? value.filter((item): item is string => typeof item === 'string')
          : typeof value === 'string'
            ? [value]
            : []
      // `permission.asked` names its call in `tool`; older servers' `permission.updated` in flat `callID` and `messageID`.
      const named = isRecord(props.tool) ? props.tool : props
      const tool =
        isNonEmptyString(named.callID) && isNonEmptyString(named.messageID)
          ? { messageID: named.messageID, callID: named.callID }
          : undefined
      const request: OpencodePermissionRequest = {
        sessionID,
        id,
        permission: isNonEmptyString(props.permission)
          ? props.permission
          : isNonEmptyString(props.type)
            ? props.type
            : '',
        patterns: strings(props.patterns ?? props.pattern),
        always: strings(props.always),
        metadata: isRecord(props.metadata) ? props.metadata : {},
        ...(typeof props.title === 'string' ? { title: props.title } : {}),
        ...(tool ? { tool } : {}),
      }
      if (!tool)
        sink.warn(
          'PERMISSION_WITHOUT_CALL',
          `permission ${id} (${request.permission}) names no tool call; there is no card to show it on`,
          [...at, 'tool'],
        )
      return { type, properties: request }
    }
    case 'permission.replied': {
      const requestID = isNonEmptyString(props.requestID)
        ? props.requestID
        : isNonEmptyString(props.permissionID)
          ? props.permissionID
          : undefined
      const reply = props.reply ?? props.response
      if (!requestID || (reply !== 'once' && reply !== 'always' && reply !== 'reject')) {
        sink.error(
          'BAD_EVENT',
          `a permission reply needs a requestID and a reply of once, always or reject (got ${describeValue(reply)})`,
          at,
        )
        return null
      }
      return { type, properties: { sessionID, requestID, reply } }
    }
    case 'message.updated':
      if (!isRecord(props.info)) {
        sink.error('BAD_MESSAGE_INFO', `message.updated needs an info object (got ${describeValue(props.info)})`, [
          ...at,
          'info',
        ])
        return null
      }
      return { type, properties: { sessionID, info: normalizeInfo(props.info, 0, sink, [...at, 'info']) } }
    case 'message.removed':
      if (isNonEmptyString(props.messageID)) return { type, properties: { sessionID, messageID: props.messageID } }
      sink.error('BAD_EVENT', 'message.removed needs a messageID', [...at, 'messageID'])
      return null
    case 'message.part.updated': {
      const raw = props.part
      if (!isRecord(raw) || !isNonEmptyString(raw.messageID)) {
        sink.error('BAD_EVENT', 'message.part.updated needs a part with a messageID', [...at, 'part'])
        return null
      }
      const partSession = isNonEmptyString(raw.sessionID) ? raw.sessionID : sessionID
      const part: Part = normalizePart(raw, { sessionID: partSession, messageID: raw.messageID, index: 0 }, sink, [
        ...at,
        'part',
      ])
      return { type, properties: { sessionID: partSession, part } }
    }
    case 'message.part.delta': {
      const { messageID, partID, field, delta } = props
      if (
        isNonEmptyString(messageID) &&
        isNonEmptyString(partID) &&
        isNonEmptyString(field) &&
        typeof delta === 'string'
      )
        return { type, properties: { sessionID, messageID, partID, field, delta } }
      sink.error('BAD_EVENT', 'message.part.delta needs messageID, partID, field and a string delta', at)
      return null
    }
    case 'message.part.removed':
      if (isNonEmptyString(props.messageID) && isNonEmptyString(props.partID))
        return { type, properties: { sessionID, messageID: props.messageID, partID: props.partID } }
      sink.error('BAD_EVENT', 'message.part.removed needs messageID and partID', at)
      return null
    case 'session.status': {
      const status = isRecord(props.status) ? props.status.type : undefined
      if (status === 'busy' || status === 'retry' || status === 'idle')
        return {
          type,
          properties: { sessionID, status: { ...(props.status as object), type: status } },
        }
      sink.error('BAD_EVENT', `session.status must be idle, busy or retry (got ${describeValue(status)})`, [
        ...at,
        'status',
      ])
      return null
    }
    case 'session.idle':
      return { type, properties: { sessionID } }
    case 'session.error': {
      const raw = isRecord(props.error) && isNonEmptyString(props.error.name) ? props.error : undefined
      const error: MessageError = raw
        ? { name: textOf(raw.name), data: isRecord(raw.data) ? raw.data : {} }
        : { name: 'UnknownError', data: { message: 'The session failed.' } }
      return { type, properties: { sessionID, error } }
    }
  }
  return type satisfies never
}
