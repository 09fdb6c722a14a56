import { isoTime } from '../../core/numbers.js'
import type { Metadata, Part, ToolPart, WithParts } from '../../core/model/types.js'
import { isRecord } from '../diagnostics.js'
import type { ToolMessageOrigin } from './toCanonical.js'
import type { DeltaMessage, DeltaMessagePart } from './types.js'

const text = (value: unknown): string => (typeof value === 'string' ? value : '')

function toPart(part: Part): DeltaMessagePart | undefined {
  switch (part.type) {
    case 'text':
      return { kind: 'text', payload: { text: part.text } }
    case 'reasoning':
      return { kind: 'thinking', payload: { text: part.text } }
    case 'tool': {
      const payload: {
        toolCallId: string
        toolName: string
        arguments: Record<string, unknown>
        rawArgsText?: string
      } = {
        toolCallId: part.callID,
        toolName: part.tool,
        arguments: part.state.input,
      }
      if (typeof part.metadata?.rawArgsText === 'string') payload.rawArgsText = part.metadata.rawArgsText
      return { kind: 'tool_call', payload }
    }
    case 'file': {
      if (part.source?.type === 'file') {
        const payload: { path: string; mimeType?: string; size?: number } = {
          path: part.source.path,
          mimeType: part.mime,
        }
        if (part.size !== undefined) payload.size = part.size
        return { kind: 'file_ref', payload }
      }
      const match = /^data:([^;,]+);base64,(.*)$/s.exec(part.url)
      return match
        ? { kind: 'image', payload: { mimeType: part.mime, data: match[2] as string } }
        : { kind: 'image', payload: { mimeType: part.mime, url: part.url } }
    }
    default:
      return undefined
  }
}

function origin(part: ToolPart): ToolMessageOrigin | undefined {
  const meta = part.state.status === 'completed' || part.state.status === 'error' ? part.state.metadata : undefined
  const found = meta?.toolMessage
  if (!isRecord(found) || typeof found.index !== 'number') return undefined
  const position = typeof found.position === 'number' ? found.position : 0
  const result: ToolMessageOrigin = {
    index: found.index,
    position,
    runId: text(found.runId),
    timestamp: text(found.timestamp),
  }
  if (isRecord(found.meta)) result.meta = found.meta
  if ('content' in found) result.content = found.content
  return result
}

/**
 * Writes canonical messages back as final MessageDelta messages: each user or assistant message, and
 * after an assistant message one tool message per group of finished tool calls (grouped as they
 * arrived when the messages came from {@link fromDeltaMessages}). Parts with no MessageDelta kind
 * (steps, patches, …) are left out: the final Message has no place for them.
 */
export function toDeltaMessages(messages: readonly WithParts[]): DeltaMessage[] {
  const out: DeltaMessage[] = []
  for (const { info, parts } of messages) {
    const meta: Metadata = info.metadata ?? {}
    const role = meta.role === 'system' ? 'system' : info.role
    const message: DeltaMessage = {
      runId: text(meta.runId),
      role,
      parts: parts.flatMap((part) => toPart(part) ?? []),
      timestamp: text(meta.timestamp) || (isoTime(info.time.created) ?? ''),
    }
    if (isRecord(meta.meta)) message.meta = meta.meta
    out.push(message)
    const groups = new Map<string, DeltaMessage>()
    const positions = new Map<DeltaMessagePart, number>()
    for (const part of parts) {
      if (part.type !== 'tool' || (part.state.status !== 'completed' && part.state.status !== 'error')) continue
      const from = origin(part)
      const key = from ? String(from.index) : `call:${part.callID}`
      let group = groups.get(key)
      if (!group) {
        group = {
          runId: from?.runId ?? message.runId,
          role: 'tool',
          parts: [],
          timestamp: from?.timestamp ?? isoTime(part.state.time.end) ?? '',
        }
        if (from?.meta) group.meta = from.meta
        groups.set(key, group)
        out.push(group)
      }
      const state = part.state
      const content = from && 'content' in from ? from.content : state.status === 'error' ? state.error : state.output
      const result: DeltaMessagePart = {
        kind: 'tool_result',
        payload: { toolCallId: part.callID, isError: state.status === 'error', content },
      }
      positions.set(result, from?.position ?? group.parts.length)
      group.parts.push(result)
    }
    // Results go back in the order they had in their tool message, not the order of the calls.
    for (const group of groups.values()) group.parts.sort((a, b) => (positions.get(a) ?? 0) - (positions.get(b) ?? 0))
  }
  return out
}
