/**
 * MessageDelta streams (seed 004) as a live session: each delta becomes canonical writes. The
 * session keeps what it needs to place the next delta (ids, the open text part, tool arguments so
 * far, seen `seq`s), never a copy of the message: text and thinking go out as `appendPartDelta`, so
 * a store can join a frame of tokens into one write.
 *
 * The envelope (the run, `seq`, `start` first, one terminal delta) is checked once; each kind then has
 * its own handler in one `Record`, so a new kind cannot go unhandled.
 */
import { assistantInfo, count, messageError, pendingState, reasoningPart, runningState, span, stepFinishPart, stepStartPart, textPart, tokens, toolPart, toolResult } from '../../core/build.js'
import type { AssistantInfo, MessageError, ToolPart, WithParts } from '../../core/model/types.js'
import { applyOps, emptyTranscript, type TranscriptOp, toMessages } from '../../core/transcript.js'
import { type ConvertOptions, type Diagnostic, DiagnosticSink, describeValue, isNonEmptyString, isRecord, limitDepth, safeJson } from '../diagnostics.js'
import { inferDisplay } from '../display.js'
import { deriveId, parseJsonObject, toEpochMs } from '../ids.js'
import type { MessageDeltaKind } from './types.js'

/** Options of a delta session. */
export interface DeltaStreamOptions extends ConvertOptions {
  /** Session id of the messages (default: derived from each run id). */
  sessionID?: string
  /** Id of the user message the runs answer (default: ''). */
  parentID?: string
  /** Provider of the model (default: ''). */
  providerID?: string
  /** Agent name (default: ''). */
  agent?: string
}

/** Where a run stands: streaming, or ended by `done` or `error`. */
export type DeltaRunStatus = 'streaming' | 'done' | 'error'

/** A live reader of MessageDelta streams; runs are told apart by `runId` and may interleave. */
export interface DeltaStream {
  /**
   * Reads one delta, or one seed-004 `tool` message (`{ role: 'tool', parts: [tool_result…] }`)
   * whose results complete the calls they answer. Returns the writes it makes.
   */
  push(event: unknown, options?: ConvertOptions): { ops: TranscriptOp[]; diagnostics: Diagnostic[] }
}

interface OpenTool {
  partID: string
  tool: string
  raw: string
  input: Record<string, unknown>
  start: number
  /** Set once its result came. */
  done: boolean
}

interface Run {
  runId: string
  status: DeltaRunStatus
  info: AssistantInfo
  /** How many parts the message has: the next part's id is derived from it. */
  parts: number
  /** Fingerprints of the deltas applied, by `seq`. */
  seen: Map<number, number>
  lastSeq?: number
  /** The text or reasoning part the next delta of the same kind extends. */
  open?: { kind: 'text' | 'thinking'; partID: string; start: number } | undefined
  /** Text and reasoning parts that have not ended, with their start. */
  spans: Map<string, number>
  tools: Map<string, OpenTool>
  /** Step-finish parts waiting for the run's finish reason. */
  steps: string[]
}

/** What a handler works with: the run, the delta's payload and time, and where writes and reports go. */
interface Context {
  run: Run
  payload: Record<string, unknown>
  time: number
  emit(op: TranscriptOp): void
  report(code: string, message: string, path: (string | number)[], severity?: 'error' | 'warning'): void
  sink: DiagnosticSink
  stream: Session
}

const KINDS = ['start', 'text', 'thinking', 'tool_call_start', 'tool_call_args', 'tool_call_end', 'usage', 'done', 'error'] as const satisfies readonly MessageDeltaKind[]
const isKind = (kind: string): kind is MessageDeltaKind => (KINDS as readonly string[]).includes(kind)

/** A 32-bit FNV-1a hash of a delta's kind and payload: tells a retransmitted delta from another one. */
function fingerprint(kind: string, payload: unknown): number {
  const text = `${kind}\u0000${safeJson(payload)}`
  let hash = 0x811c9dc5
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193)
  return hash >>> 0
}

const idsOf = (run: Run, partID: string) => ({ id: partID, sessionID: run.info.sessionID, messageID: run.info.id })

function nextPartId(run: Run): string {
  const id = deriveId('prt', run.runId, run.parts)
  run.parts += 1
  return id
}

/** Ends the open text or reasoning part at `time`. */
function closeOpen(context: Context): void {
  const { run } = context
  if (!run.open) return
  context.emit({ op: 'patchPart', messageID: run.info.id, partID: run.open.partID, patch: { time: span(run.open.start, context.time) } })
  run.spans.delete(run.open.partID)
  run.open = undefined
}

function setInfo(context: Context, patch: Partial<AssistantInfo>): void {
  context.run.info = { ...context.run.info, ...patch }
  context.emit({ op: 'upsertMessage', info: context.run.info })
}

function appendText(context: Context, kind: 'text' | 'thinking'): void {
  const { run, payload } = context
  if (typeof payload.textDelta !== 'string') {
    context.report('BAD_PAYLOAD', `${kind} needs a string textDelta (got ${describeValue(payload.textDelta)})`, ['payload', 'textDelta'])
    return
  }
  const delta = payload.textDelta
  if (delta === '') return
  if (run.open?.kind === kind) {
    context.emit({ op: 'appendPartDelta', messageID: run.info.id, partID: run.open.partID, field: 'text', delta })
    return
  }
  closeOpen(context)
  const ids = idsOf(run, nextPartId(run))
  const time = { start: context.time }
  context.emit({ op: 'upsertPart', part: kind === 'text' ? textPart(ids, delta, { time }) : reasoningPart(ids, delta, time) })
  run.open = { kind, partID: ids.id, start: context.time }
  run.spans.set(ids.id, context.time)
}

function startTool(context: Context, callID: string, tool: string): OpenTool {
  closeOpen(context)
  const { run } = context
  const open: OpenTool = { partID: nextPartId(run), tool, raw: '', input: {}, start: context.time, done: false }
  run.tools.set(callID, open)
  context.emit({ op: 'upsertPart', part: toolPart(idsOf(run, open.partID), { callID, tool, state: pendingState({}, '') }) })
  return open
}

/** Ends the run: open parts end, the reason lands on its steps, the message completes. */
function finish(context: Context, status: 'done' | 'error', patch: Partial<AssistantInfo>, reason: string): void {
  const { run } = context
  closeOpen(context)
  for (const [partID, start] of run.spans) context.emit({ op: 'patchPart', messageID: run.info.id, partID, patch: { time: span(start, context.time) } })
  run.spans.clear()
  for (const partID of run.steps) context.emit({ op: 'patchPart', messageID: run.info.id, partID, patch: { reason } })
  run.steps = []
  run.status = status
  setInfo(context, { ...patch, time: { ...run.info.time, completed: Math.max(run.info.time.created, context.time) } })
}

/** One handler per delta kind (after the envelope checks). */
const HANDLERS: Record<MessageDeltaKind, (context: Context) => void> = {
  // `start` is handled by the envelope: it opens the run.
  start: () => {},
  text: (context) => appendText(context, 'text'),
  thinking: (context) => appendText(context, 'thinking'),
  tool_call_start(context) {
    const { payload, run } = context
    if (!isNonEmptyString(payload.toolCallId)) {
      context.report('BAD_PAYLOAD', 'tool_call_start needs a toolCallId', ['payload', 'toolCallId'])
      return
    }
    if (run.tools.has(payload.toolCallId)) {
      context.report('DUPLICATE_TOOL_CALL', `tool call ${payload.toolCallId} already started; ignored`, ['payload', 'toolCallId'])
      return
    }
    startTool(context, payload.toolCallId, isNonEmptyString(payload.toolName) ? payload.toolName : 'unknown')
  },
  tool_call_args(context) {
    const { payload, run } = context
    const id = payload.toolCallId
    if (!isNonEmptyString(id) || typeof payload.argsTextDelta !== 'string') {
      context.report('BAD_PAYLOAD', 'tool_call_args needs a toolCallId and a string argsTextDelta', ['payload'])
      return
    }
    let tool = run.tools.get(id)
    if (!tool) {
      context.report('UNKNOWN_TOOL_CALL', `arguments for tool call ${id}, which never started; a call of tool "unknown" is opened`, ['payload', 'toolCallId'])
      tool = startTool(context, id, 'unknown')
    }
    tool.raw += payload.argsTextDelta
    context.emit({ op: 'upsertPart', part: toolPart(idsOf(run, tool.partID), { callID: id, tool: tool.tool, state: pendingState({}, tool.raw) }) })
  },
  tool_call_end(context) {
    const { payload, run } = context
    const id = payload.toolCallId
    const tool = isNonEmptyString(id) ? run.tools.get(id) : undefined
    if (!isNonEmptyString(id) || !tool) {
      context.report('UNKNOWN_TOOL_CALL', `tool_call_end for a call that never started (${describeValue(id)})`, ['payload', 'toolCallId'])
      return
    }
    const parsed = tool.raw.trim() === '' ? { input: {} } : parseJsonObject(tool.raw)
    if ('error' in parsed) context.report('ARGS_PARSE_FAILED', `arguments of tool call ${id} are not valid JSON (${parsed.error}); the raw text is kept`, ['payload'], 'warning')
    tool.input = 'input' in parsed ? parsed.input : {}
    tool.start = context.time
    const display = inferDisplay(tool.tool, tool.input)
    const metadata = 'error' in parsed ? { metadata: { rawArgsText: tool.raw, argsParseFailed: true, argsParseError: parsed.error } } : {}
    context.emit({
      op: 'upsertPart',
      part: toolPart(idsOf(run, tool.partID), { callID: id, tool: tool.tool, state: runningState({ input: tool.input, start: context.time, ...(display ? { display } : {}) }), ...metadata }),
    })
  },
  usage(context) {
    const { payload, run } = context
    const used = tokens({ input: payload.inputTokens as number, output: payload.outputTokens as number, ...(payload.totalTokens !== undefined ? { total: payload.totalTokens as number } : {}) })
    const cost = count(payload.cost)
    closeOpen(context)
    const partID = nextPartId(run)
    context.emit({ op: 'upsertPart', part: stepFinishPart(idsOf(run, partID), { reason: '', cost, tokens: used }) })
    run.steps.push(partID)
    const sum = run.info.tokens
    setInfo(context, {
      cost: run.info.cost + cost,
      tokens: {
        ...(sum.total !== undefined || used.total !== undefined ? { total: (sum.total ?? 0) + (used.total ?? used.input + used.output) } : {}),
        input: sum.input + used.input,
        output: sum.output + used.output,
        reasoning: sum.reasoning,
        cache: { ...sum.cache },
      },
    })
  },
  done(context) {
    const reason = isNonEmptyString(context.payload.finishReason) ? context.payload.finishReason : 'unknown'
    finish(context, 'done', { finish: reason }, reason)
    context.stream.settle(context)
  },
  error(context) {
    const { payload } = context
    const code = isNonEmptyString(payload.errorCode) ? payload.errorCode : 'unknown'
    const error: MessageError = messageError('StreamError', { message: isNonEmptyString(payload.message) ? payload.message : code, code })
    if (typeof payload.retryable === 'boolean') error.data.isRetryable = payload.retryable
    finish(context, 'error', { error }, 'error')
    context.emit({ op: 'setStatus', status: 'error', error })
  },
}

class Session implements DeltaStream {
  readonly runs = new Map<string, Run>()
  /** Codes reported once per session (an unknown kind, say), with what they were about. */
  private readonly once = new Set<string>()

  constructor(private readonly options: DeltaStreamOptions) {}

  push(event: unknown, callOptions?: ConvertOptions): { ops: TranscriptOp[]; diagnostics: Diagnostic[] } {
    const sink = new DiagnosticSink({ strict: callOptions?.strict ?? this.options.strict ?? false })
    const ops: TranscriptOp[] = []
    // Strict reads are checked on copies first, so a throw leaves the session as it was.
    const runs = sink.throws ? this.cloneRuns() : undefined
    try {
      if (isRecord(event) && event.role === 'tool') this.toolMessage(limitDepth(event, sink), sink, ops)
      else this.delta(event, sink, ops)
    } catch (error) {
      if (runs) this.restore(runs)
      throw error
    }
    return { ops, diagnostics: sink.list }
  }

  /** Reports `code` about `key` only the first time. */
  warnOnce(sink: DiagnosticSink, key: string, code: string, message: string, path: (string | number)[]): void {
    if (this.once.has(`${code}\u0000${key}`)) return
    this.once.add(`${code}\u0000${key}`)
    sink.warn(code, message, path)
  }

  /** After a run ends: the transcript is idle once no run streams. */
  settle(context: Context): void {
    if (![...this.runs.values()].some((run) => run.status === 'streaming')) context.emit({ op: 'setStatus', status: 'idle' })
  }

  private delta(event: unknown, sink: DiagnosticSink, ops: TranscriptOp[]): void {
    if (!isRecord(event) || typeof event.kind !== 'string') {
      sink.error('BAD_DELTA', `a delta must be an object with a kind (got ${describeValue(event)})`, [])
      return
    }
    const runId = typeof event.runId === 'string' ? event.runId : ''
    const kind = event.kind
    const payload = isRecord(event.payload) ? event.payload : {}
    let run = this.runs.get(runId)
    const time = toEpochMs(event.timestamp) ?? run?.info.time.created ?? 0
    const context = (target: Run): Context => ({
      run: target,
      payload,
      time,
      sink,
      stream: this,
      emit: (op) => ops.push(op),
      report: (code, message, path, severity = 'error') => sink.push({ code, message, path, severity }),
    })

    const seq = event.seq
    let reported = false
    if (typeof seq === 'number' && Number.isInteger(seq)) {
      const print = fingerprint(kind, event.payload)
      const earlier = run?.seen.get(seq)
      // The same delta again is a retransmission; another delta under a used seq still lands, reported.
      if (earlier === print) return
      if (earlier !== undefined) sink.error('SEQ_CONFLICT', `seq ${seq} came again with a different delta; both are applied`, ['seq'])
      else if (run?.lastSeq !== undefined && seq < run.lastSeq) sink.error('SEQ_REORDER', `seq ${seq} arrived after seq ${run.lastSeq}; applied where it arrived`, ['seq'])
      else if (run?.lastSeq !== undefined && seq > run.lastSeq + 1) sink.warn('SEQ_GAP', `seq jumped from ${run.lastSeq} to ${seq}; deltas may be missing`, ['seq'])
      reported = true
    } else {
      sink.error('BAD_SEQ', `seq must be an integer (got ${describeValue(seq)}); the delta is applied`, ['seq'])
    }
    const remember = (target: Run) => {
      if (!reported || typeof seq !== 'number') return
      if (!target.seen.has(seq)) target.seen.set(seq, fingerprint(kind, event.payload))
      target.lastSeq = Math.max(seq, target.lastSeq ?? seq)
    }

    if (!isKind(kind)) {
      this.warnOnce(sink, kind, 'UNKNOWN_KIND', `kind "${kind}" is not part of the delta contract; such deltas are ignored`, ['kind'])
      if (run) remember(run)
      return
    }
    if (!run) {
      if (kind !== 'start') sink.error('MISSING_START', `the first delta must be "start" (got "${kind}"); the run is started implicitly`, ['kind'])
      run = this.begin(runId, kind === 'start' ? payload : {}, time, ops)
      remember(run)
      if (kind === 'start') return
    } else if (kind === 'start') {
      sink.error('DUPLICATE_START', 'a second "start" in the same run is ignored', ['kind'])
      remember(run)
      return
    }
    remember(run)
    if (run.status !== 'streaming') {
      if (kind === 'done' || kind === 'error') {
        sink.error('DUPLICATE_TERMINAL', `a second terminal "${kind}" is ignored; the run already ended with "${run.status}"`, ['kind'])
        return
      }
      sink.error('AFTER_TERMINAL', `"${kind}" arrived after the run ended; applied so nothing is lost`, ['kind'])
    }
    HANDLERS[kind](context(run))
  }

  private begin(runId: string, payload: Record<string, unknown>, time: number, ops: TranscriptOp[]): Run {
    const id = runId || 'run'
    const options = this.options
    const run: Run = {
      runId: id,
      status: 'streaming',
      info: assistantInfo({
        id: deriveId('msg', id),
        sessionID: options.sessionID ?? deriveId('ses', id),
        created: time,
        parentID: options.parentID ?? '',
        providerID: options.providerID ?? '',
        agent: options.agent ?? '',
        modelID: typeof payload.modelId === 'string' ? payload.modelId : '',
        metadata: { runId: id, ...(typeof payload.requestId === 'string' ? { requestId: payload.requestId } : {}) },
      }),
      parts: 0,
      seen: new Map(),
      spans: new Map(),
      tools: new Map(),
      steps: [],
    }
    this.runs.set(runId, run)
    ops.push({ op: 'upsertMessage', info: run.info }, { op: 'upsertPart', part: stepStartPart(idsOf(run, nextPartId(run))) }, { op: 'setStatus', status: 'streaming' })
    return run
  }

  /** A seed-004 tool message: each result completes the call it answers, in whichever run has it. */
  private toolMessage(message: Record<string, unknown>, sink: DiagnosticSink, ops: TranscriptOp[]): void {
    const time = toEpochMs(message.timestamp) ?? 0
    const parts = Array.isArray(message.parts) ? message.parts : []
    if (!Array.isArray(message.parts)) sink.error('BAD_MESSAGE', `a tool message's parts must be an array (got ${describeValue(message.parts)})`, ['parts'])
    parts.forEach((item: unknown, n) => {
      const payload = isRecord(item) && isRecord(item.payload) ? item.payload : undefined
      if (!isRecord(item) || item.kind !== 'tool_result' || !payload || !isNonEmptyString(payload.toolCallId)) {
        sink.error('BAD_TOOL_RESULT', 'a tool message holds only tool_result parts with a toolCallId', ['parts', n])
        return
      }
      const callID = payload.toolCallId
      const content = payload.content
      const output = typeof content === 'string' ? content : content === undefined ? '' : safeJson(content)
      const runId = typeof message.runId === 'string' ? message.runId : undefined
      const run = (runId !== undefined ? this.runs.get(runId) : undefined)?.tools.has(callID)
        ? this.runs.get(runId as string)
        : [...this.runs.values()].find((candidate) => candidate.tools.has(callID))
      const tool = run?.tools.get(callID)
      if (run && tool && !tool.done) {
        tool.done = true
        const display = inferDisplay(tool.tool, tool.input, output)
        const state = toolResult({
          input: tool.input,
          start: tool.start,
          end: Math.max(tool.start, time),
          output,
          isError: payload.isError === true,
          title: tool.tool,
          metadata: {},
          ...(display ? { display } : {}),
        })
        ops.push({ op: 'upsertPart', part: toolPart(idsOf(run, tool.partID), { callID, tool: tool.tool, state }) })
        return
      }
      // No open call: kept as a visible orphan, in the run it names (or the latest), or a message of its own.
      sink.error(tool ? 'DUPLICATE_TOOL_RESULT' : 'ORPHAN_TOOL_RESULT', `no open tool call has id "${callID}"; the result is kept as an orphan tool part`, ['parts', n, 'payload', 'toolCallId'])
      const host = (runId !== undefined ? this.runs.get(runId) : undefined) ?? [...this.runs.values()].at(-1)
      let info = host?.info
      if (!info) {
        info = assistantInfo({
          id: deriveId('msg', 'orphans', callID, time),
          sessionID: this.options.sessionID ?? deriveId('ses', 'delta'),
          created: time,
          completed: time,
          metadata: { orphanResults: true },
        })
        ops.push({ op: 'upsertMessage', info })
      }
      const ids = { id: deriveId('prt', 'orphan', info.id, callID, n), sessionID: info.sessionID, messageID: info.id }
      const state = toolResult({ input: {}, start: time, end: time, output, isError: payload.isError === true, title: '' })
      const part: ToolPart = toolPart(ids, { callID, tool: 'unknown', state, metadata: { orphan: true } })
      ops.push({ op: 'upsertPart', part })
    })
  }

  private cloneRuns(): Map<string, Run> {
    return new Map(
      [...this.runs].map(([id, run]) => [
        id,
        {
          ...run,
          seen: new Map(run.seen),
          spans: new Map(run.spans),
          tools: new Map([...run.tools].map(([key, tool]) => [key, { ...tool }])),
          steps: [...run.steps],
          ...(run.open ? { open: { ...run.open } } : {}),
        },
      ]),
    )
  }

  private restore(runs: Map<string, Run>): void {
    this.runs.clear()
    for (const [id, run] of runs) this.runs.set(id, run)
  }
}

/** Opens a live session over MessageDelta streams. */
export function createDeltaStream(options: DeltaStreamOptions = {}): DeltaStream {
  return new Session(options)
}

/** A whole recorded stream of one run: the message it grew, where it ended, what was found. */
export interface DeltaRun {
  message: WithParts & { info: AssistantInfo }
  /** `waiting` when no delta started a run. */
  status: DeltaRunStatus | 'waiting'
  diagnostics: Diagnostic[]
}

/** Runs a recorded stream through one session and applies every write it makes. */
function replay(deltas: readonly unknown[], options: DeltaStreamOptions) {
  const stream = new Session(options)
  let state = emptyTranscript()
  const diagnostics: Diagnostic[] = []
  for (const delta of deltas) {
    const result = stream.push(delta)
    state = applyOps(state, result.ops)
    diagnostics.push(...result.diagnostics)
  }
  return { runs: [...stream.runs.values()], messages: toMessages(state), diagnostics }
}

/** Reads a recorded stream and applies its writes: the first run's message (an empty one when none started). */
export function assembleDeltas(deltas: readonly unknown[], options: DeltaStreamOptions = {}): DeltaRun {
  const { runs, messages, diagnostics } = replay(deltas, options)
  const run = runs[0]
  const message = run ? messages.find((candidate) => candidate.info.id === run.info.id) : undefined
  if (!run || !message) return { message: { info: assistantInfo({ id: '', sessionID: options.sessionID ?? '', created: 0 }), parts: [] }, status: 'waiting', diagnostics }
  return { message: message as DeltaRun['message'], status: run.status, diagnostics }
}

/**
 * A whole recorded stream as messages: one assistant message per run it holds (none when no delta
 * started one), with every diagnostic. Input that is not a list of deltas is a diagnostic.
 */
export function fromDeltaStream(deltas: unknown, options: DeltaStreamOptions = {}): { messages: WithParts[]; diagnostics: Diagnostic[] } {
  const sink = new DiagnosticSink(options)
  if (!Array.isArray(deltas)) {
    sink.error('BAD_STREAM', `a recorded stream must be an array of deltas (got ${describeValue(deltas)})`)
    return { messages: [], diagnostics: sink.list }
  }
  const { messages, diagnostics } = replay(deltas, options)
  return { messages, diagnostics }
}
