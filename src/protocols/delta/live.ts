/**
 * MessageDelta streams as a live session: each delta becomes canonical writes. The
 * session keeps what it needs to place the next delta (ids, the open text part, tool arguments so
 * far, seen `seq`s), never a copy of the message: text and thinking go out as `appendPartDelta`, so
 * a store can join a frame of tokens into one write.
 *
 * The envelope (the run, `seq`, `start` first, one terminal delta) is checked once; each kind then has
 * its own handler in one `Record`, so a new kind cannot go unhandled.
 */
import {
  assistantInfo,
  count,
  messageError,
  pendingState,
  reasoningPart,
  runningState,
  span,
  stepFinishPart,
  stepStartPart,
  textPart,
  tokens,
  toolPart,
  toolResult,
} from '../../core/build.js'
import type { AssistantInfo, MessageError, ToolPart, WithParts } from '../../core/model/types.js'
import { applyOps, emptyTranscript, type TranscriptOp, toMessages } from '../../core/transcript.js'
import {
  type ConvertOptions,
  type Diagnostic,
  DiagnosticSink,
  describeValue,
  isRecord,
  safeJson,
} from '../diagnostics.js'
import { inferDisplay } from '../display.js'
import { deriveId, parseJsonObject } from '../ids.js'
import { CallIndex } from '../pairing.js'
import { type DecodedToolResult, decodeDelta, decodePayload, decodeToolMessage, isDeltaKind } from './decode.js'
import type { MessageDeltaKind, MessageDeltaPayloads } from './types.js'

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
   * Reads one delta, or one `tool` message (`{ role: 'tool', parts: [tool_result…] }`)
   * whose results complete the calls they answer. Returns the writes it makes.
   */
  push(event: unknown, options?: ConvertOptions): { ops: TranscriptOp[]; diagnostics: Diagnostic[] }
}

/** A result on its way to a call, with the time it came. */
interface Result extends DecodedToolResult {
  time: number
}

/** A result that came before its call: shown as an orphan part (there) until the call ends. */
interface Early {
  result: Result
  messageID: string
  partID: string
}

interface OpenTool {
  partID: string
  tool: string
  raw: string
  input: Record<string, unknown>
  start: number
  /** `tool_call_end` came: the input is known, a result can complete the call. */
  ended: boolean
  /** Its result, when it came before `tool_call_end`. */
  result?: Result | undefined
  /** Results that came before the call, shown as orphans until it ends. */
  early: Early[]
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

/** What a handler works with: the run, the delta's time, and where writes and reports go. */
interface Context {
  run: Run
  time: number
  emit: (op: TranscriptOp) => void
  report(code: string, message: string, path: (string | number)[], severity?: 'error' | 'warning'): void
  sink: DiagnosticSink
  stream: Session
}

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
  context.emit({
    op: 'patchPart',
    messageID: run.info.id,
    partID: run.open.partID,
    patch: { time: span(run.open.start, context.time) },
  })
  run.spans.delete(run.open.partID)
  run.open = undefined
}

/** Patches the message's info; `costKnown`: the patch's cost was reported, so it is no longer unknown. */
function setInfo(context: Context, patch: Partial<AssistantInfo>, costKnown = false): void {
  const info = { ...context.run.info, ...patch }
  if (costKnown) delete info.costUnknown
  context.run.info = info
  context.emit({ op: 'upsertMessage', info: context.run.info })
}

function appendText(context: Context, kind: 'text' | 'thinking', delta: string): void {
  const { run } = context
  if (delta === '') return
  if (run.open?.kind === kind) {
    context.emit({ op: 'appendPartDelta', messageID: run.info.id, partID: run.open.partID, field: 'text', delta })
    return
  }
  closeOpen(context)
  const ids = idsOf(run, nextPartId(run))
  const time = { start: context.time }
  context.emit({
    op: 'upsertPart',
    part: kind === 'text' ? textPart(ids, delta, { time }) : reasoningPart(ids, delta, time),
  })
  run.open = { kind, partID: ids.id, start: context.time }
  run.spans.set(ids.id, context.time)
}

function startTool(context: Context, callID: string, tool: string): OpenTool {
  closeOpen(context)
  const { run } = context
  const open: OpenTool = {
    partID: nextPartId(run),
    tool,
    raw: '',
    input: {},
    start: context.time,
    ended: false,
    early: [],
  }
  run.tools.set(callID, open)
  // Results that came early: those that named this run, then those that named none.
  const calls = context.stream.calls
  open.early = [...calls.open(callKey(run.runId, callID), run.runId).early, ...calls.take(callKey(undefined, callID))]
  context.emit({
    op: 'upsertPart',
    part: toolPart(idsOf(run, open.partID), { callID, tool, state: pendingState({}, '') }),
  })
  return open
}

/**
 * A call's key in the session's index: its id within its run, since runs are separate requests
 * and may each have a `call_1` (a result that names no run waits under the id alone).
 */
const callKey = (runId: string | undefined, callID: string) =>
  `${runId ?? ''}\u0000${runId === undefined ? '*' : ''}${callID}`

/** Completes an ended call with its result. */
function complete(run: Run, callID: string, tool: OpenTool, result: Result, emit: (op: TranscriptOp) => void): void {
  const display = inferDisplay(tool.tool, tool.input, result.output)
  const state = toolResult({
    input: tool.input,
    start: tool.start,
    end: Math.max(tool.start, result.time),
    output: result.output,
    isError: result.isError,
    title: tool.tool,
    metadata: {},
    ...(display ? { display } : {}),
  })
  emit({ op: 'upsertPart', part: toolPart(idsOf(run, tool.partID), { callID, tool: tool.tool, state }) })
}

/** Ends the run: open parts end, the reason lands on its steps, the message completes. */
function finish(context: Context, status: 'done' | 'error', patch: Partial<AssistantInfo>, reason: string): void {
  const { run } = context
  closeOpen(context)
  for (const [partID, start] of run.spans)
    context.emit({ op: 'patchPart', messageID: run.info.id, partID, patch: { time: span(start, context.time) } })
  run.spans.clear()
  for (const partID of run.steps) context.emit({ op: 'patchPart', messageID: run.info.id, partID, patch: { reason } })
  run.steps = []
  run.status = status
  setInfo(context, { ...patch, time: { ...run.info.time, completed: Math.max(run.info.time.created, context.time) } })
}

/** One handler per delta kind, over its typed payload (after the envelope checks). */
const HANDLERS: { [K in MessageDeltaKind]: (context: Context, payload: MessageDeltaPayloads[K]) => void } = {
  // `start` is handled by the envelope: it opens the run.
  start: () => {},
  text: (context, payload) => appendText(context, 'text', payload.textDelta),
  thinking: (context, payload) => appendText(context, 'thinking', payload.textDelta),
  tool_call_start(context, { toolCallId, toolName }) {
    if (context.run.tools.has(toolCallId)) {
      context.report('DUPLICATE_TOOL_CALL', `tool call ${toolCallId} already started; ignored`, [
        'payload',
        'toolCallId',
      ])
      return
    }
    startTool(context, toolCallId, toolName)
  },
  tool_call_args(context, { toolCallId: id, argsTextDelta }) {
    const { run } = context
    let tool = run.tools.get(id)
    if (!tool) {
      context.report(
        'UNKNOWN_TOOL_CALL',
        `arguments for tool call ${id}, which never started; a call of tool "unknown" is opened`,
        ['payload', 'toolCallId'],
      )
      tool = startTool(context, id, 'unknown')
    }
    tool.raw += argsTextDelta
    context.emit({
      op: 'upsertPart',
      part: toolPart(idsOf(run, tool.partID), { callID: id, tool: tool.tool, state: pendingState({}, tool.raw) }),
    })
  },
  tool_call_end(context, { toolCallId: id }) {
    const { run } = context
    const tool = run.tools.get(id)
    if (!tool) {
      context.report('UNKNOWN_TOOL_CALL', `tool_call_end for a call that never started (${describeValue(id)})`, [
        'payload',
        'toolCallId',
      ])
      return
    }
    const parsed = tool.raw.trim() === '' ? { input: {} } : parseJsonObject(tool.raw)
    if ('error' in parsed)
      context.report(
        'ARGS_PARSE_FAILED',
        `arguments of tool call ${id} are not valid JSON (${parsed.error}); the raw text is kept`,
        ['payload'],
        'warning',
      )
    tool.input = 'input' in parsed ? parsed.input : {}
    tool.start = context.time
    tool.ended = true
    const display = inferDisplay(tool.tool, tool.input)
    const metadata =
      'error' in parsed
        ? { metadata: { rawArgsText: tool.raw, argsParseFailed: true, argsParseError: parsed.error } }
        : {}
    context.emit({
      op: 'upsertPart',
      part: toolPart(idsOf(run, tool.partID), {
        callID: id,
        tool: tool.tool,
        state: runningState({ input: tool.input, start: context.time, ...(display ? { display } : {}) }),
        ...metadata,
      }),
    })
    // Results that came before the call leave their orphan place for it; the first completes it,
    // any other stays where it is, as the duplicate it is.
    const [first, ...others] = tool.early
    tool.early = []
    if (first) {
      context.report(
        'RESULT_BEFORE_CALL',
        `the result of call "${id}" came before the call; it is shown with it`,
        first.result.path,
        'warning',
      )
      context.emit({ op: 'removePart', messageID: first.messageID, partID: first.partID })
      context.stream.calls.answer(callKey(run.runId, id))
      tool.result = first.result
    }
    for (const other of others)
      context.report(
        'DUPLICATE_TOOL_RESULT',
        `call "${id}" already has a result; this one stays a separate orphan tool part`,
        other.result.path,
      )
    if (tool.result) complete(run, id, tool, tool.result, context.emit)
  },
  usage(context, payload) {
    const { run } = context
    const used = tokens({
      input: payload.inputTokens,
      output: payload.outputTokens,
      ...(payload.totalTokens !== undefined ? { total: payload.totalTokens } : {}),
    })
    const cost = count(payload.cost)
    closeOpen(context)
    const partID = nextPartId(run)
    context.emit({
      op: 'upsertPart',
      part: stepFinishPart(idsOf(run, partID), {
        reason: '',
        ...(payload.cost !== undefined ? { cost } : {}),
        tokens: used,
      }),
    })
    run.steps.push(partID)
    const sum = run.info.tokens
    setInfo(
      context,
      {
        cost: run.info.cost + cost,
        tokens: {
          ...(sum.total !== undefined || used.total !== undefined
            ? { total: (sum.total ?? 0) + (used.total ?? used.input + used.output) }
            : {}),
          input: sum.input + used.input,
          output: sum.output + used.output,
          reasoning: sum.reasoning,
          cache: { ...sum.cache },
        },
      },
      payload.cost !== undefined,
    ) // the message's cost is known once one step reported one
  },
  done(context, { finishReason }) {
    finish(context, 'done', { finish: finishReason }, finishReason)
    context.stream.settle(context)
  },
  error(context, payload) {
    const error: MessageError = messageError('StreamError', {
      message: payload.message ?? payload.errorCode,
      code: payload.errorCode,
    })
    if (payload.retryable !== undefined) error.data.isRetryable = payload.retryable
    finish(context, 'error', { error }, 'error')
    context.emit({ op: 'setStatus', status: 'error', error })
  },
}

/** Runs the handler of `kind` over its payload, read; a payload that cannot serve was reported and does nothing. */
function handle<K extends MessageDeltaKind>(kind: K, context: Context, raw: Record<string, unknown>): void {
  const payload = decodePayload(kind, raw, context.sink)
  if (payload !== null) HANDLERS[kind](context, payload)
}

class Session implements DeltaStream {
  readonly runs = new Map<string, Run>()
  /** Every run's tool calls by run and id (see `callKey`; the value is the run), and results that came early. */
  calls = new CallIndex<string, Early>()
  /** Codes reported once per session (an unknown kind, say), with what they were about. */
  private readonly once = new Set<string>()

  constructor(private readonly options: DeltaStreamOptions) {}

  push(event: unknown, callOptions?: ConvertOptions): { ops: TranscriptOp[]; diagnostics: Diagnostic[] } {
    const sink = new DiagnosticSink({ strict: callOptions?.strict ?? this.options.strict ?? false })
    const ops: TranscriptOp[] = []
    // Strict reads are checked on copies first, so a throw leaves the session as it was.
    const runs = sink.throws ? this.cloneRuns() : undefined
    const calls = sink.throws ? this.calls.clone() : this.calls
    try {
      if (isRecord(event) && event.role === 'tool') this.toolMessage(event, sink, ops)
      else this.delta(event, sink, ops)
    } catch (error) {
      if (runs) this.restore(runs, calls)
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
    if (![...this.runs.values()].some((run) => run.status === 'streaming'))
      context.emit({ op: 'setStatus', status: 'idle' })
  }

  private delta(event: unknown, sink: DiagnosticSink, ops: TranscriptOp[]): void {
    const delta = decodeDelta(event, sink)
    if (!delta) return
    const { runId, kind, payload, seq } = delta
    let run = this.runs.get(runId)
    const time = delta.time ?? run?.info.time.created ?? 0
    const context = (target: Run): Context => ({
      run: target,
      time,
      sink,
      stream: this,
      emit: (op) => ops.push(op),
      report: (code, message, path, severity = 'error') => sink.push({ code, message, path, severity }),
    })

    let reported = false
    if (typeof seq === 'number' && Number.isInteger(seq)) {
      const print = fingerprint(kind, delta.raw)
      const earlier = run?.seen.get(seq)
      // The same delta again is a retransmission; another delta under a used seq still lands, reported.
      if (earlier === print) return
      if (earlier !== undefined)
        sink.error('SEQ_CONFLICT', `seq ${seq} came again with a different delta; both are applied`, ['seq'])
      else if (run?.lastSeq !== undefined && seq < run.lastSeq)
        sink.error('SEQ_REORDER', `seq ${seq} arrived after seq ${run.lastSeq}; applied where it arrived`, ['seq'])
      else if (run?.lastSeq !== undefined && seq > run.lastSeq + 1)
        sink.warn('SEQ_GAP', `seq jumped from ${run.lastSeq} to ${seq}; deltas may be missing`, ['seq'])
      reported = true
    } else {
      sink.error('BAD_SEQ', `seq must be an integer (got ${describeValue(seq)}); the delta is applied`, ['seq'])
    }
    const remember = (target: Run) => {
      if (!reported || typeof seq !== 'number') return
      if (!target.seen.has(seq)) target.seen.set(seq, fingerprint(kind, delta.raw))
      target.lastSeq = Math.max(seq, target.lastSeq ?? seq)
    }

    if (!isDeltaKind(kind)) {
      this.warnOnce(
        sink,
        kind,
        'UNKNOWN_KIND',
        `kind "${kind}" is not part of the delta contract; such deltas are ignored`,
        ['kind'],
      )
      if (run) remember(run)
      return
    }
    if (!run) {
      if (kind !== 'start')
        sink.error('MISSING_START', `the first delta must be "start" (got "${kind}"); the run is started implicitly`, [
          'kind',
        ])
      run = this.begin(runId, kind === 'start' ? (decodePayload('start', payload, sink) ?? {}) : {}, time, ops)
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
        sink.error(
          'DUPLICATE_TERMINAL',
          `a second terminal "${kind}" is ignored; the run already ended with "${run.status}"`,
          ['kind'],
        )
        return
      }
      sink.error('AFTER_TERMINAL', `"${kind}" arrived after the run ended; applied so nothing is lost`, ['kind'])
    }
    handle(kind, context(run), payload)
  }

  private begin(runId: string, payload: MessageDeltaPayloads['start'], time: number, ops: TranscriptOp[]): Run {
    const id = runId
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
        modelID: payload.modelId ?? '',
        metadata: { runId: id, ...(payload.requestId !== undefined ? { requestId: payload.requestId } : {}) },
      }),
      parts: 0,
      seen: new Map(),
      spans: new Map(),
      tools: new Map(),
      steps: [],
    }
    this.runs.set(runId, run)
    ops.push(
      { op: 'upsertMessage', info: run.info },
      { op: 'upsertPart', part: stepStartPart(idsOf(run, nextPartId(run))) },
      { op: 'setStatus', status: 'streaming' },
    )
    return run
  }

  /**
   * A `tool` message: each result completes the call it answers, in whichever run has it
   * (see the pairing policy in `../pairing.ts`). A result whose call has not ended waits on it; one
   * whose call never started shows at once as an orphan, and moves to the call if it comes.
   */
  private toolMessage(message: Record<string, unknown>, sink: DiagnosticSink, ops: TranscriptOp[]): void {
    const decoded = decodeToolMessage(message, sink)
    const time = decoded.time ?? 0
    const emit = (op: TranscriptOp) => ops.push(op)
    for (const item of decoded.results) {
      const result: Result = { ...item, time }
      const callID = result.toolCallId
      const key = this.keyOf(decoded.runId, callID)
      const claim = this.calls.answer(key)
      const run = claim.status === 'unknown' ? undefined : this.runs.get(claim.call)
      const tool = run?.tools.get(callID)
      if (claim.status === 'paired' && run && tool) {
        tool.result = result
        if (tool.ended) complete(run, callID, tool, result, emit)
        continue
      }
      const duplicate = claim.status === 'duplicate'
      sink.error(
        duplicate ? 'DUPLICATE_TOOL_RESULT' : 'ORPHAN_TOOL_RESULT',
        duplicate
          ? `call "${callID}" already has a result; this one is kept as a separate orphan tool part`
          : `no tool call has id "${callID}"; the result is kept as an orphan tool part`,
        [...result.path, 'toolCallId'],
      )
      const placed = this.orphan(result, decoded.runId, ops)
      if (!duplicate) this.calls.wait(key, { result, ...placed })
    }
  }

  /** The key a result of `callID` goes under: in the run it names, else in the latest run that has that call. */
  private keyOf(runId: string | undefined, callID: string): string {
    if (runId !== undefined && this.runs.get(runId)?.tools.has(callID)) return callKey(runId, callID)
    const run = [...this.runs.values()].reverse().find((candidate) => candidate.tools.has(callID))
    return run
      ? callKey(run.runId, callID)
      : callKey(runId !== undefined && this.runs.has(runId) ? runId : undefined, callID)
  }

  /** Shows a result with no call as a tool part: in the run it names (or the latest), or a message of its own. */
  private orphan(
    result: Result,
    runId: string | undefined,
    ops: TranscriptOp[],
  ): { messageID: string; partID: string } {
    const { toolCallId: callID, time } = result
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
    const ids = {
      id: deriveId('prt', 'orphan', info.id, callID, result.path.join('.'), time),
      sessionID: info.sessionID,
      messageID: info.id,
    }
    const state = toolResult({
      input: {},
      start: time,
      end: time,
      output: result.output,
      isError: result.isError,
      title: '',
    })
    const part: ToolPart = toolPart(ids, { callID, tool: 'unknown', state, metadata: { orphan: true } })
    ops.push({ op: 'upsertPart', part })
    return { messageID: info.id, partID: ids.id }
  }

  private cloneRuns(): Map<string, Run> {
    return new Map(
      [...this.runs].map(([id, run]) => [
        id,
        {
          ...run,
          seen: new Map(run.seen),
          spans: new Map(run.spans),
          tools: new Map([...run.tools].map(([key, tool]) => [key, { ...tool, early: [...tool.early] }])),
          steps: [...run.steps],
          ...(run.open ? { open: { ...run.open } } : {}),
        },
      ]),
    )
  }

  private restore(runs: Map<string, Run>, calls: CallIndex<string, Early>): void {
    this.runs.clear()
    for (const [id, run] of runs) this.runs.set(id, run)
    this.calls = calls
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
  if (!run || !message)
    return {
      message: { info: assistantInfo({ id: '', sessionID: options.sessionID ?? '', created: 0 }), parts: [] },
      status: 'waiting',
      diagnostics,
    }
  return { message: message as DeltaRun['message'], status: run.status, diagnostics }
}

/**
 * A whole recorded stream as messages: one assistant message per run it holds (none when no delta
 * started one), with every diagnostic. Input that is not a list of deltas is a diagnostic.
 */
export function fromDeltaStream(
  deltas: unknown,
  options: DeltaStreamOptions = {},
): { messages: WithParts[]; diagnostics: Diagnostic[] } {
  const sink = new DiagnosticSink(options)
  if (!Array.isArray(deltas)) {
    sink.error('BAD_STREAM', `a recorded stream must be an array of deltas (got ${describeValue(deltas)})`)
    return { messages: [], diagnostics: sink.list }
  }
  const { messages, diagnostics } = replay(deltas, options)
  return { messages, diagnostics }
}
