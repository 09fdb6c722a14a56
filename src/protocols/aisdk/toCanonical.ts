/**
 * AI SDK `UIMessage[]` (what `useChat` holds, v4 to v7) into canonical messages. Each message's
 * parts keep their order; a tool call part carries its own result, so it becomes one finished tool
 * part (no pairing needed). Usage, cost, model and times come from the message's `metadata` when the
 * app put them there (see `ChatpartsMessageMetadata`). Never throws unless `strict`.
 */
import { assistantInfo, idOr, stepStartPart, textPart, userInfo } from '../../core/build.js'
import type { Metadata, Part, WithParts } from '../../core/model/types.js'
import { type ConvertOptions, type Diagnostic, DiagnosticSink, describeValue, isRecord, limitDepth } from '../diagnostics.js'
import { deriveId } from '../ids.js'
import { readMetadata } from './decode.js'
import { readPart, tokensOf, toolPartOf } from './parts.js'

/** Options of the AI SDK converters. */
export interface AiSdkOptions extends ConvertOptions {
  /** Session id of the canonical messages (default: derived from the first message's id). */
  sessionID?: string
}

/** The session id for a list of messages: derived from the first one's id, or fixed. */
export function aiSdkSessionID(messages: readonly unknown[]): string {
  const first = messages.find((message) => isRecord(message) && typeof message.id === 'string')
  return deriveId('ses', isRecord(first) ? (first.id as string) : 'aisdk')
}

/** The info of a message; `parentID` is the last user message's id. */
export function infoOf(raw: Record<string, unknown>, id: string, sessionID: string, parentID: string, sink: DiagnosticSink, path: (string | number)[]): WithParts['info'] {
  const read = readMetadata(raw.metadata, sink, [...path, 'metadata'])
  const metadata: Metadata | undefined = raw.metadata === undefined ? undefined : isRecord(raw.metadata) ? raw.metadata : { value: raw.metadata }
  const created = read.created ?? 0
  if (raw.role === 'assistant') {
    return assistantInfo({
      id,
      sessionID,
      created,
      ...(read.completed !== undefined ? { completed: read.completed } : {}),
      parentID,
      modelID: read.modelID ?? '',
      providerID: read.providerID ?? '',
      ...(read.cost !== undefined ? { cost: read.cost } : {}),
      tokens: tokensOf(read.usage),
      ...(metadata !== undefined ? { metadata } : {}),
    })
  }
  // A system message, or one of a role the SDK does not define, is kept as a user message that remembers its role.
  const role = raw.role === 'user' ? {} : { role: typeof raw.role === 'string' ? raw.role : describeValue(raw.role) }
  const kept = { ...metadata, ...role }
  return userInfo({ id, sessionID, created, ...(Object.keys(kept).length > 0 ? { metadata: kept } : {}) })
}

/** The canonical parts of one message's `parts`. */
export function partsOf(raw: unknown, info: WithParts['info'], sink: DiagnosticSink, path: (string | number)[]): Part[] {
  if (!Array.isArray(raw)) {
    sink.error('BAD_MESSAGE', `a message's parts must be an array (got ${describeValue(raw)})`, [...path, 'parts'])
    return []
  }
  const time = info.time.created
  const end = info.role === 'assistant' ? (info.time.completed ?? time) : time
  const system = info.role === 'user' && info.metadata?.role === 'system'
  const parts: Part[] = []
  raw.forEach((item, n) => {
    const ids = { id: deriveId('prt', info.id, n), sessionID: info.sessionID, messageID: info.id }
    const read = readPart(item, ids, time, sink, [...path, 'parts', n])
    if (!read) return
    if ('step' in read) parts.push(stepStartPart(ids))
    else if ('tool' in read) parts.push(toolPartOf(ids, read.tool, time, end))
    // System text is for the model: shown muted and labelled, never dropped.
    else if (system && read.part.type === 'text') parts.push(textPart(ids, read.part.text, { synthetic: true, metadata: { role: 'system' } }))
    else parts.push(read.part)
  })
  return parts
}

/** What {@link fromUIMessages} returns. */
export interface AiSdkImport {
  messages: WithParts[]
  diagnostics: Diagnostic[]
}

/** Converts `UIMessage[]` into canonical messages (see the module's doc). */
export function fromUIMessages(input: unknown, options?: AiSdkOptions): AiSdkImport {
  const sink = new DiagnosticSink(options)
  const messages = limitDepth(input, sink)
  if (!Array.isArray(messages)) {
    sink.error('BAD_MESSAGES', `UI messages must be an array (got ${describeValue(messages)})`)
    return { messages: [], diagnostics: sink.list }
  }
  const sessionID = options?.sessionID ?? aiSdkSessionID(messages)
  const out: WithParts[] = []
  let parentID = ''
  const used = new Set<string>()
  messages.forEach((raw: unknown, index) => {
    if (!isRecord(raw)) {
      sink.error('BAD_MESSAGE', `a UI message must be an object (got ${describeValue(raw)})`, [index])
      return
    }
    let id = idOr(raw.id, deriveId('msg', sessionID, index))
    if (typeof raw.id !== 'string' || raw.id === '') sink.warn('MISSING_ID', `a UI message needs an id; one is derived (${id})`, [index, 'id'])
    else if (used.has(id)) {
      id = deriveId('msg', id, index)
      sink.warn('DUPLICATE_ID', `message id "${raw.id}" is used by an earlier message; this one is kept as "${id}"`, [index, 'id'])
    }
    used.add(id)
    if (raw.role !== 'user' && raw.role !== 'assistant' && raw.role !== 'system')
      sink.error('UNKNOWN_ROLE', `role ${describeValue(raw.role)} is not system, user or assistant; kept as a user message`, [index, 'role'])
    const info = infoOf(raw, id, sessionID, parentID, sink, [index])
    if (info.role === 'user') parentID = id
    out.push({ info, parts: partsOf(raw.parts, info, sink, [index]) })
  })
  return { messages: out, diagnostics: sink.list }
}
