import { setOwn } from '../../core/record.js'
import { isRecord } from '../diagnostics.js'
import type {
  ChatExtra,
  ChatMessage,
  ChatUsage,
  RequestMessage,
  ResponseMessage,
  ResponseMetaInfo,
  TypedMessage,
} from './types.js'

/**
 * The metadata key under which a flat message keeps what only the typed hierarchy names: a
 * Tool.Call's kind, a response's usage, a reasoning id and encrypted payload, an unknown role.
 */
export const TYPED_KEY = 'chatparts.typed'

interface TypedOnly {
  kind?: 'tool-call'
  usage?: ChatUsage
  reasoningId?: string
  encrypted?: string
  noToolId?: true
}

/** Whether a typed message is sent to the model (System, User, Tool.Result). */
export function isRequestMessage(message: TypedMessage): message is RequestMessage {
  return message.kind === 'system' || message.kind === 'user' || message.kind === 'tool-result'
}

/** Whether a typed message was returned by the model (Assistant, Reasoning, Tool.Call). */
export function isResponseMessage(message: TypedMessage): message is ResponseMessage {
  return !isRequestMessage(message)
}

function split(metadata: Record<string, unknown> | undefined): {
  typed: TypedOnly
  metadata?: Record<string, unknown>
} {
  if (!metadata || !(TYPED_KEY in metadata)) return metadata ? { typed: {}, metadata } : { typed: {} }
  const { [TYPED_KEY]: typed, ...rest } = metadata
  const result: { typed: TypedOnly; metadata?: Record<string, unknown> } = {
    typed: isRecord(typed) ? typed : {},
  }
  if (Object.keys(rest).length > 0) result.metadata = rest
  return result
}

function join(metadata: Record<string, unknown> | undefined, typed: TypedOnly): Record<string, unknown> | undefined {
  const present = Object.fromEntries(Object.entries(typed).filter(([, value]) => value !== undefined))
  if (Object.keys(present).length === 0) return metadata
  return { ...metadata, [TYPED_KEY]: present }
}

function meta(
  flat: ChatMessage,
  metadata: Record<string, unknown> | undefined,
): { timestamp?: number; metadata?: Record<string, unknown> } {
  const info: { timestamp?: number; metadata?: Record<string, unknown> } = {}
  if (flat.timestamp !== undefined) info.timestamp = flat.timestamp
  if (metadata !== undefined) info.metadata = metadata
  return info
}

function extraOf(flat: ChatMessage, used: (keyof ChatMessage)[]): ChatExtra | undefined {
  const extra: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(flat)) {
    if (value !== undefined && !used.includes(key as keyof ChatMessage)) setOwn(extra, key, value)
  }
  return Object.keys(extra).length > 0 ? extra : undefined
}

function withExtra<T extends TypedMessage>(message: T, extra: ChatExtra | undefined): T {
  return extra ? { ...message, extra } : message
}

/** Converts a flat message into the typed hierarchy; {@link toChatMessage} gives it back unchanged. */
export function toTypedMessage(flat: ChatMessage): TypedMessage {
  const { typed, metadata } = split(flat.metadata)
  const request = meta(flat, metadata)
  const response: ResponseMetaInfo = { ...request }
  if (typed.usage) response.usage = typed.usage
  if (flat.finishReason !== undefined) response.finishReason = flat.finishReason
  const base = ['role', 'content', 'timestamp', 'metadata'] as (keyof ChatMessage)[]
  switch (flat.role) {
    case 'system':
    case 'user':
      return withExtra(
        { kind: flat.role === 'system' ? 'system' : 'user', content: flat.content, metaInfo: request },
        extraOf(flat, base),
      )
    case 'assistant': {
      const call = flat.toolCalls?.[0]
      if (typed.kind === 'tool-call' && call && flat.toolCalls?.length === 1 && call.arguments === flat.content) {
        const message: TypedMessage = {
          kind: 'tool-call',
          toolName: call.name,
          content: flat.content,
          metaInfo: response,
        }
        if (!typed.noToolId) message.toolId = call.id
        return withExtra(message, extraOf(flat, [...base, 'finishReason', 'toolCalls']))
      }
      const message: TypedMessage = { kind: 'assistant', content: flat.content, metaInfo: response }
      if (flat.toolCalls !== undefined) message.toolCalls = flat.toolCalls
      return withExtra(message, extraOf(flat, [...base, 'finishReason', 'toolCalls']))
    }
    case 'reasoning': {
      const message: TypedMessage = { kind: 'reasoning', content: flat.content, metaInfo: response }
      if (typed.reasoningId !== undefined) message.id = typed.reasoningId
      if (typed.encrypted !== undefined) message.encrypted = typed.encrypted
      return withExtra(message, extraOf(flat, [...base, 'finishReason']))
    }
    case 'tool': {
      const message: TypedMessage = { kind: 'tool-result', content: flat.content, metaInfo: request }
      if (flat.toolCallId !== undefined) message.toolId = flat.toolCallId
      if (flat.toolName !== undefined) message.toolName = flat.toolName
      return withExtra(message, extraOf(flat, [...base, 'toolCallId', 'toolName']))
    }
    default:
      // An unknown role is read as a user message (the format's fallback); the role stays in `extra`.
      return withExtra(
        { kind: 'user', content: flat.content, metaInfo: request },
        extraOf(
          flat,
          base.filter((key) => key !== 'role'),
        ),
      )
  }
}

/** Converts a typed message into a flat one; {@link toTypedMessage} gives it back unchanged. */
export function toChatMessage(message: TypedMessage): ChatMessage {
  const typed: TypedOnly = {}
  const info = message.metaInfo
  let flat: ChatMessage
  switch (message.kind) {
    case 'system':
    case 'user':
      flat = { role: message.kind, content: message.content }
      break
    case 'assistant':
      flat = { role: 'assistant', content: message.content }
      if (message.toolCalls !== undefined) flat.toolCalls = message.toolCalls
      break
    case 'reasoning':
      flat = { role: 'reasoning', content: message.content }
      if (message.id !== undefined) typed.reasoningId = message.id
      if (message.encrypted !== undefined) typed.encrypted = message.encrypted
      break
    case 'tool-call':
      flat = {
        role: 'assistant',
        content: message.content,
        toolCalls: [{ id: message.toolId ?? '', name: message.toolName, arguments: message.content }],
      }
      typed.kind = 'tool-call'
      if (message.toolId === undefined) typed.noToolId = true
      break
    case 'tool-result':
      flat = { role: 'tool', content: message.content }
      if (message.toolId !== undefined) flat.toolCallId = message.toolId
      if (message.toolName !== undefined) flat.toolName = message.toolName
      break
  }
  if (info.timestamp !== undefined) flat.timestamp = info.timestamp
  if ('finishReason' in info && info.finishReason !== undefined) flat.finishReason = info.finishReason
  if ('usage' in info && info.usage !== undefined) typed.usage = info.usage
  const metadata = join(info.metadata, typed)
  if (metadata !== undefined) flat.metadata = metadata
  return message.extra ? { ...flat, ...message.extra } : flat
}
