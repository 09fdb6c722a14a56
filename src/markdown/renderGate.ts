/**
 * A block being written this long or longer, in characters, may be held back (see {@link RenderGate}).
 * Replies' blocks are read in pieces and cost a fraction of a millisecond per token whatever their
 * length; this keeps short blocks, which any parse reads in a few milliseconds, out of it.
 */
export const HOLD_FROM = 2_000

/**
 * A render of a block costing this long (ms) or more, three times running, holds the block back: a
 * frame. Counted from the start of the block's render to the end of its elements' (not the other
 * blocks or messages rendered in the same update, nor the browser's layout after it). A frame is
 * far above what a token of any shape the bench streams costs.
 */
export const SLOW_RENDER_MS = 16

/** A held block renders again once this many times its last render's cost has passed since that render began: a quarter of the time at most. */
export const HOLD_FACTOR = 4

/**
 * Holds back the render of a block being written whose markup cannot be read in pieces and costs
 * the parser the whole block at every token (a line of a thousand table cells, TeX delimiters on
 * every line): a stream of such a block grows with the square of its length, and each render takes
 * longer than a frame. Once the block's last three renders each
 * cost {@link SLOW_RENDER_MS} or more, it renders again only after {@link HOLD_FACTOR} times its
 * last cost has passed; in between it shows what it rendered last and, after it, the text written
 * since, as written (`held`). The finished block is always rendered (nothing is held once it ends),
 * and a block that does not extend the one rendered (its text changed before its end) renders at once.
 */
export class RenderGate<T> {
  /** The source last rendered, and what it rendered to. */
  private source = ''
  private rendered: { value: T } | null = null
  /** When the render under way began (`null`: none is). */
  private began: number | null = null
  /** When the last render began, and what the last three cost. */
  private last = Number.NEGATIVE_INFINITY
  private costs: number[] = []

  /**
   * The text to show after what was rendered last, written since (a block being held), or `null`
   * when the block is to be rendered now (then call {@link render}).
   */
  held(source: string, live: boolean, time: number): string | null {
    if (!live || this.rendered === null || source.length < HOLD_FROM || this.costs.length < 3) return null
    if (this.costs.some((cost) => cost < SLOW_RENDER_MS)) return null
    if (source.length <= this.source.length || source.slice(0, this.source.length) !== this.source) return null
    if (time - this.last >= HOLD_FACTOR * (this.costs.at(-1) as number)) return null
    return source.slice(this.source.length)
  }

  /** How long (ms) from `time` until a held block is due to render again. */
  wait(time: number): number {
    return Math.max(0, this.last + HOLD_FACTOR * (this.costs.at(-1) ?? 0) - time)
  }

  /** What was rendered last (while the block is held). */
  get value(): T {
    return (this.rendered as { value: T }).value
  }

  /**
   * Renders `source` (at `time`) with `render`, keeping the result to show while held: only while
   * the block is `live` (a finished block is never held, and a page of them would keep each one's
   * elements twice).
   */
  render(source: string, time: number, render: () => T, live = true): T {
    this.began = time
    this.last = time
    this.source = source
    const value = render()
    this.rendered = live ? { value } : null
    return value
  }

  /** The elements of the render begun last are rendered (at `time`): its cost is counted. */
  ended(time: number): void {
    if (this.began === null) return
    this.costs.push(time - this.began)
    if (this.costs.length > 3) this.costs.shift()
    this.began = null
  }
}
