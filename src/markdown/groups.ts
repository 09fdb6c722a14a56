/**
 * Items in groups of a fixed size, each group handed out as the same array for as long as its
 * items are the same (by identity): a memoized component given a group skips it without looking
 * inside, so a growing list of rows or lines re-renders its last group only.
 */
export class Groups<T> {
  private kept: (readonly T[])[] = []

  constructor(private readonly size: number) {}

  /**
   * The `count` items that `item` gives, in groups. `unchanged`: how many items at the start the
   * caller knows to be the ones it gave last time; a group of those only is handed out again
   * without looking at its items, so a long list that grows at its end costs a look at its end.
   */
  of(count: number, item: (i: number) => T, unchanged = 0): (readonly T[])[] {
    const out: (readonly T[])[] = []
    for (let from = 0; from < count; from += this.size) {
      const to = Math.min(count, from + this.size)
      const previous = this.kept[out.length]
      let same = previous !== undefined && previous.length === to - from
      if (same && previous && to <= unchanged) {
        out.push(previous)
        continue
      }
      for (let i = from; same && i < to; i++) same = previous?.[i - from] === item(i)
      if (same && previous) {
        out.push(previous)
        continue
      }
      // A loop, not Array.from over an array-like: V8 runs that on its slow generic path, several
      // times the cost of the whole look at the last group, at every token.
      const group: T[] = []
      for (let i = from; i < to; i++) group.push(item(i))
      out.push(group)
    }
    this.kept = out
    return out
  }
}

/**
 * For an array only ever appended to (the same array for as long as its items stay): how many items
 * at its start are those it had when last given, for {@link Groups.of}'s `unchanged`. 0 for
 * another array.
 */
export class AppendOnly<T> {
  private last: readonly T[] | null = null
  private length = 0

  unchanged(list: readonly T[]): number {
    const same = list === this.last ? Math.min(this.length, list.length) : 0
    this.last = list
    this.length = list.length
    return same
  }
}
