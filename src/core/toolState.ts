import { InvalidStateTransition, InvalidDataError } from './errors.js'
import type {
  FilePart,
  Metadata,
  ToolState,
  ToolStateCompleted,
  ToolStateError,
  ToolStateRunning,
  ToolStatus,
} from './model/types.js'

/** The four tool statuses in machine order. */
export const TOOL_STATUSES = ['pending', 'running', 'completed', 'error'] as const satisfies readonly ToolStatus[]

/** Where each status may move next (a move to the same status is always allowed and changes nothing). */
export const TOOL_TRANSITIONS: Readonly<Record<ToolStatus, readonly ToolStatus[]>> = {
  pending: ['running'],
  running: ['completed', 'error'],
  completed: [],
  error: [],
}

/** Whether a state with this status will not change again. */
export function isFinalToolStatus(status: ToolStatus): boolean {
  return TOOL_TRANSITIONS[status].length === 0
}

/** Whether the machine allows `from` → `to` (including the idempotent `from` → `from`). */
export function canTransition(from: ToolStatus, to: ToolStatus): boolean {
  return from === to || TOOL_TRANSITIONS[from].includes(to)
}

/** Throws {@link InvalidStateTransition} unless `from` → `to` is allowed. */
export function assertTransition(from: ToolStatus, to: string): void {
  if (TOOL_STATUSES.some((status) => status === to && canTransition(from, status))) return
  throw invalidTransition(from, to)
}

function invalidTransition(from: ToolStatus, to: string): InvalidStateTransition {
  return new InvalidStateTransition({
    currentStatus: from,
    attemptedStatus: to,
    validTransitions: [...TOOL_TRANSITIONS[from]],
  })
}

function requireText(value: unknown, code: 'BR-09' | 'BR-10', field: string): void {
  if (typeof value !== 'string' || value.length === 0) {
    throw new InvalidDataError([
      { code, message: `${field} must be a non-empty string`, path: [field], severity: 'error' },
    ])
  }
}

/**
 * Moves a state to `running`. A pending state becomes a new running state started at `start`
 * (default: now); a running state comes back unchanged; anything else throws {@link InvalidStateTransition}.
 */
export function toRunning(
  state: ToolState,
  options: { start?: number; title?: string; metadata?: Metadata } = {},
): ToolStateRunning {
  if (state.status === 'running') return state
  if (state.status !== 'pending') throw invalidTransition(state.status, 'running')
  const running: ToolStateRunning = {
    status: 'running',
    input: { ...state.input },
    time: { start: options.start ?? Date.now() },
  }
  if (options.title !== undefined) running.title = options.title
  if (options.metadata !== undefined) running.metadata = { ...options.metadata }
  return running
}

/**
 * Moves a state to `completed`. A running state becomes completed at `endTime`; a completed state
 * comes back unchanged; anything else throws {@link InvalidStateTransition}.
 */
export function toCompleted(
  state: ToolState,
  result: { output: string; title?: string; metadata?: Metadata; attachments?: FilePart[] },
  endTime: number = Date.now(),
): ToolStateCompleted {
  if (state.status === 'completed') return state
  if (state.status !== 'running') throw invalidTransition(state.status, 'completed')
  if (typeof result.output !== 'string') requireText(result.output, 'BR-09', 'output')
  const completed: ToolStateCompleted = {
    status: 'completed',
    input: { ...state.input },
    output: result.output,
    title: result.title ?? state.title ?? '',
    metadata: { ...state.metadata, ...result.metadata },
    time: { start: state.time.start, end: endTime },
  }
  if (result.attachments !== undefined) completed.attachments = [...result.attachments]
  return completed
}

/**
 * Moves a state to `error`. A running state fails at `endTime`; an error state comes back
 * unchanged; anything else throws {@link InvalidStateTransition}. An empty message throws
 * {@link InvalidDataError} (BR-10).
 */
export function toError(
  state: ToolState,
  error: string,
  endTime: number = Date.now(),
  metadata?: Metadata,
): ToolStateError {
  if (state.status === 'error') return state
  if (state.status !== 'running') throw invalidTransition(state.status, 'error')
  requireText(error, 'BR-10', 'error')
  const failed: ToolStateError = {
    status: 'error',
    input: { ...state.input },
    error,
    time: { start: state.time.start, end: endTime },
  }
  if (state.metadata || metadata) failed.metadata = { ...state.metadata, ...metadata }
  return failed
}

/**
 * Fails a running state that has run for `timeoutMs` or longer by `now` (default: `Date.now()`),
 * with a message naming the limit and `metadata.timedOut = true`. Any other state, and a running
 * state still within its time, comes back unchanged.
 */
export function timeoutToolState(state: ToolState, timeoutMs: number, now: number = Date.now()): ToolState {
  if (state.status !== 'running' || now - state.time.start < timeoutMs) return state
  const seconds = Math.round(timeoutMs / 100) / 10
  return toError(state, `Tool timed out after ${seconds} s`, now, { timedOut: true })
}
