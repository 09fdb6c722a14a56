/** The time, in ms, for budgets of work (performance.now where there is one). */
export const now = () => (typeof performance === 'undefined' ? Date.now() : performance.now())

/**
 * Whether work was done in the frame under way: `mark` it when done; it holds until the next frame
 * begins (a requestAnimationFrame callback), or until `clear` (at that frame). Work redone for what
 * is being written, done in the frame under way, waits for the next frame: replies streamed faster
 * than frames commit several times a frame, and only the frame shows. A frame, not a time: on a
 * display of 120 frames a second, or for a stream written once a frame, nothing waits. Without
 * frames (a server, jsdom without them) nothing is ever marked, so nothing waits.
 */
export class FrameMark {
  private marked = false
  // Each mark's frame callback clears only its own mark (not one made again after `clear`).
  private generation = 0

  get current(): boolean {
    return this.marked
  }

  mark(): void {
    if (this.marked || typeof requestAnimationFrame === 'undefined') return
    this.marked = true
    const generation = ++this.generation
    requestAnimationFrame(() => {
      if (generation === this.generation) this.marked = false
    })
  }

  clear(): void {
    this.marked = false
  }
}

/**
 * Runs `run` in a task of its own, soon: after the current task and its rendering, through a
 * message rather than a timer (no 4 ms clamping, no throttling while in view).
 */
export function queueTask(run: () => void): void {
  if (typeof MessageChannel === 'undefined') {
    setTimeout(run, 0)
    return
  }
  const channel = new MessageChannel()
  channel.port1.onmessage = () => {
    channel.port1.close()
    run()
  }
  channel.port2.postMessage(null)
}

/**
 * The items of a queue watched at their elements with one IntersectionObserver, made on first use:
 * each report of an element is handed on with its item (`seen`), then `after` runs once for the
 * batch. Without an IntersectionObserver (a server, jsdom) `watch` says so (`false`) and nothing is
 * watched.
 */
export function createViewWatcher<T>(
  rootMargin: string,
  seen: (item: T, entry: IntersectionObserverEntry) => void,
  after: () => void,
) {
  const byElement = new Map<Element, T>()
  let observer: IntersectionObserver | null = null
  return {
    /** Watches `item` at `element`; whether it can be (there is an IntersectionObserver). */
    watch(item: T, element: Element): boolean {
      if (typeof IntersectionObserver === 'undefined') return false
      observer ??= new IntersectionObserver(
        (entries) => {
          for (const entry of entries) {
            const found = byElement.get(entry.target)
            if (found !== undefined) seen(found, entry)
          }
          after()
        },
        { rootMargin },
      )
      byElement.set(element, item)
      observer.observe(element)
      return true
    },
    /** Stops watching `element`, if it is still `item`'s. */
    unwatch(item: T, element: Element): void {
      if (byElement.get(element) !== item) return
      byElement.delete(element)
      observer?.unobserve(element)
    },
  }
}

/** A piece of background work tied to an element on the page. */
export interface ViewItem {
  /** The element it is for: while in or near the view, the item goes first. */
  element: Element | null
  /** Set aside for now (waiting for something else); `schedule()` once it can go on. */
  paused?: boolean
}

/** A queue of {@link ViewItem}s worked through a budget of time per task. */
export interface ViewQueue<T extends ViewItem> {
  add(item: T): void
  /** Takes an item out (done, or no longer wanted). */
  remove(item: T): void
  /** Makes sure a task comes to work on the queue. */
  schedule(): void
}

/**
 * Background work that keeps the page responsive: items are worked on in tasks of their own, at
 * most `budgetMs` each, those in or near the view first (an IntersectionObserver), then in order of
 * arrival. `work` does one step of an item and removes it once it is done.
 */
export function createViewQueue<T extends ViewItem>(budgetMs: number, work: (item: T) => void): ViewQueue<T> {
  const items = new Map<T, { order: number; visible: boolean }>()
  let arrivals = 0
  let scheduled = false
  const view = createViewWatcher<T>(
    '50% 0px',
    (item, entry) => {
      const place = items.get(item)
      if (place) place.visible = entry.isIntersecting
    },
    () => queue.schedule(),
  )

  const pick = (): T | undefined => {
    let best: T | undefined
    let bestPlace: { order: number; visible: boolean } | undefined
    for (const [item, place] of items) {
      if (item.paused) continue
      if (
        !bestPlace ||
        (place.visible && !bestPlace.visible) ||
        (place.visible === bestPlace.visible && place.order < bestPlace.order)
      ) {
        best = item
        bestPlace = place
      }
    }
    return best
  }

  const slice = () => {
    scheduled = false
    const start = now()
    let item = pick()
    while (item && now() - start < budgetMs) {
      work(item)
      item = pick()
    }
    if (item) queue.schedule()
  }

  const queue: ViewQueue<T> = {
    add(item) {
      items.set(item, { order: arrivals++, visible: false })
      if (item.element) view.watch(item, item.element)
      queue.schedule()
    },
    remove(item) {
      items.delete(item)
      if (item.element) view.unwatch(item, item.element)
    },
    schedule() {
      if (scheduled) return
      scheduled = true
      queueTask(slice)
    },
  }
  return queue
}
