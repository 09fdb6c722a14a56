/** A diagram drawn, or why it could not be. */
export type DiagramResult = { svg: string } | { error: string }

/** How to draw a diagram. */
export interface DiagramOptions {
  /** Draw for a dark background. */
  dark: boolean
  /** Decides what a link in the drawing may point at (`null`: no link). */
  link: (url: string) => string | null
}

/**
 * The small interface the components draw diagrams through, like `Highlighter` for code: the
 * drawing library stays replaceable and is loaded only when a diagram is shown. `render` resolves to
 * SVG markup that is safe to insert (sanitized, links through `options.link`), or an error.
 */
export interface DiagramRenderer {
  render(source: string, options: DiagramOptions): Promise<DiagramResult>
}
