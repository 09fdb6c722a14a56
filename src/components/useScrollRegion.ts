import { useCallback, useEffect, useRef, useState } from 'react'

/**
 * For a box that may scroll (a code block, a tool's output): whether it does, read after each
 * render (`live`: at the next frame, while its content streams) and when it resizes. Only a box
 * that scrolls is made a focusable, named region, so a keyboard reaches what it needs to scroll and
 * skips every block it would only have to tab past. Without layout (a server, jsdom) nothing
 * scrolls.
 */
export function useScrollRegion<T extends HTMLElement>(live = false): [attach: (element: T | null) => void, scrollable: boolean] {
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
    // its size would force the layout the skipping saves. It is read when it resizes into view.
    if (!box || box.checkVisibility?.({ contentVisibilityAuto: true }) === false) return
    const scrolls = box.scrollWidth > box.clientWidth + 1 || box.scrollHeight > box.clientHeight + 1
    if (scrolls === known.current) return
    known.current = scrolls
    setScrollable(scrolls)
  }, [])
  // Content changes (a streamed line grows) do not resize the box: read again after every render.
  // While the content streams, at the next frame, once for all the renders before it: a stream
  // renders many times a frame, and reading the size right after each render would lay the page
  // out each time.
  const frame = useRef(0)
  useEffect(() => {
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
  const ref = useCallback(
    (box: T | null) => {
      element.current = box
      if (!box || typeof ResizeObserver === 'undefined') return
      const observer = new ResizeObserver(measure)
      observer.observe(box)
      return () => observer.disconnect()
    },
    [measure],
  )
  return [ref, scrollable]
}

/** The attributes of a box that scrolls: focusable, a region, named; none for one that does not. */
export function regionProps(scrollable: boolean, name: string) {
  return scrollable ? ({ tabIndex: 0, role: 'region', 'aria-label': name } as const) : {}
}
