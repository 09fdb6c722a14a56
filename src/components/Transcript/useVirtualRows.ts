import { type RefObject, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react'
import { type Range, RowLayout } from './rowLayout.js'
import type { StickToBottom } from './useStickToBottom.js'

/** Rendered at first, before the viewport is known: enough estimated height to fill a tall screen. */
const FIRST_WINDOW = 2400

/** Options of {@link useVirtualRows}. */
export interface VirtualRowsOptions {
  ids: readonly string[]
  scrollerRef: RefObject<HTMLElement | null>
  follow: StickToBottom
  virtualize: boolean
  overscan: number
  /** A guess at a row's height (px) until it is measured. */
  estimate?: (id: string) => number
}

/**
 * Which rows of a long list are in the DOM: those within `overscan` pixels of the viewport (all of
 * them without layout, or with `virtualize` off). Each rendered row is measured; when a row above
 * the one in view turns out taller or shorter than assumed, the scroll position takes the
 * difference before the frame is painted, so what the reader looks at stays put.
 */
export function useVirtualRows({ ids, scrollerRef, follow, virtualize, overscan, estimate }: VirtualRowsOptions) {
  const { stickRef, lastTopRef, toBottom, away } = follow
  // Virtualization: which rows are rendered, and what is known of their heights (a new estimate,
  // from another store, starts over).
  const rows = useMemo(() => new RowLayout(estimate), [estimate])
  rows.setIds(ids)
  const [laidOut, setLaidOut] = useState(true)
  const windowed = virtualize && laidOut
  const windowedRef = useRef(windowed)
  useLayoutEffect(() => {
    windowedRef.current = windowed
  }, [windowed])
  const [range, setRange] = useState<Range | null>(null)
  const anchorRef = useRef(0)
  const current = range ?? rows.lastRows(FIRST_WINDOW)
  const start = windowed ? Math.min(current.start, ids.length) : 0
  const end = windowed ? (!away ? ids.length : Math.min(current.end, ids.length)) : ids.length

  /** Renders the rows that are within `overscan` of the viewport, and notes the first one in view. */
  const updateRange = useCallback(() => {
    const element = scrollerRef.current
    if (!element) return
    const top = element.scrollTop
    anchorRef.current = rows.rowAt(top)
    const first = rows.rowAt(top - overscan)
    const last = stickRef.current
      ? rows.ids.length
      : Math.min(rows.ids.length, rows.rowAt(top + element.clientHeight + overscan) + 1)
    setRange((previous) =>
      previous?.start === first && previous.end === last ? previous : { start: first, end: last },
    )
  }, [rows, overscan, scrollerRef, stickRef])

  // Without layout there is no viewport to window: render everything.
  useLayoutEffect(() => {
    const element = scrollerRef.current
    if (!element || !virtualize) return
    const check = () => setLaidOut(element.clientHeight > 0)
    check()
    if (typeof ResizeObserver !== 'function') return
    const observer = new ResizeObserver(() => {
      check()
      updateRange()
    })
    observer.observe(element)
    return () => observer.disconnect()
  }, [virtualize, updateRange, scrollerRef])

  // Each rendered row is measured. A row above the first one in view that turns out taller or
  // shorter than assumed moves what the reader is looking at: the scroll position takes the
  // difference, before the frame is painted.
  // The observer is made on the first row it is given (in a ref callback, never while rendering)
  // and reads the latest handlers through a ref.
  const handlers = useRef({ toBottom, updateRange })
  useLayoutEffect(() => {
    handlers.current = { toBottom, updateRange }
  }, [toBottom, updateRange])
  const measurerRef = useRef<ResizeObserver | null>(null)
  useEffect(() => () => measurerRef.current?.disconnect(), [])
  const observeRow = useCallback(
    (element: HTMLDivElement | null) => {
      if (!element || typeof ResizeObserver !== 'function') return
      measurerRef.current ??= rowMeasurer({ rows, anchorRef, scrollerRef, stickRef, lastTopRef, windowedRef, handlers })
      const measurer = measurerRef.current
      measurer.observe(element)
      return () => measurer.unobserve(element)
    },
    [rows, scrollerRef, stickRef, lastTopRef],
  )

  // New messages change the rows; the range follows.
  useLayoutEffect(() => {
    if (windowed) updateRange()
  }, [ids, windowed, updateRange])

  return { rows, windowed, start, end, anchorRef, observeRow, updateRange }
}

interface RowMeasurerInputs {
  rows: RowLayout
  anchorRef: RefObject<number>
  scrollerRef: RefObject<HTMLElement | null>
  stickRef: RefObject<boolean>
  lastTopRef: RefObject<number>
  windowedRef: RefObject<boolean>
  handlers: RefObject<{ toBottom: () => void; updateRange: () => void }>
}

/**
 * The observer that measures rendered rows. Made here, not in the ref callback that first needs it:
 * a function made there would share that call's scope, which keeps the row it was given (for the
 * callback's cleanup), and the observer would keep that row, and everything in it, for as long as
 * the transcript lives, long after the row left the page.
 */
function rowMeasurer({
  rows,
  anchorRef,
  scrollerRef,
  stickRef,
  lastTopRef,
  windowedRef,
  handlers,
}: RowMeasurerInputs): ResizeObserver {
  return new ResizeObserver((entries) => {
    let shift = 0
    for (const entry of entries) {
      const target = entry.target as HTMLElement
      const id = target.dataset.rowId
      // A row that left the DOM reports a size of zero: it keeps the height it had.
      if (!id || !target.isConnected) continue
      const height = entry.borderBoxSize?.[0]?.blockSize ?? target.offsetHeight
      const delta = rows.measure(id, height)
      if (delta !== 0 && rows.indexOf(id) < anchorRef.current) shift += delta
    }
    const scroller = scrollerRef.current
    if (!scroller) return
    if (stickRef.current) handlers.current.toBottom()
    else if (shift !== 0) {
      scroller.scrollTop += shift
      lastTopRef.current = scroller.scrollTop
    }
    if (windowedRef.current) handlers.current.updateRange()
  })
}
