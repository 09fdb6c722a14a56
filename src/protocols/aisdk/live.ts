/**
 * The AI SDK's UI message stream (the chunks `toUIMessageStreamResponse` sends as server-sent
 * events) as a live session: each chunk becomes canonical writes. Text and reasoning go out as
 * `appendPartDelta`; a tool call is rebuilt from what the session knows of it (a few fields) on each
 * change, by the same function the whole-message converter uses, so a message streamed and the same
 * message read whole give the same parts. One handler per chunk type in one `Record`; an unknown
 * type is reported once and ignored, never thrown.
 */
import { assistantInfo, messageError, reasoningPart, span, stepStartPart, textPart, tokens } from '../../core/build.js'
import type { AssistantInfo, Metadata, MessageError, TokenUsage } from '../../core/model/types.js'
import { ownEntry, setOwn } from '../../core/record.js'
import type { TranscriptOp } from '../../core/transcript.js'
import {
  type ConvertOptions,
  type Diagnostic,
  DiagnosticSink,
  describeValue,
  fields,
  isNonEmptyString,
  isRecord,
  limitDepth,
  reportUnread,
  stringField,
} from '../diagnostics.js'
import { deriveId } from '../ids.js'
import { SseReader } from '../sse.js'
import { type DecodedTool, decodeToolPart, readMetadata } from './decode.js'
import { providerOf, readPart, tokensOf, toolPartOf } from './parts.js'
import { type AiSdkOptions, aiSdkSessionID, infoOf } from './toCanonical.js'
import type { UIMessageChunk } from './types.js'

/** Options of a stream session. */
export interface AiSdkStreamOptions extends AiSdkOptions {
  /** The clock that times messages, parts and tool calls (default: `Date.now`; chunks carry no time). */
  clock?: () => number
}

/** A live reader of the UI message stream. */
export interface AiSdkStream {
  /**
   * Reads one chunk (an object), or one piece of the server-sent-event stream as the response body
   * gives it (text or bytes, cut anywhere: what is not finished yet waits for the next piece;
   * `[DONE]`, comments and blank lines are skipped). Returns the writes it makes.
   */
  push(chunk: unknown, options?: ConvertOptions): { ops: TranscriptOp[]; diagnostics: Diagnostic[] }
  /** Continues from `UIMessage[]` read whole: a stream that resumes their last assistant message (after an approval, say) extends it. */
  seed(messages: unknown): void
}

interface ToolEntry {
  partID: string
  tool: DecodedTool
  start: number
  end: number
}

/** The message being streamed: what the session needs to place the next chunk, never its parts. */
interface Current {
  info: AssistantInfo
  /** How many parts it has had: the next part's id is derived from it (as the whole-message converter does). */
  parts: number
  metadata: Metadata
  texts: Map<string, string>
  reasoning: Map<string, { partID: string; start: number; id: string }>
  tools: Map<string, ToolEntry>
  /** Data parts with an id, by type and id: a later one replaces it. */
  data: Map<string, string>
  /** Parts of the step in progress (after its step-start), for `reset-step`. */
  step: string[]
  /** A stream with no message id continues this message (it was seeded, or waits for an approval). */
  continuable: boolean
  /** When the app's metadata says the message was completed (`completedAt`): it wins over the clock. */
  completed?: number
  /**
   * What the message's earlier requests used, when a stream continues it (after an approval): each
   * request's `finish` reports its own usage, which adds to this.
   */
  before?: { tokens: TokenUsage; cost: number }
}

type ChunkType = Exclude<UIMessageChunk['type'], `data-${string}`>

/** What a handler works with. */
interface Context {
  chunk: Record<string, unknown>
  message: Current
  now: number
  emit(op: TranscriptOp): void
  sink: DiagnosticSink
  session: Session
}

const idsOf = (message: Current, partID: string) => ({
  id: partID,
  sessionID: message.info.sessionID,
  messageID: message.info.id,
})

function nextPart(message: Current): string {
  const id = deriveId('prt', message.info.id, message.parts)
  message.parts += 1
  message.step.push(id)
  return id
}

/** Deep merge of message metadata, as the SDK merges `messageMetadata` (objects merge, anything else replaces). */
function merge(into: Metadata, patch: unknown): Metadata {
  if (!isRecord(patch)) return into
  const out: Metadata = { ...into }
  for (const [key, value] of Object.entries(patch)) {
    const known = Object.hasOwn(out, key) ? out[key] : undefined
    setOwn(out, key, isRecord(value) && isRecord(known) ? merge(known, value) : value)
  }
  return out
}

/** Patches the message's info; `costKnown`: the patch's cost was reported, so it is no longer unknown. */
function setInfo(context: Context, patch: Partial<AssistantInfo>, costKnown = false): void {
  const info = { ...context.message.info, ...patch }
  if (costKnown) delete info.costUnknown
  context.message.info = info
  context.emit({ op: 'upsertMessage', info: context.message.info })
}

/** The sum of two token counts (a total only when both have one). */
function addTokens(a: TokenUsage, b: TokenUsage): TokenUsage {
  return tokens({
    input: a.input + b.input,
    output: a.output + b.output,
    reasoning: a.reasoning + b.reasoning,
    cache: { read: a.cache.read + b.cache.read, write: a.cache.write + b.cache.write },
    ...(a.total !== undefined && b.total !== undefined ? { total: a.total + b.total } : {}),
  })
}

/** Takes in `messageMetadata`: kept whole on the info, and the fields the kit reads applied. */
function applyMetadata(context: Context, value: unknown): void {
  if (value === undefined) return
  const { message } = context
  message.metadata = merge(message.metadata, value)
  const read = readMetadata(message.metadata, context.sink, ['messageMetadata'])
  // Usage and cost are this request's, so only what this chunk sends counts (the merged metadata
  // still holds an earlier request's), added to what the earlier requests used.
  const own = readMetadata(value, new DiagnosticSink({}), [])
  const patch: Partial<AssistantInfo> = { metadata: message.metadata }
  if (read.modelID !== undefined) patch.modelID = read.modelID
  if (read.providerID !== undefined) patch.providerID = read.providerID
  if (own.usage)
    patch.tokens = message.before ? addTokens(message.before.tokens, tokensOf(own.usage)) : tokensOf(own.usage)
  if (own.cost !== undefined) patch.cost = (message.before?.cost ?? 0) + own.cost
  if (read.created !== undefined) patch.time = { ...message.info.time, created: read.created }
  if (read.completed !== undefined) {
    message.completed = read.completed
    patch.time = { ...(patch.time ?? message.info.time), completed: read.completed }
  }
  setInfo(context, patch, own.cost !== undefined)
}

function emitTool(context: Context, entry: ToolEntry): void {
  context.emit({
    op: 'upsertPart',
    part: toolPartOf(idsOf(context.message, entry.partID), entry.tool, entry.start, entry.end),
  })
}

/** The call a chunk names; one never started is opened (and reported) so what it carries stays visible. */
function toolFor(context: Context, create: boolean): ToolEntry | undefined {
  const { chunk, message } = context
  const callID = stringField(chunk, 'toolCallId', context.sink, [], true)
  if (!callID) return undefined
  const known = message.tools.get(callID)
  if (known) return known
  if (!create)
    context.sink.error(
      'UNKNOWN_TOOL_CALL',
      `"${textOfType(chunk)}" for tool call "${callID}", which never started; it is shown as a call of tool "unknown"`,
      ['toolCallId'],
    )
  const name = typeof chunk.toolName === 'string' && chunk.toolName !== '' ? chunk.toolName : 'unknown'
  const entry: ToolEntry = {
    partID: nextPart(message),
    tool: { callID, tool: name, state: 'input-streaming', input: {}, raw: '', metadata: {} },
    start: context.now,
    end: context.now,
  }
  message.tools.set(callID, entry)
  return entry
}

/** Changes the call a chunk names (opening it when `create`), notes when it started or ended, and writes its part again. */
function changeTool(
  context: Context,
  create: boolean,
  change: (tool: DecodedTool) => DecodedTool,
  time?: 'start' | 'end',
): void {
  const entry = toolFor(context, create)
  if (!entry) return
  entry.tool = change(entry.tool)
  if (time) entry[time] = context.now
  keepToolExtras(entry, context.chunk)
  emitTool(context, entry)
}

const textOfType = (chunk: Record<string, unknown>) => (typeof chunk.type === 'string' ? chunk.type : '')

/** What else a tool chunk carries that the part keeps (provider metadata, `providerExecuted`, …). */
function keepToolExtras(entry: ToolEntry, chunk: Record<string, unknown>): void {
  // `dynamic` only says which part type the SDK would use (`dynamic-tool`): the model has one tool part.
  for (const key of ['providerExecuted', 'providerMetadata', 'toolMetadata', '_meta'] as const) {
    if (chunk[key] !== undefined)
      entry.tool.metadata = {
        ...entry.tool.metadata,
        [key === 'providerMetadata' ? 'callProviderMetadata' : key]: chunk[key],
      }
  }
  if (typeof chunk.title === 'string') entry.tool.title = chunk.title
}

function openText(context: Context, kind: 'text' | 'reasoning', id: string): string {
  const { message } = context
  const partID = nextPart(message)
  const provider = providerOf(context.chunk)
  if (kind === 'text') {
    message.texts.set(id, partID)
    context.emit({
      op: 'upsertPart',
      part: textPart(idsOf(message, partID), '', provider ? { metadata: provider } : {}),
    })
  } else {
    message.reasoning.set(id, { partID, start: context.now, id })
    context.emit({
      op: 'upsertPart',
      part: reasoningPart(idsOf(message, partID), '', { start: context.now }, { id, ...provider }),
    })
  }
  return partID
}

/** Provider metadata on a later chunk of a text or reasoning part replaces the part's. */
function patchProvider(context: Context, kind: 'text' | 'reasoning', partID: string): void {
  const provider = providerOf(context.chunk)
  if (!provider) return
  const metadata =
    kind === 'reasoning'
      ? { id: context.message.reasoning.get(stringField(context.chunk, 'id', context.sink, []) ?? '')?.id, ...provider }
      : provider
  context.emit({ op: 'patchPart', messageID: context.message.info.id, partID, patch: { metadata } })
}

function appendText(context: Context, kind: 'text' | 'reasoning'): void {
  const { chunk, message } = context
  const id = stringField(chunk, 'id', context.sink, [], true) ?? ''
  const delta = stringField(chunk, 'delta', context.sink, [], true) ?? ''
  let partID = kind === 'text' ? message.texts.get(id) : message.reasoning.get(id)?.partID
  if (!partID) {
    context.sink.error(
      'UNKNOWN_PART_ID',
      `${kind}-delta for "${id}", which never started; a ${kind} part is opened for it`,
      ['id'],
    )
    partID = openText(context, kind, id)
  }
  if (delta !== '') context.emit({ op: 'appendPartDelta', messageID: message.info.id, partID, field: 'text', delta })
  patchProvider(context, kind, partID)
}

function endReasoning(context: Context, id: string): void {
  const open = context.message.reasoning.get(id)
  if (!open) return
  patchProvider(context, 'reasoning', open.partID)
  context.message.reasoning.delete(id)
  context.emit({
    op: 'patchPart',
    messageID: context.message.info.id,
    partID: open.partID,
    patch: { time: span(open.start, context.now) },
  })
}

/** A part whose chunk has the shape of the `UIMessage` part (sources, files, custom). */
function addPart(context: Context): void {
  const { message } = context
  const partID = nextPart(message)
  const read = readPart(context.chunk, idsOf(message, partID), context.now, context.sink, [])
  if (read && 'part' in read) context.emit({ op: 'upsertPart', part: read.part })
}

/** Ends the message: open reasoning ends, the message completes; it may be continued if a call waits for approval. */
function end(context: Context, patch: Partial<AssistantInfo>): void {
  const { message } = context
  for (const id of [...message.reasoning.keys()]) endReasoning(context, id)
  message.continuable = [...message.tools.values()].some(
    (entry) => entry.tool.state === 'approval-requested' || entry.tool.state === 'approval-responded',
  )
  // The app's own completion time when its metadata gives one (as a message read whole has it), else the clock's.
  const completed = message.completed ?? Math.max(message.info.time.created, context.now)
  setInfo(context, { ...patch, time: { ...message.info.time, completed } })
}

/** What the SDK's server sends in place of an error's message unless the app's `onError` says more. */
const MASKED_ERROR = 'An error occurred.'

/**
 * The fields of each chunk the handlers read field by field (`ui-message-chunks.ts`: the SDK's own
 * schema rejects any other). Chunks read as parts (sources, files, custom) are checked as parts.
 */
const TOOL_CALL = [
  'type',
  'toolCallId',
  'toolName',
  'providerExecuted',
  'providerMetadata',
  'toolMetadata',
  'dynamic',
  'title',
  '_meta',
]
const TEXT = ['type', 'id', 'providerMetadata']
const CHUNK_FIELDS = new Map<string, ReadonlySet<string>>([
  ['start', fields('type', 'messageId', 'messageMetadata')],
  ['text-start', fields(...TEXT)],
  ['text-delta', fields(...TEXT, 'delta')],
  ['text-end', fields(...TEXT)],
  ['reasoning-start', fields(...TEXT)],
  ['reasoning-delta', fields(...TEXT, 'delta')],
  ['reasoning-end', fields(...TEXT)],
  ['tool-input-start', fields(...TOOL_CALL, 'inputEncoding')],
  ['tool-input-delta', fields('type', 'toolCallId', 'inputTextDelta')],
  ['tool-input-available', fields(...TOOL_CALL, 'input')],
  ['tool-input-error', fields(...TOOL_CALL, 'input', 'errorText')],
  [
    'tool-approval-request',
    fields(
      'type',
      'approvalId',
      'toolCallId',
      'isAutomatic',
      'signature',
      'reason',
      'approvalDescriptor',
      'inputSchemaInput',
    ),
  ],
  [
    'tool-approval-response',
    fields('type', 'approvalId', 'approved', 'reason', 'providerExecuted', 'providerMetadata'),
  ],
  [
    'tool-output-available',
    fields(
      'type',
      'toolCallId',
      'output',
      'providerExecuted',
      'providerMetadata',
      'toolMetadata',
      'dynamic',
      'preliminary',
    ),
  ],
  [
    'tool-output-error',
    fields('type', 'toolCallId', 'errorText', 'providerExecuted', 'providerMetadata', 'toolMetadata', 'dynamic'),
  ],
  ['tool-output-denied', fields('type', 'toolCallId')],
  ['start-step', fields('type')],
  ['finish-step', fields('type')],
  ['reset-step', fields('type')],
  ['finish', fields('type', 'finishReason', 'messageMetadata')],
  ['abort', fields('type', 'reason')],
  ['error', fields('type', 'errorText')],
  ['message-metadata', fields('type', 'messageMetadata')],
])
const DATA_CHUNK_FIELDS = fields('type', 'id', 'data', 'transient')

/** One handler per chunk type (`data-*` chunks have their own). */
const HANDLERS: Record<ChunkType, (context: Context) => void> = {
  // The session has opened or continued the message (see `Session.start`); the chunk adds its metadata.
  start: (context) => applyMetadata(context, context.chunk.messageMetadata),
  'text-start': (context) =>
    void openText(context, 'text', stringField(context.chunk, 'id', context.sink, [], true) ?? ''),
  'text-delta': (context) => appendText(context, 'text'),
  'text-end'(context) {
    const id = stringField(context.chunk, 'id', context.sink, []) ?? ''
    const partID = context.message.texts.get(id)
    if (partID) patchProvider(context, 'text', partID)
    context.message.texts.delete(id)
  },
  'reasoning-start': (context) =>
    void openText(context, 'reasoning', stringField(context.chunk, 'id', context.sink, [], true) ?? ''),
  'reasoning-delta': (context) => appendText(context, 'reasoning'),
  'reasoning-end': (context) => endReasoning(context, stringField(context.chunk, 'id', context.sink, []) ?? ''),
  'tool-input-start': (context) => changeTool(context, true, (tool) => tool),
  'tool-input-delta': (context) =>
    changeTool(context, false, (tool) => ({
      ...tool,
      raw: tool.raw + (stringField(context.chunk, 'inputTextDelta', context.sink, []) ?? ''),
    })),
  'tool-input-available'(context) {
    const input = context.chunk.input
    const raw = isRecord(input) || input === undefined ? '' : describeValue(input)
    changeTool(
      context,
      true,
      (tool) => ({ ...tool, state: 'input-available', input: isRecord(input) ? input : {}, raw }),
      'start',
    )
  },
  'tool-input-error'(context) {
    const input = context.chunk.input
    const errorText = stringField(context.chunk, 'errorText', context.sink, []) ?? ''
    changeTool(
      context,
      true,
      (tool) => ({
        ...tool,
        state: 'output-error',
        input: isRecord(input) ? input : {},
        errorText,
        ...(!isRecord(input) && input !== undefined ? { metadata: { ...tool.metadata, rawInput: input } } : {}),
      }),
      'end',
    )
  },
  'tool-approval-request'(context) {
    const { chunk } = context
    const id = stringField(chunk, 'approvalId', context.sink, [], true)
    if (!id) return
    const reason = typeof chunk.reason === 'string' ? { reason: chunk.reason } : {}
    changeTool(context, false, (tool) => ({
      ...tool,
      state: 'approval-requested',
      approval: { id, ...(chunk.isAutomatic === true ? { isAutomatic: true } : {}), ...reason },
      // What the SDK sends to describe the request is kept, not shown.
      metadata: {
        ...tool.metadata,
        ...(chunk.approvalDescriptor !== undefined ? { approvalDescriptor: chunk.approvalDescriptor } : {}),
        ...(chunk.signature !== undefined ? { approvalSignature: chunk.signature } : {}),
        ...(chunk.inputSchemaInput !== undefined ? { approvalInput: chunk.inputSchemaInput } : {}),
      },
    }))
  },
  'tool-approval-response'(context) {
    const { chunk } = context
    const id = stringField(chunk, 'approvalId', context.sink, [], true)
    const entry = [...context.message.tools.values()].find((candidate) => candidate.tool.approval?.id === id)
    if (!entry || !id) {
      context.sink.error(
        'UNKNOWN_APPROVAL',
        `an approval response for "${id ?? ''}", which no call asked for; ignored`,
        ['approvalId'],
      )
      return
    }
    const reason = typeof chunk.reason === 'string' ? { reason: chunk.reason } : {}
    entry.tool = {
      ...entry.tool,
      state: 'approval-responded',
      approval: { ...entry.tool.approval, id, approved: chunk.approved === true, ...reason },
    }
    emitTool(context, entry)
  },
  'tool-output-available': (context) =>
    changeTool(
      context,
      false,
      (tool) => ({
        ...tool,
        state: 'output-available',
        output: context.chunk.output,
        preliminary: context.chunk.preliminary === true,
      }),
      'end',
    ),
  'tool-output-error': (context) =>
    changeTool(
      context,
      false,
      (tool) => ({
        ...tool,
        state: 'output-error',
        errorText: stringField(context.chunk, 'errorText', context.sink, []) ?? '',
      }),
      'end',
    ),
  'tool-output-denied': (context) =>
    changeTool(
      context,
      false,
      (tool) => ({
        ...tool,
        state: 'output-denied',
        approval: { id: tool.approval?.id ?? deriveId('apr', tool.callID), ...tool.approval, approved: false },
      }),
      'end',
    ),
  'source-url': addPart,
  'source-document': addPart,
  file: addPart,
  'reasoning-file': addPart,
  custom: addPart,
  'start-step'(context) {
    const { message } = context
    message.step = []
    const partID = nextPart(message)
    message.step = []
    context.emit({ op: 'upsertPart', part: stepStartPart(idsOf(message, partID)) })
  },
  'finish-step'(context) {
    for (const id of [...context.message.reasoning.keys()]) endReasoning(context, id)
    context.message.texts.clear()
  },
  'reset-step'(context) {
    // The step is retried: what it wrote so far goes, its retried parts follow.
    const { message } = context
    const gone = new Set(message.step)
    for (const partID of message.step) context.emit({ op: 'removePart', messageID: message.info.id, partID })
    for (const [key, entry] of message.tools) if (gone.has(entry.partID)) message.tools.delete(key)
    for (const [key, partID] of message.texts) if (gone.has(partID)) message.texts.delete(key)
    for (const [key, open] of message.reasoning) if (gone.has(open.partID)) message.reasoning.delete(key)
    for (const [key, partID] of message.data) if (gone.has(partID)) message.data.delete(key)
    message.step = []
  },
  finish(context) {
    applyMetadata(context, context.chunk.messageMetadata)
    const reason = context.chunk.finishReason
    end(context, typeof reason === 'string' && reason !== '' ? { finish: reason } : {})
    context.session.settle(context)
  },
  abort(context) {
    const reason =
      typeof context.chunk.reason === 'string' && context.chunk.reason !== ''
        ? context.chunk.reason
        : 'The response was stopped'
    end(context, { error: messageError('MessageAbortedError', { message: reason }) })
    context.session.settle(context)
  },
  error(context) {
    const text = stringField(context.chunk, 'errorText', context.sink, [])
    if (text === MASKED_ERROR) {
      context.sink.warn(
        'MASKED_ERROR',
        `the stream failed with the AI SDK's default text "${MASKED_ERROR}", which hides the cause: give toUIMessageStreamResponse an onError that returns a message to see it`,
        ['errorText'],
      )
    }
    const error: MessageError = messageError('UnknownError', {
      message: text || 'The stream failed',
      ...(text === MASKED_ERROR ? { masked: true } : {}),
    })
    end(context, { error })
    context.session.streaming = false
    context.emit({ op: 'setStatus', status: 'error', error })
  },
  'message-metadata': (context) => applyMetadata(context, context.chunk.messageMetadata),
}

class Session implements AiSdkStream {
  current: Current | undefined
  streaming = false
  private count = 0
  /** The last user message the session was seeded with: the parent of the message it opens next. */
  private parentID = ''
  private sessionID: string
  private readonly once = new Set<string>()
  private readonly clock: () => number
  private readonly sse = new SseReader()

  constructor(private readonly options: AiSdkStreamOptions) {
    this.sessionID = options.sessionID ?? deriveId('ses', 'aisdk')
    this.clock = options.clock ?? Date.now
  }

  settle(context: Context): void {
    this.streaming = false
    context.emit({ op: 'setStatus', status: 'idle' })
  }

  seed(messages: unknown): void {
    if (!Array.isArray(messages)) return
    const sink = new DiagnosticSink({})
    this.sessionID = this.options.sessionID ?? aiSdkSessionID(messages)
    this.count = messages.length
    const user: unknown = messages.findLast((message: unknown) => isRecord(message) && message.role === 'user')
    this.parentID = isRecord(user) && typeof user.id === 'string' ? user.id : ''
    const last: unknown = messages.at(-1)
    if (!isRecord(last) || last.role !== 'assistant' || typeof last.id !== 'string') return
    const info = infoOf(last, last.id, this.sessionID, this.parentID, sink, [])
    if (info.role !== 'assistant') return
    const parts: unknown[] = Array.isArray(last.parts) ? last.parts : []
    const current = this.fresh(info)
    current.parts = parts.length
    current.metadata = isRecord(last.metadata) ? last.metadata : {}
    if (info.time.completed !== undefined) current.completed = info.time.completed
    parts.forEach((part, n) => {
      if (!isRecord(part) || typeof part.type !== 'string') return
      const partID = deriveId('prt', info.id, n)
      if (part.type === 'dynamic-tool' || (part.type.startsWith('tool-') && part.type !== 'tool-invocation')) {
        const tool = decodeToolPart(part, sink, [])
        if (tool) current.tools.set(tool.callID, { partID, tool, start: info.time.created, end: info.time.created })
      } else if (part.type.startsWith('data-') && typeof part.id === 'string')
        current.data.set(`${part.type}\u0000${part.id}`, partID)
    })
    current.continuable = true
    this.current = current
  }

  push(input: unknown, callOptions?: ConvertOptions): { ops: TranscriptOp[]; diagnostics: Diagnostic[] } {
    const sink = new DiagnosticSink({ strict: callOptions?.strict ?? this.options.strict ?? false })
    const ops: TranscriptOp[] = []
    // A strict read that throws leaves the session as it was.
    const saved = sink.throws ? this.save() : undefined
    try {
      for (const chunk of this.chunksOf(input, sink)) this.chunk(limitDepth(chunk, sink), sink, ops)
    } catch (error) {
      if (saved) this.restore(saved)
      throw error
    }
    return { ops, diagnostics: sink.list }
  }

  /** The chunks of one push: an object, or the events a piece of server-sent-event text or bytes finishes. */
  private chunksOf(input: unknown, sink: DiagnosticSink): unknown[] {
    let piece: string | Uint8Array
    if (typeof input === 'string') piece = input
    else if (input instanceof ArrayBuffer) piece = new Uint8Array(input)
    else if (ArrayBuffer.isView(input)) piece = new Uint8Array(input.buffer, input.byteOffset, input.byteLength)
    else return [input]
    const chunks: unknown[] = []
    for (const event of this.sse.push(piece)) {
      if ('json' in event) {
        chunks.push(event.json)
        continue
      }
      const data = event.data.trim()
      if (data === '' || data === '[DONE]') continue
      try {
        chunks.push(JSON.parse(data))
      } catch {
        sink.error('BAD_CHUNK', `an event's data is not JSON: ${describeValue(data)}`, [])
      }
    }
    return chunks
  }

  private chunk(chunk: unknown, sink: DiagnosticSink, ops: TranscriptOp[]): void {
    if (!isRecord(chunk) || typeof chunk.type !== 'string') {
      sink.error('BAD_CHUNK', `a chunk must be an object with a type (got ${describeValue(chunk)})`, [])
      return
    }
    const type = chunk.type
    const data = type.startsWith('data-')
    const handler = data ? undefined : ownEntry(HANDLERS, type)
    if (!data && !handler) {
      if (!this.once.has(type)) {
        this.once.add(type)
        sink.warn('UNKNOWN_CHUNK', `chunk type "${type}" is not one the kit reads; such chunks are ignored`, ['type'])
      }
      return
    }
    const known = data ? DATA_CHUNK_FIELDS : CHUNK_FIELDS.get(type)
    if (known) reportUnread(chunk, known, sink, [], `a ${type} chunk`)
    const now = this.clock()
    if (type === 'start') this.start(chunk, now, ops)
    const message = this.current ?? this.open(undefined, now, ops)
    if (!this.streaming && type !== 'message-metadata') {
      this.streaming = true
      ops.push({ op: 'setStatus', status: 'streaming' })
    }
    const context: Context = { chunk, message, now, sink, session: this, emit: (op) => ops.push(op) }
    if (handler) handler(context)
    else this.data(context, type)
  }

  /** `start`: continues the current message when it names it (or names none and it may be continued); else opens one. */
  private start(chunk: Record<string, unknown>, now: number, ops: TranscriptOp[]): void {
    const id = isNonEmptyString(chunk.messageId) ? chunk.messageId : undefined
    const current = this.current
    // As the SDK does, a stream continues the message it was seeded with (or one waiting for an approval), whatever id it names.
    const continues = current && (current.continuable || id === current.info.id)
    if (current && continues) {
      current.continuable = false
      current.before = { tokens: current.info.tokens, cost: current.info.cost }
      const { completed: _completed, ...time } = current.info.time
      current.info = { ...current.info, time }
      delete current.info.finish
      ops.push({ op: 'upsertMessage', info: current.info })
    } else this.open(id, now, ops)
    this.streaming = true
    ops.push({ op: 'setStatus', status: 'streaming' })
  }

  private open(id: string | undefined, now: number, ops: TranscriptOp[]): Current {
    const info = assistantInfo({
      id: id ?? deriveId('msg', this.sessionID, this.count),
      sessionID: this.sessionID,
      created: now,
      parentID: this.parentID,
      tokens: tokens(),
    })
    this.count += 1
    this.current = this.fresh(info)
    ops.push({ op: 'upsertMessage', info })
    return this.current
  }

  private fresh(info: AssistantInfo): Current {
    return {
      info,
      parts: 0,
      metadata: {},
      texts: new Map(),
      reasoning: new Map(),
      tools: new Map(),
      data: new Map(),
      step: [],
      continuable: false,
    }
  }

  /** A `data-*` chunk: kept as a data part (one with an id replaces the earlier one); a transient one is for the app's `onData`, not the message. */
  private data(context: Context, type: string): void {
    const { chunk, message } = context
    if (chunk.transient === true) return
    const key = typeof chunk.id === 'string' ? `${type}\u0000${chunk.id}` : undefined
    const known = key !== undefined ? message.data.get(key) : undefined
    const partID = known ?? nextPart(message)
    if (key !== undefined) message.data.set(key, partID)
    const read = readPart({ type, data: chunk.data }, idsOf(message, partID), context.now, context.sink, [])
    if (read && 'part' in read) context.emit({ op: 'upsertPart', part: read.part })
  }

  private save() {
    const current = this.current
    return {
      sse: this.sse.save(),
      streaming: this.streaming,
      count: this.count,
      current: current && {
        ...current,
        texts: new Map(current.texts),
        reasoning: new Map(current.reasoning),
        tools: new Map([...current.tools].map(([key, entry]) => [key, { ...entry }])),
        data: new Map(current.data),
        step: [...current.step],
      },
    }
  }

  private restore(saved: ReturnType<Session['save']>): void {
    this.sse.restore(saved.sse)
    this.streaming = saved.streaming
    this.count = saved.count
    this.current = saved.current
  }
}

/** Opens a live session over the AI SDK's UI message stream. */
export function createAiSdkStream(options: AiSdkStreamOptions = {}): AiSdkStream {
  return new Session(options)
}
