/**
 * The contract between a wire format and a store: an adapter reads its format into the canonical
 * model, and the store applies what it returns. The store knows only this contract and canonical
 * writes; every protocol the kit ships is an adapter, and an app can write one for its own format.
 */
import type { ConvertOptions, Diagnostic } from './errors.js'
import type { WithParts } from './model/types.js'
import type { TranscriptOp } from './transcript.js'

/** A whole input read at once: its messages, and what was found on the way. */
export interface AdapterSnapshot {
  messages: WithParts[]
  diagnostics: Diagnostic[]
}

/** The writes one live event makes, and what was found on the way. */
export interface AdapterWrites {
  ops: TranscriptOp[]
  diagnostics: Diagnostic[]
}

/** A live session of an adapter: it turns one wire event at a time into canonical writes. */
export interface AdapterSession {
  /** Reads one event. In strict mode it throws before it changes its own state. */
  push(event: unknown, options?: ConvertOptions): AdapterWrites
  /**
   * Continues from a whole input the adapter's `snapshot` read, so live events pair with it
   * (optional). `messages` is what that snapshot gave, so the input need not be read twice.
   */
  seed?(input: unknown, messages: readonly WithParts[]): void
}

/** Reads a wire format into the canonical model: a whole input at once, one event at a time, or both. */
export interface Adapter<Options extends ConvertOptions = ConvertOptions> {
  /** A short name for diagnostics, e.g. `opencode`. */
  readonly name: string
  /** Reads a whole transcript. */
  snapshot?(input: unknown, options?: Options): AdapterSnapshot
  /** Opens a live session (one per store). */
  session?(options?: Options): AdapterSession
  /** With both: whether `input` is a whole transcript or one live event (default: `snapshot`). */
  kind?(input: unknown): 'snapshot' | 'event'
}
