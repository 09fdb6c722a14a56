import { isEpochMs } from '../core/numbers.js'
import { type DiagnosticSink, describeValue, isRecord, textOf } from './diagnostics.js'

/**
 * Deterministic ids for wires that carry none: the same input always gives the same id. A 64-bit
 * FNV-1a hash of the parts, in hex, after a prefix such as `msg` or `prt`.
 */
export function deriveId(prefix: string, ...parts: (string | number)[]): string {
  let hash = 0xcbf29ce484222325n
  const text = parts.join('\u0000')
  for (let i = 0; i < text.length; i += 1) {
    hash ^= BigInt(text.charCodeAt(i))
    hash = (hash * 0x100000001b3n) & 0xffffffffffffffffn
  }
  return `${prefix}_${hash.toString(16).padStart(16, '0')}`
}

/**
 * Parses an ISO date or epoch number into epoch milliseconds, or `undefined` for anything that is
 * not a time a `Date` can hold (beyond ±8.64e15 ms, not finite, not a date).
 */
export function toEpochMs(value: unknown): number | undefined {
  if (typeof value === 'number') return isEpochMs(value) ? value : undefined
  if (typeof value !== 'string' || value.trim() === '') return undefined
  const parsed = Date.parse(value)
  return Number.isNaN(parsed) ? undefined : parsed
}

/**
 * A wire time read as epoch milliseconds; one that is present but not a time a `Date` can hold is
 * reported (`BAD_TIME`) and read as absent.
 */
export function readTime(value: unknown, sink: DiagnosticSink, path: (string | number)[]): number | undefined {
  if (value === undefined || value === null || value === '') return undefined
  const time = toEpochMs(value)
  if (time === undefined)
    sink.warn(
      'BAD_TIME',
      `${describeValue(value)} is not a time (ISO text or epoch milliseconds within ±8.64e15); read as no time`,
      path,
    )
  return time
}

/** Parses JSON text that should hold an object (tool arguments): the object, or why it is not one. */
export function parseJsonObject(text: string): { input: Record<string, unknown> } | { error: string } {
  try {
    const value: unknown = JSON.parse(text)
    return isRecord(value) ? { input: value } : { error: `JSON but not an object (${describeValue(value)})` }
  } catch (error) {
    return { error: error instanceof Error ? error.message : 'not JSON' }
  }
}

/**
 * Tool arguments as a converter reads them: an object is the input; JSON text of an object is
 * parsed; empty text is no input; anything else is kept raw and reported (`ARGS_PARSE_FAILED`).
 */
export function readArguments(
  value: unknown,
  sink: DiagnosticSink,
  path: (string | number)[],
): { input: Record<string, unknown>; raw?: string } {
  if (isRecord(value)) return { input: value }
  const text = textOf(value)
  if (text.trim() === '') return { input: {} }
  const parsed = parseJsonObject(text)
  if ('input' in parsed) return { input: parsed.input }
  sink.warn('ARGS_PARSE_FAILED', `tool arguments are not a JSON object (${parsed.error}); the raw text is kept`, path)
  return { input: {}, raw: text }
}
