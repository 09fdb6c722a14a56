/**
 * The layout of a virtualized list: tops of rows of varying heights. Pure (no DOM): the transcript
 * feeds it the ids and the heights it measures.
 */
import type { Part } from '../../core/model/types.js'
import { textHeightGuess } from '../shared/progressive.js'

/** A span of rows, `end` excluded. */
export interface Range {
  start: number
  end: number
}

/** The height assumed for a message not measured yet, without a better estimate (px). */
export const ESTIMATE = 160
/**
 * Tops of rows of varying heights: measured heights by id, an estimate for the others (`estimate`,
 * asked once per row, until the row is measured), and prefix sums recomputed only from the first
 * row that changed.
 */
export class RowLayout {
  ids: readonly string[] = []
  private index = new Map<string, number>()
  private readonly sizes = new Map<string, number>()
  private tops = new Float64Array(1)
  private dirtyFrom = 0

  constructor(private readonly estimate: (id: string) => number = () => ESTIMATE) {}

  setIds(ids: readonly string[]) {
    if (ids === this.ids) return
    let same = 0
    while (same < ids.length && same < this.ids.length && ids[same] === this.ids[same]) same++
    if (same < this.ids.length || this.index.size !== this.ids.length) {
      this.index = new Map(ids.map((id, i) => [id, i]))
    } else {
      for (let i = same; i < ids.length; i++) this.index.set(ids[i] as string, i)
    }
    this.ids = ids
    if (this.tops.length < ids.length + 1) {
      const grown = new Float64Array(Math.max(ids.length + 1, this.tops.length * 2))
      grown.set(this.tops)
      this.tops = grown
    }
    this.dirtyFrom = Math.min(this.dirtyFrom, same)
  }

  indexOf(id: string): number {
    return this.index.get(id) ?? -1
  }

  size(id: string): number {
    let size = this.sizes.get(id)
    if (size === undefined) {
      // The estimate stands until the row is measured: asked again, it could move the rows below.
      size = this.estimate(id)
      this.sizes.set(id, size)
    }
    return size
  }

  /** Records a measured height; returns how much it differs from what was assumed. */
  measure(id: string, height: number): number {
    const before = this.size(id)
    if (before === height) return 0
    this.sizes.set(id, height)
    const index = this.indexOf(id)
    if (index >= 0) this.dirtyFrom = Math.min(this.dirtyFrom, index)
    return height - before
  }

  /** The top of row `index` (`ids.length` gives the total height). */
  top(index: number): number {
    if (this.dirtyFrom < index + 1) {
      const n = this.ids.length
      for (let i = this.dirtyFrom; i < n; i++) this.tops[i + 1] = (this.tops[i] ?? 0) + this.size(this.ids[i] as string)
      this.dirtyFrom = n + 1
    }
    return this.tops[index] ?? 0
  }

  /** The first row whose bottom is below `y`. */
  rowAt(y: number): number {
    let low = 0
    let high = this.ids.length
    this.top(high)
    while (low < high) {
      const mid = (low + high) >> 1
      if ((this.tops[mid + 1] ?? 0) <= y) low = mid + 1
      else high = mid
    }
    return low
  }

  /** The last rows, as many as fill `height` by their known or estimated heights. */
  lastRows(height: number): Range {
    const end = this.ids.length
    let start = end
    let filled = 0
    while (start > 0 && filled < height) filled += this.size(this.ids[--start] as string)
    return { start, end }
  }
}

/** What a part adds to a message's height before it is laid out, in px (text by its length and lines). */
function partHeightGuess(part: Part): number {
  switch (part.type) {
    case 'text':
      // The store refuses a text that is not a string; a guess never throws whatever it is given.
      return part.synthetic || part.system || part.ignored || typeof part.text !== 'string'
        ? 0
        : textHeightGuess(part.text) + 8
    // Finished reasoning and tool calls show collapsed: a line each.
    case 'reasoning':
    case 'tool':
    case 'file':
    case 'patch':
    case 'agent':
    case 'subtask':
    case 'retry':
      return 36
    default:
      return 0
  }
}

/** The space a message takes besides its parts: its header, margins and border (px). */
const MESSAGE_CHROME = 64

/**
 * A guess at a message's height from its parts, for a row not measured yet: close enough that a
 * long reply is not taken for a one-liner (the first render fills the view with a few rows, not
 * dozens, and the scrollbar stands for the session's length from the start).
 */
export function messageHeightGuess(parts: readonly Part[]): number {
  let height = MESSAGE_CHROME
  for (const part of parts) height += partHeightGuess(part)
  return height
}
