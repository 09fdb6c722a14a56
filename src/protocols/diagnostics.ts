// The protocols read untyped input with the same plain-object check as the core validator.
export { isRecord } from '../core/record.js'
export { safeJson, textOf } from '../core/text.js'
import { type ConvertOptions, type Diagnostic, InvalidDataError } from '../core/errors.js'
import { textOf } from '../core/text.js'
export { InvalidDataError } from '../core/errors.js'

export type { ConvertOptions, Diagnostic } from '../core/errors.js'

/** Collects diagnostics for one conversion; in strict mode the first error throws. */
export class DiagnosticSink {
  readonly list: Diagnostic[] = []
  private readonly strict: boolean

  constructor(options?: ConvertOptions) {
    this.strict = options?.strict ?? false
  }

  /** Whether the first error throws. */
  get throws(): boolean {
    return this.strict
  }

  error(code: string, message: string, path: (string | number)[] = []): void {
    this.push({ code, message, path, severity: 'error' })
  }

  warn(code: string, message: string, path: (string | number)[] = []): void {
    this.push({ code, message, path, severity: 'warning' })
  }

  push(diagnostic: Diagnostic): void {
    this.list.push(diagnostic)
    if (this.strict && diagnostic.severity === 'error') throw new InvalidDataError([diagnostic])
  }
}

/** Whether `value` is a string with at least one character. */
export function isNonEmptyString(value: unknown): value is string {
  return typeof value === 'string' && value !== ''
}

/**
 * A string field of a wire object: kept when it is one; `null` or absent is `undefined` (reported
 * when `required`); anything else is reported and read as text.
 */
export function stringField(
  raw: Record<string, unknown>,
  key: string,
  sink: DiagnosticSink,
  path: (string | number)[],
  required = false,
): string | undefined {
  const value = raw[key]
  if (typeof value === 'string') return value
  if (value === undefined || value === null) {
    if (required) sink.error('BAD_FIELD', `${key} is required (a string)`, [...path, key])
    return undefined
  }
  sink.warn('BAD_FIELD', `${key} should be a string (got ${describeValue(value)}); read as text`, [...path, key])
  return textOf(value)
}

/** Describes a value briefly for a diagnostic. */
export function describeValue(value: unknown): string {
  if (value === null) return 'null'
  if (Array.isArray(value)) return 'an array'
  if (typeof value === 'string') return value.length > 30 ? `"${value.slice(0, 27)}…"` : `"${value}"`
  // Neither null nor an object here: a primitive (or a function), which String writes as itself.
  const primitive = value as string | number | boolean | bigint | symbol | undefined
  return typeof value === 'object' ? 'an object' : String(primitive)
}

/** How deep a wire value may nest; deeper levels are replaced by a marker, with a diagnostic. */
export const MAX_DEPTH = 200

const TOO_DEEP = `[nested deeper than ${MAX_DEPTH} levels; left out]`

/** The depth of the deepest value under `value`, counted without recursion, stopping past `limit`. */
function deeperThan(value: unknown, limit: number): boolean {
  const stack: [unknown, number][] = [[value, 0]]
  const seen = new Set<object>()
  while (stack.length > 0) {
    const [node, depth] = stack.pop() as [unknown, number]
    if (node === null || typeof node !== 'object' || seen.has(node)) continue
    if (depth >= limit) return true
    seen.add(node)
    for (const key of Object.keys(node)) stack.push([(node as Record<string, unknown>)[key], depth + 1])
  }
  return false
}

function cut(
  value: unknown,
  depth: number,
  sink: DiagnosticSink,
  path: (string | number)[],
  seen: Set<object>,
): unknown {
  if (value === null || typeof value !== 'object') return value
  if (depth >= MAX_DEPTH || seen.has(value)) {
    sink.error(
      'TOO_DEEP',
      `the input nests deeper than ${MAX_DEPTH} levels (or refers to itself) here; that part is replaced by a marker`,
      path,
    )
    return TOO_DEEP
  }
  seen.add(value)
  const out: Record<string, unknown> | unknown[] = Array.isArray(value) ? [] : {}
  for (const key of Object.keys(value)) {
    const child = cut(
      (value as Record<string, unknown>)[key],
      depth + 1,
      sink,
      [...path, Array.isArray(value) ? Number(key) : key],
      seen,
    )
    Object.defineProperty(out, key, { value: child, enumerable: true, writable: true, configurable: true })
  }
  seen.delete(value)
  return out
}

/**
 * The input as it is when it nests at most {@link MAX_DEPTH} levels (the common case: checked
 * without copying); otherwise a copy with what lies deeper replaced by a marker and a `TOO_DEEP`
 * diagnostic, so no converter can overflow the stack on it.
 */
export function limitDepth<T>(value: T, sink: DiagnosticSink, path: (string | number)[] = []): T {
  if (!deeperThan(value, MAX_DEPTH)) return value
  return cut(value, 0, sink, path, new Set()) as T
}

/** How many unread fields of one object are named one by one; the rest are counted in one warning. */
const NAMED_UNREAD = 5

/**
 * Reports the fields of a wire object that its format does not define, a warning each (`UNREAD_FIELD`
 * at the field's path): a converter reads the fields it knows, so what the wire carried beyond them
 * is named, never dropped silently. `known` lists the fields the format defines, read or left by
 * design (a debug-only field). Past {@link NAMED_UNREAD} fields, one warning at the object counts the rest.
 */
export function reportUnread(
  raw: Record<string, unknown>,
  known: ReadonlySet<string>,
  sink: DiagnosticSink,
  path: (string | number)[],
  what: string,
): void {
  let named = 0
  let more = 0
  for (const key of Object.keys(raw)) {
    if (known.has(key) || raw[key] === undefined) continue
    if (named === NAMED_UNREAD) {
      more++
      continue
    }
    named++
    sink.warn('UNREAD_FIELD', `${what} has no field ${describeValue(key)} in its format; it is not shown`, [
      ...path,
      key,
    ])
  }
  if (more > 0)
    sink.warn('UNREAD_FIELD', `${what} has ${more} more fields its format does not define; they are not shown`, path)
}

/** The fields a format defines for one kind of object, for {@link reportUnread}. */
export const fields = (...names: string[]): ReadonlySet<string> => new Set(names)
