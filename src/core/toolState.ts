import { InvalidStateTransition, InvalidDataError } from './errors.js'
import type { FilePart, Metadata, ToolState, ToolStateCompleted, ToolStateError, ToolStatePending, ToolStateRunning, ToolStatus } from './model/types.js'

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
    throw new InvalidDataError([{ code, message: `${field} must be a non-empty string`, path: [field], severity: 'error' }])
  }
}

/** Creates a pending state: the call is known, its arguments in `raw` (BR-06). */
export function createPending(input: Metadata, raw: string): ToolStatePending {
  return { status: 'pending', input: { ...input }, raw }
}

/** Creates a running state started at `start` (default: now). */
export function createRunning(input: Metadata, title?: string, options: { start?: number; metadata?: Metadata } = {}): ToolStateRunning {
  const state: ToolStateRunning = { status: 'running', input: { ...input }, time: { start: options.start ?? Date.now() } }
  if (title !== undefined) state.title = title
  if (options.metadata !== undefined) state.metadata = { ...options.metadata }
  return state
}

/** Creates a completed state; an empty `output` is allowed (a tool may finish silently; BR-09 warns). */
export function createCompleted(input: Metadata, output: string, title: string, metadata: Metadata, startTime: number, endTime: number, attachments?: FilePart[]): ToolStateCompleted {
  if (typeof output !== 'string') requireText(output, 'BR-09', 'output')
  const state: ToolStateCompleted = {
    status: 'completed',
    input: { ...input },
    output,
    title,
    metadata: { ...metadata },
    time: { start: startTime, end: endTime },
  }
  if (attachments !== undefined) state.attachments = [...attachments]
  return state
}

/** Creates an error state; throws {@link InvalidDataError} when `error` is empty (BR-10). */
export function createError(input: Metadata, error: string, startTime: number, endTime: number, metadata?: Metadata): ToolStateError {
  requireText(error, 'BR-10', 'error')
  const state: ToolStateError = { status: 'error', input: { ...input }, error, time: { start: startTime, end: endTime } }
  if (metadata !== undefined) state.metadata = { ...metadata }
  return state
}

/**
 * Moves a state to `running`. A pending state becomes a new running state started at `start`
 * (default: now); a running state comes back unchanged; anything else throws {@link InvalidStateTransition}.
 */
export function toRunning(state: ToolState, options: { start?: number; title?: string; metadata?: Metadata } = {}): ToolStateRunning {
  if (state.status === 'running') return state
  if (state.status !== 'pending') throw invalidTransition(state.status, 'running')
  return createRunning(state.input, options.title, options)
}

/**
 * Moves a state to `completed`. A running state becomes completed at `endTime`; a completed state
 * comes back unchanged; anything else throws {@link InvalidStateTransition}.
 */
export function toCompleted(state: ToolState, result: { output: string; title?: string; metadata?: Metadata; attachments?: FilePart[] }, endTime: number = Date.now()): ToolStateCompleted {
  if (state.status === 'completed') return state
  if (state.status !== 'running') throw invalidTransition(state.status, 'completed')
  const running = state
  return createCompleted(running.input, result.output, result.title ?? running.title ?? '', { ...running.metadata, ...result.metadata }, running.time.start, endTime, result.attachments)
}

/**
 * Moves a state to `error`. A running state fails at `endTime`; an error state comes back
 * unchanged; anything else throws {@link InvalidStateTransition}. An empty message throws
 * {@link InvalidDataError} (BR-10).
 */
export function toError(state: ToolState, error: string, endTime: number = Date.now(), metadata?: Metadata): ToolStateError {
  if (state.status === 'error') return state
  if (state.status !== 'running') throw invalidTransition(state.status, 'error')
  const running = state
  const merged = running.metadata || metadata ? { ...running.metadata, ...metadata } : undefined
  return createError(running.input, error, running.time.start, endTime, merged)
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
