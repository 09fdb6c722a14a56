import { type ComponentPropsWithRef, memo, useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react'
import type { Labels, Locale } from '../../labels/labels.js'
import { LabelsProvider, useLabels } from '../../labels/LabelsContext.js'
import type { ChatStore } from '../../store/chatStore.js'
import { ChatStoreProvider, useChatStore, useMessage, useMessageIds, useMessageTotals, usePartIds, useStatus, useTotals } from '../../store/react.js'
import { ChatpartsProvider, type RenderConfig } from '../config.js'
import { cx } from '../cx.js'
import { MessageView } from '../MessageView/MessageView.js'
import { StorePart } from '../PartView/PartView.js'
import { hasUsage, UsageSummary } from '../UsageSummary.js'

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
}

/** How close to the bottom (px) still counts as "at the bottom". */
const STICK_SLACK = 32

/** The id of the message being written: the last assistant message, while the store streams. */
function useStreamingMessageId(): string | undefined {
  return useChatStore((state) => {
    if (state.status !== 'streaming') return undefined
    for (let i = state.messageIds.length - 1; i >= 0; i--) {
      const info = state.messages.get(state.messageIds[i] as string)
      if (info?.role === 'assistant') return info.time.completed === undefined ? info.id : undefined
    }
    return undefined
  })
}

const StoreMessage = memo(function StoreMessage({ id, streaming, timeZone }: { id: string; streaming: boolean; timeZone: string | undefined }) {
  const info = useMessage(id)
  const partIds = usePartIds(id)
  const totals = useMessageTotals(id)
  if (!info) return null
  return (
    <MessageView info={info} totals={totals} streaming={streaming} timeZone={timeZone} data-message-id={id}>
      {partIds.map((partID) => (
        <StorePart key={partID} id={partID} streaming={streaming} />
      ))}
    </MessageView>
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

/** Says "responding" once when streaming starts and "complete" once when it ends; never token by token. */
function StreamAnnouncer() {
  const labels = useLabels()
  const status = useStatus()
  const [text, setText] = useState('')
  const previous = useRef(status)
  useEffect(() => {
    if (previous.current === status) return
    if (status === 'streaming') setText(labels.responding)
    else if (previous.current === 'streaming') setText(labels.responseDone)
    previous.current = status
  }, [status, labels])
  return (
    <div className="cp-visually-hidden" role="status" aria-live="polite">
      {text}
    </div>
  )
}

function TranscriptBody({ showTotals, timeZone, className, ...rest }: Omit<TranscriptProps, 'store' | keyof RenderConfig | 'locale' | 'labels'>) {
  const labels = useLabels()
  const ids = useMessageIds()
  const streamingId = useStreamingMessageId()
  const status = useStatus()
  const scroller = useRef<HTMLDivElement>(null)
  const content = useRef<HTMLDivElement>(null)
  const stick = useRef(true)
  const lastTop = useRef(0)
  const [away, setAway] = useState(false)

  const toBottom = useCallback(() => {
    const element = scroller.current
    if (!element) return
    element.scrollTop = element.scrollHeight
    lastTop.current = element.scrollTop
  }, [])

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

  return (
    <div {...rest} className={cx('cp-transcript', className)} data-status={status}>
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: the message list scrolls and must be reachable by keyboard */}
      <div ref={scroller} className="cp-transcript__scroller" role="log" aria-label={labels.transcript} aria-live="off" tabIndex={0} onScroll={onScroll}>
        <div ref={content} className="cp-transcript__messages">
          {ids.map((id) => (
            <StoreMessage key={id} id={id} streaming={id === streamingId} timeZone={timeZone} />
          ))}
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
