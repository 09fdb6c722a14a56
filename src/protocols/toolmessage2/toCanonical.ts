import { assistantInfo, filePart, idOr, reasoningPart, runningState, stepFinishPart, textPart, tokens, toolPart, toolResult, unsupportedPart, userInfo } from '../../core/build.js'
import type { FilePart, Metadata, ToolDisplay, ToolPart, WithParts } from '../../core/model/types.js'
import type { TranscriptOp } from '../../core/transcript.js'
import { type ConvertOptions, type Diagnostic, DiagnosticSink, describeValue, isRecord, limitDepth, textOf } from '../diagnostics.js'
import { inferDisplay, todoItems } from '../display.js'
import { deriveId, readTime } from '../ids.js'
import { Conversation, opsOf } from '../pairing.js'

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

type Rec = Record<string, unknown>
type Path = (string | number)[]

const LEGACY_MIGRATION =
  'the legacy ToolMessage (role "user" with tool_result parts and id/name) is not processed; migrate to ToolMessage2: ' +
  '{ role: "tool", content: [{ type: "tool-result", toolCallId, toolName, input, result }] }'

/** The fields of a message that are not content: kept on the info so nothing is lost. */
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

/** What a neovate `returnDisplay` asks the UI to show, as the model's typed display. */
function displayOf(returned: unknown, input: Metadata): ToolDisplay | undefined {
  if (!isRecord(returned)) return undefined
  if (returned.type === 'diff_viewer') {
    // Contents may be the text itself or the key of the call's input that holds it.
    const content = (value: unknown) => (typeof value === 'string' ? value : isRecord(value) && typeof value.inputKey === 'string' ? text(input[value.inputKey]) : '')
    const display: ToolDisplay = { kind: 'diff', before: content(returned.originalContent), after: content(returned.newContent) }
    if (typeof returned.filePath === 'string') display.file = returned.filePath
    return display
  }
  if (returned.type === 'todo_read' || returned.type === 'todo_write') {
    const todos = todoItems(returned.newTodos) ?? todoItems(returned.todos)
    return todos ? { kind: 'todos', todos } : undefined
  }
  return undefined
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

/** Reads neovate messages one by one into a {@link Conversation}. */
class Reader {
  constructor(
    private readonly conversation: Conversation,
    private readonly sink: DiagnosticSink,
  ) {}

  read(input: unknown, index: number): void {
    const path = [index]
    const message = limitDepth(input, this.sink, path)
    if (!isRecord(message)) {
      this.sink.error('BAD_MESSAGE', `a message must be an object with a role (got ${describeValue(message)})`, path)
    } else if (message.role === 'tool') {
      this.tool(message, index, path)
    } else if (message.role === 'assistant') {
      this.assistant(message, index, path)
    } else if (message.role === 'user' && Array.isArray(message.content) && message.content.some((part) => isRecord(part) && part.type === 'tool_result')) {
      this.sink.error('LEGACY_TOOL_MESSAGE', LEGACY_MIGRATION, [...path, 'content'])
    } else {
      if (message.role !== 'user' && message.role !== 'system') {
        // Nothing the wire carried is dropped: a message of an unknown role shows as a user message.
        this.sink.error('UNKNOWN_ROLE', `role ${describeValue(message.role)} is not one of system, user, assistant, tool; read as a user message`, [...path, 'role'])
      }
      this.user(message, index, path)
    }
  }

  private user(raw: Rec, index: number, path: Path): void {
    const { sessionID } = this.conversation
    const id = messageId(raw, index)
    const system = raw.role === 'system'
    // A message of another role is shown as a user message that keeps the role it came with.
    const metadata = raw.role === 'user' || raw.role === 'system' ? envelope(raw) : { ...envelope(raw), role: raw.role }
    const message = this.conversation.add({ info: userInfo({ id, sessionID, created: readTime(raw.timestamp, this.sink, [...path, 'timestamp']) ?? 0, metadata }), parts: [] })
    const items = typeof raw.content === 'string' ? [{ type: 'text', text: raw.content }] : Array.isArray(raw.content) ? raw.content : undefined
    if (!items) this.sink.error('BAD_CONTENT', `user content must be a string or an array of parts (got ${describeValue(raw.content)})`, [...path, 'content'])
    items?.forEach((item: unknown, n) => {
      const ids = { id: deriveId('prt', id, n), sessionID, messageID: id }
      if (isRecord(item) && item.type === 'text') {
        // Hidden and system text is for the model; it is shown muted and labelled, never dropped.
        const hidden = item.hidden === true || raw.hidden === true
        const marks = { ...(system ? { role: 'system' } : {}), ...(hidden ? { hidden: true } : {}) }
        this.conversation.push(message, textPart(ids, text(item.text), system || hidden ? { synthetic: true, metadata: marks } : {}))
      } else if (isRecord(item) && (item.type === 'image' || item.type === 'file') && typeof item.data === 'string') {
        const mime = typeof item.mimeType === 'string' && item.mimeType !== '' ? item.mimeType : 'application/octet-stream'
        this.conversation.push(message, filePart(ids, { mime, url: dataUrl(item.data, mime), ...(typeof item.filename === 'string' ? { filename: item.filename } : {}) }))
      } else {
        this.sink.error('UNSUPPORTED_CONTENT', `user content part ${describeValue(isRecord(item) ? item.type : item)} is not supported; it is kept as unsupported`, [...path, 'content', n])
        this.conversation.push(message, unsupportedPart(ids, isRecord(item) ? textOf(item.type) : '', item))
      }
    })
  }

  private assistant(raw: Rec, index: number, path: Path): void {
    const { sessionID } = this.conversation
    const id = messageId(raw, index)
    const created = readTime(raw.timestamp, this.sink, [...path, 'timestamp']) ?? 0
    const model = typeof raw.model === 'string' ? raw.model : ''
    const slash = model.indexOf('/')
    const usage = isRecord(raw.usage) ? raw.usage : undefined
    const used = tokens({
      input: usage?.input_tokens as number,
      output: usage?.output_tokens as number,
      cache: { read: usage?.cache_read_input_tokens as number, write: usage?.cache_creation_input_tokens as number },
    })
    const info = assistantInfo({
      id,
      sessionID,
      created,
      completed: created,
      parentID: this.conversation.last('user')?.info.id ?? '',
      modelID: slash >= 0 ? model.slice(slash + 1) : model,
      providerID: slash >= 0 ? model.slice(0, slash) : '',
      tokens: used,
      metadata: envelope(raw),
    })
    const message = this.conversation.add({ info, parts: [] })
    const items = typeof raw.content === 'string' ? [{ type: 'text', text: raw.content }] : Array.isArray(raw.content) ? raw.content : undefined
    if (!items) this.sink.error('BAD_CONTENT', `assistant content must be a string or an array of parts (got ${describeValue(raw.content)})`, [...path, 'content'])
    let calls = 0
    items?.forEach((item: unknown, n) => {
      const ids = { id: deriveId('prt', id, n), sessionID, messageID: id }
      const at = [...path, 'content', n]
      if (isRecord(item) && item.type === 'text') {
        this.conversation.push(message, textPart(ids, text(item.text), item.hidden === true ? { synthetic: true, metadata: { hidden: true } } : {}))
      } else if (isRecord(item) && item.type === 'reasoning') {
        this.conversation.push(message, reasoningPart(ids, text(item.text), { start: created, end: created }))
      } else if (isRecord(item) && item.type === 'tool_use') {
        calls += 1
        const input = isRecord(item.input) ? item.input : {}
        if (!isRecord(item.input)) this.sink.warn('BAD_TOOL_INPUT', `tool_use input must be an object (got ${describeValue(item.input)}); kept in metadata.rawInput`, [...at, 'input'])
        if (typeof item.id !== 'string' || item.id === '') this.sink.error('BAD_TOOL_USE', 'tool_use needs an id; one is derived, so no result can answer it', [...at, 'id'])
        const name = typeof item.name === 'string' && item.name !== '' ? item.name : 'unknown'
        const display = inferDisplay(name, input)
        const state = runningState({ input, start: created, ...(typeof item.displayName === 'string' ? { title: item.displayName } : {}), ...(display ? { display } : {}) })
        const extra: Metadata = {}
        if (typeof item.description === 'string') extra.description = item.description
        if (typeof item.displayName === 'string') extra.displayName = item.displayName
        if (!isRecord(item.input) && item.input !== undefined) extra.rawInput = item.input
        const part = toolPart(ids, { callID: idOr(item.id, ids.id), tool: name, state, ...(Object.keys(extra).length > 0 ? { metadata: extra } : {}) })
        this.conversation.call(message, part, at)
      } else {
        const type = isRecord(item) ? textOf(item.type) : ''
        this.sink.error('UNSUPPORTED_CONTENT', `assistant content part ${describeValue(type || item)} is not supported; it is kept as unsupported`, at)
        this.conversation.push(message, unsupportedPart(ids, type, item))
      }
    })
    if (usage) this.conversation.push(message, stepFinishPart({ id: deriveId('prt', id, 'usage'), sessionID, messageID: id }, { reason: calls > 0 ? 'tool-calls' : 'stop', tokens: used }))
  }

  private tool(raw: Rec, index: number, path: Path): void {
    if (!Array.isArray(raw.content)) {
      this.sink.error('BAD_CONTENT', `a tool message's content must be an array of tool-result parts (got ${describeValue(raw.content)})`, [...path, 'content'])
      return
    }
    const end = readTime(raw.timestamp, this.sink, [...path, 'timestamp'])
    const toolMessageID = messageId(raw, index)
    raw.content.forEach((item: unknown, n) => {
      const at = [...path, 'content', n]
      if (!isRecord(item) || item.type !== 'tool-result' || typeof item.toolCallId !== 'string' || item.toolCallId === '') {
        this.sink.error('BAD_TOOL_RESULT', `expected { type: "tool-result", toolCallId, toolName, input, result } (got ${describeValue(isRecord(item) ? item.type : item)})`, at)
        return
      }
      const result = isRecord(item.result) ? item.result : {}
      if (!isRecord(item.result)) this.sink.error('BAD_TOOL_RESULT', `result must be an object with llmContent (got ${describeValue(item.result)})`, [...at, 'result'])
      const { text: output, images } = resultText(result.llmContent)
      const returned = result.returnDisplay
      const metadata: Metadata = { ...(isRecord(result.metadata) ? result.metadata : {}) }
      if (returned !== undefined) metadata.returnDisplay = returned
      if (typeof item.agentId === 'string') metadata.agentId = item.agentId
      if (typeof item.agentType === 'string') metadata.agentType = item.agentType
      const toolName = typeof item.toolName === 'string' && item.toolName !== '' ? item.toolName : undefined
      const orphanID = deriveId('prt', toolMessageID, n, item.toolCallId)
      const completedOutput = output || (typeof returned === 'string' ? returned : '')
      if (completedOutput === '' && result.isError !== true) this.sink.warn('EMPTY_OUTPUT', `the result of call ${item.toolCallId} has no text; shown as no output`, [...at, 'result', 'llmContent'])
      this.conversation.result({
        callID: item.toolCallId,
        ...(toolName ? { tool: toolName } : {}),
        orphanID,
        path: [...at, 'toolCallId'],
        time: end ?? 0,
        state: (call: ToolPart | undefined) => {
          const input = call?.state.input ?? (isRecord(item.input) ? item.input : {})
          const start = call && call.state.status !== 'pending' ? call.state.time.start : (end ?? 0)
          const name = toolName ?? call?.tool ?? 'unknown'
          const title = call?.state.status === 'running' && call.state.title ? call.state.title : name
          const attachments: FilePart[] = images.map(({ data, mime }, k) =>
            filePart({ id: deriveId('prt', call?.id ?? orphanID, 'attachment', k), sessionID: this.conversation.sessionID, messageID: call?.messageID ?? '' }, { mime, url: dataUrl(data, mime) }),
          )
          const display = displayOf(returned, input) ?? inferDisplay(name, input, completedOutput, metadata)
          return toolResult({
            input,
            start,
            end: end ?? start,
            output: result.isError === true ? output || (typeof returned === 'string' ? returned : '') || `${name} failed` : completedOutput,
            isError: result.isError === true,
            title,
            metadata,
            attachments,
            ...(display ? { display } : {}),
          })
        },
      })
    })
  }
}

/** The session id for a conversation: derived from its first message's uuid, or fixed. */
export function toolMessage2SessionID(messages: readonly unknown[]): string {
  const first = messages.find((message) => isRecord(message) && typeof message.uuid === 'string')
  return deriveId('ses', isRecord(first) ? textOf(first.uuid) : 'toolmessage2')
}

/**
 * Converts a neovate conversation (user, assistant and `ToolMessage2` messages) into canonical
 * messages: tool results complete (or fail) the tool part of their `toolCallId` through the shared
 * pairing; a result with no call is kept as a visible orphan. The legacy `ToolMessage` is not
 * processed and gives a diagnostic naming the migration. Never throws unless `strict`.
 */
export function fromToolMessage2(conversation: unknown, options?: ToolMessage2Options): ToolMessage2Import {
  const sink = new DiagnosticSink(options)
  if (!Array.isArray(conversation)) {
    sink.error('BAD_CONVERSATION', `a conversation must be an array of messages (got ${describeValue(conversation)})`)
    return { messages: [], diagnostics: sink.list }
  }
  const sessionID = options?.sessionID ?? toolMessage2SessionID(conversation)
  const building = new Conversation(sessionID, sink)
  const reader = new Reader(building, sink)
  conversation.forEach((message, index) => reader.read(message, index))
  return { messages: building.finish(), diagnostics: sink.list }
}

/** Reads a neovate conversation live, one message at a time, into canonical writes. */
export interface ToolMessage2Stream {
  /** Reads the next message; returns the writes it makes (and what it reported). */
  push(message: unknown, options?: ConvertOptions): { ops: TranscriptOp[]; diagnostics: Diagnostic[] }
  /** Continues a conversation read whole (by {@link fromToolMessage2}): its calls pair with what follows. */
  seed(conversation: unknown): void
}

/**
 * A live reader of a neovate conversation: each message becomes the writes that show it, a tool
 * message's results complete the calls read before. A result whose call has not come yet shows at
 * once as an orphan and joins its call when the call comes.
 */
export function createToolMessage2Stream(options: ToolMessage2Options = {}): ToolMessage2Stream {
  let building: Conversation | undefined
  let index = 0
  const emitted = new Map<string, WithParts>()
  const session: ToolMessage2Stream = {
    seed(conversation) {
      if (!Array.isArray(conversation)) return
      for (const message of conversation) session.push(message)
      // What was read whole is in the store already: only what follows is written.
      if (building) opsOf(building.takeChanged(), emitted)
    },
    push(message, callOptions) {
      const sink = new DiagnosticSink({ ...options, ...callOptions })
      building ??= new Conversation(options.sessionID ?? toolMessage2SessionID([message]), sink, { live: true })
      building.useSink(sink)
      const reading = building
      // A strict read that throws leaves the conversation as it was.
      reading.atomically(() => new Reader(reading, sink).read(message, index))
      index += 1
      return { ops: opsOf(building.takeChanged(), emitted), diagnostics: sink.list }
    },
  }
  return session
}
