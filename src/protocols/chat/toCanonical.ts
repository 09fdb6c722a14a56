import {
  assistantInfo,
  reasoningPart,
  runningState,
  stepFinishPart,
  textPart,
  tokens,
  toolPart,
  toolResult,
  userInfo,
} from '../../core/build.js'
import type { AssistantInfo, Metadata, WithParts } from '../../core/model/types.js'
import {
  type ConvertOptions,
  type Diagnostic,
  DiagnosticSink,
  describeValue,
  fields,
  isRecord,
  limitDepth,
  reportUnread,
  safeJson,
} from '../diagnostics.js'
import { inferDisplay } from '../display.js'
import { deriveId, readArguments } from '../ids.js'
import { Conversation } from '../pairing.js'
import { decodeChatMessage, decodeTypedMessage, isTypedShape } from './decode.js'
import type { TypedMessage } from './types.js'
import { toTypedMessage } from './typed.js'

/** Options of {@link fromChatMessages}. */
export interface ChatOptions extends ConvertOptions {
  /** Session id of the canonical messages (default: derived from the first message). */
  sessionID?: string
}

function asTyped(raw: unknown, sink: DiagnosticSink, path: (string | number)[]): TypedMessage | undefined {
  if (!isRecord(raw)) {
    sink.error('BAD_MESSAGE', `a message must be an object (got ${describeValue(raw)})`, path)
    return undefined
  }
  if (isTypedShape(raw)) {
    const typed = decodeTypedMessage(raw, sink, path)
    reportExtra(typed, sink, [...path, 'extra'], false)
    return typed
  }
  const flat = decodeChatMessage(raw, sink, path)
  const known = typeof raw.role === 'string' && ['system', 'user', 'assistant', 'tool', 'reasoning'].includes(raw.role)
  if (typeof raw.role !== 'string') {
    sink.error(
      'BAD_MESSAGE',
      `a flat message needs a string role (got ${describeValue(raw.role)}), or a typed message a kind and metaInfo; read as a user message`,
      [...path, 'role'],
    )
  } else if (!known) {
    sink.warn(
      'UNKNOWN_ROLE',
      `role "${raw.role}" is not system, user, assistant, tool or reasoning; read as a user message`,
      [...path, 'role'],
    )
  }
  const typed = toTypedMessage(flat)
  reportExtra(typed, sink, path, !known)
  return typed
}

/**
 * Reports the fields a typed message keeps in `extra` (a flat message's fields its kind has no slot
 * for, as a user message's `toolCalls`, or fields the chat message format does not define): the transcript does not
 * show them. An unknown role, read as a user message, was reported already.
 */
function reportExtra(
  typed: TypedMessage,
  sink: DiagnosticSink,
  path: (string | number)[],
  roleReported: boolean,
): void {
  const extra: unknown = typed.extra
  if (extra === undefined) return
  if (!isRecord(extra)) {
    sink.warn(
      'UNREAD_FIELD',
      `extra should be an object of flat-message fields (got ${describeValue(extra)}); it is not shown`,
      path,
    )
    return
  }
  const { role: _role, ...rest } = extra
  reportUnread(roleReported ? rest : extra, NONE, sink, path, `a ${typed.kind} message`)
}

/** `extra` holds only fields the message's kind has no slot for: none of them is read. */
const NONE = fields()

/**
 * Converts chat messages, flat or typed (they may be mixed), into canonical messages:
 * system and user messages become user messages (system text marked synthetic); each assistant or
 * Tool.Call message opens an assistant message (a Tool.Call right after an assistant message joins
 * it); reasoning goes into the next assistant message; tool results complete the tool part of
 * their call through the shared pairing (orphans and duplicates kept, reported).
 */
export function fromChatMessages(
  input: unknown,
  options?: ChatOptions,
): { messages: WithParts[]; diagnostics: Diagnostic[] } {
  const sink = new DiagnosticSink(options)
  if (!Array.isArray(input)) {
    sink.error('BAD_MESSAGES', `expected an array of messages (got ${describeValue(input)})`)
    return { messages: [], diagnostics: sink.list }
  }
  const list: unknown[] = limitDepth(input, sink)
  const sessionID = options?.sessionID ?? deriveId('ses', 'chat', safeJson(list[0] ?? null).slice(0, 200))
  const conversation = new Conversation(sessionID, sink)
  let current: WithParts | undefined
  let pendingReasoning: { text: string; time: number; metadata?: Metadata }[] = []
  let previousKind: string | undefined

  const openAssistant = (index: number, typed: TypedMessage): WithParts => {
    const time = typed.metaInfo.timestamp ?? 0
    const id = deriveId('msg', sessionID, index)
    const info = assistantInfo({
      id,
      sessionID,
      created: time,
      completed: time,
      parentID: conversation.last('user')?.info.id ?? '',
      ...(typed.metaInfo.metadata ? { metadata: typed.metaInfo.metadata } : {}),
    })
    const message = conversation.add({ info, parts: [] })
    pendingReasoning.forEach((reasoning, n) =>
      conversation.push(
        message,
        reasoningPart(
          { id: deriveId('prt', sessionID, index, 'reasoning', n), sessionID, messageID: id },
          reasoning.text,
          { start: reasoning.time, end: reasoning.time },
          reasoning.metadata,
        ),
      ),
    )
    pendingReasoning = []
    return message
  }

  list.forEach((raw, index) => {
    const path = [index]
    const typed = asTyped(raw, sink, path)
    if (!typed) return
    const time = typed.metaInfo.timestamp ?? 0
    const partId = (n: number | string) => deriveId('prt', sessionID, index, n)
    switch (typed.kind) {
      case 'system':
      case 'user': {
        const id = deriveId('msg', sessionID, index)
        const info = userInfo({
          id,
          sessionID,
          created: time,
          ...(typed.metaInfo.metadata ? { metadata: typed.metaInfo.metadata } : {}),
        })
        const system = typed.kind === 'system'
        conversation.add({
          info,
          parts: [
            textPart(
              { id: partId(0), sessionID, messageID: id },
              typed.content,
              system ? { synthetic: true, system: true, metadata: { role: 'system' } } : {},
            ),
          ],
        })
        current = undefined
        break
      }
      case 'reasoning': {
        const extra: Metadata = {}
        if (typed.id !== undefined) extra.id = typed.id
        if (typed.encrypted !== undefined) extra.encrypted = typed.encrypted
        pendingReasoning.push({
          text: typed.content,
          time,
          ...(Object.keys(extra).length > 0 ? { metadata: extra } : {}),
        })
        break
      }
      case 'assistant':
      case 'tool-call': {
        const joins =
          typed.kind === 'tool-call' && current && (previousKind === 'assistant' || previousKind === 'tool-call')
        const host = joins && current ? current : openAssistant(index, typed)
        current = host
        const owner = { sessionID, messageID: host.info.id }
        const calls =
          typed.kind === 'assistant'
            ? (typed.toolCalls ?? [])
            : [{ id: typed.toolId ?? '', name: typed.toolName, arguments: typed.content }]
        if (typed.kind === 'assistant' && typed.content !== '')
          conversation.push(host, textPart({ ...owner, id: partId(0) }, typed.content))
        calls.forEach((call, n) => {
          const args = readArguments(
            call.arguments,
            sink,
            typed.kind === 'assistant' ? [...path, 'toolCalls', n, 'arguments'] : [...path, 'content'],
          )
          const id = partId(`call-${n}`)
          const display = inferDisplay(call.name, args.input)
          const state = runningState({ input: args.input, start: time, ...(display ? { display } : {}) })
          conversation.call(
            host,
            toolPart(
              { ...owner, id },
              {
                callID: call.id || id,
                tool: call.name,
                state,
                ...(args.raw !== undefined ? { metadata: { rawArgsText: args.raw } } : {}),
              },
            ),
            path,
          )
        })
        const { usage, finishReason } = typed.metaInfo
        const info = host.info as AssistantInfo
        if (usage) {
          const used = tokens({ total: usage.totalTokens, input: usage.promptTokens, output: usage.completionTokens })
          conversation.push(
            host,
            stepFinishPart(
              { ...owner, id: partId('usage') },
              { reason: finishReason ?? (calls.length > 0 ? 'tool-calls' : 'stop'), tokens: used },
            ),
          )
          host.info = {
            ...info,
            tokens: tokens({
              total: (info.tokens.total ?? 0) + (used.total ?? 0),
              input: info.tokens.input + used.input,
              output: info.tokens.output + used.output,
              cache: info.tokens.cache,
            }),
          }
        }
        if (finishReason !== undefined) host.info = { ...(host.info as AssistantInfo), finish: finishReason }
        conversation.touch(host)
        break
      }
      case 'tool-result': {
        const callID = typed.toolId ?? ''
        const metadata: Metadata = typed.metaInfo.metadata ? { ...typed.metaInfo.metadata } : {}
        if (typed.content === '')
          sink.warn('EMPTY_OUTPUT', `the result of call "${callID}" is empty; shown as no output`, [...path, 'content'])
        conversation.result({
          callID: callID || partId('orphan'),
          ...(typed.toolName ? { tool: typed.toolName } : {}),
          orphanID: partId('orphan'),
          path: [...path, 'toolCallId'],
          time,
          state: (call) => {
            const start = call?.state.status === 'running' ? call.state.time.start : time
            const input = call?.state.input ?? {}
            const display = inferDisplay(call?.tool ?? typed.toolName ?? '', input, typed.content, metadata)
            return toolResult({
              input,
              start,
              end: time,
              output: typed.content,
              title: typed.toolName ?? call?.tool ?? '',
              metadata,
              ...(display ? { display } : {}),
            })
          },
        })
        break
      }
    }
    previousKind = typed.kind
  })
  // Reasoning with no answer after it still shows, in an assistant message of its own.
  const first = pendingReasoning[0]
  if (first) openAssistant(list.length, { kind: 'reasoning', content: '', metaInfo: { timestamp: first.time } })
  return { messages: conversation.finish(), diagnostics: sink.list }
}
