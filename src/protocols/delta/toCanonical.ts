import type { FilePart, Metadata, Part, ToolPart, WithParts } from '../../core/model/types.js'
import { type ConvertOptions, type Diagnostic, DiagnosticSink, describeValue, isNonEmptyString, isRecord, limitDepth, safeJson } from '../diagnostics.js'
import { deriveId, readTime } from '../ids.js'
import { assistantInfo, userInfo } from '../../core/build.js'

/** Options of {@link fromDeltaMessages}. */
export interface DeltaMessagesOptions extends ConvertOptions {
  /** Session id of the canonical messages (default: derived from the first run id). */
  sessionID?: string
}

/** Where a tool result came from, kept on the tool state so the tool message can be written back. */
export interface ToolMessageOrigin {
  /** Index of the tool message in the input: results that share it go back into one message. */
  index: number
  /** Position of the result within that message. */
  position: number
  runId: string
  timestamp: string
  meta?: Metadata
  /** The result's content when it was not a string. */
  content?: unknown
}


function contentText(content: unknown): string {
  if (typeof content === 'string') return content
  if (Array.isArray(content)) {
    return content.map((item) => (isRecord(item) && isRecord(item.payload) && typeof item.payload.text === 'string' ? item.payload.text : safeJson(item))).join('\n')
  }
  return content === undefined ? '' : safeJson(content)
}

function convertPart(raw: unknown, owner: { sessionID: string; messageID: string }, index: number, time: number, sink: DiagnosticSink, path: (string | number)[]): Part | undefined {
  const id = deriveId('prt', owner.messageID, index)
  const base = { ...owner, id }
  const payload = isRecord(raw) && isRecord(raw.payload) ? raw.payload : {}
  const kind = isRecord(raw) ? raw.kind : undefined
  switch (kind) {
    case 'text':
      return { ...base, type: 'text', text: typeof payload.text === 'string' ? payload.text : '' }
    case 'thinking':
      return { ...base, type: 'reasoning', text: typeof payload.text === 'string' ? payload.text : '', time: { start: time, end: time } }
    case 'tool_call': {
      const part: ToolPart = {
        ...base,
        type: 'tool',
        callID: isNonEmptyString(payload.toolCallId) ? payload.toolCallId : id,
        tool: isNonEmptyString(payload.toolName) ? payload.toolName : 'unknown',
        state: { status: 'running', input: isRecord(payload.arguments) ? payload.arguments : {}, time: { start: time } },
      }
      if (typeof payload.rawArgsText === 'string') part.metadata = { rawArgsText: payload.rawArgsText }
      return part
    }
    case 'image': {
      const mime = isNonEmptyString(payload.mimeType) ? payload.mimeType : 'image/png'
      const url = isNonEmptyString(payload.url) ? payload.url : `data:${mime};base64,${typeof payload.data === 'string' ? payload.data : ''}`
      return { ...base, type: 'file', mime, url }
    }
    case 'file_ref': {
      const path = typeof payload.path === 'string' ? payload.path : ''
      const file: FilePart = {
        ...base,
        type: 'file',
        mime: isNonEmptyString(payload.mimeType) ? payload.mimeType : 'application/octet-stream',
        url: path,
        filename: path.split('/').pop() ?? path,
        source: { type: 'file', path, text: { value: '', start: 0, end: 0 } },
      }
      if (typeof payload.size === 'number') file.size = payload.size
      return file
    }
    default:
      sink.error('UNSUPPORTED_PART', `part kind ${describeValue(kind)} is not supported here; kept as unsupported`, path)
      return { ...base, type: 'unsupported', originalType: typeof kind === 'string' ? kind : '', original: isRecord(raw) ? raw : { value: raw } }
  }
}

function findCall(messages: WithParts[], callID: string): { message: number; part: number } | undefined {
  for (let m = messages.length - 1; m >= 0; m -= 1) {
    const parts = messages[m]?.parts ?? []
    const index = parts.findIndex((part) => part.type === 'tool' && part.callID === callID)
    if (index >= 0) return { message: m, part: index }
  }
  return undefined
}

/**
 * Converts final seed-004 messages into canonical messages. System and user messages become user
 * messages (system text marked synthetic); a tool message's results complete or fail the tool part
 * of their call; a result with no call is kept as an orphan with a diagnostic. `runId`,
 * `timestamp` and `meta` are kept in `info.metadata` so {@link toDeltaMessages} can write them back.
 */
export function fromDeltaMessages(input: unknown, options?: DeltaMessagesOptions): { messages: WithParts[]; diagnostics: Diagnostic[] } {
  const sink = new DiagnosticSink(options)
  const messages: WithParts[] = []
  if (!Array.isArray(input)) {
    sink.error('BAD_MESSAGES', `expected an array of messages (got ${describeValue(input)})`)
    return { messages, diagnostics: sink.list }
  }
  const list: unknown[] = limitDepth(input, sink)
  const firstRun = list.find((message) => isRecord(message) && isNonEmptyString(message.runId))
  const sessionID = options?.sessionID ?? deriveId('ses', isRecord(firstRun) && typeof firstRun.runId === 'string' ? firstRun.runId : 'delta')
  list.forEach((raw, index) => {
    const path = [index]
    if (!isRecord(raw)) {
      sink.error('BAD_MESSAGE', `a message must be an object (got ${describeValue(raw)})`, path)
      return
    }
    if (raw.role !== 'system' && raw.role !== 'user' && raw.role !== 'assistant' && raw.role !== 'tool') {
      // Nothing the wire carried is dropped: a message of an unknown role shows as a user message.
      sink.error('UNKNOWN_ROLE', `a message needs role system, user, assistant or tool (got ${describeValue(raw.role)}); read as a user message`, [...path, 'role'])
    }
    const runId = typeof raw.runId === 'string' ? raw.runId : ''
    const timestamp = typeof raw.timestamp === 'string' ? raw.timestamp : ''
    const time = readTime(raw.timestamp, sink, [...path, 'timestamp']) ?? 0
    const parts = Array.isArray(raw.parts) ? raw.parts : []
    if (!Array.isArray(raw.parts)) sink.error('BAD_MESSAGE', `parts must be an array (got ${describeValue(raw.parts)})`, [...path, 'parts'])
    const metadata: Metadata = { runId, timestamp, ...(raw.meta !== undefined ? { meta: raw.meta } : {}), role: raw.role }
    if (raw.role === 'tool') {
      parts.forEach((item: unknown, n) => {
        const payload = isRecord(item) && isRecord(item.payload) ? item.payload : undefined
        if (!isRecord(item) || item.kind !== 'tool_result' || !payload || !isNonEmptyString(payload.toolCallId)) {
          sink.error('BAD_TOOL_RESULT', 'a tool message holds only tool_result parts with a toolCallId', [...path, 'parts', n])
          return
        }
        const origin: ToolMessageOrigin = { index, position: n, runId, timestamp, ...(raw.meta !== undefined ? { meta: raw.meta as Metadata } : {}) }
        if (typeof payload.content !== 'string') origin.content = payload.content
        const text = contentText(payload.content)
        const found = findCall(messages, payload.toolCallId)
        const call = found ? (messages[found.message]?.parts[found.part] as ToolPart) : undefined
        const start = call && call.state.status !== 'pending' ? call.state.time.start : time
        const stateMeta: Metadata = { toolMessage: origin }
        const state: ToolPart['state'] =
          payload.isError === true
            ? { status: 'error', input: call?.state.input ?? {}, error: text || 'Tool failed', metadata: stateMeta, time: { start, end: Math.max(start, time) } }
            : { status: 'completed', input: call?.state.input ?? {}, output: text, title: call?.tool ?? '', metadata: stateMeta, time: { start, end: Math.max(start, time) } }
        if (found && call && call.state.status === 'running') {
          const host = messages[found.message] as WithParts
          host.parts = host.parts.map((part, i) => (i === found.part ? { ...call, state } : part))
          return
        }
        sink.error(call ? 'DUPLICATE_TOOL_RESULT' : 'ORPHAN_TOOL_RESULT', `no open tool_call for result ${payload.toolCallId}; kept as an orphan tool part`, [...path, 'parts', n])
        const host = [...messages].reverse().find((message) => message.info.role === 'assistant')
        const orphan: ToolPart = {
          id: deriveId('prt', 'orphan', index, n),
          sessionID,
          messageID: host?.info.id ?? '',
          type: 'tool',
          callID: payload.toolCallId,
          tool: 'unknown',
          state,
          metadata: { orphan: true },
        }
        if (host) host.parts = [...host.parts, orphan]
        else {
          const info = assistantInfo({ id: deriveId('msg', 'orphan', index), sessionID, created: time, completed: time, metadata: { orphanResults: true } })
          messages.push({ info, parts: [{ ...orphan, messageID: info.id }] })
        }
      })
      return
    }
    const id = deriveId('msg', runId, index)
    const owner = { sessionID, messageID: id }
    const converted = parts.flatMap((part: unknown, n) => convertPart(part, owner, n, time, sink, [...path, 'parts', n]) ?? [])
    if (raw.role === 'assistant') {
      const parentID = [...messages].reverse().find((message) => message.info.role === 'user')?.info.id ?? ''
      const info = assistantInfo({ id, sessionID, created: time, completed: time, parentID, metadata })
      messages.push({ info, parts: converted })
      return
    }
    const info = userInfo({ id, sessionID, created: time, metadata })
    if (raw.role === 'system') for (const part of converted) if (part.type === 'text') part.synthetic = true
    messages.push({ info, parts: converted })
  })
  return { messages, diagnostics: sink.list }
}
