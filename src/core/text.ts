/**
 * Text for a wire value that should have been a string: strings as they are, numbers and booleans
 * written out, null and undefined as empty, anything else as JSON. Never throws, whatever the
 * value's `toString` does.
 */
export function textOf(value: unknown): string {
  if (typeof value === 'string') return value
  if (value === null || value === undefined) return ''
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') return String(value)
  return safeJson(value)
}

/** `JSON.stringify` that never throws (cycles, BigInt, nesting deeper than the stack). */
export function safeJson(value: unknown, indent?: number): string {
  try {
    return JSON.stringify(value, (_key, item: unknown) => (typeof item === 'bigint' ? item.toString() : item), indent) ?? ''
  } catch {
    return '[a value that cannot be written as JSON]'
  }
}

/** `text` as a regular expression that matches it literally. */
export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}

/** A line break of any kind JavaScript's `.` and `$` know: `\n`, `\r`, U+2028, U+2029. */
export const LINE_BREAK = /[\n\r\u2028\u2029]/
