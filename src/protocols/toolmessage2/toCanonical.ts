import type {
  AssistantInfo,
  FilePart,
  Metadata,
  Part,
  ToolPart,
  ToolState,
  WithParts,
} from '../../core/model/types.js'
import { applyOps, emptyTranscript, type TranscriptOp, type TranscriptState, toMessages } from '../../core/transcript.js'
import { type ConvertOptions, type Diagnostic, DiagnosticSink, describeValue, isRecord, limitDepth, textOf } from '../diagnostics.js'
import { deriveId, readTime } from '../ids.js'
import { assistantInfo, userInfo } from '../../core/build.js'

/** Options of the toolmessage2 converters. */
export interface ToolMessage2Options extends ConvertOptions {
  /** Session id of the canonical messages (default: derived from the first message). */
  sessionID?: string
}

/** What {@link fromToolMessage2} returns. */
export interface ToolMessage2Import {
  messages: WithParts[]
  diagnostics: Diagnostic[]
}

/** Where a single message is converted: the transcript so far and the message's index in the conversation. */
export interface ToolMessage2Context {
  transcript: TranscriptState
  index: number
  sessionID: string
}

type Rec = Record<string, unknown>

const LEGACY_MIGRATION =
  'the legacy ToolMessage (role "user" with tool_result parts and id/name) is not processed; migrate to ToolMessage2: ' +
  '{ role: "tool", content: [{ type: "tool-result", toolCallId, toolName, input, result }] }'

function envelope(raw: Rec): Metadata {
  const { role: _role, content: _content, usage: _usage, ...rest } = raw
  return rest
}

const text = (value: unknown): string => (typeof value === 'string' ? value : '')

function dataUrl(data: string, mime: string): string {
  return /^(data:|https?:|file:|blob:)/i.test(data) ? data : `data:${mime};base64,${data}`
}

function messageId(raw: Rec, index: number): string {
  return typeof raw.uuid === 'string' && raw.uuid !== '' ? raw.uuid : deriveId('msg', index, textOf(raw.role))
}

function lastMessageOfRole(state: TranscriptState, role: 'user' | 'assistant'): string | undefined {
  for (let i = state.messageIds.length - 1; i >= 0; i -= 1) {
    const id = state.messageIds[i] as string
    if (state.messages.get(id)?.role === role) return id
  }
  return undefined
}

function findCall(state: TranscriptState, callID: string): ToolPart | undefined {
  for (let i = state.messageIds.length - 1; i >= 0; i -= 1) {
    for (const partID of state.partIds.get(state.messageIds[i] as string) ?? []) {
      const part = state.parts.get(partID)
      if (part?.type === 'tool' && part.callID === callID) return part
    }
  }
  return undefined
}

function userOps(raw: Rec, ctx: ToolMessage2Context, sink: DiagnosticSink, path: (string | number)[]): TranscriptOp[] {
  const id = messageId(raw, ctx.index)
  const system = raw.role === 'system'
  // A message of another role is shown as a user message that keeps the role it came with.
  const metadata = raw.role === 'user' || raw.role === 'system' ? envelope(raw) : { ...envelope(raw), role: raw.role }
  const info = userInfo({ id, sessionID: ctx.sessionID, created: readTime(raw.timestamp, sink, [...path, 'timestamp']) ?? 0, metadata })
  const owner = { id: '', sessionID: ctx.sessionID, messageID: id }
  const parts: Part[] = []
  const items = typeof raw.content === 'string' ? [{ type: 'text', text: raw.content }] : Array.isArray(raw.content) ? raw.content : undefined
  if (!items) sink.error('BAD_CONTENT', `user content must be a string or an array of parts (got ${describeValue(raw.content)})`, [...path, 'content'])
  items?.forEach((item: unknown, index) => {
    const partID = deriveId('prt', id, index)
    const at = [...path, 'content', index]
    if (isRecord(item) && item.type === 'text') {
      const part: Part = { ...owner, id: partID, type: 'text', text: text(item.text) }
      // Hidden and system text is for the model; it is shown muted and labelled, never dropped.
      if (system || item.hidden === true || raw.hidden === true) {
        part.synthetic = true
        part.metadata = { ...(system ? { role: 'system' } : {}), ...(item.hidden === true || raw.hidden === true ? { hidden: true } : {}) }
      }
      parts.push(part)
    } else if (isRecord(item) && (item.type === 'image' || item.type === 'file') && typeof item.data === 'string') {
      const mime = typeof item.mimeType === 'string' && item.mimeType !== '' ? item.mimeType : 'application/octet-stream'
      const file: FilePart = { ...owner, id: partID, type: 'file', mime, url: dataUrl(item.data, mime) }
      if (typeof item.filename === 'string') file.filename = item.filename
      parts.push(file)
    } else {
      sink.error('UNSUPPORTED_CONTENT', `user content part ${describeValue(isRecord(item) ? item.type : item)} is not supported; it is kept as unsupported`, at)
      parts.push({ ...owner, id: partID, type: 'unsupported', originalType: isRecord(item) ? textOf(item.type) : '', original: isRecord(item) ? item : { value: item } })
    }
  })
  return [{ op: 'upsertMessage', info }, ...parts.map((part) => ({ op: 'upsertPart' as const, part }))]
}

function assistantOps(raw: Rec, ctx: ToolMessage2Context, sink: DiagnosticSink, path: (string | number)[]): TranscriptOp[] {
  const id = messageId(raw, ctx.index)
  const created = readTime(raw.timestamp, sink, [...path, 'timestamp']) ?? 0
  const model = typeof raw.model === 'string' ? raw.model : ''
  const slash = model.indexOf('/')
  const usage = isRecord(raw.usage) ? raw.usage : undefined
  const count = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : 0)
  const tokens = {
    input: count(usage?.input_tokens),
    output: count(usage?.output_tokens),
    reasoning: 0,
    cache: { read: count(usage?.cache_read_input_tokens), write: count(usage?.cache_creation_input_tokens) },
  }
  const info: AssistantInfo = {
    id,
    sessionID: ctx.sessionID,
    role: 'assistant',
    time: { created, completed: created },
    parentID: lastMessageOfRole(ctx.transcript, 'user') ?? '',
    modelID: slash >= 0 ? model.slice(slash + 1) : model,
    providerID: slash >= 0 ? model.slice(0, slash) : '',
    agent: '',
    path: { cwd: '', root: '' },
    cost: 0,
    tokens,
    metadata: envelope(raw),
  }
  const owner = { sessionID: ctx.sessionID, messageID: id }
  const parts: Part[] = []
  const items = typeof raw.content === 'string' ? [{ type: 'text', text: raw.content }] : Array.isArray(raw.content) ? raw.content : undefined
  if (!items) sink.error('BAD_CONTENT', `assistant content must be a string or an array of parts (got ${describeValue(raw.content)})`, [...path, 'content'])
  let calls = 0
  items?.forEach((item: unknown, index) => {
    const partID = deriveId('prt', id, index)
    const at = [...path, 'content', index]
    if (isRecord(item) && item.type === 'text') {
      const part: Part = { ...owner, id: partID, type: 'text', text: text(item.text) }
      if (item.hidden === true) {
        part.synthetic = true
        part.metadata = { hidden: true }
      }
      parts.push(part)
    } else if (isRecord(item) && item.type === 'reasoning') {
      parts.push({ ...owner, id: partID, type: 'reasoning', text: text(item.text), time: { start: created, end: created } })
    } else if (isRecord(item) && item.type === 'tool_use' && typeof item.id === 'string' && item.id !== '') {
      calls += 1
      const name = typeof item.name === 'string' && item.name !== '' ? item.name : 'unknown'
      const input = isRecord(item.input) ? item.input : {}
      if (!isRecord(item.input)) sink.warn('BAD_TOOL_INPUT', `tool_use input must be an object (got ${describeValue(item.input)}); kept in metadata.rawInput`, [...at, 'input'])
      const state: ToolState = { status: 'running', input, time: { start: created } }
      if (typeof item.displayName === 'string') state.title = item.displayName
      const part: ToolPart = { ...owner, id: partID, type: 'tool', callID: item.id, tool: name, state }
      const extra: Metadata = {}
      if (typeof item.description === 'string') extra.description = item.description
      if (typeof item.displayName === 'string') extra.displayName = item.displayName
      if (!isRecord(item.input) && item.input !== undefined) extra.rawInput = item.input
      if (Object.keys(extra).length > 0) part.metadata = extra
      parts.push(part)
    } else {
      const type = isRecord(item) ? textOf(item.type) : ''
      sink.error('UNSUPPORTED_CONTENT', `assistant content part ${describeValue(type || item)} is not supported; it is kept as unsupported`, at)
      parts.push({ ...owner, id: partID, type: 'unsupported', originalType: type, original: isRecord(item) ? item : { value: item } })
    }
  })
  if (usage) {
    parts.push({ ...owner, id: deriveId('prt', id, 'usage'), type: 'step-finish', reason: calls > 0 ? 'tool-calls' : 'stop', cost: 0, tokens })
  }
  return [{ op: 'upsertMessage', info }, ...parts.map((part) => ({ op: 'upsertPart' as const, part }))]
}

function resultText(content: unknown): { text: string; images: { data: string; mime: string }[] } {
  if (typeof content === 'string') return { text: content, images: [] }
  const images: { data: string; mime: string }[] = []
  const texts: string[] = []
  if (Array.isArray(content)) {
    for (const item of content) {
      if (isRecord(item) && item.type === 'text') texts.push(text(item.text))
      if (isRecord(item) && item.type === 'image' && typeof item.data === 'string') {
        images.push({ data: item.data, mime: typeof item.mimeType === 'string' ? item.mimeType : 'image/png' })
      }
    }
  }
  return { text: texts.join('\n'), images }
}

function toolOps(raw: Rec, ctx: ToolMessage2Context, sink: DiagnosticSink, path: (string | number)[]): TranscriptOp[] {
  if (!Array.isArray(raw.content)) {
    sink.error('BAD_CONTENT', `a tool message's content must be an array of tool-result parts (got ${describeValue(raw.content)})`, [...path, 'content'])
    return []
  }
  const ops: TranscriptOp[] = []
  let state = ctx.transcript
  const end = readTime(raw.timestamp, sink, [...path, 'timestamp'])
  const toolMessageID = messageId(raw, ctx.index)
  raw.content.forEach((item: unknown, index) => {
    const at = [...path, 'content', index]
    if (!isRecord(item) || item.type !== 'tool-result' || typeof item.toolCallId !== 'string' || item.toolCallId === '') {
      sink.error('BAD_TOOL_RESULT', `expected { type: "tool-result", toolCallId, toolName, input, result } (got ${describeValue(isRecord(item) ? item.type : item)})`, at)
      return
    }
    const result = isRecord(item.result) ? item.result : {}
    if (!isRecord(item.result)) sink.error('BAD_TOOL_RESULT', `result must be an object with llmContent (got ${describeValue(item.result)})`, [...at, 'result'])
    const call = findCall(state, item.toolCallId)
    const toolName = typeof item.toolName === 'string' && item.toolName !== '' ? item.toolName : (call?.tool ?? 'unknown')
    const { text: output, images } = resultText(result.llmContent)
    const display = result.returnDisplay
    const metadata: Metadata = { ...(isRecord(result.metadata) ? result.metadata : {}) }
    if (display !== undefined) metadata.returnDisplay = display
    if (typeof item.agentId === 'string') metadata.agentId = item.agentId
    if (typeof item.agentType === 'string') metadata.agentType = item.agentType
    const input = call?.state.input ?? (isRecord(item.input) ? item.input : {})
    const start = call && call.state.status !== 'pending' ? call.state.time.start : (end ?? 0)
    const time = { start, end: Math.max(start, end ?? start) }
    const title = call?.state.status === 'running' && call.state.title ? call.state.title : toolName
    let next: ToolState
    if (result.isError === true) {
      const message = output || (typeof display === 'string' ? display : '') || `${toolName} failed`
      next = { status: 'error', input, error: message, metadata, time }
    } else {
      const completedOutput = output || (typeof display === 'string' ? display : '')
      if (completedOutput === '') sink.warn('EMPTY_OUTPUT', `the result of ${toolName} (${item.toolCallId}) has no text; shown as no output`, [...at, 'result', 'llmContent'])
      next = { status: 'completed', input, output: completedOutput, title, metadata, time }
    }
    let part: ToolPart
    if (call && (call.state.status === 'running' || call.state.status === 'pending')) {
      if (call.tool !== toolName) sink.warn('TOOL_NAME_MISMATCH', `result names tool "${toolName}" but call ${item.toolCallId} was "${call.tool}"`, [...at, 'toolName'])
      part = { ...call, state: next }
    } else {
      const duplicate = call !== undefined
      sink.error(
        duplicate ? 'DUPLICATE_TOOL_RESULT' : 'ORPHAN_TOOL_RESULT',
        duplicate
          ? `call ${item.toolCallId} already has a result; this one is kept as a separate orphan tool part`
          : `no earlier tool_use has id ${item.toolCallId}; the result is kept as an orphan tool part`,
        [...at, 'toolCallId'],
      )
      const host = lastMessageOfRole(state, 'assistant')
      if (!host) {
        // No assistant turn to hang the orphan on: a placeholder assistant message holds it.
        const info = assistantInfo({
          id: deriveId('msg', 'orphans', toolMessageID),
          sessionID: ctx.sessionID,
          created: time.start,
          completed: time.end,
          parentID: lastMessageOfRole(state, 'user') ?? '',
          metadata: { orphanResults: true },
        })
        ops.push({ op: 'upsertMessage', info })
        state = applyOps(state, [{ op: 'upsertMessage', info }])
      }
      part = {
        sessionID: ctx.sessionID,
        messageID: host ?? deriveId('msg', 'orphans', toolMessageID),
        id: deriveId('prt', toolMessageID, index, item.toolCallId),
        type: 'tool',
        callID: item.toolCallId,
        tool: toolName,
        state: next,
        metadata: { orphan: true },
      }
    }
    if (images.length > 0 && next.status === 'completed') {
      next.attachments = images.map(({ data, mime }, n) => ({
        id: deriveId('prt', part.id, 'attachment', n),
        sessionID: part.sessionID,
        messageID: part.messageID,
        type: 'file' as const,
        mime,
        url: dataUrl(data, mime),
      }))
    }
    ops.push({ op: 'upsertPart', part })
    state = applyOps(state, [{ op: 'upsertPart', part }])
  })
  return ops
}

/**
 * Converts one neovate message into canonical writes against the transcript so far: tool results
 * complete (or fail) the running tool part of their `toolCallId`; a result with no call is kept as
 * a visible orphan. The legacy `ToolMessage` is not processed and gives a diagnostic naming the
 * migration.
 */
export function toolMessage2ToOps(message: unknown, context: ToolMessage2Context, options?: ConvertOptions): { ops: TranscriptOp[]; diagnostics: Diagnostic[] } {
  const sink = new DiagnosticSink(options)
  const path = [context.index]
  let ops: TranscriptOp[] = []
  message = limitDepth(message, sink, path)
  if (!isRecord(message)) {
    sink.error('BAD_MESSAGE', `a message must be an object with a role (got ${describeValue(message)})`, path)
  } else if (message.role === 'tool') {
    ops = toolOps(message, context, sink, path)
  } else if (message.role === 'assistant') {
    ops = assistantOps(message, context, sink, path)
  } else if (message.role === 'user' && Array.isArray(message.content) && message.content.some((part) => isRecord(part) && part.type === 'tool_result')) {
    sink.error('LEGACY_TOOL_MESSAGE', LEGACY_MIGRATION, [...path, 'content'])
  } else if (message.role === 'user' || message.role === 'system') {
    ops = userOps(message, context, sink, path)
  } else {
    // Nothing the wire carried is dropped: a message of an unknown role shows as a user message.
    sink.error('UNKNOWN_ROLE', `role ${describeValue(message.role)} is not one of system, user, assistant, tool; read as a user message`, [...path, 'role'])
    ops = userOps(message, context, sink, path)
  }
  return { ops, diagnostics: sink.list }
}

/** The session id for a conversation: derived from its first message's uuid, or fixed. */
export function toolMessage2SessionID(messages: readonly unknown[]): string {
  const first = messages.find((message) => isRecord(message) && typeof message.uuid === 'string')
  return deriveId('ses', isRecord(first) ? textOf(first.uuid) : 'toolmessage2')
}

/**
 * Converts a neovate conversation (user, assistant and `ToolMessage2` messages) into canonical
 * messages. Never throws unless `strict`.
 */
export function fromToolMessage2(conversation: unknown, options?: ToolMessage2Options): ToolMessage2Import {
  const sink = new DiagnosticSink(options)
  if (!Array.isArray(conversation)) {
    sink.error('BAD_CONVERSATION', `a conversation must be an array of messages (got ${describeValue(conversation)})`)
    return { messages: [], diagnostics: sink.list }
  }
  const sessionID = options?.sessionID ?? toolMessage2SessionID(conversation)
  let transcript = emptyTranscript()
  conversation.forEach((message, index) => {
    const { ops, diagnostics } = toolMessage2ToOps(message, { transcript, index, sessionID }, options)
    for (const diagnostic of diagnostics) sink.push(diagnostic)
    transcript = applyOps(transcript, ops)
  })
  return { messages: toMessages(transcript), diagnostics: sink.list }
}
