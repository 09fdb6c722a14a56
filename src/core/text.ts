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
    return (
      JSON.stringify(value, (_key, item: unknown) => (typeof item === 'bigint' ? item.toString() : item), indent) ?? ''
    )
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

/**
 * `text` as a string of its own. To V8 (and the other engines), a slice of a string, 13 characters
 * or more, points into the string it was cut from and keeps all of it alive: a block cut from a
 * streamed text at some token keeps that whole text, so a streamed reply would hold thousands of
 * earlier copies of itself. Joined to a character and cut again, it is copied once into a string
 * of its own length.
 */
export function ownString(text: string): string {
  return text.length < 13 ? text : ` ${text}`.slice(1)
}

/**
 * Whether `text` begins with `prefix`: the same answer as `text.startsWith(prefix)`, which V8 runs
 * character by character. A streamed text is checked against the one before it at every token; a
 * slice is a view and `===` on it compares memory.
 */
export function extendsText(text: string, prefix: string): boolean {
  return text.length >= prefix.length && text.slice(0, prefix.length) === prefix
}
