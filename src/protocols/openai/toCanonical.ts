/**
 * OpenAI conversations into canonical messages: a list of Chat Completions messages, of Responses
 * API input items, or both mixed (an app that moved from one API to the other keeps both). System
 * and developer text becomes muted text of a user message that remembers its role; `content: null`
 * is no text (never "null"); tool calls (`tool_calls`, `function_call` items) pair with their results
 * (`role: 'tool'` with `tool_call_id`, `function_call_output` with `call_id`) through the shared
 * pairing. Items the kit does not read (web search calls, computer calls, …) are kept as
 * unsupported parts. Never throws unless `strict`.
 */
import {
  assistantInfo,
  filePart,
  reasoningPart,
  runningState,
  sourcePart,
  textPart,
  toolPart,
  toolResult,
  unsupportedPart,
  userInfo,
} from '../../core/build.js'
import type { Metadata, Part, SourceRef, ToolPart, WithParts } from '../../core/model/types.js'
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
  textOf,
} from '../diagnostics.js'
import { inferDisplay } from '../display.js'
import { deriveId, readArguments } from '../ids.js'
import { Conversation } from '../pairing.js'
import {
  CALL_FIELDS,
  type Content,
  contentOf,
  ENTRY_FIELDS,
  FUNCTION_FIELDS,
  ITEM_FIELDS,
  MESSAGE_FIELDS,
  type Path,
  sourcesOf,
} from './decode.js'

/** Options of {@link fromOpenAIMessages}. */
export interface OpenAIOptions extends ConvertOptions {
  /** Session id of the canonical messages (default: derived from the first message). */
  sessionID?: string
}

/** Reads the list into a {@link Conversation}, one case per role and item type. */
class Reader {
  /** The assistant message Responses items go into until a user message or a tool output comes. */
  private open: WithParts | undefined
  private index = 0

  constructor(
    private readonly conversation: Conversation,
    private readonly sink: DiagnosticSink,
  ) {}

  private ids(message: WithParts) {
    return {
      id: deriveId('prt', message.info.id, message.parts.length),
      sessionID: message.info.sessionID,
      messageID: message.info.id,
    }
  }

  private user(role: string, extra: Metadata = {}): WithParts {
    const id = deriveId('msg', this.conversation.sessionID, this.index)
    this.open = undefined
    const metadata = { ...(role !== 'user' ? { role } : {}), ...extra }
    return this.conversation.add({
      info: userInfo({
        id,
        sessionID: this.conversation.sessionID,
        created: 0,
        ...(Object.keys(metadata).length > 0 ? { metadata } : {}),
      }),
      parts: [],
    })
  }

  private assistant(fresh: boolean, extra: Metadata = {}): WithParts {
    if (!fresh && this.open) return this.open
    const id = deriveId('msg', this.conversation.sessionID, this.index)
    const message = this.conversation.add({
      info: assistantInfo({
        id,
        sessionID: this.conversation.sessionID,
        created: 0,
        completed: 0,
        parentID: this.conversation.last('user')?.info.id ?? '',
        ...(Object.keys(extra).length > 0 ? { metadata: extra } : {}),
      }),
      parts: [],
    })
    this.open = message
    return message
  }

  /** Adds a message's content as parts: text (system text muted), files, anything else kept whole. */
  private content(message: WithParts, content: Content[], muted: boolean): void {
    for (const item of content) {
      const ids = this.ids(message)
      let part: Part
      if (item.kind === 'text')
        part = textPart(
          ids,
          item.text,
          muted ? { synthetic: true, system: true } : item.refusal ? { metadata: { refusal: true } } : {},
        )
      else if (item.kind === 'file')
        part = filePart(ids, {
          url: item.url,
          mime: item.mime,
          ...(item.filename !== undefined ? { filename: item.filename } : {}),
        })
      else part = unsupportedPart(ids, item.type, item.raw)
      this.conversation.push(message, part)
      if (item.kind === 'text' && item.sources) this.sources(message, item.sources)
    }
  }

  /** The sources a text cites, each once per message, after the text. */
  private sources(message: WithParts, sources: SourceRef[]): void {
    for (const source of sources) {
      const key = source.kind === 'url' ? source.url : source.title
      const shown = message.parts.some(
        (part) => part.type === 'source' && (part.source.kind === 'url' ? part.source.url : part.source.title) === key,
      )
      if (!shown) this.conversation.push(message, sourcePart(this.ids(message), key, source))
    }
  }

  private call(message: WithParts, callID: string, name: unknown, args: unknown, path: Path): void {
    const { input, raw } = readArguments(args, this.sink, [...path, 'arguments'])
    const tool = isNonEmptyString(name) ? name : 'unknown'
    const display = inferDisplay(tool, input)
    const ids = this.ids(message)
    const part = toolPart(ids, {
      callID,
      tool,
      state: runningState({ input, start: 0, ...(display ? { display } : {}) }),
      ...(raw !== undefined ? { metadata: { rawArgsText: raw, argsParseFailed: true } } : {}),
    })
    this.conversation.call(message, part, path)
  }

  private result(given: string, output: string, path: Path, tool?: string): void {
    this.open = undefined
    const callID = given !== '' ? given : deriveId('call', this.conversation.sessionID, 'missing', this.index)
    if (given === '')
      this.sink.error(
        'BAD_TOOL_RESULT',
        `a tool result needs the id of its call; it is kept as an orphan (${callID})`,
        path,
      )
    this.conversation.result({
      callID,
      ...(tool ? { tool } : {}),
      orphanID: deriveId('prt', this.conversation.sessionID, 'result', this.index),
      path: [...path],
      time: 0,
      state: (call: ToolPart | undefined) => {
        const input = call?.state.input ?? {}
        const name = call?.tool ?? tool ?? 'unknown'
        const display = inferDisplay(name, input, output)
        return toolResult({ input, start: 0, end: 0, output, title: name, ...(display ? { display } : {}) })
      },
    })
  }

  read(raw: unknown, index: number): void {
    this.index = index
    const path: Path = [index]
    if (!isRecord(raw)) {
      this.sink.error('BAD_MESSAGE', `a message or item must be an object (got ${describeValue(raw)})`, path)
      return
    }
    if (raw.type !== undefined && typeof raw.type !== 'string') {
      this.sink.error(
        'BAD_ITEM',
        `an item's type must be text (got ${describeValue(raw.type)}); the item is kept whole`,
        [...path, 'type'],
      )
      const message = this.assistant(false)
      this.conversation.push(message, unsupportedPart(this.ids(message), '', raw))
      return
    }
    const type = raw.type
    if (type === undefined || type === 'message') return this.message(raw, path, type === 'message')
    const known = ITEM_FIELDS.get(type)
    if (known) reportUnread(raw, known, this.sink, path, `a ${type} item`)
    switch (type) {
      case 'function_call': {
        const callID = isNonEmptyString(raw.call_id)
          ? raw.call_id
          : deriveId('call', this.conversation.sessionID, index)
        // The whole item is named: a broken item may hold what another type would carry.
        if (!isNonEmptyString(raw.call_id))
          this.sink.error('BAD_ITEM', 'a function_call needs a call_id; one is derived, so no output can find it', path)
        return this.call(this.assistant(false), callID, raw.name, raw.arguments, path)
      }
      case 'function_call_output': {
        const output = contentOf(raw.output, this.sink, [...path, 'output'])
          .map((item) => (item.kind === 'text' ? item.text : item.kind === 'file' ? item.url : safeJson(item.raw)))
          .join('\n')
        return this.result(textOf(raw.call_id), output, isNonEmptyString(raw.call_id) ? [...path, 'call_id'] : path)
      }
      case 'reasoning': {
        // A summary or content that is not a list (a bare text, say) is read as a list of one.
        const listOf = (value: unknown): unknown[] =>
          Array.isArray(value) ? value : value === undefined || value === null ? [] : [value]
        const summary = listOf(raw.summary)
        const content = listOf(raw.content)
        const read = (list: unknown[], key: string) =>
          list.map((item: unknown, n) => {
            if (!isRecord(item)) return textOf(item)
            reportUnread(item, ENTRY_FIELDS, this.sink, [...path, key, n], `a ${key} entry`)
            return textOf(item.text)
          })
        const text = [...read(content, 'content'), ...read(summary, 'summary')].join('\n\n')
        const message = this.assistant(false)
        const metadata = {
          ...(typeof raw.id === 'string' ? { id: raw.id } : {}),
          ...(typeof raw.encrypted_content === 'string' ? { encrypted: true } : {}),
        }
        this.conversation.push(
          message,
          reasoningPart(
            this.ids(message),
            text,
            { start: 0, end: 0 },
            Object.keys(metadata).length > 0 ? metadata : undefined,
          ),
        )
        return
      }
      default: {
        // Built-in tool calls (web search, file search, computer use, …) and what comes next: kept whole.
        const message = this.assistant(false)
        this.conversation.push(message, unsupportedPart(this.ids(message), type, raw))
        this.sink.warn('UNSUPPORTED_ITEM', `item type "${type}" is kept as an unsupported part`, [...path, 'type'])
      }
    }
  }

  private message(raw: Record<string, unknown>, path: Path, item: boolean): void {
    const role = typeof raw.role === 'string' ? raw.role : ''
    reportUnread(raw, MESSAGE_FIELDS, this.sink, path, item ? 'a message item' : 'a message')
    const content = contentOf(raw.content, this.sink, [...path, 'content'])
    switch (role) {
      case 'system':
      case 'developer':
      case 'user': {
        const message = this.user(role, typeof raw.name === 'string' ? { name: raw.name } : {})
        this.content(message, content, role !== 'user')
        return
      }
      case 'assistant': {
        // A Chat Completions message is one response; Responses items of one turn share a message.
        const message = this.assistant(!item, {
          ...(typeof raw.refusal === 'string' && raw.refusal ? { refusal: raw.refusal } : {}),
          ...(typeof raw.name === 'string' ? { name: raw.name } : {}),
        })
        if (typeof raw.reasoning_content === 'string' && raw.reasoning_content !== '')
          this.conversation.push(message, reasoningPart(this.ids(message), raw.reasoning_content, { start: 0, end: 0 }))
        this.content(message, content, false)
        if (typeof raw.refusal === 'string' && raw.refusal !== '')
          this.conversation.push(message, textPart(this.ids(message), raw.refusal, { metadata: { refusal: true } }))
        this.sources(message, sourcesOf(raw.annotations, this.sink, [...path, 'annotations']))
        // The API before tool calls: one `function_call`, answered by a `function` message of its name.
        if (isRecord(raw.function_call)) {
          reportUnread(raw.function_call, FUNCTION_FIELDS, this.sink, [...path, 'function_call'], 'a function_call')
          const name = textOf(raw.function_call.name)
          this.call(
            message,
            name || deriveId('call', this.conversation.sessionID, this.index, 'function'),
            name,
            raw.function_call.arguments,
            [...path, 'function_call'],
          )
        }
        const calls =
          raw.tool_calls === undefined || raw.tool_calls === null
            ? []
            : Array.isArray(raw.tool_calls)
              ? raw.tool_calls
              : [raw.tool_calls]
        calls.forEach((call: unknown, n) => {
          const at = [...path, 'tool_calls', n]
          if (isRecord(call)) reportUnread(call, CALL_FIELDS, this.sink, at, 'a tool call')
          if (isRecord(call) && isRecord(call.function))
            reportUnread(call.function, FUNCTION_FIELDS, this.sink, [...at, 'function'], 'a function')
          const fn = isRecord(call) && isRecord(call.function) ? call.function : isRecord(call) ? call : {}
          const callID =
            isRecord(call) && isNonEmptyString(call.id)
              ? call.id
              : deriveId('call', this.conversation.sessionID, this.index, n)
          if (!isRecord(call) || !isNonEmptyString(call.id))
            this.sink.error('BAD_TOOL_CALL', 'a tool call needs an id; one is derived, so no result can find it', at)
          this.call(message, callID, fn.name, fn.arguments, at)
        })
        return
      }
      case 'tool':
      case 'function': {
        const callID = role === 'tool' ? textOf(raw.tool_call_id) : textOf(raw.name)
        const output = content
          .map((entry) =>
            entry.kind === 'text' ? entry.text : entry.kind === 'file' ? entry.url : safeJson(entry.raw),
          )
          .join('\n')
        if (role === 'function')
          this.sink.warn(
            'LEGACY_FUNCTION',
            'a `function` message (the API before tool calls) pairs with a call by its name',
            [...path, 'name'],
          )
        return this.result(
          callID,
          output,
          [...path, role === 'tool' ? 'tool_call_id' : 'name'],
          role === 'function' ? textOf(raw.name) : undefined,
        )
      }
      default: {
        this.sink.error(
          'UNKNOWN_ROLE',
          `role ${describeValue(raw.role)} is not one OpenAI defines; kept as a user message`,
          path,
        )
        const message = this.user(role || 'unknown')
        this.content(message, content, false)
      }
    }
  }
}

/** Converts OpenAI Chat Completions messages and/or Responses API items (see the module's doc). */
export function fromOpenAIMessages(
  input: unknown,
  options?: OpenAIOptions,
): { messages: WithParts[]; diagnostics: Diagnostic[] } {
  const sink = new DiagnosticSink(options)
  const list = limitDepth(input, sink)
  if (!Array.isArray(list)) {
    sink.error('BAD_MESSAGES', `expected an array of messages or items (got ${describeValue(list)})`)
    return { messages: [], diagnostics: sink.list }
  }
  const sessionID = options?.sessionID ?? deriveId('ses', 'openai', safeJson(list[0] ?? null).slice(0, 200))
  const conversation = new Conversation(sessionID, sink)
  const reader = new Reader(conversation, sink)
  // Array.from, not forEach: a hole in the list is read (and reported), not skipped.
  Array.from(list as unknown[]).forEach((item: unknown, index) => reader.read(item, index))
  return { messages: conversation.finish(), diagnostics: sink.list }
}
