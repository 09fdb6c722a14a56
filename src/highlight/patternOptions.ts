import { type ToRegExpOptions, toRegExpDetails } from 'oniguruma-to-es'

type EmulatedRegExpOptions = NonNullable<ReturnType<typeof toRegExpDetails>['options']>

/**
 * The options shiki's JavaScript engine converts a pattern with (`defaultJavaScriptRegexConstructor`),
 * so a pattern converted ahead of time is the RegExp the engine would have built. A test compares
 * the two, so an update of shiki that changes them is noticed.
 */
export const CONVERSION: ToRegExpOptions = {
  global: true,
  hasIndices: true,
  lazyCompileLength: 3000,
  rules: {
    allowOrphanBackrefs: true,
    asciiWordBoundaries: true,
    captureGroup: true,
    recursionLimit: 5,
    singleline: true,
  },
  target: 'auto',
}

/** A converted pattern: a JavaScript RegExp's source and flags, and the options of one emulating what JavaScript lacks. */
export type Converted = readonly [pattern: string, flags: string, options: EmulatedRegExpOptions | null]

/**
 * What the worker makes of a pattern, or `null` where it cannot be converted (the main thread's
 * engine then reports, or skips, the pattern as it always does).
 */
export function convertPattern(pattern: string): Converted | null {
  try {
    const details = toRegExpDetails(pattern, CONVERSION)
    return [details.pattern, details.flags, details.options ?? null]
  } catch {
    return null
  }
}

export interface ConvertRequest {
  id: number
  patterns: string[]
}

export interface ConvertResponse {
  id: number
  /** Per pattern asked for, in order; `null` where it could not be converted. */
  converted: (Converted | null)[]
}
