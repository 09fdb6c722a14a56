// @vitest-environment jsdom
// (Frames and elements: the queues schedule by animation frame and read where boxes are.)
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createDrawQueue } from '../../src/markdown/drawQueue'

/** Lets the tasks queued so far run (the queue starts each drawing in a task of its own). */
const tasks = async (count = 3) => {
  for (let i = 0; i < count; i++)
    await new Promise<void>((resolve) => {
      const channel = new MessageChannel()
      channel.port1.onmessage = () => {
        channel.port1.close()
        resolve()
      }
      channel.port2.postMessage(null)
    })
}

/** A drawing that settles when the test says, and the order drawings were started in. */
function jobs(names: string[], elements: (Element | null)[] = names.map(() => null)) {
  const started: string[] = []
  const finish = new Map<string, { resolve: () => void; reject: (error: Error) => void }>()
  const list = names.map((name, i) => ({
    element: elements[i] ?? null,
    draw: () =>
      new Promise<void>((resolve, reject) => {
        started.push(name)
        finish.set(name, { resolve, reject })
      }),
  }))
  return {
    list,
    started,
    finish: (name: string) => finish.get(name) as { resolve: () => void; reject: (error: Error) => void },
  }
}

/** An IntersectionObserver whose reports the test makes: `report(element, top)` (null: out of reach). */
function fakeView() {
  const observed = new Set<Element>()
  let callback: IntersectionObserverCallback = () => undefined
  class View {
    constructor(report: IntersectionObserverCallback) {
      callback = report
    }
    observe(element: Element) {
      observed.add(element)
    }
    unobserve(element: Element) {
      observed.delete(element)
    }
    disconnect() {}
  }
  vi.stubGlobal('IntersectionObserver', View)
  const report = (element: Element, top: number | null) =>
    callback(
      [
        {
          target: element,
          isIntersecting: top !== null,
          boundingClientRect: { top: top ?? 0, bottom: (top ?? 0) + 100 },
        } as unknown as IntersectionObserverEntry,
      ],
      {} as IntersectionObserver,
    )
  return { observed, report }
}

/** A box 300 px tall in the page, and a way to scroll it to `top` (its scroll event, which does not bubble). */
function scrollingBox() {
  const box = document.createElement('div')
  Object.defineProperty(box, 'clientHeight', { value: 300 })
  document.body.append(box)
  const scrollTo = (top: number) => {
    Object.defineProperty(box, 'scrollTop', { value: top, configurable: true })
    box.dispatchEvent(new Event('scroll'))
  }
  return { box, scrollTo }
}

/** One diagram waiting in a scrolling box of the page, with a clock the test moves (`clock.now`). */
function waitingInBox() {
  const clock = { now: 1_000 }
  vi.spyOn(performance, 'now').mockImplementation(() => clock.now)
  const view = fakeView()
  const queue = createDrawQueue()
  const { box, scrollTo } = scrollingBox()
  const { list, started } = jobs(['diagram'], [box])
  queue.add(list[0] as (typeof list)[0])
  return { clock, view, box, scrollTo, started }
}

afterEach(() => {
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
  vi.useRealTimers()
})

describe('the queue of diagrams to draw', () => {
  it('draws one at a time, the next in a task of its own once the one before has settled', async () => {
    const queue = createDrawQueue()
    const { list, started, finish } = jobs(['a', 'b', 'c'])
    for (const job of list) queue.add(job)
    expect(started).toEqual([])
    await tasks()
    expect(started).toEqual(['a'])
    // One arriving meanwhile waits its turn too.
    const late = jobs(['late'])
    queue.add(late.list[0] as (typeof late.list)[0])
    await tasks()
    expect([...started, ...late.started]).toEqual(['a'])
    finish('a').resolve()
    await tasks()
    expect(started).toEqual(['a', 'b'])
    // A drawing that fails lets the next go too.
    finish('b').reject(new Error('no'))
    await tasks()
    expect(started).toEqual(['a', 'b', 'c'])
  })

  it('draws only what is in or near the view, the nearest first, and the rest once they come near', async () => {
    const view = fakeView()
    const queue = createDrawQueue()
    const elements: [Element, Element, Element] = [
      document.createElement('div'),
      document.createElement('div'),
      document.createElement('div'),
    ]
    const { list, started, finish } = jobs(['far', 'below', 'in view'], elements)
    for (const job of list) queue.add(job)
    expect(view.observed.size).toBe(3)
    // Nothing before the view is known.
    await tasks()
    expect(started).toEqual([])
    const [far, below, inView] = elements
    view.report(far, null)
    view.report(below, innerHeight + 400)
    view.report(inView, 100)
    await tasks()
    expect(started).toEqual(['in view'])
    finish('in view').resolve()
    await tasks()
    expect(started).toEqual(['in view', 'below'])
    finish('below').resolve()
    await tasks()
    expect(started).toEqual(['in view', 'below'])
    // Scrolled to: drawn, and no longer watched.
    view.report(far, 0)
    await tasks()
    expect(started).toEqual(['in view', 'below', 'far'])
    expect(view.observed.size).toBe(0)
  })

  it('never draws a diagram that left the page before its turn', async () => {
    const view = fakeView()
    const queue = createDrawQueue()
    const elements = [document.createElement('div'), document.createElement('div')]
    const { list, started } = jobs(['gone', 'kept'], elements)
    for (const job of list) queue.add(job)
    queue.remove(list[0] as (typeof list)[0])
    expect(view.observed.has(elements[0] as Element)).toBe(false)
    view.report(elements[0] as Element, 0)
    view.report(elements[1] as Element, 0)
    await tasks()
    expect(started).toEqual(['kept'])
  })

  it('starts no drawing while the page scrolls fast, and starts it once it has slowed', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    const { clock, view, box, scrollTo, started } = waitingInBox()
    scrollTo(0)
    // Flung a view down: the diagram comes into view meanwhile.
    scrollTo(innerHeight)
    view.report(box, 0)
    await tasks()
    expect(started).toEqual([])
    // Reports of the view while it waits add no waits of their own.
    view.report(box, 0)
    view.report(box, 0)
    await tasks()
    expect(vi.getTimerCount()).toBe(1)
    clock.now += 100
    vi.advanceTimersByTime(100)
    await tasks()
    expect(started).toEqual([])
    clock.now += 60
    vi.advanceTimersByTime(60)
    await tasks()
    expect(started).toEqual(['diagram'])
    box.remove()
  })

  it('draws while a box follows a streaming reply down a few lines at a time', async () => {
    const { clock, view, box, scrollTo, started } = waitingInBox()
    for (let line = 1; line <= 5; line++) {
      clock.now += 16
      scrollTo(line * 20)
    }
    view.report(box, 0)
    await tasks()
    expect(started).toEqual(['diagram'])
    box.remove()
  })

  it('lets the next go when a drawing never settles', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    const queue = createDrawQueue()
    const { list, started } = jobs(['stuck', 'next'])
    for (const job of list) queue.add(job)
    await tasks()
    expect(started).toEqual(['stuck'])
    vi.advanceTimersByTime(9_000)
    await tasks()
    expect(started).toEqual(['stuck'])
    vi.advanceTimersByTime(1_000)
    await tasks()
    expect(started).toEqual(['stuck', 'next'])
  })
})
