/**
 * AI SDK `UIMessage[]` (what `useChat` holds, v4 to v7) into canonical messages. Each message's
 * parts keep their order; a tool call part carries its own result, so it becomes one finished tool
 * part (no pairing needed). Usage, cost, model and times come from the message's `metadata` when the
 * app put them there (see `ChatpartsMessageMetadata`). Never throws unless `strict`.
 */
import { assistantInfo, filePart, idOr, stepStartPart, textPart, userInfo } from '../../core/build.js'
import type { Metadata, Part, WithParts } from '../../core/model/types.js'
import {
  type ConvertOptions,
  type Diagnostic,
  DiagnosticSink,
  describeValue,
  fields,
  isRecord,
  limitDepth,
  reportUnread,
} from '../diagnostics.js'
import { deriveId, toEpochMs } from '../ids.js'
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

/**
 * The fields of a `UIMessage`: v5's four, and v4's `createdAt`, `content`, `reasoning` and
 * `toolInvocations` (read when the message has no `parts`; its parts repeat them when it has) and
 * `experimental_attachments` (read as files). v4's `annotations` and `data` are not shown: reported.
 */
const MESSAGE_FIELDS = fields(
  'id',
  'role',
  'metadata',
  'parts',
  'createdAt',
  'content',
  'reasoning',
  'toolInvocations',
  'experimental_attachments',
)
const ATTACHMENT_FIELDS = fields('name', 'contentType', 'url')

/** The info of a message; `parentID` is the last user message's id. */
export function infoOf(
  raw: Record<string, unknown>,
  id: string,
  sessionID: string,
  parentID: string,
  sink: DiagnosticSink,
  path: (string | number)[],
): WithParts['info'] {
  const read = readMetadata(raw.metadata, sink, [...path, 'metadata'])
  const metadata: Metadata | undefined =
    raw.metadata === undefined ? undefined : isRecord(raw.metadata) ? raw.metadata : { value: raw.metadata }
  const created = read.created ?? toEpochMs(raw.createdAt) ?? 0
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

/**
 * The parts of a message with where each is in the input: its `parts`, or for a v4 message without
 * them, its `reasoning`, `toolInvocations` and `content` as the parts v4.2 would have made of them.
 */
function entriesOf(
  message: Record<string, unknown>,
  sink: DiagnosticSink,
  path: (string | number)[],
): { item: unknown; at: (string | number)[] }[] {
  // Array.from, not map: a hole in the list is read (and reported) as a part that is not one.
  if (Array.isArray(message.parts))
    return Array.from(message.parts as unknown[], (item, n) => ({ item, at: [...path, 'parts', n] }))
  if (message.parts !== undefined)
    sink.error('BAD_MESSAGE', `a message's parts must be an array (got ${describeValue(message.parts)})`, [
      ...path,
      'parts',
    ])
  const legacy: { item: unknown; at: (string | number)[] }[] = []
  if (typeof message.reasoning === 'string' && message.reasoning !== '')
    legacy.push({ item: { type: 'reasoning', text: message.reasoning }, at: [...path, 'reasoning'] })
  if (Array.isArray(message.toolInvocations)) {
    message.toolInvocations.forEach((toolInvocation: unknown, n) =>
      legacy.push({ item: { type: 'tool-invocation', toolInvocation }, at: [...path, 'toolInvocations', n] }),
    )
  }
  if (typeof message.content === 'string' && message.content !== '')
    legacy.push({ item: { type: 'text', text: message.content }, at: [...path, 'content'] })
  if (legacy.length === 0 && message.parts === undefined && message.content === undefined)
    sink.error('BAD_MESSAGE', 'a message needs its parts (or, in v4, its content)', [...path, 'parts'])
  return legacy
}

/** v4's `experimental_attachments` as file parts (name, content type, URL). */
function attachmentsOf(
  value: unknown,
  sink: DiagnosticSink,
  path: (string | number)[],
): { item: { url: string; mime?: string; filename?: string } | undefined; at: (string | number)[] }[] {
  if (value === undefined || value === null) return []
  if (!Array.isArray(value)) {
    sink.error(
      'BAD_ATTACHMENTS',
      `experimental_attachments must be an array (got ${describeValue(value)}); not shown`,
      path,
    )
    return []
  }
  return value.map((attachment: unknown, n) => {
    const at = [...path, n]
    if (!isRecord(attachment) || typeof attachment.url !== 'string') {
      sink.error('BAD_ATTACHMENTS', `an attachment needs a url (got ${describeValue(attachment)}); not shown`, at)
      return { item: undefined, at }
    }
    reportUnread(attachment, ATTACHMENT_FIELDS, sink, at, 'an attachment')
    const mime =
      typeof attachment.contentType === 'string' && attachment.contentType !== ''
        ? { mime: attachment.contentType }
        : {}
    return {
      item: {
        url: attachment.url,
        ...mime,
        ...(typeof attachment.name === 'string' ? { filename: attachment.name } : {}),
      },
      at,
    }
  })
}

/** The canonical parts of one message (see {@link entriesOf}), then its v4 attachments. */
export function partsOf(
  message: Record<string, unknown>,
  info: WithParts['info'],
  sink: DiagnosticSink,
  path: (string | number)[],
): Part[] {
  reportUnread(message, MESSAGE_FIELDS, sink, path, 'a UI message')
  const time = info.time.created
  const system = info.role === 'user' && info.metadata?.role === 'system'
  const parts: Part[] = []
  entriesOf(message, sink, path).forEach(({ item, at }, n) => {
    const ids = { id: deriveId('prt', info.id, n), sessionID: info.sessionID, messageID: info.id }
    const read = readPart(item, ids, time, sink, at)
    if (!read) return
    if ('step' in read) parts.push(stepStartPart(ids))
    // A UIMessage gives no call its own times: each starts and ends at the message's start, so no
    // call shows the whole message's duration as its own.
    else if ('tool' in read) parts.push(toolPartOf(ids, read.tool, time, time))
    // System text is for the model: shown muted and labelled, never dropped.
    else if (system && read.part.type === 'text')
      parts.push(textPart(ids, read.part.text, { synthetic: true, system: true, metadata: { role: 'system' } }))
    else parts.push(read.part)
  })
  attachmentsOf(message.experimental_attachments, sink, [...path, 'experimental_attachments']).forEach(
    ({ item }, n) => {
      if (item)
        parts.push(
          filePart(
            { id: deriveId('prt', info.id, 'attachment', n), sessionID: info.sessionID, messageID: info.id },
            item,
          ),
        )
    },
  )
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
    if (typeof raw.id !== 'string' || raw.id === '')
      sink.warn('MISSING_ID', `a UI message needs an id; one is derived (${id})`, [index, 'id'])
    else if (used.has(id)) {
      id = deriveId('msg', id, index)
      sink.warn('DUPLICATE_ID', `message id "${raw.id}" is used by an earlier message; this one is kept as "${id}"`, [
        index,
        'id',
      ])
    }
    used.add(id)
    if (raw.role !== 'user' && raw.role !== 'assistant' && raw.role !== 'system')
      sink.error(
        'UNKNOWN_ROLE',
        `role ${describeValue(raw.role)} is not system, user or assistant; kept as a user message`,
        [index, 'role'],
      )
    const info = infoOf(raw, id, sessionID, parentID, sink, [index])
    if (info.role === 'user') parentID = id
    out.push({ info, parts: partsOf(raw, info, sink, [index]) })
  })
  return { messages: out, diagnostics: sink.list }
}
