import type { AssistantInfo, Part, ToolPart, WithParts } from '../../core/model/types.js'
import { type ConvertOptions, type Diagnostic, DiagnosticSink, describeValue, isRecord, limitDepth, safeJson } from '../diagnostics.js'
import { deriveId } from '../ids.js'
import { assistantInfo, userInfo } from '../infos.js'
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
  if (isTypedShape(raw)) return decodeTypedMessage(raw, sink, path)
  const flat = decodeChatMessage(raw, sink, path)
  if (typeof raw.role !== 'string') {
    sink.error('BAD_MESSAGE', `a flat message needs a string role (got ${describeValue(raw.role)}), or a typed message a kind and metaInfo; read as a user message`, [...path, 'role'])
  } else if (!['system', 'user', 'assistant', 'tool', 'reasoning'].includes(raw.role)) {
    sink.warn('UNKNOWN_ROLE', `role "${raw.role}" is not system, user, assistant, tool or reasoning; read as a user message`, [...path, 'role'])
  }
  return toTypedMessage(flat)
}

function parseArguments(text: string): { input: Record<string, unknown>; raw?: string } {
  try {
    const value: unknown = JSON.parse(text)
    if (isRecord(value)) return { input: value }
  } catch {
    // fall through: the raw text is kept
  }
  return text.trim() === '' ? { input: {} } : { input: {}, raw: text }
}

/**
 * Converts seed-002 chat messages, flat or typed (they may be mixed), into canonical messages:
 * system and user messages become user messages (system text marked synthetic); each assistant or
 * Tool.Call message opens an assistant message (a Tool.Call right after an assistant message joins
 * it); reasoning goes into the next assistant message; tool results complete the tool part of
 * their call, and a result with no call is kept as an orphan with a diagnostic.
 */
export function fromChatMessages(input: unknown, options?: ChatOptions): { messages: WithParts[]; diagnostics: Diagnostic[] } {
  const sink = new DiagnosticSink(options)
  const messages: WithParts[] = []
  if (!Array.isArray(input)) {
    sink.error('BAD_MESSAGES', `expected an array of messages (got ${describeValue(input)})`)
    return { messages, diagnostics: sink.list }
  }
  const list: unknown[] = limitDepth(input, sink)
  const sessionID = options?.sessionID ?? deriveId('ses', 'chat', safeJson(list[0] ?? null).slice(0, 200))
  let current: WithParts | undefined
  let pendingReasoning: Part[] = []
  let previousKind: string | undefined
  const lastUser = () => [...messages].reverse().find((message) => message.info.role === 'user')?.info.id ?? ''

  const openAssistant = (index: number, typed: TypedMessage): WithParts => {
    const time = typed.metaInfo.timestamp ?? 0
    const id = deriveId('msg', sessionID, index)
    const info = assistantInfo({ id, sessionID, created: time, completed: time, parentID: lastUser(), ...(typed.metaInfo.metadata ? { metadata: typed.metaInfo.metadata } : {}) })
    const message: WithParts = { info, parts: pendingReasoning.map((part) => ({ ...part, messageID: id })) }
    pendingReasoning = []
    messages.push(message)
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
        const info = userInfo({ id, sessionID, created: time, ...(typed.metaInfo.metadata ? { metadata: typed.metaInfo.metadata } : {}) })
        const text: Part = { id: partId(0), sessionID, messageID: id, type: 'text', text: typed.content }
        if (typed.kind === 'system') {
          text.synthetic = true
          text.metadata = { role: 'system' }
        }
        messages.push({ info, parts: [text] })
        current = undefined
        break
      }
      case 'reasoning': {
        const part: Part = { id: partId(0), sessionID, messageID: '', type: 'reasoning', text: typed.content, time: { start: time, end: time } }
        const extra: Record<string, unknown> = {}
        if (typed.id !== undefined) extra.id = typed.id
        if (typed.encrypted !== undefined) extra.encrypted = typed.encrypted
        if (Object.keys(extra).length > 0) part.metadata = extra
        pendingReasoning.push(part)
        break
      }
      case 'assistant':
      case 'tool-call': {
        const joins = typed.kind === 'tool-call' && current && (previousKind === 'assistant' || previousKind === 'tool-call')
        const host = joins && current ? current : openAssistant(index, typed)
        current = host
        const owner = { sessionID, messageID: host.info.id }
        const calls = typed.kind === 'assistant' ? (typed.toolCalls ?? []) : [{ id: typed.toolId ?? partId('call'), name: typed.toolName, arguments: typed.content }]
        if (typed.kind === 'assistant' && typed.content !== '') host.parts.push({ ...owner, id: partId(0), type: 'text', text: typed.content })
        calls.forEach((call, n) => {
          const { input: args, raw: rawArgs } = parseArguments(call.arguments)
          const part: ToolPart = { ...owner, id: partId(`call-${n}`), type: 'tool', callID: call.id, tool: call.name || 'unknown', state: { status: 'running', input: args, time: { start: time } } }
          if (rawArgs !== undefined) part.metadata = { rawArgsText: rawArgs }
          host.parts.push(part)
        })
        const { usage, finishReason } = typed.metaInfo
        if (usage) {
          const tokens = { total: usage.totalTokens, input: usage.promptTokens, output: usage.completionTokens, reasoning: 0, cache: { read: 0, write: 0 } }
          host.parts.push({ ...owner, id: partId('usage'), type: 'step-finish', reason: finishReason ?? (calls.length > 0 ? 'tool-calls' : 'stop'), cost: 0, tokens })
          const info = host.info as AssistantInfo
          host.info = { ...info, tokens: { total: (info.tokens.total ?? 0) + usage.totalTokens, input: info.tokens.input + usage.promptTokens, output: info.tokens.output + usage.completionTokens, reasoning: 0, cache: info.tokens.cache } }
        }
        if (finishReason !== undefined) host.info = { ...(host.info as AssistantInfo), finish: finishReason }
        break
      }
      case 'tool-result': {
        const callID = typed.toolId ?? ''
        let found: { message: WithParts; index: number } | undefined
        for (let m = messages.length - 1; m >= 0 && !found; m -= 1) {
          const message = messages[m] as WithParts
          const at = message.parts.findIndex((part) => part.type === 'tool' && part.callID === callID && part.state.status === 'running')
          if (at >= 0) found = { message, index: at }
        }
        const metadata: Record<string, unknown> = typed.metaInfo.metadata ? { ...typed.metaInfo.metadata } : {}
        if (found) {
          const call = found.message.parts[found.index] as ToolPart
          const start = call.state.status === 'running' ? call.state.time.start : time
          const part: ToolPart = { ...call, state: { status: 'completed', input: call.state.input, output: typed.content, title: typed.toolName ?? call.tool, metadata, time: { start, end: Math.max(start, time) } } }
          if (typed.content === '') sink.warn('EMPTY_OUTPUT', `the result of ${call.tool} (${callID}) is empty; shown as no output`, [...path, 'content'])
          found.message.parts = found.message.parts.map((p, i) => (i === found.index ? part : p))
          break
        }
        sink.error('ORPHAN_TOOL_RESULT', `no earlier tool call has id "${callID}"; the result is kept as an orphan tool part`, [...path, 'toolCallId'])
        const host = current ?? openAssistant(index, typed)
        current = host
        host.parts.push({
          id: partId('orphan'),
          sessionID,
          messageID: host.info.id,
          type: 'tool',
          callID,
          tool: typed.toolName || 'unknown',
          state: { status: 'completed', input: {}, output: typed.content, title: typed.toolName ?? '', metadata, time: { start: time, end: time } },
          metadata: { orphan: true },
        })
        break
      }
    }
    previousKind = typed.kind
  })
  // Reasoning with no answer after it still shows, in an assistant message of its own.
  const first = pendingReasoning[0]
  if (first?.type === 'reasoning') openAssistant(list.length, { kind: 'reasoning', content: '', metaInfo: { timestamp: first.time.start } })
  return { messages, diagnostics: sink.list }
}
