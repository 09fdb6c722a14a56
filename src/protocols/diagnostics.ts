// The protocols read untyped input with the same plain-object check as the core validator.
export { isRecord } from '../core/record.js'

/** Something a converter met in its input that it could not take as it was. */
export interface Diagnostic {
  /** A stable code, e.g. `LEGACY_TOOL_MESSAGE`, `ORPHAN_TOOL_RESULT`, `SEQ_GAP`. */
  code: string
  /** What happened and what was done about it, in plain English. */
  message: string
  /** Where in the input, as keys from its root, e.g. `[3, 'content', 0]`. */
  path: (string | number)[]
  /** `error`: the input broke the protocol; `warning`: it was odd but fully kept (default: error). */
  severity: 'error' | 'warning'
}

/** Options every converter accepts. */
export interface ConvertOptions {
  /** Throw a {@link ConversionError} at the first error-severity diagnostic (default: false). */
  strict?: boolean
}

/** Thrown by converters in strict mode. */
export class ConversionError extends Error {
  override readonly name = 'ConversionError'
  /** What was found, the first of which is in the message. */
  readonly diagnostics: readonly Diagnostic[]

  constructor(diagnostics: readonly Diagnostic[]) {
    const first = diagnostics[0]
    super(first ? `${first.code}: ${first.message}` : 'conversion failed')
    this.diagnostics = diagnostics
  }
}

/** Collects diagnostics for one conversion; in strict mode the first error throws. */
export class DiagnosticSink {
  readonly list: Diagnostic[] = []
  private readonly strict: boolean

  constructor(options?: ConvertOptions) {
    this.strict = options?.strict ?? false
  }

  error(code: string, message: string, path: (string | number)[] = []): void {
    this.push({ code, message, path, severity: 'error' })
  }

  warn(code: string, message: string, path: (string | number)[] = []): void {
    this.push({ code, message, path, severity: 'warning' })
  }

  push(diagnostic: Diagnostic): void {
    this.list.push(diagnostic)
    if (this.strict && diagnostic.severity === 'error') throw new ConversionError([diagnostic])
  }
}

/** Whether `value` is a string with at least one character. */
export function isNonEmptyString(value: unknown): value is string {
  return typeof value === 'string' && value !== ''
}

/** Describes a value briefly for a diagnostic. */
export function describeValue(value: unknown): string {
  if (value === null) return 'null'
  if (Array.isArray(value)) return 'an array'
  if (typeof value === 'string') return value.length > 30 ? `"${value.slice(0, 27)}…"` : `"${value}"`
  return typeof value === 'object' ? 'an object' : String(value)
}
