/**
 * `chatparts/core`: the canonical transcript model, how to build it (`build`), the tool-state machine
 * and totals. No React, no DOM. The validator of its rules is `chatparts/validate`.
 */
export type * from './model/types.js'
export * from './model/guards.js'
export { createIdGenerator, defaultIdGenerator, type IdGenerator, type IdGeneratorOptions } from './ids.js'
export {
  TOOL_STATUSES,
  TOOL_TRANSITIONS,
  assertTransition,
  canTransition,
  isFinalToolStatus,
  timeoutToolState,
  toCompleted,
  toError,
  toRunning,
} from './toolState.js'
export * from './totals.js'
export {
  InvalidStateTransition,
  InvalidDataError,
  formatPath,
  type InvalidStateTransitionDetails,
  type IssueCode,
  type Diagnostic,
  type ConvertOptions,
} from './errors.js'
export type { IdMap } from './idMap.js'
export type { Adapter, AdapterSession, AdapterSnapshot, AdapterWrites } from './adapter.js'
export type { PendingDelta, TranscriptOp, TranscriptState, TranscriptStatus } from './transcript.js'
export * as build from './build.js'
