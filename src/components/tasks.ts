/** The time, in ms, for budgets of work (performance.now where there is one). */
export const now = () => (typeof performance === 'undefined' ? Date.now() : performance.now())

/**
 * Work redone for what is being written, done this long ago or less, waits for the next frame:
 * replies streamed faster than this commit several times a frame, and only the frame shows.
 */
export const FRAME_MS = 12

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
  const byElement = new Map<Element, T>()
  let arrivals = 0
  let scheduled = false
  let observer: IntersectionObserver | null = null

  const pick = (): T | undefined => {
    let best: T | undefined
    let bestPlace: { order: number; visible: boolean } | undefined
    for (const [item, place] of items) {
      if (item.paused) continue
      if (!bestPlace || (place.visible && !bestPlace.visible) || (place.visible === bestPlace.visible && place.order < bestPlace.order)) {
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
      if (item.element && typeof IntersectionObserver !== 'undefined') {
        observer ??= new IntersectionObserver(
          (entries) => {
            for (const entry of entries) {
              const found = byElement.get(entry.target)
              const place = found && items.get(found)
              if (place) place.visible = entry.isIntersecting
            }
            queue.schedule()
          },
          { rootMargin: '50% 0px' },
        )
        byElement.set(item.element, item)
        observer.observe(item.element)
      }
      queue.schedule()
    },
    remove(item) {
      items.delete(item)
      if (!item.element) return
      byElement.delete(item.element)
      observer?.unobserve(item.element)
    },
    schedule() {
      if (scheduled) return
      scheduled = true
      queueTask(slice)
    },
  }
  return queue
}
