import { finiteOrZero } from '../../core/numbers.js'
import {
  type DiagnosticSink,
  describeValue,
  fields,
  isRecord,
  reportUnread,
  safeJson,
  stringField,
  textOf,
} from '../diagnostics.js'
import { readTime } from '../ids.js'
import type { ChatMessage, ChatToolCall, ChatUsage, ResponseMetaInfo, TypedMessage } from './types.js'

type Path = (string | number)[]

const KINDS = new Set(['system', 'user', 'assistant', 'reasoning', 'tool-call', 'tool-result'])

/** The fields the chat message format defines: of a tool call, of token usage, of a typed message and its meta info. */
const CALL_FIELDS = fields('id', 'name', 'arguments')
const USAGE_FIELDS = fields('promptTokens', 'completionTokens', 'totalTokens')
const TYPED_FIELDS = fields(
  'kind',
  'content',
  'metaInfo',
  'toolCalls',
  'id',
  'encrypted',
  'toolId',
  'toolName',
  'extra',
)
const META_FIELDS = fields('timestamp', 'metadata', 'usage', 'finishReason')

/** The message text: a string, `null` (OpenAI's "no text") as empty, anything else as JSON text. */
function contentOf(raw: Record<string, unknown>, sink: DiagnosticSink, path: Path): string {
  const value = raw.content
  if (typeof value === 'string') return value
  if (value === null || value === undefined) return ''
  sink.warn('BAD_CONTENT', `content should be a string (got ${describeValue(value)}); read as text`, [
    ...path,
    'content',
  ])
  return textOf(value)
}

function metadataOf(value: unknown, sink: DiagnosticSink, path: Path): Record<string, unknown> | undefined {
  if (value === undefined || value === null) return undefined
  if (isRecord(value)) return value
  sink.warn(
    'BAD_METADATA',
    `metadata should be an object (got ${describeValue(value)}); kept under metadata.value`,
    path,
  )
  return { value }
}

function toolCallsOf(value: unknown, sink: DiagnosticSink, path: Path): ChatToolCall[] | undefined {
  if (value === undefined || value === null) return undefined
  const list = Array.isArray(value) ? value : [value]
  if (!Array.isArray(value))
    sink.warn(
      'BAD_TOOL_CALLS',
      `toolCalls should be an array (got ${describeValue(value)}); read as a list of one`,
      path,
    )
  const calls: ChatToolCall[] = []
  list.forEach((item, index) => {
    const at = [...path, index]
    if (!isRecord(item)) {
      sink.error(
        'BAD_TOOL_CALL',
        `a tool call must be an object (got ${describeValue(item)}); kept as a call with no name`,
        at,
      )
      calls.push({ id: '', name: '', arguments: safeJson(item) })
      return
    }
    reportUnread(item, CALL_FIELDS, sink, at, 'a tool call')
    const args = item.arguments
    let text: string
    if (typeof args === 'string') text = args
    else if (args === undefined || args === null) text = ''
    else {
      if (!isRecord(args))
        sink.warn('BAD_ARGUMENTS', `arguments should be JSON text (got ${describeValue(args)}); read as JSON`, [
          ...at,
          'arguments',
        ])
      text = safeJson(args)
    }
    calls.push({
      id: stringField(item, 'id', sink, at) ?? '',
      name: stringField(item, 'name', sink, at) ?? '',
      arguments: text,
    })
  })
  return calls
}

function usageOf(value: unknown, sink: DiagnosticSink, path: Path): ChatUsage | undefined {
  if (value === undefined) return undefined
  const count = (key: string) => (isRecord(value) ? finiteOrZero(value[key]) : 0)
  if (!isRecord(value)) {
    sink.warn('BAD_USAGE', `usage should be an object (got ${describeValue(value)}); ignored`, path)
    return undefined
  }
  reportUnread(value, USAGE_FIELDS, sink, path, 'usage')
  return {
    promptTokens: count('promptTokens'),
    completionTokens: count('completionTokens'),
    totalTokens: count('totalTokens'),
  }
}

/** Reads a flat message; `undefined` (with a diagnostic) when it is not an object with a role. */
export function decodeChatMessage(raw: Record<string, unknown>, sink: DiagnosticSink, path: Path): ChatMessage {
  const message: ChatMessage = {
    ...raw,
    role: typeof raw.role === 'string' ? raw.role : '',
    content: contentOf(raw, sink, path),
  }
  const set = <K extends keyof ChatMessage>(key: K, value: ChatMessage[K] | undefined) => {
    if (value === undefined) delete message[key]
    else message[key] = value
  }
  set('timestamp', readTime(raw.timestamp, sink, [...path, 'timestamp']))
  set('finishReason', stringField(raw, 'finishReason', sink, path))
  set('metadata', metadataOf(raw.metadata, sink, [...path, 'metadata']))
  set('toolCalls', toolCallsOf(raw.toolCalls, sink, [...path, 'toolCalls']))
  set('toolCallId', stringField(raw, 'toolCallId', sink, path))
  set('toolName', stringField(raw, 'toolName', sink, path))
  return message
}

/** Whether a value is shaped as a typed message (a known `kind` and a `metaInfo` object). */
export function isTypedShape(raw: Record<string, unknown>): boolean {
  return typeof raw.kind === 'string' && KINDS.has(raw.kind) && isRecord(raw.metaInfo)
}

/** Reads a typed message whose `kind` and `metaInfo` are known to be there. */
export function decodeTypedMessage(raw: Record<string, unknown>, sink: DiagnosticSink, path: Path): TypedMessage {
  const meta = raw.metaInfo as Record<string, unknown>
  const metaPath = [...path, 'metaInfo']
  const metaInfo: ResponseMetaInfo = {}
  reportUnread(raw, TYPED_FIELDS, sink, path, `a ${raw.kind as string} message`)
  reportUnread(meta, META_FIELDS, sink, metaPath, 'metaInfo')
  const timestamp = readTime(meta.timestamp, sink, [...metaPath, 'timestamp'])
  if (timestamp !== undefined) metaInfo.timestamp = timestamp
  const metadata = metadataOf(meta.metadata, sink, [...metaPath, 'metadata'])
  if (metadata !== undefined) metaInfo.metadata = metadata
  const usage = usageOf(meta.usage, sink, [...metaPath, 'usage'])
  if (usage !== undefined) metaInfo.usage = usage
  const finishReason = stringField(meta, 'finishReason', sink, metaPath)
  if (finishReason !== undefined) metaInfo.finishReason = finishReason
  const message = { ...raw, content: contentOf(raw, sink, path), metaInfo } as Record<string, unknown>
  for (const key of ['toolId', 'toolName', 'id', 'encrypted']) {
    const value = stringField(raw, key, sink, path)
    if (value === undefined) delete message[key]
    else message[key] = value
  }
  if (raw.kind === 'tool-call' && typeof message.toolName !== 'string') message.toolName = ''
  const calls = toolCallsOf(raw.toolCalls, sink, [...path, 'toolCalls'])
  if (calls === undefined) delete message.toolCalls
  else message.toolCalls = calls
  return message as unknown as TypedMessage
}
