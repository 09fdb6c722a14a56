import {
  assistantInfo,
  filePart,
  idOr,
  reasoningPart,
  runningState,
  stepFinishPart,
  textPart,
  tokens,
  toolPart,
  toolResult,
  unsupportedPart,
  userInfo,
} from '../../core/build.js'
import type { FilePart, Metadata, ToolDisplay, ToolPart, WithParts } from '../../core/model/types.js'
import {
  type ConvertOptions,
  type Diagnostic,
  DiagnosticSink,
  describeValue,
  isRecord,
  safeJson,
  textOf,
} from '../diagnostics.js'
import { inferDisplay, todoItems } from '../display.js'
import { deriveId } from '../ids.js'
import { type DecodedMessage, decodeMessage } from './decode.js'
import { Conversation } from '../pairing.js'

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

/** What a neovate `returnDisplay` asks the UI to show, as the model's typed display. */
function displayOf(returned: unknown, input: Metadata): ToolDisplay | undefined {
  if (!isRecord(returned)) return undefined
  if (returned.type === 'diff_viewer') {
    // Contents may be the text itself or the key of the call's input that holds it.
    const content = (value: unknown) =>
      typeof value === 'string'
        ? value
        : isRecord(value) && typeof value.inputKey === 'string' && typeof input[value.inputKey] === 'string'
          ? (input[value.inputKey] as string)
          : ''
    const display: ToolDisplay = {
      kind: 'diff',
      before: content(returned.originalContent),
      after: content(returned.newContent),
    }
    if (typeof returned.filePath === 'string') display.file = returned.filePath
    return display
  }
  if (returned.type === 'todo_read' || returned.type === 'todo_write') {
    const todos = todoItems(returned.newTodos) ?? todoItems(returned.todos)
    return todos ? { kind: 'todos', todos } : undefined
  }
  return undefined
}

/** Reads neovate messages one by one into a {@link Conversation}: one case per role, one per content kind. */
export class Reader {
  constructor(
    private readonly conversation: Conversation,
    private readonly sink: DiagnosticSink,
  ) {}

  read(input: unknown, index: number): void {
    const message = decodeMessage(input, index, this.sink)
    if (!message) return
    switch (message.role) {
      case 'user':
        return this.user(message)
      case 'assistant':
        return this.assistant(message, index)
      case 'tool':
        return this.tool(message)
    }
    return message satisfies never
  }

  private user(message: DecodedMessage & { role: 'user' }): void {
    const { sessionID } = this.conversation
    const host = this.conversation.add({
      info: userInfo({ id: message.id, sessionID, created: message.created, metadata: message.metadata }),
      parts: [],
    })
    message.items.forEach((item, n) => {
      const ids = { id: deriveId('prt', message.id, n), sessionID, messageID: message.id }
      switch (item.kind) {
        case 'text': {
          // Hidden and system text is for the model; it is shown muted and labelled, never dropped.
          const marks = { ...(message.system ? { role: 'system' } : {}), ...(item.hidden ? { hidden: true } : {}) }
          return this.conversation.push(
            host,
            textPart(
              ids,
              item.text,
              message.system || item.hidden
                ? { synthetic: true, ...(message.system ? { system: true } : {}), metadata: marks }
                : {},
            ),
          )
        }
        case 'file':
          return this.conversation.push(
            host,
            filePart(ids, {
              mime: item.mime,
              url: item.url,
              ...(item.filename !== undefined ? { filename: item.filename } : {}),
            }),
          )
        case 'reasoning':
        case 'tool_use':
        case 'unsupported':
          // The decoder gives a user message text and files only; anything else is kept whole.
          return this.conversation.push(
            host,
            unsupportedPart(
              ids,
              item.kind === 'unsupported' ? item.type : item.kind,
              item.kind === 'unsupported' ? item.raw : item,
            ),
          )
      }
      return item satisfies never
    })
  }

  private assistant(message: DecodedMessage & { role: 'assistant' }, index: number): void {
    const { sessionID } = this.conversation
    const slash = message.model.indexOf('/')
    const usage = message.usage
    const used = tokens({
      input: usage?.input_tokens as number,
      output: usage?.output_tokens as number,
      cache: { read: usage?.cache_read_input_tokens as number, write: usage?.cache_creation_input_tokens as number },
    })
    const info = assistantInfo({
      id: message.id,
      sessionID,
      created: message.created,
      completed: message.created,
      parentID: this.conversation.last('user')?.info.id ?? '',
      modelID: slash >= 0 ? message.model.slice(slash + 1) : message.model,
      providerID: slash >= 0 ? message.model.slice(0, slash) : '',
      tokens: used,
      metadata: message.metadata,
    })
    const host = this.conversation.add({ info, parts: [] })
    let calls = 0
    message.items.forEach((item, n) => {
      const ids = { id: deriveId('prt', message.id, n), sessionID, messageID: message.id }
      switch (item.kind) {
        case 'text':
          return this.conversation.push(
            host,
            textPart(ids, item.text, item.hidden ? { synthetic: true, metadata: { hidden: true } } : {}),
          )
        case 'reasoning':
          return this.conversation.push(
            host,
            reasoningPart(ids, item.text, { start: message.created, end: message.created }),
          )
        case 'tool_use': {
          calls += 1
          const display = inferDisplay(item.name, item.input)
          const state = runningState({
            input: item.input,
            start: message.created,
            ...(item.displayName !== undefined ? { title: item.displayName } : {}),
            ...(display ? { display } : {}),
          })
          const extra: Metadata = {}
          if (item.description !== undefined) extra.description = item.description
          if (item.displayName !== undefined) extra.displayName = item.displayName
          if (item.rawInput !== undefined) extra.rawInput = item.rawInput
          const part = toolPart(ids, {
            callID: idOr(item.id, ids.id),
            tool: item.name,
            state,
            ...(Object.keys(extra).length > 0 ? { metadata: extra } : {}),
          })
          return this.conversation.call(host, part, [index, 'content', n])
        }
        case 'file':
        case 'unsupported':
          return this.conversation.push(
            host,
            unsupportedPart(
              ids,
              item.kind === 'unsupported' ? item.type : item.kind,
              item.kind === 'unsupported' ? item.raw : item,
            ),
          )
      }
      return item satisfies never
    })
    if (usage)
      this.conversation.push(
        host,
        stepFinishPart(
          { id: deriveId('prt', message.id, 'usage'), sessionID, messageID: message.id },
          { reason: calls > 0 ? 'tool-calls' : 'stop', tokens: used },
        ),
      )
  }

  private tool(message: DecodedMessage & { role: 'tool' }): void {
    const end = message.time
    message.results.forEach((result, n) => {
      const orphanID = deriveId('prt', message.id, n, result.callID)
      const returned = result.returned
      const completedOutput = result.output || (typeof returned === 'string' ? returned : '')
      this.conversation.result({
        callID: result.callID,
        ...(result.toolName ? { tool: result.toolName } : {}),
        orphanID,
        path: [...result.path, 'toolCallId'],
        time: end ?? 0,
        state: (call: ToolPart | undefined) => {
          const input = call?.state.input ?? result.input
          const start = call && call.state.status !== 'pending' ? call.state.time.start : (end ?? 0)
          const name = result.toolName ?? call?.tool ?? 'unknown'
          const title = call?.state.status === 'running' && call.state.title ? call.state.title : name
          const attachments: FilePart[] = result.images.map(({ mime, url }, k) =>
            filePart(
              {
                id: deriveId('prt', call?.id ?? orphanID, 'attachment', k),
                sessionID: this.conversation.sessionID,
                messageID: call?.messageID ?? '',
              },
              { mime, url },
            ),
          )
          // The call's input is the one shown; an input the result repeats differently is kept beside it.
          const metadata =
            call && Object.keys(result.input).length > 0 && safeJson(result.input) !== safeJson(input)
              ? { ...result.metadata, resultInput: result.input }
              : result.metadata
          const display = displayOf(returned, input) ?? inferDisplay(name, input, completedOutput, result.metadata)
          return toolResult({
            input,
            start,
            end: end ?? start,
            output: result.isError
              ? result.output || (typeof returned === 'string' ? returned : '') || `${name} failed`
              : completedOutput,
            isError: result.isError,
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
