import { createContext, useCallback, useContext, useEffect, useLayoutEffect, useRef, useState } from 'react'

/**
 * One observation for the scroll regions inside an element (a text's markdown): when the element
 * resizes, each region inside it is measured again. A box inside resizes with it (its width is
 * the element's, its height adds to the element's), so this sees what observing every box would,
 * and the browser, which checks every observed element at every frame, checks one rather than
 * each code block, table and formula of a long page.
 */
export class RegionHost {
  private readonly measures = new Set<() => void>()
  private observer: ResizeObserver | null = null
  private element: Element | null = null

  /** A ref callback for the element whose resizes the regions follow. */
  readonly attach = (element: Element | null): void => {
    if (element === this.element) return
    if (this.element) this.observer?.unobserve(this.element)
    this.element = element
    if (!element || typeof ResizeObserver === 'undefined') return
    this.observer ??= new ResizeObserver(() => {
      for (const measure of this.measures) measure()
    })
    this.observer.observe(element)
  }

  /** Measures `measure`'s box whenever the element resizes, until the returned function is called. */
  add(measure: () => void): () => void {
    this.measures.add(measure)
    return () => {
      this.measures.delete(measure)
    }
  }
}

/** A region host for a component's element: the host to provide, and the ref callback for the element. */
export function useRegionHost(): [host: RegionHost, attach: (element: Element | null) => void] {
  const [host] = useState(() => new RegionHost())
  return [host, host.attach]
}

/** The region host of the element around (see {@link RegionHost}); none: each box is observed itself. */
export const RegionHostContext = createContext<RegionHost | null>(null)

/**
 * For a box that may scroll (a code block, a tool's output): whether it does, read after each
 * render (`live`: at the next frame, while its content streams) and when it resizes. Only a box
 * that scrolls is made a focusable, named group, so a keyboard reaches what it needs to scroll and
 * skips every block it would only have to tab past. Without layout (a server, jsdom) nothing
 * scrolls.
 */
export function useScrollRegion<T extends HTMLElement>(
  live = false,
): [attach: (element: T | null) => void, scrollable: boolean] {
  const [scrollable, setScrollable] = useState(false)
  const element = useRef<T | null>(null)
  // The last answer, so a measure that finds no change schedules nothing: a state update with the
  // same value still costs a render, and a box measured after every token of a stream would cost
  // one more render per token (enough, with updates flushed synchronously, to hit React's limit of
  // nested updates).
  const known = useRef(false)
  const measure = useCallback(() => {
    const box = element.current
    // A box the browser skips (off-screen under `content-visibility: auto`) is not laid out: reading
    // its size would force the layout the skipping saves. It is read when it resizes into view. A
    // box whose own content is skipped (`content-visibility: auto` on the box: a display formula)
    // would read as not scrolling: it is read when shown (see below). Its first child is skipped
    // in both cases, so it is the one asked.
    const content = box?.firstElementChild ?? box
    if (!box || content?.checkVisibility?.({ contentVisibilityAuto: true }) === false) return
    const scrolls = box.scrollWidth > box.clientWidth + 1 || box.scrollHeight > box.clientHeight + 1
    if (scrolls === known.current) return
    known.current = scrolls
    setScrollable(scrolls)
  }, [])
  // Content changes (a streamed line grows) do not resize the box: read again after every render.
  // While the content streams, at the next frame, once for all the renders before it: a stream
  // renders many times a frame, and reading the size right after each render would lay the page
  // out each time.
  // A layout effect: it runs in the commit. An effect that runs after every render (a passive one)
  // has React post a task for it at every commit, although a commit made with flushSync runs it at
  // once: a streamed code block or table made one such task per token.
  const frame = useRef(0)
  useLayoutEffect(() => {
    if (!live || typeof requestAnimationFrame === 'undefined') {
      measure()
      return
    }
    if (frame.current !== 0) return
    frame.current = requestAnimationFrame(() => {
      frame.current = 0
      measure()
    })
  })
  useEffect(
    () => () => {
      if (frame.current !== 0) cancelAnimationFrame(frame.current)
      frame.current = 0
    },
    [],
  )
  const host = useContext(RegionHostContext)
  const ref = useCallback(
    (box: T | null) => {
      element.current = box
      if (!box) return
      // A box skipped while off-screen (`content-visibility: auto` on it: a display formula) has no
      // content laid out, so it does not scroll then; it is measured again once shown, which need
      // not resize anything (its height may be what was reserved for it).
      const shown = (event: Event) => {
        if (!(event as Event & { skipped?: boolean }).skipped) measure()
      }
      box.addEventListener('contentvisibilityautostatechange', shown)
      // Measured when it arrives by the effect above (after every render); later, when the host resizes.
      let stop: (() => void) | undefined
      if (host) stop = host.add(measure)
      else if (typeof ResizeObserver !== 'undefined') {
        const observer = new ResizeObserver(measure)
        observer.observe(box)
        stop = () => observer.disconnect()
      }
      return () => {
        box.removeEventListener('contentvisibilityautostatechange', shown)
        stop?.()
      }
    },
    [measure, host],
  )
  return [ref, scrollable]
}

/**
 * The attributes of a box that scrolls: focusable, a group, named; none for one that does not. A
 * group, not a region: a region is a landmark, and a reply's code blocks, tables and formulas are
 * content, not sections of the page: a landmark each would crowd the list of landmarks a screen
 * reader moves by, under names that repeat ("TypeScript code" for every block of TypeScript).
 */
export function regionProps(scrollable: boolean, name: string) {
  return scrollable ? ({ tabIndex: 0, role: 'group', 'aria-label': name } as const) : {}
}
