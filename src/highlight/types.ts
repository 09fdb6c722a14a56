/**
 * One highlighted run of text: its colors for the light and dark themes, as CSS values. A token
 * with neither is in the highlighter's plain colour ({@link Highlighter.plainColor}).
 */
export interface CodeToken {
  content: string
  light?: string
  dark?: string
  /** Bit flags: 1 italic, 2 bold, 4 underline. */
  fontStyle?: number
}

/** Highlighted lines and the tokenizer's state at their end, to continue from. */
export interface TokenizedLines {
  lines: CodeToken[][]
  /** Opaque: pass it back to continue highlighting the lines that follow. */
  state: unknown
}

/**
 * The small interface the components highlight code through, so the heavy highlighter stays
 * replaceable and lazy. `tokenize` is synchronous and returns `null` until `lang` is ready; the
 * component shows plain code meanwhile (never a blank) and calls `load`.
 */
export interface Highlighter {
  /** The canonical name of a language (`ts` → `typescript`), or `null` when it is not supported. */
  resolve(lang: string): string | null
  /** Whether `lang` is loaded and `tokenize` will serve it. */
  ready(lang: string): boolean
  /** Tokens of `code` (whole lines), continuing from `state`; `null` while `lang` is not loaded. */
  tokenize(code: string, lang: string, state?: unknown): TokenizedLines | null
  /** Loads `lang` (and the engine and themes on first use); resolves to whether it can be tokenized. */
  load(lang: string): Promise<boolean>
  /**
   * The colours of code its themes leave plain (their foreground), which its tokens without
   * colours take; `null` until the themes are loaded. Optional: without it, such tokens take the
   * code block's own text colour.
   */
  plainColor?(): ThemeColors | null
  /**
   * Asks for tokens coloured for `scheme` too, loading its theme: the components call it with the
   * scheme each code block shows in, so a highlighter may fetch a theme only once a page shows it.
   * Resolves once the theme is loaded, or at once when nothing is loaded yet (the first `load`
   * brings it). Optional: without it, tokens carry the colours the highlighter always gives.
   */
  showScheme?(scheme: ColorScheme): Promise<void>
  /**
   * A number that changes when tokens made before are out of date (a theme was added): code is
   * then highlighted again. Optional, with {@link Highlighter.subscribe}.
   */
  version?(): number
  /** Calls `listener` each time `version` changes; returns what stops it. */
  subscribe?(listener: () => void): () => void
}

/** A colour scheme of the page. */
export type ColorScheme = 'light' | 'dark'

/**
 * A colour for the light theme and one for the dark, as CSS values: each present when the
 * highlighter has that scheme's theme.
 */
export interface ThemeColors {
  light?: string
  dark?: string
}
