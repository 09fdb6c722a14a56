/**
 * `chatparts/core`: the canonical transcript model and its pure helpers. No React, no DOM.
 */
export type * from './model/types.js'
export * from './model/guards.js'
export { createIdGenerator, defaultIdGenerator, type IdGenerator, type IdGeneratorOptions } from './ids.js'
export * from './factory.js'
export * from './toolState.js'
export * from './validator.js'
export * from './totals.js'
export { formatCost, formatDuration, formatTokens } from './format.js'
export { InvalidStateTransition, InvalidDataError, formatPath, type InvalidStateTransitionDetails, type IssueCode, type Diagnostic, type ConvertOptions } from './errors.js'
export type { IdMap } from './idMap.js'
export type { Adapter, AdapterSession, AdapterSnapshot, AdapterWrites } from './adapter.js'
export { applyOps, emptyTranscript, toMessages, type PendingDelta, type TranscriptOp, type TranscriptState, type TranscriptStatus } from './transcript.js'
export * as build from './build.js'
