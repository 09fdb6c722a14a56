/**
 * Reading AI SDK values: unknown into the typed shapes of `types.ts`, with a diagnostic for
 * everything that is not as they describe it. Tool call parts of every version (static
 * `tool-${name}`, `dynamic-tool`, v4 `tool-invocation`) are read into one {@link DecodedTool}, which
 * both the whole-message converter and the stream session turn into the same canonical part.
 */
import type { Metadata } from '../../core/model/types.js'
import { setOwn } from '../../core/record.js'
import { type DiagnosticSink, describeValue, isNonEmptyString, isRecord, stringField, textOf } from '../diagnostics.js'
import { toEpochMs } from '../ids.js'
import type { UIToolApproval, UIToolState, UIUsage } from './types.js'

type Path = (string | number)[]

const TOOL_STATES: readonly UIToolState[] = [
  'input-streaming',
  'input-available',
  'approval-requested',
  'approval-responded',
  'output-available',
  'output-error',
  'output-denied',
]

/** A tool call of any version, read. */
export interface DecodedTool {
  callID: string
  tool: string
  state: UIToolState
  /** The input when it is an object (what the model's tool state holds). */
  input: Metadata
  /** The input as text while it streams, or when it is not an object. */
  raw: string
  title?: string
  output?: unknown
  errorText?: string
  preliminary?: boolean
  approval?: UIToolApproval
  /** What else the part carried (provider metadata, `providerExecuted`, `toolMetadata`, …), kept. */
  metadata: Metadata
}

/** The input of a call: an object is the input; anything else is kept as its text in `raw`. */
function inputOf(value: unknown): { input: Metadata; raw: string } {
  if (isRecord(value)) return { input: value, raw: '' }
  if (value === undefined || value === null) return { input: {}, raw: '' }
  return { input: {}, raw: typeof value === 'string' ? value : textOf(value) }
}

function approvalOf(value: unknown, sink: DiagnosticSink, path: Path): UIToolApproval | undefined {
  if (value === undefined) return undefined
  if (!isRecord(value) || !isNonEmptyString(value.id)) {
    sink.warn(
      'BAD_APPROVAL',
      `an approval needs an id (got ${describeValue(value)}); kept in the part's metadata`,
      path,
    )
    return undefined
  }
  const approval: UIToolApproval = { id: value.id }
  if (typeof value.approved === 'boolean') approval.approved = value.approved
  if (typeof value.reason === 'string') approval.reason = value.reason
  if (typeof value.isAutomatic === 'boolean') approval.isAutomatic = value.isAutomatic
  return approval
}

const KNOWN_TOOL_KEYS = new Set([
  'type',
  'toolCallId',
  'toolName',
  'state',
  'input',
  'rawInput',
  'output',
  'errorText',
  'title',
  'preliminary',
  'approval',
])

/** Reads a static or dynamic tool call part (v5+); `null` (reported) when it has no call id. */
export function decodeToolPart(raw: Record<string, unknown>, sink: DiagnosticSink, path: Path): DecodedTool | null {
  const type = raw.type as string
  const callID = stringField(raw, 'toolCallId', sink, path, true)
  if (!callID) return null
  const tool =
    type === 'dynamic-tool'
      ? stringField(raw, 'toolName', sink, path) || 'unknown'
      : type.slice('tool-'.length) || 'unknown'
  let state = raw.state as UIToolState
  if (!TOOL_STATES.includes(state)) {
    // Read by what the part holds, so an error or an output it carries is still shown.
    state = raw.errorText !== undefined ? 'output-error' : 'output' in raw ? 'output-available' : 'input-available'
    sink.warn('BAD_TOOL_STATE', `tool state ${describeValue(raw.state)} is not one the SDK defines; read as ${state}`, [
      ...path,
      'state',
    ])
  }
  const { input, raw: rawInput } = inputOf(raw.input ?? raw.rawInput)
  const metadata: Metadata = {}
  // A key set to undefined (as the SDK's own messages have in memory) is absent, as it is once sent as JSON.
  for (const [key, value] of Object.entries(raw))
    if (!KNOWN_TOOL_KEYS.has(key) && value !== undefined) setOwn(metadata, key, value)
  if (raw.rawInput !== undefined) metadata.rawInput = raw.rawInput
  if (raw.approval !== undefined && !isRecord(raw.approval)) metadata.approval = raw.approval
  const decoded: DecodedTool = { callID, tool, state, input, raw: rawInput, metadata }
  const title = stringField(raw, 'title', sink, path)
  if (title !== undefined) decoded.title = title
  if ('output' in raw) decoded.output = raw.output
  const errorText = stringField(raw, 'errorText', sink, path)
  if (errorText !== undefined) decoded.errorText = errorText
  // An output or error text the state does not show (an error text beside an output, say) is kept.
  if ('output' in raw && state !== 'output-available') metadata.output = raw.output
  if (errorText !== undefined && state !== 'output-error') metadata.errorText = errorText
  if (raw.preliminary === true) decoded.preliminary = true
  const approval = approvalOf(raw.approval, sink, [...path, 'approval'])
  if (approval) decoded.approval = approval
  return decoded
}

/** Reads v4's `tool-invocation` part into the v5 shape. */
export function decodeToolInvocation(
  raw: Record<string, unknown>,
  sink: DiagnosticSink,
  path: Path,
): DecodedTool | null {
  const invocation = raw.toolInvocation
  if (!isRecord(invocation)) {
    sink.error('BAD_PART', `a tool-invocation part needs its toolInvocation (got ${describeValue(invocation)})`, [
      ...path,
      'toolInvocation',
    ])
    return null
  }
  const at = [...path, 'toolInvocation']
  const callID = stringField(invocation, 'toolCallId', sink, at, true)
  if (!callID) return null
  const { input, raw: rawInput } = inputOf(invocation.args)
  const state: UIToolState =
    invocation.state === 'result'
      ? 'output-available'
      : invocation.state === 'partial-call'
        ? 'input-streaming'
        : 'input-available'
  const decoded: DecodedTool = {
    callID,
    tool: stringField(invocation, 'toolName', sink, at) || 'unknown',
    state,
    input,
    raw: rawInput,
    metadata: {},
  }
  if (typeof invocation.step === 'number') decoded.metadata.step = invocation.step
  if (state === 'output-available') decoded.output = invocation.result
  return decoded
}

/** A token count: a finite number ≥ 0, else absent. */
const countOf = (value: unknown): number | undefined =>
  typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : undefined

/** Usage of any SDK version, read (`undefined` when the value holds no count). */
export function decodeUsage(value: unknown): UIUsage | undefined {
  if (!isRecord(value)) return undefined
  const usage: UIUsage = {}
  for (const key of ['inputTokens', 'outputTokens', 'totalTokens', 'reasoningTokens', 'cachedInputTokens'] as const) {
    const n = countOf(value[key])
    if (n !== undefined) usage[key] = n
  }
  if (isRecord(value.inputTokenDetails)) {
    const details = value.inputTokenDetails
    usage.inputTokenDetails = {}
    for (const key of ['noCacheTokens', 'cacheReadTokens', 'cacheWriteTokens'] as const) {
      const n = countOf(details[key])
      if (n !== undefined) usage.inputTokenDetails[key] = n
    }
  }
  if (isRecord(value.outputTokenDetails)) {
    const details = value.outputTokenDetails
    usage.outputTokenDetails = {}
    for (const key of ['textTokens', 'reasoningTokens'] as const) {
      const n = countOf(details[key])
      if (n !== undefined) usage.outputTokenDetails[key] = n
    }
  }
  return Object.keys(usage).length > 0 ? usage : undefined
}

/** What the kit reads from a message's metadata (see `ChatpartsMessageMetadata`). */
export interface ReadMetadata {
  created?: number
  completed?: number
  providerID?: string
  modelID?: string
  usage?: UIUsage
  cost?: number
}

/** Reads the fields the kit uses from an app's message metadata; the metadata itself is kept whole. */
export function readMetadata(value: unknown, sink: DiagnosticSink, path: Path): ReadMetadata {
  if (value === undefined || value === null) return {}
  if (!isRecord(value)) return {}
  const read: ReadMetadata = {}
  const created = toEpochMs(value.createdAt)
  if (created !== undefined) read.created = created
  else if (value.createdAt !== undefined)
    sink.warn('BAD_TIME', `metadata.createdAt is not a time (got ${describeValue(value.createdAt)})`, [
      ...path,
      'createdAt',
    ])
  const completed = toEpochMs(value.completedAt)
  if (completed !== undefined) read.completed = completed
  const model =
    typeof value.model === 'string' ? value.model : typeof value.modelId === 'string' ? value.modelId : undefined
  if (model) {
    const slash = model.indexOf('/')
    read.modelID = slash >= 0 ? model.slice(slash + 1) : model
    if (slash >= 0) read.providerID = model.slice(0, slash)
  }
  if (typeof value.provider === 'string') read.providerID = value.provider
  const usage = decodeUsage(value.totalUsage) ?? decodeUsage(value.usage)
  if (usage) read.usage = usage
  if (value.cost !== undefined) {
    const cost = countOf(value.cost)
    if (cost !== undefined) read.cost = cost
    else
      sink.warn('BAD_COST', `metadata.cost must be a number of USD (got ${describeValue(value.cost)})`, [
        ...path,
        'cost',
      ])
  }
  return read
}
