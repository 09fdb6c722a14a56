import {
  assistantInfo,
  filePart,
  idOr,
  reasoningPart,
  runningState,
  textPart,
  toolPart,
  toolResult,
  unsupportedPart,
  userInfo,
} from '../../core/build.js'
import type { Metadata, Part, WithParts } from '../../core/model/types.js'
import {
  type ConvertOptions,
  type Diagnostic,
  DiagnosticSink,
  describeValue,
  isNonEmptyString,
  isRecord,
  limitDepth,
  reportUnread,
  safeJson,
} from '../diagnostics.js'
import { MESSAGE_FIELDS, reportUnreadPart } from './decode.js'
import { inferDisplay } from '../display.js'
import { deriveId, readTime } from '../ids.js'
import { Conversation } from '../pairing.js'

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
    return content
      .map((item) =>
        isRecord(item) && isRecord(item.payload) && typeof item.payload.text === 'string'
          ? item.payload.text
          : safeJson(item),
      )
      .join('\n')
  }
  return content === undefined ? '' : safeJson(content)
}

function convertPart(
  raw: unknown,
  owner: { sessionID: string; messageID: string },
  index: number,
  time: number,
  sink: DiagnosticSink,
  path: (string | number)[],
): Part {
  const ids = { ...owner, id: deriveId('prt', owner.messageID, index) }
  const payload = isRecord(raw) && isRecord(raw.payload) ? raw.payload : {}
  const kind = isRecord(raw) ? raw.kind : undefined
  if (isRecord(raw) && kind !== 'tool_result') reportUnreadPart(raw, sink, path)
  switch (kind) {
    case 'text':
      return textPart(ids, typeof payload.text === 'string' ? payload.text : '')
    case 'thinking':
      return reasoningPart(ids, typeof payload.text === 'string' ? payload.text : '', { start: time, end: time })
    case 'tool_call': {
      const input = isRecord(payload.arguments) ? payload.arguments : {}
      const tool = isNonEmptyString(payload.toolName) ? payload.toolName : 'unknown'
      const display = inferDisplay(tool, input)
      return toolPart(ids, {
        callID: idOr(payload.toolCallId, ids.id),
        tool,
        state: runningState({ input, start: time, ...(display ? { display } : {}) }),
        ...(typeof payload.rawArgsText === 'string' ? { metadata: { rawArgsText: payload.rawArgsText } } : {}),
      })
    }
    case 'image': {
      const mime = isNonEmptyString(payload.mimeType) ? payload.mimeType : 'image/png'
      return filePart(ids, {
        mime,
        url: isNonEmptyString(payload.url)
          ? payload.url
          : `data:${mime};base64,${typeof payload.data === 'string' ? payload.data : ''}`,
      })
    }
    case 'file_ref': {
      const file = typeof payload.path === 'string' ? payload.path : ''
      return filePart(ids, {
        mime: isNonEmptyString(payload.mimeType) ? payload.mimeType : 'application/octet-stream',
        url: file,
        filename: file.split('/').pop() ?? file,
        source: { type: 'file', path: file, text: { value: '', start: 0, end: 0 } },
        ...(typeof payload.size === 'number' ? { size: payload.size } : {}),
      })
    }
    default:
      sink.error(
        'UNSUPPORTED_PART',
        `part kind ${describeValue(kind)} is not supported here; kept as unsupported`,
        path,
      )
      return unsupportedPart(ids, typeof kind === 'string' ? kind : '', raw)
  }
}

/**
 * Converts final MessageDelta messages into canonical messages. System and user messages become user
 * messages (system text marked synthetic); a tool message's results complete or fail the tool part
 * of their call through the shared pairing; a result with no call is kept as an orphan with a
 * diagnostic. `runId`, `timestamp` and `meta` are kept in `info.metadata` so {@link toDeltaMessages}
 * can write them back.
 */
export function fromDeltaMessages(
  input: unknown,
  options?: DeltaMessagesOptions,
): { messages: WithParts[]; diagnostics: Diagnostic[] } {
  const sink = new DiagnosticSink(options)
  if (!Array.isArray(input)) {
    sink.error('BAD_MESSAGES', `expected an array of messages (got ${describeValue(input)})`)
    return { messages: [], diagnostics: sink.list }
  }
  const list: unknown[] = limitDepth(input, sink)
  const firstRun = list.find((message) => isRecord(message) && isNonEmptyString(message.runId))
  const sessionID =
    options?.sessionID ??
    deriveId('ses', isRecord(firstRun) && typeof firstRun.runId === 'string' ? firstRun.runId : 'delta')
  const conversation = new Conversation(sessionID, sink)
  list.forEach((raw, index) => {
    const path = [index]
    if (!isRecord(raw)) {
      sink.error('BAD_MESSAGE', `a message must be an object (got ${describeValue(raw)})`, path)
      return
    }
    if (raw.role !== 'system' && raw.role !== 'user' && raw.role !== 'assistant' && raw.role !== 'tool') {
      // Nothing the wire carried is dropped: a message of an unknown role shows as a user message.
      sink.error(
        'UNKNOWN_ROLE',
        `a message needs role system, user, assistant or tool (got ${describeValue(raw.role)}); read as a user message`,
        [...path, 'role'],
      )
    }
    reportUnread(raw, MESSAGE_FIELDS, sink, path, 'a message')
    const runId = typeof raw.runId === 'string' ? raw.runId : ''
    const timestamp = typeof raw.timestamp === 'string' ? raw.timestamp : ''
    const time = readTime(raw.timestamp, sink, [...path, 'timestamp']) ?? 0
    // A copy made with Array.from: a hole in the list (an array made in memory) is read as a part
    // that is not one, with its diagnostic, rather than skipped by forEach and map.
    const parts: unknown[] = Array.isArray(raw.parts) ? Array.from(raw.parts as unknown[]) : []
    if (!Array.isArray(raw.parts))
      sink.error('BAD_MESSAGE', `parts must be an array (got ${describeValue(raw.parts)})`, [...path, 'parts'])
    const metadata: Metadata = {
      runId,
      timestamp,
      ...(raw.meta !== undefined ? { meta: raw.meta } : {}),
      role: raw.role,
    }
    if (raw.role === 'tool') {
      parts.forEach((item: unknown, n) => {
        const payload = isRecord(item) && isRecord(item.payload) ? item.payload : undefined
        if (!isRecord(item) || item.kind !== 'tool_result' || !payload || !isNonEmptyString(payload.toolCallId)) {
          sink.error('BAD_TOOL_RESULT', 'a tool message holds only tool_result parts with a toolCallId', [
            ...path,
            'parts',
            n,
          ])
          return
        }
        reportUnreadPart(item, sink, [...path, 'parts', n])
        const origin: ToolMessageOrigin = {
          index,
          position: n,
          runId,
          timestamp,
          ...(raw.meta !== undefined ? { meta: raw.meta as Metadata } : {}),
        }
        if (typeof payload.content !== 'string') origin.content = payload.content
        const text = contentText(payload.content)
        conversation.result({
          callID: payload.toolCallId,
          orphanID: deriveId('prt', 'orphan', index, n),
          path: [...path, 'parts', n],
          time,
          state: (call) => {
            const start = call && call.state.status !== 'pending' ? call.state.time.start : time
            const display = call ? inferDisplay(call.tool, call.state.input, text) : undefined
            return toolResult({
              input: call?.state.input ?? {},
              start,
              end: time,
              output: text,
              isError: payload.isError === true,
              title: call?.tool ?? '',
              metadata: { toolMessage: origin },
              ...(display ? { display } : {}),
            })
          },
        })
      })
      return
    }
    const id = deriveId('msg', runId, index)
    const owner = { sessionID, messageID: id }
    if (raw.role === 'assistant') {
      const message = conversation.add({
        info: assistantInfo({
          id,
          sessionID,
          created: time,
          completed: time,
          parentID: conversation.last('user')?.info.id ?? '',
          metadata,
        }),
        parts: [],
      })
      parts.forEach((part: unknown, n) => {
        const converted = convertPart(part, owner, n, time, sink, [...path, 'parts', n])
        if (converted.type === 'tool') conversation.call(message, converted, [...path, 'parts', n])
        else conversation.push(message, converted)
      })
      return
    }
    const system = raw.role === 'system'
    const converted = parts.map((part: unknown, n) => convertPart(part, owner, n, time, sink, [...path, 'parts', n]))
    conversation.add({
      info: userInfo({ id, sessionID, created: time, metadata }),
      parts: converted.map((part) =>
        system && part.type === 'text' ? { ...part, synthetic: true, system: true } : part,
      ),
    })
  })
  return { messages: conversation.finish(), diagnostics: sink.list }
}
