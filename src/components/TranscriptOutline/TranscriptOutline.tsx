import {
  type ComponentPropsWithRef,
  type KeyboardEvent,
  type MouseEvent,
  type RefObject,
  useCallback,
  useEffect,
  useRef,
} from 'react'
import { formatCost, formatDuration } from '../../labels/format.js'
import { fillCount, fillLabel } from '../../labels/labels.js'
import { useLabels } from '../../labels/LabelsContext.js'
import { ChatStoreProvider, useChatStore } from '../../react/hooks.js'
import { type ChatStore, selectTranscript } from '../../store/chatStore.js'
import { selectStreamingMessageId } from '../../store/selectors.js'
import { cx } from '../shared/cx.js'
import { Icon } from '../shared/Icon.js'
import type { ScrollTarget, TranscriptHandle } from '../Transcript/Transcript.js'
import { type OutlineEntry, outlineOf, sameOutline } from './outline.js'

/** Props of {@link TranscriptOutline}. */
export interface TranscriptOutlineProps extends Omit<ComponentPropsWithRef<'nav'>, 'children' | 'onSelect'> {
  /** The transcript's store (default: the store of the `ChatStoreProvider` around it). */
  store?: ChatStore | undefined
  /** The message in view, from `Transcript`'s `onViewChange`: its turn is marked as the current one. */
  current?: string | undefined
  /** The transcript to move when an entry is chosen (its `handleRef`). */
  transcript?: RefObject<TranscriptHandle | null> | undefined
  /** Called when an entry is chosen (instead of moving `transcript`). */
  onSelect?: ((target: ScrollTarget) => void) | undefined
}

function Turn({
  entry,
  current,
  go,
}: {
  entry: OutlineEntry
  current: boolean
  go: (target: ScrollTarget) => (event: MouseEvent) => void
}) {
  const labels = useLabels()
  const errors = entry.marks.filter((mark) => mark.kind === 'error').length
  const meta = [
    entry.tools > 0 ? fillCount(labels.outlineTools, entry.tools, labels.lang) : '',
    errors > 0 ? fillCount(labels.outlineErrors, errors, labels.lang) : '',
    entry.totals.costKnown ? formatCost(entry.totals.cost, labels) : '',
    entry.duration !== undefined ? formatDuration(entry.duration, labels) : '',
  ].filter(Boolean)
  return (
    <li
      className="cp-outline__turn"
      data-current={current || undefined}
      data-state={entry.streaming ? 'streaming' : undefined}
      data-failed={errors > 0 || undefined}
    >
      <a
        className="cp-outline__link"
        href={`#${entry.messageID}`}
        aria-current={current ? 'location' : undefined}
        onClick={go({ messageID: entry.messageID })}
      >
        <span className="cp-outline__title" lang={entry.title ? undefined : labels.lang}>
          {entry.title || labels.outlineStart}
        </span>
        {meta.length > 0 ? (
          <span className="cp-outline__meta" lang={labels.lang}>
            {meta.join(' · ')}
          </span>
        ) : null}
      </a>
      {entry.marks.length > 0 ? (
        <ol className="cp-outline__marks">
          {entry.marks.map((mark) => (
            <li
              key={`${mark.messageID}/${mark.partID ?? ''}/${mark.kind}`}
              className="cp-outline__mark"
              data-kind={mark.kind}
            >
              <a
                className="cp-outline__link"
                href={`#${mark.partID ?? mark.messageID}`}
                onClick={go(mark.partID ? { partID: mark.partID } : { messageID: mark.messageID })}
              >
                <Icon name={mark.kind === 'error' ? 'alert' : 'question'} />
                <span className="cp-outline__title">
                  {mark.kind === 'approval'
                    ? fillLabel(labels.outlineApproval, { tool: mark.title })
                    : mark.detail
                      ? `${mark.title}: ${mark.detail}`
                      : mark.title}
                </span>
              </a>
            </li>
          ))}
        </ol>
      ) : null}
    </li>
  )
}

function OutlineBody({
  current,
  transcript,
  onSelect,
  className,
  onKeyDown,
  ...rest
}: Omit<TranscriptOutlineProps, 'store'>) {
  const labels = useLabels()
  const streamingID = useChatStore(selectStreamingMessageId)
  const entries = useChatStore(
    useCallback((state) => outlineOf(selectTranscript(state), streamingID), [streamingID]),
    sameOutline,
  )
  const currentIndex = current === undefined ? -1 : entries.findIndex((entry) => entry.messageIDs.includes(current))
  const go = (target: ScrollTarget) => (event: MouseEvent) => {
    // A plain click moves the transcript; a click that opens a new tab or window keeps the link's own way.
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return
    event.preventDefault()
    if (onSelect) onSelect(target)
    else transcript?.current?.scrollTo(target)
  }
  const nav = useRef<HTMLElement>(null)
  // The current turn stays in view in an outline that scrolls (a side panel), without moving the page.
  useEffect(() => {
    const element = nav.current
    const link = element?.querySelector<HTMLElement>('[aria-current="location"]')
    if (!element || !link || element.scrollHeight <= element.clientHeight) return
    const box = element.getBoundingClientRect()
    const rect = link.getBoundingClientRect()
    if (rect.top < box.top) element.scrollTop -= box.top - rect.top
    else if (rect.bottom > box.bottom) element.scrollTop += rect.bottom - box.bottom
  }, [currentIndex])
  // Up and Down (Home and End) step through the entries, as in a list.
  const onKeys = (event: KeyboardEvent<HTMLElement>) => {
    onKeyDown?.(event)
    if (event.defaultPrevented || !['ArrowDown', 'ArrowUp', 'Home', 'End'].includes(event.key)) return
    const links = [...(nav.current?.querySelectorAll<HTMLElement>('.cp-outline__link') ?? [])]
    const at = links.indexOf(document.activeElement as HTMLElement)
    const next =
      event.key === 'Home'
        ? 0
        : event.key === 'End'
          ? links.length - 1
          : event.key === 'ArrowDown'
            ? Math.min(at + 1, links.length - 1)
            : Math.max(at - 1, 0)
    const link = links[next]
    if (!link) return
    event.preventDefault()
    link.focus()
  }
  return (
    <nav {...rest} ref={nav} className={cx('cp-outline', className)} aria-label={labels.outline} onKeyDown={onKeys}>
      <ol className="cp-outline__turns">
        {entries.map((entry, index) => (
          <Turn key={entry.messageID} entry={entry} current={index === currentIndex} go={go} />
        ))}
      </ol>
    </nav>
  )
}

/**
 * The outline of a session, for a side panel or above the transcript on a narrow screen: one entry
 * per prompt of the user, with what was answered to it (tool calls, errors, cost, time), and under
 * it each error and each call waiting for approval, so where a session failed is one click away.
 * Each entry is a link to its message (`#msg_…`); a plain click moves the `transcript` there. The
 * turn in view (`current`) is marked; Up, Down, Home and End move between entries.
 */
export function TranscriptOutline({ store, ...rest }: TranscriptOutlineProps) {
  return store ? (
    <ChatStoreProvider store={store}>
      <OutlineBody {...rest} />
    </ChatStoreProvider>
  ) : (
    <OutlineBody {...rest} />
  )
}
