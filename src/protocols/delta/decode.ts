/**
 * Reading MessageDelta input: unknown values into the typed deltas and tool messages of `types.ts`,
 * with a diagnostic for everything that is not as they describe it. The live session works on what
 * this gives back: the envelope (run, `seq`, kind, time) it checks against the run, and a typed
 * payload per kind, or `null` when the payload cannot serve (reported here, once).
 */
import {
  type DiagnosticSink,
  describeValue,
  fields,
  isNonEmptyString,
  isRecord,
  limitDepth,
  reportUnread,
  safeJson,
} from '../diagnostics.js'
import { toEpochMs } from '../ids.js'
import type { MessageDeltaKind, MessageDeltaPayloads } from './types.js'

type Path = (string | number)[]

/** The kinds of the delta contract, in the order the contract lists them. */
export const DELTA_KINDS = [
  'start',
  'text',
  'thinking',
  'tool_call_start',
  'tool_call_args',
  'tool_call_end',
  'usage',
  'done',
  'error',
] as const satisfies readonly MessageDeltaKind[]

/** Whether `kind` is one of the contract's kinds. */
export const isDeltaKind = (kind: string): kind is MessageDeltaKind => (DELTA_KINDS as readonly string[]).includes(kind)

/** A delta's envelope, read; the payload stays raw until its kind is known to be the contract's. */
export interface DeltaEnvelope {
  /** The run (`run` for a delta that names none). */
  runId: string
  /** The `seq` as it came (checked against the run by the session). */
  seq: unknown
  kind: string
  /** The payload as it came (what a retransmission is recognised by). */
  raw: unknown
  /** The payload's fields (empty when it is not an object). */
  payload: Record<string, unknown>
  /** The delta's time in epoch ms, when it has a readable one. */
  time: number | undefined
}

/** The fields of a delta (`providerRaw` is for debugging only: read by no one). */
const DELTA_FIELDS = fields('runId', 'seq', 'kind', 'payload', 'timestamp', 'providerRaw')

/** The fields of each kind's payload. */
const PAYLOAD_FIELDS: { [K in MessageDeltaKind]: ReadonlySet<string> } = {
  start: fields('modelId', 'requestId'),
  text: fields('textDelta'),
  thinking: fields('textDelta'),
  tool_call_start: fields('toolCallId', 'toolName'),
  tool_call_args: fields('toolCallId', 'argsTextDelta'),
  tool_call_end: fields('toolCallId'),
  usage: fields('inputTokens', 'outputTokens', 'totalTokens', 'cost'),
  done: fields('finishReason'),
  error: fields('errorCode', 'message', 'retryable'),
}

/** Reads a delta's envelope; `null` (reported) when `event` is not a delta at all. */
export function decodeDelta(event: unknown, sink: DiagnosticSink): DeltaEnvelope | null {
  if (!isRecord(event) || typeof event.kind !== 'string') {
    sink.error('BAD_DELTA', `a delta must be an object with a kind (got ${describeValue(event)})`, [])
    return null
  }
  const raw = limitDepth(event.payload, sink, ['payload'])
  reportUnread(event, DELTA_FIELDS, sink, [], 'a delta')
  return {
    runId: isNonEmptyString(event.runId) ? event.runId : 'run',
    seq: event.seq,
    kind: event.kind,
    raw,
    payload: isRecord(raw) ? raw : {},
    time: toEpochMs(event.timestamp),
  }
}

type Reader<K extends MessageDeltaKind> = (
  payload: Record<string, unknown>,
  sink: DiagnosticSink,
) => MessageDeltaPayloads[K] | null

const bad = (sink: DiagnosticSink, message: string, path: Path = ['payload']) => {
  sink.error('BAD_PAYLOAD', message, path)
  return null
}

const textDelta =
  <K extends 'text' | 'thinking'>(kind: K): Reader<K> =>
  (payload, sink) =>
    typeof payload.textDelta === 'string'
      ? { textDelta: payload.textDelta }
      : bad(sink, `${kind} needs a string textDelta (got ${describeValue(payload.textDelta)})`, [
          'payload',
          'textDelta',
        ])

/** A token count: a finite number, or 0 with a warning (a missing optional one is just absent). */
function countOf(payload: Record<string, unknown>, key: string, sink: DiagnosticSink): number {
  const value = payload[key]
  if (typeof value === 'number' && Number.isFinite(value) && value >= 0) return value
  sink.warn('BAD_PAYLOAD', `usage.${key} must be a count (got ${describeValue(value)}); read as 0`, ['payload', key])
  return 0
}

/** One reader per kind: the typed payload, or `null` when it cannot serve. */
const PAYLOADS: { [K in MessageDeltaKind]: Reader<K> } = {
  start: (payload) => ({
    ...(typeof payload.modelId === 'string' ? { modelId: payload.modelId } : {}),
    ...(typeof payload.requestId === 'string' ? { requestId: payload.requestId } : {}),
  }),
  text: textDelta('text'),
  thinking: textDelta('thinking'),
  tool_call_start: (payload, sink) =>
    isNonEmptyString(payload.toolCallId)
      ? { toolCallId: payload.toolCallId, toolName: isNonEmptyString(payload.toolName) ? payload.toolName : 'unknown' }
      : bad(sink, 'tool_call_start needs a toolCallId', ['payload', 'toolCallId']),
  tool_call_args: (payload, sink) =>
    isNonEmptyString(payload.toolCallId) && typeof payload.argsTextDelta === 'string'
      ? { toolCallId: payload.toolCallId, argsTextDelta: payload.argsTextDelta }
      : bad(sink, 'tool_call_args needs a toolCallId and a string argsTextDelta'),
  tool_call_end: (payload, sink) => {
    if (isNonEmptyString(payload.toolCallId)) return { toolCallId: payload.toolCallId }
    sink.error(
      'UNKNOWN_TOOL_CALL',
      `tool_call_end for a call that never started (${describeValue(payload.toolCallId)})`,
      ['payload', 'toolCallId'],
    )
    return null
  },
  usage: (payload, sink) => {
    const usage: MessageDeltaPayloads['usage'] = {
      inputTokens: countOf(payload, 'inputTokens', sink),
      outputTokens: countOf(payload, 'outputTokens', sink),
    }
    if (payload.totalTokens !== undefined) usage.totalTokens = countOf(payload, 'totalTokens', sink)
    if (payload.cost !== undefined) usage.cost = countOf(payload, 'cost', sink)
    return usage
  },
  done: (payload) => ({ finishReason: isNonEmptyString(payload.finishReason) ? payload.finishReason : 'unknown' }),
  error: (payload) => {
    const errorCode = isNonEmptyString(payload.errorCode) ? payload.errorCode : 'unknown'
    return {
      errorCode,
      ...(isNonEmptyString(payload.message) ? { message: payload.message } : {}),
      ...(typeof payload.retryable === 'boolean' ? { retryable: payload.retryable } : {}),
    }
  },
}

/** The typed payload of a delta of `kind`, or `null` (reported) when it cannot serve. */
export function decodePayload<K extends MessageDeltaKind>(
  kind: K,
  payload: Record<string, unknown>,
  sink: DiagnosticSink,
): MessageDeltaPayloads[K] | null {
  reportUnread(payload, PAYLOAD_FIELDS[kind], sink, ['payload'], `a ${kind} payload`)
  return (PAYLOADS[kind] as Reader<K>)(payload, sink)
}

/** The fields the MessageDelta contract defines for a final message, a part, and each kind of part's payload. */
export const MESSAGE_FIELDS = fields('runId', 'role', 'parts', 'timestamp', 'meta')
const PART_FIELDS = fields('kind', 'payload')
const PART_PAYLOAD_FIELDS = new Map<unknown, ReadonlySet<string>>([
  ['text', fields('text')],
  ['thinking', fields('text')],
  ['tool_call', fields('toolCallId', 'toolName', 'arguments', 'rawArgsText')],
  ['tool_result', fields('toolCallId', 'isError', 'content')],
  ['image', fields('mimeType', 'data', 'url')],
  ['file_ref', fields('path', 'mimeType', 'size')],
])

/** Reports what a part of a known kind carries beyond the contract's fields for it. */
export function reportUnreadPart(raw: Record<string, unknown>, sink: DiagnosticSink, path: Path): void {
  const known = PART_PAYLOAD_FIELDS.get(raw.kind)
  if (!known) return
  reportUnread(raw, PART_FIELDS, sink, path, `a ${String(raw.kind)} part`)
  if (isRecord(raw.payload))
    reportUnread(raw.payload, known, sink, [...path, 'payload'], `a ${String(raw.kind)} payload`)
}

/** One result of a `tool` message, read. */
export interface DecodedToolResult {
  toolCallId: string
  isError: boolean
  /** The result as text (a non-string content is kept as its JSON). */
  output: string
  path: Path
}

/** A `tool` message of the contract, read. */
export interface DecodedToolMessage {
  runId: string | undefined
  time: number | undefined
  results: DecodedToolResult[]
}

/** Reads a `tool` message: its `tool_result` parts (anything else reported, not read). */
export function decodeToolMessage(value: Record<string, unknown>, sink: DiagnosticSink): DecodedToolMessage {
  const message = limitDepth(value, sink)
  reportUnread(message, MESSAGE_FIELDS, sink, [], 'a tool message')
  const parts: unknown[] = Array.isArray(message.parts) ? message.parts : []
  if (!Array.isArray(message.parts))
    sink.error('BAD_MESSAGE', `a tool message's parts must be an array (got ${describeValue(message.parts)})`, [
      'parts',
    ])
  const results: DecodedToolResult[] = []
  parts.forEach((item, n) => {
    const payload = isRecord(item) && isRecord(item.payload) ? item.payload : undefined
    if (!isRecord(item) || item.kind !== 'tool_result' || !payload || !isNonEmptyString(payload.toolCallId)) {
      sink.error('BAD_TOOL_RESULT', 'a tool message holds only tool_result parts with a toolCallId', ['parts', n])
      return
    }
    reportUnreadPart(item, sink, ['parts', n])
    const content = payload.content
    const output = typeof content === 'string' ? content : content === undefined ? '' : safeJson(content)
    results.push({
      toolCallId: payload.toolCallId,
      isError: payload.isError === true,
      output,
      path: ['parts', n, 'payload'],
    })
  })
  return {
    runId: isNonEmptyString(message.runId) ? message.runId : undefined,
    time: toEpochMs(message.timestamp),
    results,
  }
}
