import { type ComponentPropsWithRef, memo, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react'
import type { Labels, Locale } from '../../labels/labels.js'
import { LabelsProvider, useLabels } from '../../labels/LabelsContext.js'
import type { ChatStore } from '../../store/chatStore.js'
import { ChatStoreProvider, useChatStore, useMessage, useMessageIds, useMessageTotals, usePartIds, useStatus, useTotals } from '../../store/react.js'
import { ChatpartsProvider, type RenderConfig } from '../config.js'
import { cx } from '../cx.js'
import { MessageErrorBoundary, MessageView } from '../MessageView/MessageView.js'
import { StorePart } from '../PartView/PartView.js'
import { hasUsage, UsageSummary } from '../UsageSummary.js'
import { type Range, RowLayout } from './rowLayout.js'
import { StreamAnnouncer } from './StreamAnnouncer.js'
import { selectStreamingMessageId } from '../../store/selectors.js'

/** Props of {@link Transcript}. */
export interface TranscriptProps extends Omit<ComponentPropsWithRef<'div'>, 'children'>, Partial<RenderConfig> {
  /** The store of this transcript (see `createChatStore`). */
  store: ChatStore
  /** Shipped label set to use (default: the surrounding `LabelsProvider`'s, else English). */
  locale?: Locale | undefined
  /** Labels to override. */
  labels?: Partial<Labels> | undefined
  /** Show the session's cost and tokens under the messages (default: true). */
  showTotals?: boolean | undefined
  /** Time zone of message times (default: the browser's). */
  timeZone?: string | undefined
  /**
   * Render only the messages near the viewport (default: true). Messages further than `overscan`
   * pixels above or below it are left out of the DOM and stand in as space of their measured (or
   * estimated) height, so a session of thousands of messages mounts and streams as fast as a short
   * one. Find-in-page sees the messages that are rendered. The message that holds the focus stays
   * rendered wherever the reader scrolls, and each rendered message carries `aria-posinset` and
   * `aria-setsize`, so assistive technology knows where it is in the whole session. Without layout
   * (a hidden transcript, or a DOM without layout such as jsdom) every message is rendered.
   */
  virtualize?: boolean | undefined
  /** How far beyond the viewport messages stay rendered, in pixels (default: 1,000). */
  overscan?: number | undefined
}

/** Rendered at first, before the viewport is known: enough estimated height to fill a tall screen. */
const FIRST_WINDOW = 2400

/** How close to the bottom (px) still counts as "at the bottom". */
const STICK_SLACK = 32
interface StoreMessageProps {
  id: string
  streaming: boolean
  timeZone: string | undefined
  /** Where the message is in the whole transcript, when not all messages are in the DOM (1-based). */
  position?: number | undefined
  /** How many messages the transcript has, when not all of them are in the DOM. */
  count?: number | undefined
}

const StoreMessage = memo(function StoreMessage({ id, streaming, timeZone, position, count }: StoreMessageProps) {
  const info = useMessage(id)
  const partIds = usePartIds(id)
  const totals = useMessageTotals(id)
  if (!info) return null
  return (
    <MessageErrorBoundary info={info}>
      <MessageView info={info} totals={totals} streaming={streaming} timeZone={timeZone} data-message-id={id} aria-posinset={position} aria-setsize={count}>
        {partIds.map((partID) => (
          <StorePart key={partID} id={partID} streaming={streaming} />
        ))}
      </MessageView>
    </MessageErrorBoundary>
  )
})

function SessionTotals() {
  const labels = useLabels()
  const totals = useTotals()
  if (!hasUsage(totals)) return null
  return (
    <footer className="cp-transcript__totals" aria-label={labels.totals}>
      <span>{labels.totals}</span>
      <UsageSummary totals={totals} />
    </footer>
  )
}

function TranscriptBody({ showTotals, timeZone, virtualize = true, overscan = 1000, className, ...rest }: Omit<TranscriptProps, 'store' | keyof RenderConfig | 'locale' | 'labels'>) {
  const labels = useLabels()
  const ids = useMessageIds()
  const streamingId = useChatStore(selectStreamingMessageId)
  const status = useStatus()
  const scroller = useRef<HTMLDivElement>(null)
  const content = useRef<HTMLDivElement>(null)
  const stick = useRef(true)
  const lastTop = useRef(0)
  const [away, setAway] = useState(false)

  // Virtualization: which rows are rendered, and what is known of their heights.
  const rows = useMemo(() => new RowLayout(), [])
  rows.setIds(ids)
  const [laidOut, setLaidOut] = useState(true)
  const windowed = virtualize && laidOut
  const windowedRef = useRef(windowed)
  windowedRef.current = windowed
  const [range, setRange] = useState<Range | null>(null)
  const anchor = useRef(0)
  // The row that holds the focus stays rendered wherever the reader scrolls, so the focus is not
  // lost to the page when its row leaves the range.
  const [focusedId, setFocusedId] = useState<string | undefined>(undefined)
  const current = range ?? rows.lastRows(FIRST_WINDOW)
  const start = windowed ? Math.min(current.start, ids.length) : 0
  const end = windowed ? (stick.current ? ids.length : Math.min(current.end, ids.length)) : ids.length

  const toBottom = useCallback(() => {
    const element = scroller.current
    if (!element) return
    element.scrollTop = element.scrollHeight
    lastTop.current = element.scrollTop
  }, [])

  /** Renders the rows that are within `overscan` of the viewport, and notes the first one in view. */
  const updateRange = useCallback(() => {
    const element = scroller.current
    if (!element) return
    const top = element.scrollTop
    anchor.current = rows.rowAt(top)
    const first = rows.rowAt(top - overscan)
    const last = stick.current ? rows.ids.length : Math.min(rows.ids.length, rows.rowAt(top + element.clientHeight + overscan) + 1)
    setRange((previous) => (previous?.start === first && previous.end === last ? previous : { start: first, end: last }))
  }, [rows, overscan])

  const onScroll = () => {
    const element = scroller.current
    if (!element) return
    const top = element.scrollTop
    const atBottom = element.scrollHeight - top - element.clientHeight <= STICK_SLACK
    // Only a move up is the user leaving the bottom: content that grew before the next follow
    // also leaves the view short of the bottom, and must not stop the following.
    if (atBottom) stick.current = true
    else if (top < lastTop.current) stick.current = false
    lastTop.current = top
    setAway(!stick.current)
    if (windowed) updateRange()
    // Every row is rendered and measured: only the first one in view is needed, to keep it in place.
    else anchor.current = rows.rowAt(top)
  }

  // Content grows without this component re-rendering (a part streams on its own), so its size is watched.
  useLayoutEffect(() => {
    const element = content.current
    if (!element) return
    const follow = () => {
      if (stick.current) toBottom()
    }
    follow()
    if (typeof ResizeObserver === 'function') {
      const observer = new ResizeObserver(follow)
      observer.observe(element)
      return () => observer.disconnect()
    }
    const observer = new MutationObserver(follow)
    observer.observe(element, { childList: true, subtree: true, characterData: true })
    return () => observer.disconnect()
  }, [toBottom])

  // Without layout there is no viewport to window: render everything.
  useLayoutEffect(() => {
    const element = scroller.current
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
  }, [virtualize, updateRange])

  // Each rendered row is measured. A row above the first one in view that turns out taller or
  // shorter than assumed moves what the reader is looking at: the scroll position takes the
  // difference, before the frame is painted.
  const measurer = useMemo(() => {
    if (typeof ResizeObserver !== 'function') return null
    return new ResizeObserver((entries) => {
      let shift = 0
      for (const entry of entries) {
        const target = entry.target as HTMLElement
        const id = target.dataset.rowId
        // A row that left the DOM reports a size of zero: it keeps the height it had.
        if (!id || !target.isConnected) continue
        const height = entry.borderBoxSize?.[0]?.blockSize ?? target.offsetHeight
        const delta = rows.measure(id, height)
        if (delta !== 0 && rows.indexOf(id) < anchor.current) shift += delta
      }
      const element = scroller.current
      if (!element) return
      if (stick.current) toBottom()
      else if (shift !== 0) {
        element.scrollTop += shift
        lastTop.current = element.scrollTop
      }
      if (windowedRef.current) updateRange()
    })
  }, [rows, toBottom, updateRange])
  useEffect(() => () => measurer?.disconnect(), [measurer])
  const observeRow = useCallback(
    (element: HTMLDivElement | null) => {
      if (!element || !measurer) return
      measurer.observe(element)
      return () => measurer.unobserve(element)
    },
    [measurer],
  )

  // New messages change the rows; the range follows.
  // runs when the message list changes
  useLayoutEffect(() => {
    if (windowed) updateRange()
  }, [ids, windowed, updateRange])

  // The rendered rows, as spans of indices in order: the range, and the focused row if it is outside.
  const kept = windowed && focusedId !== undefined ? rows.indexOf(focusedId) : -1
  const spans: Array<readonly [number, number]> = []
  if (kept >= 0 && kept < start) spans.push([kept, kept + 1])
  spans.push([start, end])
  if (kept >= end) spans.push([kept, kept + 1])
  const last = spans.at(-1)?.[1] ?? 0

  const rowOf = (node: EventTarget | null) => (node instanceof Element ? node.closest<HTMLElement>('.cp-transcript__row')?.dataset.rowId : undefined)

  return (
    <div {...rest} className={cx('cp-transcript', className)} data-state={status}>
      {/* the message list scrolls and must be reachable by keyboard */}
      <div ref={scroller} className="cp-transcript__scroller" role="log" aria-label={labels.transcript} aria-live="off" tabIndex={0} onScroll={onScroll}>
        <div
          ref={content}
          className="cp-transcript__messages"
          onFocus={(event) => setFocusedId(rowOf(event.target))}
          onBlur={() => {
            // Read once the focus has landed. A window that loses the focus keeps its active
            // element, which must stay rendered for when the reader comes back.
            setTimeout(() => {
              if (!content.current?.contains(document.activeElement)) setFocusedId(undefined)
            })
          }}
        >
          {spans.flatMap(([from, to], span) => {
            const gapFrom = span === 0 ? 0 : (spans[span - 1]?.[1] ?? 0)
            const out = from > gapFrom ? [<div key={`gap-${span}`} className="cp-transcript__spacer" aria-hidden="true" style={{ height: rows.top(from) - rows.top(gapFrom) }} />] : []
            for (let index = from; index < to; index++) {
              const id = ids[index] as string
              out.push(
                <div key={id} ref={observeRow} className="cp-transcript__row" data-row-id={id} data-first={index === 0 || undefined}>
                  <StoreMessage id={id} streaming={id === streamingId} timeZone={timeZone} position={windowed ? index + 1 : undefined} count={windowed ? ids.length : undefined} />
                </div>,
              )
            }
            return out
          })}
          {last < ids.length ? <div className="cp-transcript__spacer" aria-hidden="true" style={{ height: rows.top(ids.length) - rows.top(last) }} /> : null}
          {showTotals === false ? null : <SessionTotals />}
        </div>
      </div>
      {away ? (
        <button
          type="button"
          className="cp-button cp-transcript__jump"
          onClick={() => {
            stick.current = true
            setAway(false)
            toBottom()
            if (windowed) updateRange()
          }}
        >
          ↓ {labels.jumpToLatest}
        </button>
      ) : null}
      <StreamAnnouncer />
    </div>
  )
}

/**
 * A whole transcript from a store: messages in order, each part re-rendering only when it changes.
 * Follows the bottom while content grows unless the user scrolled up; then a "jump to latest"
 * button brings it back. The message being written is marked busy, and its start and end are
 * announced politely once.
 */
export function Transcript({ store, urlPolicy, highlighter, components, tools, locale, labels, ...rest }: TranscriptProps) {
  const body = (
    <ChatStoreProvider store={store}>
      <ChatpartsProvider {...(urlPolicy ? { urlPolicy } : {})} {...(highlighter !== undefined ? { highlighter } : {})} {...(components ? { components } : {})} {...(tools ? { tools } : {})}>
        <TranscriptBody {...rest} />
      </ChatpartsProvider>
    </ChatStoreProvider>
  )
  return locale || labels ? (
    <LabelsProvider {...(locale ? { locale } : {})} {...(labels ? { labels } : {})}>
      {body}
    </LabelsProvider>
  ) : (
    body
  )
}
