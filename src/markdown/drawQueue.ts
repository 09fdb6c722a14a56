import { createViewWatcher, now, queueTask } from './tasks.js'

/** A diagram waiting to be drawn. */
export interface DrawJob {
  /** The diagram on the page: it is drawn once it is in or near the view. `null`: at its turn, wherever it is. */
  readonly element: Element | null
  /** Starts the drawing; settles once it is done (drawn, refused or given up). */
  readonly draw: () => Promise<unknown>
}

/** How near the view a diagram is drawn: a view's height above and below it. */
const NEAR = '100% 0px'
/**
 * A drawing that takes longer than this (a renderer that never settles) no longer holds back the
 * next: the next starts, and the late one still shows once it is done.
 */
const GIVE_UP_MS = 10_000
/**
 * While the reader scrolls fast (a box, or the page, by more than its own height within this long),
 * no drawing starts: one is a task of tens of milliseconds that would stall the scroll. They start
 * once the page has been slow this long. A box that follows a streaming reply down is not fast.
 */
const STILL_MS = 150

/**
 * Diagrams drawn one at a time, each in a task of its own, only in or near the view, the nearest
 * first, and none while the page scrolls fast. A drawing is one long piece of work that cannot be
 * cut (mermaid lays a diagram out in several frames' time): a session opened with a hundred of
 * them must not draw them all at once. Far from the view a diagram keeps its source until it comes
 * near. Without an IntersectionObserver (a server, jsdom) every
 * diagram is near.
 */
export function createDrawQueue(near = NEAR) {
  /** Waiting jobs, and how far from the view each was when last seen (0: in it; `Infinity`: not near). */
  const waiting = new Map<DrawJob, number>()
  let running = false
  let scheduled = false
  let pausing = false
  /** When the page (or any box in it) last scrolled fast; listened to once a diagram waits for the view. */
  let scrolled = Number.NEGATIVE_INFINITY
  let listening = false
  // How far the boxes that scrolled moved since `since` (a window of STILL_MS), and where each was.
  const places = new WeakMap<Element, number>()
  let moved = 0
  let since = Number.NEGATIVE_INFINITY
  const onScroll = (event: Event) => {
    const box = event.target instanceof Element ? event.target : document.scrollingElement
    if (!box) return
    const top = box.scrollTop
    const before = places.get(box) ?? top
    places.set(box, top)
    const time = now()
    if (time - since > STILL_MS) {
      since = time
      moved = 0
    }
    moved += Math.abs(top - before)
    if (moved > box.clientHeight) scrolled = time
  }

  const distance = (entry: IntersectionObserverEntry): number => {
    if (!entry.isIntersecting) return Number.POSITIVE_INFINITY
    const box = entry.boundingClientRect
    const height = typeof innerHeight === 'number' ? innerHeight : 0
    return box.bottom < 0 ? -box.bottom : box.top > height ? box.top - height : 0
  }

  const next = () => {
    scheduled = false
    if (running) return
    let best: DrawJob | undefined
    let bestDistance = Number.POSITIVE_INFINITY
    // Map order is arrival order: of two as near, the earlier goes first.
    for (const [job, away] of waiting)
      if (away < bestDistance) {
        best = job
        bestDistance = away
      }
    if (!best) return
    const still = now() - scrolled
    if (still < STILL_MS) {
      // One wait at a time, however many reports of the view come meanwhile.
      if (!pausing) {
        pausing = true
        setTimeout(() => {
          pausing = false
          schedule()
        }, STILL_MS - still)
      }
      return
    }
    queue.remove(best)
    running = true
    let released = false
    const release = () => {
      if (released) return
      released = true
      clearTimeout(timer)
      running = false
      schedule()
    }
    const timer = setTimeout(release, GIVE_UP_MS)
    best.draw().then(release, release)
  }

  const schedule = () => {
    if (scheduled) return
    scheduled = true
    queueTask(next)
  }

  const view = createViewWatcher<DrawJob>(
    near,
    (job, entry) => {
      if (waiting.has(job)) waiting.set(job, distance(entry))
    },
    () => schedule(),
  )

  const queue = {
    add(job: DrawJob) {
      // Not near until the observer says so (its first report comes before the next frame).
      waiting.set(job, Number.POSITIVE_INFINITY)
      if (!job.element || !view.watch(job, job.element)) {
        waiting.set(job, 0)
        schedule()
        return
      }
      if (!listening && typeof document !== 'undefined') {
        // Scroll events do not bubble: caught on their way down, from the page and any box in it.
        document.addEventListener('scroll', onScroll, { capture: true, passive: true })
        listening = true
      }
    },
    /** Takes a job out (started, or no longer wanted: its diagram left the page). */
    remove(job: DrawJob) {
      waiting.delete(job)
      if (job.element) view.unwatch(job, job.element)
    },
  }
  return queue
}

/** The page's queue of diagrams to draw. */
export const drawQueue = createDrawQueue()
