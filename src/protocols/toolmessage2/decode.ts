/**
 * Reading neovate messages: unknown values into typed ones, with a diagnostic for everything that
 * is not as `types.ts` describes it. The conversion works on what this gives back, with one case
 * per role and per content kind.
 */
import type { Metadata } from '../../core/model/types.js'
import {
  type DiagnosticSink,
  describeValue,
  fields,
  isRecord,
  limitDepth,
  reportUnread,
  textOf,
} from '../diagnostics.js'
import { deriveId, readTime } from '../ids.js'

type Path = (string | number)[]

/** A content part of a user or assistant message, read. */
export type DecodedItem =
  | { kind: 'text'; text: string; hidden: boolean }
  | { kind: 'reasoning'; text: string }
  | { kind: 'file'; mime: string; url: string; filename?: string }
  | {
      kind: 'tool_use'
      id?: string
      name: string
      input: Metadata
      rawInput?: unknown
      displayName?: string
      description?: string
    }
  | { kind: 'unsupported'; type: string; raw: unknown }

/** One answered call of a tool message, read. */
export interface DecodedResult {
  callID: string
  toolName?: string
  /** The input the result repeats (used for an orphan). */
  input: Metadata
  /** The text for the model (`llmContent`'s text parts joined). */
  output: string
  /** Images the tool returned. */
  images: { mime: string; url: string }[]
  /** What the tool asked the UI to show (`returnDisplay`), as it came. */
  returned: unknown
  isError: boolean
  metadata: Metadata
  /** Where it is in the input. */
  path: Path
}

/** A neovate message, read: its role decides what it holds. */
export type DecodedMessage =
  | { role: 'user'; id: string; created: number; system: boolean; metadata: Metadata; items: DecodedItem[] }
  | {
      role: 'assistant'
      id: string
      created: number
      model: string
      usage?: Metadata
      metadata: Metadata
      items: DecodedItem[]
    }
  | { role: 'tool'; id: string; time?: number; results: DecodedResult[] }

const LEGACY_MIGRATION =
  'the legacy ToolMessage (role "user" with tool_result parts and id/name) is not processed; migrate to ToolMessage2: ' +
  '{ role: "tool", content: [{ type: "tool-result", toolCallId, toolName, input, result }] }'

/** The fields neovate's types define for each object this reads (see `types.ts`). */
const ITEM_FIELDS = new Map<unknown, ReadonlySet<string>>([
  ['text', fields('type', 'text', 'hidden')],
  ['image', fields('type', 'data', 'mimeType')],
  ['file', fields('type', 'filename', 'data', 'mimeType')],
  ['reasoning', fields('type', 'text')],
  ['tool_use', fields('type', 'id', 'name', 'input', 'displayName', 'description')],
])
const RESULT_PART_FIELDS = fields('type', 'toolCallId', 'toolName', 'input', 'result', 'agentId', 'agentType')
const RESULT_FIELDS = fields('llmContent', 'returnDisplay', 'isError', 'metadata')
const USAGE_FIELDS = fields('input_tokens', 'output_tokens', 'cache_read_input_tokens', 'cache_creation_input_tokens')
/** A tool message's envelope: what it has beyond its results is not shown (its results go to the calls). */
const TOOL_MESSAGE_FIELDS = fields('uuid', 'parentUuid', 'timestamp', 'type', 'role', 'content')

const text = (value: unknown): string => (typeof value === 'string' ? value : '')

/** Base64 data as a `data:` URL (kept as it is when it is a URL already). */
function dataUrl(data: string, mime: string): string {
  return /^(data:|https?:|file:|blob:)/i.test(data) ? data : `data:${mime};base64,${data}`
}

/** The fields of a message that are not content: kept on the info so nothing is lost. */
function envelope(raw: Record<string, unknown>): Metadata {
  const { role: _role, content: _content, usage: _usage, ...rest } = raw
  return rest
}

function messageId(raw: Record<string, unknown>, index: number): string {
  return typeof raw.uuid === 'string' && raw.uuid !== '' ? raw.uuid : deriveId('msg', index, textOf(raw.role))
}

/** The content parts of a message: a string is one text part; anything but a list is reported. */
function contentOf(raw: Record<string, unknown>, role: string, sink: DiagnosticSink, path: Path): unknown[] {
  if (typeof raw.content === 'string') return [{ type: 'text', text: raw.content }]
  if (Array.isArray(raw.content)) return raw.content
  sink.error(
    'BAD_CONTENT',
    `${role} content must be a string or an array of parts (got ${describeValue(raw.content)})`,
    [...path, 'content'],
  )
  return []
}

function decodeItem(
  item: unknown,
  role: 'user' | 'assistant',
  hiddenMessage: boolean,
  sink: DiagnosticSink,
  at: Path,
): DecodedItem {
  // A part read field by field has the rest of its fields named; one kept whole (unsupported) has none left out.
  const unread = (raw: Record<string, unknown>) => {
    const known = ITEM_FIELDS.get(raw.type)
    if (known) reportUnread(raw, known, sink, at, `a ${String(raw.type)} part`)
  }
  if (isRecord(item) && item.type === 'text') {
    unread(item)
    return { kind: 'text', text: text(item.text), hidden: item.hidden === true || hiddenMessage }
  }
  if (
    role === 'user' &&
    isRecord(item) &&
    (item.type === 'image' || item.type === 'file') &&
    typeof item.data === 'string'
  ) {
    unread(item)
    const mime = typeof item.mimeType === 'string' && item.mimeType !== '' ? item.mimeType : 'application/octet-stream'
    return {
      kind: 'file',
      mime,
      url: dataUrl(item.data, mime),
      ...(typeof item.filename === 'string' ? { filename: item.filename } : {}),
    }
  }
  if (role === 'assistant' && isRecord(item) && item.type === 'reasoning') {
    unread(item)
    return { kind: 'reasoning', text: text(item.text) }
  }
  if (role === 'assistant' && isRecord(item) && item.type === 'tool_use') {
    unread(item)
    if (!isRecord(item.input))
      sink.warn(
        'BAD_TOOL_INPUT',
        `tool_use input must be an object (got ${describeValue(item.input)}); kept in metadata.rawInput`,
        [...at, 'input'],
      )
    if (typeof item.id !== 'string' || item.id === '')
      sink.error('BAD_TOOL_USE', 'tool_use needs an id; one is derived, so no result can answer it', [...at, 'id'])
    const use: DecodedItem = {
      kind: 'tool_use',
      name: typeof item.name === 'string' && item.name !== '' ? item.name : 'unknown',
      input: isRecord(item.input) ? item.input : {},
    }
    if (typeof item.id === 'string' && item.id !== '') use.id = item.id
    if (!isRecord(item.input) && item.input !== undefined) use.rawInput = item.input
    if (typeof item.displayName === 'string') use.displayName = item.displayName
    if (typeof item.description === 'string') use.description = item.description
    return use
  }
  const type = isRecord(item) ? textOf(item.type) : ''
  sink.error(
    'UNSUPPORTED_CONTENT',
    `${role} content part ${describeValue(type || item)} is not supported; it is kept as unsupported`,
    at,
  )
  return { kind: 'unsupported', type, raw: item }
}

function decodeResult(item: unknown, sink: DiagnosticSink, at: Path): DecodedResult | undefined {
  if (!isRecord(item) || item.type !== 'tool-result' || typeof item.toolCallId !== 'string' || item.toolCallId === '') {
    sink.error(
      'BAD_TOOL_RESULT',
      `expected { type: "tool-result", toolCallId, toolName, input, result } (got ${describeValue(isRecord(item) ? item.type : item)})`,
      at,
    )
    return undefined
  }
  reportUnread(item, RESULT_PART_FIELDS, sink, at, 'a tool-result part')
  const result = isRecord(item.result) ? item.result : {}
  if (!isRecord(item.result))
    sink.error('BAD_TOOL_RESULT', `result must be an object with llmContent (got ${describeValue(item.result)})`, [
      ...at,
      'result',
    ])
  else reportUnread(result, RESULT_FIELDS, sink, [...at, 'result'], 'a tool result')
  const texts: string[] = []
  const images: { mime: string; url: string }[] = []
  if (typeof result.llmContent === 'string') texts.push(result.llmContent)
  else if (Array.isArray(result.llmContent)) {
    // Array.from, not forEach: a hole in the list is reported as the entry that is not one.
    Array.from(result.llmContent as unknown[]).forEach((part, k) => {
      const known = isRecord(part) ? ITEM_FIELDS.get(part.type) : undefined
      if (isRecord(part) && known && (part.type === 'text' || part.type === 'image'))
        reportUnread(part, known, sink, [...at, 'result', 'llmContent', k], `a ${part.type} part`)
      if (isRecord(part) && part.type === 'text') texts.push(text(part.text))
      else if (isRecord(part) && part.type === 'image' && typeof part.data === 'string') {
        const mime = typeof part.mimeType === 'string' ? part.mimeType : 'image/png'
        images.push({ mime, url: dataUrl(part.data, mime) })
      } else {
        const what = isRecord(part) ? describeValue(part.type) : describeValue(part)
        sink.error(
          'UNSUPPORTED_CONTENT',
          `llmContent part ${what} is neither text nor an image with data; it is not shown`,
          [...at, 'result', 'llmContent', k],
        )
      }
    })
  }
  const metadata: Metadata = { ...(isRecord(result.metadata) ? result.metadata : {}) }
  if (result.returnDisplay !== undefined) metadata.returnDisplay = result.returnDisplay
  if (typeof item.agentId === 'string') metadata.agentId = item.agentId
  if (typeof item.agentType === 'string') metadata.agentType = item.agentType
  const decoded: DecodedResult = {
    callID: item.toolCallId,
    input: isRecord(item.input) ? item.input : {},
    output: texts.join('\n'),
    images,
    returned: result.returnDisplay,
    isError: result.isError === true,
    metadata,
    path: at,
  }
  if (typeof item.toolName === 'string' && item.toolName !== '') decoded.toolName = item.toolName
  if (!decoded.isError && (decoded.output || (typeof decoded.returned === 'string' ? decoded.returned : '')) === '') {
    sink.warn('EMPTY_OUTPUT', `the result of call ${item.toolCallId} has no text; shown as no output`, [
      ...at,
      'result',
      'llmContent',
    ])
  }
  return decoded
}

/**
 * Reads message `index` of a conversation. `undefined` when there is nothing to show: not an
 * object, or the legacy `ToolMessage` (reported with the migration). A message of an unknown role
 * is read as a user message that keeps its role (nothing the wire carried is dropped).
 */
export function decodeMessage(input: unknown, index: number, sink: DiagnosticSink): DecodedMessage | undefined {
  const path = [index]
  const raw = limitDepth(input, sink, path)
  if (!isRecord(raw)) {
    sink.error('BAD_MESSAGE', `a message must be an object with a role (got ${describeValue(raw)})`, path)
    return undefined
  }
  const id = messageId(raw, index)
  if (raw.role === 'tool') {
    reportUnread(raw, TOOL_MESSAGE_FIELDS, sink, path, 'a tool message')
    const results = Array.isArray(raw.content) ? raw.content : undefined
    if (!results)
      sink.error(
        'BAD_CONTENT',
        `a tool message's content must be an array of tool-result parts (got ${describeValue(raw.content)})`,
        [...path, 'content'],
      )
    const time = readTime(raw.timestamp, sink, [...path, 'timestamp'])
    const decoded: DecodedMessage = {
      role: 'tool',
      id,
      results: (results ?? []).flatMap((item: unknown, n) => decodeResult(item, sink, [...path, 'content', n]) ?? []),
    }
    if (time !== undefined) decoded.time = time
    return decoded
  }
  if (raw.role === 'assistant') {
    const created = readTime(raw.timestamp, sink, [...path, 'timestamp']) ?? 0
    const items = contentOf(raw, 'assistant', sink, path).map((item, n) =>
      decodeItem(item, 'assistant', false, sink, [...path, 'content', n]),
    )
    const decoded: DecodedMessage = {
      role: 'assistant',
      id,
      created,
      model: typeof raw.model === 'string' ? raw.model : '',
      metadata: envelope(raw),
      items,
    }
    if (isRecord(raw.usage)) {
      reportUnread(raw.usage, USAGE_FIELDS, sink, [...path, 'usage'], 'usage')
      decoded.usage = raw.usage
    }
    return decoded
  }
  if (
    raw.role === 'user' &&
    Array.isArray(raw.content) &&
    raw.content.some((part) => isRecord(part) && part.type === 'tool_result')
  ) {
    sink.error('LEGACY_TOOL_MESSAGE', LEGACY_MIGRATION, [...path, 'content'])
    return undefined
  }
  const known = raw.role === 'user' || raw.role === 'system'
  if (!known)
    sink.error(
      'UNKNOWN_ROLE',
      `role ${describeValue(raw.role)} is not one of system, user, assistant, tool; read as a user message`,
      [...path, 'role'],
    )
  const created = readTime(raw.timestamp, sink, [...path, 'timestamp']) ?? 0
  const items = contentOf(raw, 'user', sink, path).map((item, n) =>
    decodeItem(item, 'user', raw.hidden === true, sink, [...path, 'content', n]),
  )
  // A message of another role is shown as a user message that keeps the role it came with.
  return {
    role: 'user',
    id,
    created,
    system: raw.role === 'system',
    metadata: known ? envelope(raw) : { ...envelope(raw), role: raw.role },
    items,
  }
}
