/**
 * Deterministic constructors of the model: given ids and times, never a clock or a random id. Every
 * converter builds its infos, parts and tool states through them, so what it returns passes the
 * validator (ids are never empty, times never run backwards, counts are finite and not negative, a
 * finished tool always has its text). The clock-stamping factory (`createTextPart`, …) is for apps.
 */
import { isEpochMs } from './numbers.js'
import type {
  ApprovalChoice,
  ApprovalStatus,
  AssistantInfo,
  DataPart,
  FilePart,
  FilePartSource,
  MessageError,
  Metadata,
  ModelRef,
  ReasoningPart,
  SourcePart,
  SourceRef,
  StepFinishPart,
  StepStartPart,
  TextPart,
  TimeSpan,
  TokenUsage,
  ToolApproval,
  ToolDisplay,
  ToolPart,
  ToolState,
  ToolStateCompleted,
  ToolStateError,
  ToolStatePending,
  ToolStateRunning,
  UnsupportedPart,
  UserInfo,
} from './model/types.js'

/** The ids every part carries: its own, its session's and its message's (all non-empty). */
export interface PartIds {
  id: string
  sessionID: string
  messageID: string
}

/** A count the model can hold: finite and not negative, else 0. */
export const count = (value: unknown): number =>
  typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : 0

/** A time the model can hold: finite epoch milliseconds a `Date` can represent, else `fallback`. */
export const epoch = (value: unknown, fallback = 0): number => (isEpochMs(value) ? value : fallback)

/** A non-empty id: `value` when it is one, else `fallback` (which the caller derives from the input). */
export const idOr = (value: unknown, fallback: string): string =>
  typeof value === 'string' && value !== '' ? value : fallback

/** Token counts, each finite and not negative; `total` kept only when given. */
export function tokens(
  init: Partial<Omit<TokenUsage, 'cache'>> & { cache?: Partial<TokenUsage['cache']> } = {},
): TokenUsage {
  const usage: TokenUsage = {
    input: count(init.input),
    output: count(init.output),
    reasoning: count(init.reasoning),
    cache: { read: count(init.cache?.read), write: count(init.cache?.write) },
  }
  if (init.total !== undefined) usage.total = count(init.total)
  return usage
}

/** `{ start, end }` with `end` never before `start` (an earlier end is taken as the start). */
export function span(start: number, end?: number): TimeSpan {
  const from = epoch(start)
  return end === undefined ? { start: from } : { start: from, end: Math.max(from, epoch(end, from)) }
}

// ── infos ──────────────────────────────────────────────────────────────────────────────────────

/** What a user info needs; the rest defaults to empty. */
export interface UserInfoInit {
  id: string
  sessionID: string
  created: number
  agent?: string
  model?: ModelRef
  metadata?: Metadata
}

/** A user info: no agent or model unless given. */
export function userInfo(init: UserInfoInit): UserInfo {
  const info: UserInfo = {
    id: init.id,
    sessionID: init.sessionID,
    role: 'user',
    time: { created: epoch(init.created) },
    agent: init.agent ?? '',
    model: init.model ? { ...init.model } : { providerID: '', modelID: '' },
  }
  if (init.metadata !== undefined) info.metadata = init.metadata
  return info
}

/** What an assistant info needs; the rest defaults to empty, zero cost and zero tokens. */
export interface AssistantInfoInit {
  id: string
  sessionID: string
  created: number
  /** When the message finished (default: not finished, unless `finish` is given). */
  completed?: number
  parentID?: string
  modelID?: string
  providerID?: string
  agent?: string
  cost?: number
  tokens?: TokenUsage
  finish?: string
  error?: MessageError
  metadata?: Metadata
}

/** An assistant info. A message that has a `finish` reason has a `completed` time too (BR-14); no `cost` marks it `costUnknown`. */
export function assistantInfo(init: AssistantInfoInit): AssistantInfo {
  const created = epoch(init.created)
  const completed =
    init.completed !== undefined
      ? Math.max(created, epoch(init.completed, created))
      : init.finish !== undefined
        ? created
        : undefined
  const info: AssistantInfo = {
    id: init.id,
    sessionID: init.sessionID,
    role: 'assistant',
    time: completed === undefined ? { created } : { created, completed },
    parentID: init.parentID ?? '',
    modelID: init.modelID ?? '',
    providerID: init.providerID ?? '',
    agent: init.agent ?? '',
    path: { cwd: '', root: '' },
    cost: count(init.cost),
    tokens: tokens(init.tokens),
  }
  if (init.cost === undefined) info.costUnknown = true
  if (init.finish !== undefined) info.finish = init.finish
  if (init.error !== undefined) info.error = messageError(init.error.name, init.error.data)
  if (init.metadata !== undefined) info.metadata = init.metadata
  return info
}

/** A message error with a name (default `UnknownError`) and a data object. */
export function messageError(name: string | undefined, data: MessageError['data'] = {}): MessageError {
  return { name: name || 'UnknownError', data: { ...data } }
}

// ── parts ──────────────────────────────────────────────────────────────────────────────────────

/** A text part. */
export function textPart(
  ids: PartIds,
  text: string,
  extra: { time?: TimeSpan; synthetic?: boolean; ignored?: boolean; system?: boolean; metadata?: Metadata } = {},
): TextPart {
  const part: TextPart = { ...ids, type: 'text', text }
  if (extra.synthetic) part.synthetic = true
  if (extra.ignored) part.ignored = true
  if (extra.system) part.system = true
  if (extra.time) part.time = span(extra.time.start, extra.time.end)
  if (extra.metadata !== undefined) part.metadata = extra.metadata
  return part
}

/** A reasoning part; `time` runs from `start` to `end` (open while streaming). */
export function reasoningPart(ids: PartIds, text: string, time: TimeSpan, metadata?: Metadata): ReasoningPart {
  const part: ReasoningPart = { ...ids, type: 'reasoning', text, time: span(time.start, time.end) }
  if (metadata !== undefined) part.metadata = metadata
  return part
}

/** A step-start part. */
export function stepStartPart(ids: PartIds, snapshot?: string): StepStartPart {
  return snapshot === undefined ? { ...ids, type: 'step-start' } : { ...ids, type: 'step-start', snapshot }
}

/** A step-finish part; cost and counts that are not finite and non-negative are 0; no `cost` at all marks it `costUnknown`. */
export function stepFinishPart(
  ids: PartIds,
  init: { reason: string; cost?: number; tokens?: TokenUsage; snapshot?: string },
): StepFinishPart {
  const part: StepFinishPart = {
    ...ids,
    type: 'step-finish',
    reason: init.reason,
    cost: count(init.cost),
    tokens: tokens(init.tokens),
  }
  if (init.cost === undefined) part.costUnknown = true
  if (init.snapshot !== undefined) part.snapshot = init.snapshot
  return part
}

/** A file part; a missing mime is `application/octet-stream`, a size that is not a count is left out. */
export function filePart(
  ids: PartIds,
  init: {
    mime?: string
    url: string
    filename?: string
    source?: FilePartSource
    size?: number
    reasoning?: boolean
    metadata?: Metadata
  },
): FilePart {
  const part: FilePart = { ...ids, type: 'file', mime: init.mime || 'application/octet-stream', url: init.url }
  if (init.filename !== undefined) part.filename = init.filename
  if (init.source !== undefined) part.source = init.source
  if (typeof init.size === 'number' && Number.isFinite(init.size) && init.size >= 0) part.size = init.size
  if (init.reasoning === true) part.reasoning = true
  if (init.metadata !== undefined) part.metadata = init.metadata
  return part
}

/** A part kept whole because the kit cannot render it as its type. */
export function unsupportedPart(ids: PartIds, originalType: string, original: unknown): UnsupportedPart {
  return {
    ...ids,
    type: 'unsupported',
    originalType,
    original:
      original !== null && typeof original === 'object' && !Array.isArray(original)
        ? (original as Metadata)
        : { value: original },
  }
}

/** A source part; a URL source without a URL is not one (the caller reports it). */
export function sourcePart(ids: PartIds, sourceID: string, source: SourceRef, metadata?: Metadata): SourcePart {
  const part: SourcePart = { ...ids, type: 'source', sourceID, source }
  if (metadata !== undefined) part.metadata = metadata
  return part
}

/** An app's data part, kept whole (`undefined` data is kept as `null`). */
export function dataPart(ids: PartIds, name: string, data: unknown): DataPart {
  return { ...ids, type: 'data', name: name || 'data', data: data === undefined ? null : data }
}

/** The choices a user has when the wire does not list them: allow this once, or refuse. */
export const DEFAULT_CHOICES: readonly ApprovalChoice[] = ['once', 'reject']

/**
 * An approval: `requested` has no choice yet; an answer without a stated choice is `once` when
 * approved and `reject` when denied.
 */
export function approval(init: {
  id: string
  status: ApprovalStatus
  choices?: readonly ApprovalChoice[]
  choice?: ApprovalChoice
  reason?: string
  title?: string
  automatic?: boolean
}): ToolApproval {
  const result: ToolApproval = {
    id: init.id,
    status: init.status,
    choices: [...(init.choices && init.choices.length > 0 ? init.choices : DEFAULT_CHOICES)],
  }
  if (init.status !== 'requested') result.choice = init.choice ?? (init.status === 'approved' ? 'once' : 'reject')
  if (init.reason !== undefined) result.reason = init.reason
  if (init.title !== undefined) result.title = init.title
  if (init.automatic !== undefined) result.automatic = init.automatic
  return result
}

/** A tool part around a state; a missing tool name is `unknown`. */
export function toolPart(
  ids: PartIds,
  init: { callID: string; tool?: string; state: ToolState; approval?: ToolApproval; metadata?: Metadata },
): ToolPart {
  const part: ToolPart = { ...ids, type: 'tool', callID: init.callID, tool: init.tool || 'unknown', state: init.state }
  if (init.approval !== undefined) part.approval = init.approval
  if (init.metadata !== undefined) part.metadata = init.metadata
  return part
}

// ── tool states ────────────────────────────────────────────────────────────────────────────────

/** A tool call whose arguments are still arriving. */
export function pendingState(input: Metadata, raw: string): ToolStatePending {
  return { status: 'pending', input, raw }
}

/** A tool call being executed. */
export function runningState(init: {
  input: Metadata
  start: number
  title?: string
  metadata?: Metadata
  display?: ToolDisplay
}): ToolStateRunning {
  const state: ToolStateRunning = { status: 'running', input: init.input, time: { start: epoch(init.start) } }
  if (init.title !== undefined) state.title = init.title
  if (init.metadata !== undefined) state.metadata = init.metadata
  if (init.display !== undefined) state.display = init.display
  return state
}

/** What a tool returned, as a converter read it from the wire. */
export interface ToolResultInit {
  input: Metadata
  start: number
  end: number
  /** The text the tool returned (for a failure, what went wrong). */
  output: string
  /** The tool failed. */
  isError?: boolean
  title?: string
  metadata?: Metadata
  attachments?: FilePart[]
  display?: ToolDisplay
  /** The tool cut its output short. */
  truncated?: boolean
}

/** The text of a failed tool that said nothing about why. */
export const TOOL_FAILED = 'Tool failed'

/**
 * A finished tool: `completed`, or `error` when `isError`. One rule for an empty result: a tool that
 * completed with no text is completed with `output: ''` (shown as "no output"; the validator takes it
 * as a warning, BR-09), and a failure with no text says {@link TOOL_FAILED}.
 */
export function toolResult(init: ToolResultInit): ToolStateCompleted | ToolStateError {
  const time = span(init.start, init.end) as { start: number; end: number }
  const end = time.end ?? time.start
  if (init.isError) {
    const state: ToolStateError = {
      status: 'error',
      input: init.input,
      error: init.output || TOOL_FAILED,
      time: { start: time.start, end },
    }
    if (init.metadata !== undefined) state.metadata = init.metadata
    if (init.display !== undefined) state.display = init.display
    return state
  }
  const state: ToolStateCompleted = {
    status: 'completed',
    input: init.input,
    output: init.output,
    title: init.title ?? '',
    metadata: init.metadata ?? {},
    time: { start: time.start, end },
  }
  if (init.attachments !== undefined && init.attachments.length > 0) state.attachments = init.attachments
  if (init.truncated) state.truncated = true
  if (init.display !== undefined) state.display = init.display
  return state
}
