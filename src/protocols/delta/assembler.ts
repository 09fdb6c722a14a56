import type { AssistantInfo, MessageError, Part, ReasoningPart, TextPart, ToolPart, WithParts } from '../../core/model/types.js'
import type { TranscriptOp } from '../../core/transcript.js'
import { type ConvertOptions, type Diagnostic, DiagnosticSink, describeValue, isNonEmptyString, isRecord, safeJson } from '../diagnostics.js'
import { deriveId, toEpochMs } from '../ids.js'
import { assistantInfo, count, runningState, span, stepFinishPart, tokens } from '../../core/build.js'
import { inferDisplay } from '../display.js'

/** Where an assembly stands: before `start`, streaming, or ended by `done` or `error`. */
export type DeltaAssemblyStatus = 'waiting' | 'streaming' | 'done' | 'error'

/** Options of {@link createDeltaAssembly}. */
export interface DeltaAssemblyOptions extends ConvertOptions {
  /** Session id of the message (default: derived from the run id). */
  sessionID?: string
  /** Id of the user message this answers (default: ''). */
  parentID?: string
  /** Provider of the model (default: ''). */
  providerID?: string
  /** Agent name (default: ''). */
  agent?: string
}

/** The state of one run's assembly: a pure value, replaced by every {@link assembleDelta}. */
export interface DeltaAssembly {
  /** The assistant message grown so far; what streamed stays visible after an error. */
  message: WithParts & { info: AssistantInfo }
  status: DeltaAssemblyStatus
  /** The run the deltas belong to, from the first delta. */
  runId?: string
  /** The highest `seq` seen. */
  lastSeq?: number
  /** Every `seq` applied, with a fingerprint of its delta, to tell a retransmission from a conflict and a reorder. */
  seen: Record<number, number>
  /** Tool calls by id: their part and argument text so far. */
  tools: Record<string, { partID: string; raw: string }>
  /** The text or reasoning part that the next delta of the same kind extends. */
  open?: { kind: 'text' | 'thinking'; partID: string }
  /** Everything reported so far. */
  diagnostics: Diagnostic[]
  readonly options: DeltaAssemblyOptions
}

/** Creates an empty assembly. */
export function createDeltaAssembly(options: DeltaAssemblyOptions = {}): DeltaAssembly {
  const info = assistantInfo({
    id: '',
    sessionID: options.sessionID ?? '',
    created: 0,
    parentID: options.parentID ?? '',
    providerID: options.providerID ?? '',
    agent: options.agent ?? '',
  })
  return { message: { info, parts: [] }, status: 'waiting', seen: {}, tools: {}, diagnostics: [], options }
}

const KINDS = new Set(['start', 'text', 'thinking', 'tool_call_start', 'tool_call_args', 'tool_call_end', 'usage', 'done', 'error'])

/** A working copy of an assembly: the handlers change it, then it is frozen into a new state. */
class Draft {
  info: AssistantInfo
  parts: Part[]
  changedMessage = false
  state: DeltaAssembly
  sink: DiagnosticSink
  time: number

  constructor(state: DeltaAssembly, time: number, options?: ConvertOptions) {
    this.state = { ...state }
    this.info = state.message.info
    this.parts = state.message.parts
    this.sink = new DiagnosticSink({ strict: options?.strict ?? state.options.strict ?? false })
    this.time = time
  }

  report(code: string, message: string, path: (string | number)[], severity: 'error' | 'warning' = 'error') {
    this.sink.push({ code, message, path, severity })
  }

  setInfo(patch: Partial<AssistantInfo>) {
    this.info = { ...this.info, ...patch }
    this.changedMessage = true
  }

  add(part: Part) {
    this.parts = [...this.parts, part]
    this.changedMessage = true
  }

  replace(partID: string, update: (part: Part) => Part) {
    const index = this.parts.findIndex((part) => part.id === partID)
    if (index < 0) return
    const next = [...this.parts]
    next[index] = update(this.parts[index] as Part)
    this.parts = next
    this.changedMessage = true
  }

  nextPartId(): string {
    return deriveId('prt', this.state.runId ?? '', this.parts.length)
  }

  /** Ends the open text or reasoning part (a reasoning part's time ends when something else begins). */
  closeOpen() {
    const open = this.state.open
    if (!open) return
    this.replace(open.partID, (part) => (part.type === 'reasoning' || part.type === 'text') && part.time && part.time.end === undefined ? { ...part, time: span(part.time.start, this.time) } : part)
    this.state.open = undefined
  }

  begin(runId: string, payload: Record<string, unknown>) {
    this.state.status = 'streaming'
    this.state.runId = runId
    const options = this.state.options
    this.setInfo({
      id: deriveId('msg', runId),
      sessionID: options.sessionID ?? deriveId('ses', runId),
      time: { created: this.time },
      modelID: typeof payload.modelId === 'string' ? payload.modelId : '',
      metadata: { runId, ...(typeof payload.requestId === 'string' ? { requestId: payload.requestId } : {}) },
    })
    this.add({ id: this.nextPartId(), sessionID: this.info.sessionID, messageID: this.info.id, type: 'step-start' })
  }

  appendText(kind: 'text' | 'thinking', delta: string) {
    const open = this.state.open
    if (open?.kind === kind) {
      this.replace(open.partID, (part) => ({ ...part, text: (part as TextPart).text + delta }) as Part)
      return
    }
    this.closeOpen()
    const id = this.nextPartId()
    const base = { id, sessionID: this.info.sessionID, messageID: this.info.id }
    const part: TextPart | ReasoningPart =
      kind === 'text' ? { ...base, type: 'text', text: delta, time: { start: this.time } } : { ...base, type: 'reasoning', text: delta, time: { start: this.time } }
    this.add(part)
    this.state.open = { kind, partID: id }
  }

  startTool(toolCallId: string, toolName: string) {
    this.closeOpen()
    const id = this.nextPartId()
    this.add({ id, sessionID: this.info.sessionID, messageID: this.info.id, type: 'tool', callID: toolCallId, tool: toolName, state: { status: 'pending', input: {}, raw: '' } })
    this.state.tools = { ...this.state.tools, [toolCallId]: { partID: id, raw: '' } }
  }

  finish(status: 'done' | 'error', patch: Partial<AssistantInfo>) {
    this.closeOpen()
    // A text part still open at the end ends now too.
    for (const part of this.parts) {
      if ((part.type === 'text' || part.type === 'reasoning') && part.time && part.time.end === undefined) {
        const time = span(part.time.start, this.time)
        this.replace(part.id, () => ({ ...part, time }))
      }
    }
    this.state.status = status
    this.setInfo({ ...patch, time: { ...this.info.time, completed: Math.max(this.info.time.created, this.time) } })
  }

  freeze(): DeltaAssembly {
    const next = this.state
    if (this.changedMessage) next.message = { info: this.info, parts: this.parts }
    if (this.sink.list.length > 0) next.diagnostics = [...next.diagnostics, ...this.sink.list]
    return next
  }
}

function parseArgs(raw: string): { input: Record<string, unknown> } | { error: string } {
  if (raw.trim() === '') return { input: {} }
  try {
    const value: unknown = JSON.parse(raw)
    return isRecord(value) ? { input: value } : { error: `arguments are JSON but not an object (${describeValue(value)})` }
  } catch (error) {
    return { error: error instanceof Error ? error.message : 'unparsable' }
  }
}

/**
 * Applies one `MessageDelta` to an assembly (a pure reducer: the same state comes back when the
 * delta changes nothing, e.g. a duplicate `seq`). Keeps seed 004's rules: `start` first, one
 * terminal `done` or `error`, `seq` strictly increasing (a duplicate is ignored; a gap or a reorder
 * is reported and the delta still applied), text and thinking joined in order, tool arguments
 * joined per call and parsed at `tool_call_end` (a failure keeps the raw text and a flag). Nothing
 * streamed is ever dropped; never throws unless the assembly was created `strict`.
 */
export function assembleDelta(state: DeltaAssembly, delta: unknown, options?: ConvertOptions): DeltaAssembly {
  if (!isRecord(delta) || typeof delta.kind !== 'string') {
    const draft = new Draft(state, 0, options)
    draft.report('BAD_DELTA', `a delta must be an object with a kind (got ${describeValue(delta)})`, [])
    return draft.freeze()
  }
  const time = toEpochMs(delta.timestamp) ?? state.message.info.time.created
  const draft = new Draft(state, time, options)
  const seq = delta.seq
  const kind = delta.kind
  const payload = isRecord(delta.payload) ? delta.payload : {}
  const runId = typeof delta.runId === 'string' ? delta.runId : ''

  if (typeof seq === 'number' && Number.isInteger(seq)) {
    const print = fingerprint(kind, delta.payload)
    const earlier = Object.hasOwn(state.seen, seq) ? state.seen[seq] : undefined
    // The same delta again is a retransmission; another delta under a used seq still lands, reported.
    if (earlier === print) return state
    if (earlier !== undefined) draft.report('SEQ_CONFLICT', `seq ${seq} came again with a different delta; both are applied`, ['seq'])
    else if (state.lastSeq !== undefined && seq < state.lastSeq) {
      draft.report('SEQ_REORDER', `seq ${seq} arrived after seq ${state.lastSeq}; applied where it arrived`, ['seq'])
    } else if (state.lastSeq !== undefined && seq > state.lastSeq + 1) {
      draft.report('SEQ_GAP', `seq jumped from ${state.lastSeq} to ${seq}; deltas may be missing`, ['seq'], 'warning')
    }
    if (earlier === undefined) draft.state.seen = { ...state.seen, [seq]: print }
    draft.state.lastSeq = Math.max(seq, state.lastSeq ?? seq)
  } else {
    draft.report('BAD_SEQ', `seq must be an integer (got ${describeValue(seq)}); the delta is applied`, ['seq'])
  }

  if (!KINDS.has(kind)) {
    const already = state.diagnostics.some((d) => d.code === 'UNKNOWN_KIND' && d.message.startsWith(`kind "${kind}"`))
    if (!already) draft.report('UNKNOWN_KIND', `kind "${kind}" is not part of the delta contract; such deltas are ignored`, ['kind'], 'warning')
    return draft.freeze()
  }

  if (state.status === 'waiting') {
    if (kind !== 'start') draft.report('MISSING_START', `the first delta must be "start" (got "${kind}"); the run is started implicitly`, ['kind'])
    draft.begin(runId || 'run', kind === 'start' ? payload : {})
    if (kind === 'start') return draft.freeze()
  } else if (kind === 'start') {
    draft.report('DUPLICATE_START', 'a second "start" in the same run is ignored', ['kind'])
    return draft.freeze()
  }
  if (runId && state.runId && runId !== state.runId) {
    draft.report('RUN_MISMATCH', `delta of run "${runId}" in the stream of run "${state.runId}"; applied`, ['runId'])
  }
  const ended = state.status === 'done' || state.status === 'error'
  if (ended) {
    if (kind === 'done' || kind === 'error') {
      draft.report('DUPLICATE_TERMINAL', `a second terminal "${kind}" is ignored; the run already ended with "${state.status}"`, ['kind'])
      return draft.freeze()
    }
    draft.report('AFTER_TERMINAL', `"${kind}" arrived after the run ended; applied so nothing is lost`, ['kind'])
  }

  switch (kind) {
    case 'text':
    case 'thinking': {
      if (typeof payload.textDelta !== 'string') {
        draft.report('BAD_PAYLOAD', `${kind} needs a string textDelta (got ${describeValue(payload.textDelta)})`, ['payload', 'textDelta'])
        break
      }
      if (payload.textDelta !== '') draft.appendText(kind, payload.textDelta)
      break
    }
    case 'tool_call_start': {
      if (!isNonEmptyString(payload.toolCallId)) {
        draft.report('BAD_PAYLOAD', 'tool_call_start needs a toolCallId', ['payload', 'toolCallId'])
        break
      }
      if (toolOf(draft.state.tools, payload.toolCallId)) {
        draft.report('DUPLICATE_TOOL_CALL', `tool call ${payload.toolCallId} already started; ignored`, ['payload', 'toolCallId'])
        break
      }
      draft.startTool(payload.toolCallId, isNonEmptyString(payload.toolName) ? payload.toolName : 'unknown')
      break
    }
    case 'tool_call_args': {
      const id = payload.toolCallId
      if (!isNonEmptyString(id) || typeof payload.argsTextDelta !== 'string') {
        draft.report('BAD_PAYLOAD', 'tool_call_args needs a toolCallId and a string argsTextDelta', ['payload'])
        break
      }
      if (!toolOf(draft.state.tools, id)) {
        draft.report('UNKNOWN_TOOL_CALL', `arguments for tool call ${id}, which never started; a call of tool "unknown" is opened`, ['payload', 'toolCallId'])
        draft.startTool(id, 'unknown')
      }
      const tool = toolOf(draft.state.tools, id) as { partID: string; raw: string }
      const raw = tool.raw + payload.argsTextDelta
      draft.state.tools = { ...draft.state.tools, [id]: { ...tool, raw } }
      draft.replace(tool.partID, (part) => (part.type === 'tool' && part.state.status === 'pending' ? { ...part, state: { ...part.state, raw } } : part))
      break
    }
    case 'tool_call_end': {
      const id = payload.toolCallId
      const tool = isNonEmptyString(id) ? toolOf(draft.state.tools, id) : undefined
      if (!isNonEmptyString(id) || !tool) {
        draft.report('UNKNOWN_TOOL_CALL', `tool_call_end for a call that never started (${describeValue(id)})`, ['payload', 'toolCallId'])
        break
      }
      const parsed = parseArgs(tool.raw)
      if ('error' in parsed) {
        draft.report('ARGS_PARSE_FAILED', `arguments of tool call ${id} are not valid JSON (${parsed.error}); the raw text is kept`, ['payload'], 'warning')
      }
      draft.replace(tool.partID, (part) => {
        if (part.type !== 'tool' || part.state.status !== 'pending') return part
        const input = 'input' in parsed ? parsed.input : {}
        const display = inferDisplay(part.tool, input)
        const next: ToolPart = { ...part, state: runningState({ input, start: time, ...(display ? { display } : {}) }) }
        if ('error' in parsed) next.metadata = { ...part.metadata, rawArgsText: tool.raw, argsParseFailed: true, argsParseError: parsed.error }
        return next
      })
      break
    }
    case 'usage': {
      const used = tokens({ input: payload.inputTokens as number, output: payload.outputTokens as number, ...(payload.totalTokens !== undefined ? { total: payload.totalTokens as number } : {}) })
      const total = used.total !== undefined ? { total: used.total } : {}
      const cost = count(payload.cost)
      draft.closeOpen()
      const step = stepFinishPart({ id: draft.nextPartId(), sessionID: draft.info.sessionID, messageID: draft.info.id }, { reason: '', cost, tokens: used })
      draft.add(step)
      const sum = draft.info.tokens
      draft.setInfo({
        cost: draft.info.cost + cost,
        tokens: {
          ...(sum.total !== undefined || 'total' in total ? { total: (sum.total ?? 0) + (total.total ?? used.input + used.output) } : {}),
          input: sum.input + used.input,
          output: sum.output + used.output,
          reasoning: sum.reasoning,
          cache: { ...sum.cache },
        },
      })
      break
    }
    case 'done': {
      const reason = isNonEmptyString(payload.finishReason) ? payload.finishReason : 'unknown'
      for (const part of draft.parts) if (part.type === 'step-finish' && part.reason === '') draft.replace(part.id, (p) => ({ ...p, reason }) as Part)
      draft.finish('done', { finish: reason })
      break
    }
    case 'error': {
      const code = isNonEmptyString(payload.errorCode) ? payload.errorCode : 'unknown'
      const error: MessageError = { name: 'StreamError', data: { message: isNonEmptyString(payload.message) ? payload.message : code, code } }
      if (typeof payload.retryable === 'boolean') error.data.isRetryable = payload.retryable
      for (const part of draft.parts) if (part.type === 'step-finish' && part.reason === '') draft.replace(part.id, (p) => ({ ...p, reason: 'error' }) as Part)
      draft.finish('error', { error })
      break
    }
  }
  return draft.freeze()
}

/** A 32-bit FNV-1a hash of a delta's kind and payload: tells a retransmitted delta from another one. */
function fingerprint(kind: string, payload: unknown): number {
  const text = `${kind}\u0000${safeJson(payload)}`
  let hash = 0x811c9dc5
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193)
  return hash >>> 0
}

/**
 * A whole recorded stream as messages: the assistant message it grew (none when no delta started
 * it), with every diagnostic. Input that is not a list of deltas is a diagnostic.
 */
export function fromDeltaStream(deltas: unknown, options?: DeltaAssemblyOptions): { messages: WithParts[]; diagnostics: Diagnostic[] } {
  if (!Array.isArray(deltas)) {
    const sink = new DiagnosticSink(options)
    sink.error('BAD_STREAM', `a recorded stream must be an array of deltas (got ${describeValue(deltas)})`)
    return { messages: [], diagnostics: sink.list }
  }
  const run = assembleDeltas(deltas, options)
  return { messages: run.status === 'waiting' ? [] : [run.message], diagnostics: run.diagnostics }
}

/** Assembles a whole stream of deltas. */
export function assembleDeltas(deltas: readonly unknown[], options?: DeltaAssemblyOptions): DeltaAssembly {
  return deltas.reduce<DeltaAssembly>((state, delta) => assembleDelta(state, delta), createDeltaAssembly(options))
}

/** The open tool call of a wire-given id: an own entry only, so `__proto__` or `constructor` is just an id. */
function toolOf(tools: DeltaAssembly['tools'], id: string): { partID: string; raw: string } | undefined {
  return Object.hasOwn(tools, id) ? tools[id] : undefined
}

/** The canonical writes that take a store from `previous` to `next` (only what changed). */
export function assemblyOps(previous: DeltaAssembly | undefined, next: DeltaAssembly): TranscriptOp[] {
  if (previous?.message === next.message || next.status === 'waiting') return []
  const ops: TranscriptOp[] = []
  if (previous?.message.info !== next.message.info) ops.push({ op: 'upsertMessage', info: next.message.info })
  const before = new Map((previous?.message.parts ?? []).map((part) => [part.id, part]))
  for (const part of next.message.parts) if (before.get(part.id) !== part) ops.push({ op: 'upsertPart', part })
  return ops
}
