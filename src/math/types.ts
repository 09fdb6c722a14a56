/** A formula rendered, or why it could not be. */
export type MathResult = { html: string } | { error: string }

/**
 * The small interface the components typeset math through, as code goes through `Highlighter`: the
 * typesetter stays replaceable and is loaded only when a formula needs it. `render` is synchronous
 * and returns `null` until `ready`; the component shows the formula's source meanwhile and calls `load`.
 */
export interface MathRenderer {
  /** Whether `render` will serve. */
  ready(): boolean
  /** Loads the typesetter; resolves to whether it can render. */
  load(): Promise<boolean>
  /**
   * HTML of `tex` (display math when `display`), made by the typesetter from TeX alone, with no
   * URL, style or HTML of the formula's own let through; an error for TeX it cannot read.
   */
  render(tex: string, display: boolean): MathResult | null
}
