import {
  type ComponentPropsWithRef,
  type KeyboardEvent,
  memo,
  type ReactElement,
  type ReactNode,
  type Ref,
  useCallback,
  useEffect,
  useImperativeHandle,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react'
import type { MessageInfo, Part, SourcePart, StepFinishPart, ToolPart } from '../../core/model/types.js'
import type { Labels, Locale } from '../../labels/labels.js'
import { LabelsProvider, useLabels } from '../../labels/LabelsContext.js'
import type { ChatStore } from '../../store/chatStore.js'
import type { FindMatch } from '../../find/search.js'
import { type FindController, useFind } from '../../react/useFind.js'
import {
  ChatStoreProvider,
  useChatStore,
  useChatStoreApi,
  useMessage,
  useMessageIds,
  useMessageTotals,
  useStatus,
  useTotals,
} from '../../react/hooks.js'
import { ChatpartsProvider, type RenderConfig } from '../shared/config.js'
import { cx } from '../shared/cx.js'
import { byAttribute } from '../shared/selector.js'
import { Icon } from '../shared/Icon.js'
import { useTimeFormat } from '../shared/time.js'
import { isoTime } from '../../core/numbers.js'
import { RevealContext, type Reveal } from '../Find/reveal.js'
import { openFindOnShortcut } from '../Find/shortcut.js'
import { preloadFindRuntime, useFindRuntime } from '../Find/useFindRuntime.js'
import { useFindView } from '../Find/useFindView.js'
import { flowOf, type FlowItem, isSource, isStepFinish, sameFlow, type ToolGrouping } from '../MessageView/flow.js'
import { checkReactVersion } from '../shared/reactVersion.js'
import { usePrinting } from '../shared/print.js'
import { toMarkdown } from '../../export/markdown.js'
import {
  type HeadingLevel,
  MESSAGE_MARKDOWN,
  MessageErrorBoundary,
  type MessageLayout,
  isSystemPrompt,
  messageText,
  MessageView,
} from '../MessageView/MessageView.js'
import { ToolGroup } from '../ToolPart/ToolGroup.js'
import { StorePart } from '../PartView/PartView.js'
import { Usage } from '../shared/UsageSummary.js'
import { StreamAnnouncer } from './StreamAnnouncer.js'
import { useStickToBottom } from './useStickToBottom.js'
import { messageHeightGuess } from './rowLayout.js'
import { useVirtualRows } from './useVirtualRows.js'
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
  /** Locale of message times (default: the page's `lang`); with `timeZone`, server and browser render the same times. */
  timeLocale?: string | undefined
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
  /** `chat` (default): the user's messages as bubbles on the end side; `document`: every message full width, with all it records. */
  layout?: MessageLayout | undefined
  /** The heading level each message starts with (default 2), to fit the host page's outline. */
  headingLevel?: HeadingLevel | undefined
  /** Fold runs of at least this many consecutive tool calls into one line (default 3; `false`: never). */
  groupTools?: ToolGrouping | undefined
  /** An avatar (or any mark) before a message's name. */
  avatar?: ((info: MessageInfo) => ReactNode) | undefined
  /** The name shown for a message's author (default: "You" or "Assistant"). */
  name?: ((info: MessageInfo) => ReactNode) | undefined
  /** More actions of a message, after its copy button. */
  actions?: ((info: MessageInfo) => ReactNode) | undefined
  /** Show a copy button on each finished message (default: true). */
  copyable?: boolean | undefined
  /** What the app can ask of the transcript: scroll to a message or part (see {@link TranscriptHandle}). */
  handleRef?: Ref<TranscriptHandle> | undefined
  /**
   * On mount, scroll to the message or part the page's URL names (`#msg_…`, or a part's id), as a
   * link to it would (default: true).
   */
  followHash?: boolean | undefined
  /**
   * A find of the app's own, from `useFind(store)`, when its box is elsewhere (a `FindBar` in the
   * app's header). Without it, the transcript has its own find box, opened by `handleRef.openFind()`
   * or the shortcut.
   */
  find?: FindController | undefined
  /** Ctrl+F (⌘F) with the focus in the transcript opens its find instead of the browser's (default: true). */
  findShortcut?: boolean | undefined
  /**
   * Where a link to a message goes, for a "Copy link" button on each: the page's URL (the message's
   * id is added as its `#`, which a transcript with `followHash` scrolls to), or a function of the
   * message's id. No button without it.
   */
  messageLink?: string | ((messageID: string) => string | undefined) | undefined
  /** Called with the message in view (the one a third of the way down the view) when it changes: for a `TranscriptOutline`'s `current`. */
  onViewChange?: ((messageID: string) => void) | undefined
}

/** Where {@link TranscriptHandle.scrollTo} goes: a message, or a part (its message found from the store). */
export type ScrollTarget =
  { messageID: string; partID?: string | undefined } | { messageID?: undefined; partID: string }

/** What an app can ask of a `Transcript`, through `handleRef`. */
export interface TranscriptHandle {
  /**
   * Scrolls the message or part to the top of the view, rendering it first when it is out of the
   * DOM (a long session renders only what is near the view), and moves the focus there (unless
   * `focus: false`). Returns whether the transcript holds it.
   */
  scrollTo(target: ScrollTarget, options?: { focus?: boolean }): boolean
  /**
   * Opens the find box (or the app's, given as `find`) with the focus in it, and `query` as its
   * text when given. The find searches every message, rendered or not, and every fold.
   */
  openFind(query?: string): void
}

/** How each message of a transcript is presented: the same for all, from the transcript's props. */
interface Presentation {
  timeZone: string | undefined
  timeLocale: string | undefined
  layout: MessageLayout | undefined
  headingLevel: HeadingLevel | undefined
  groupTools: ToolGrouping
  avatar: TranscriptProps['avatar']
  name: TranscriptProps['name']
  actions: TranscriptProps['actions']
  copyable: boolean
  messageLink: TranscriptProps['messageLink']
}

/** The link to message `id`: `base` with the id as its fragment (any fragment it had replaced), or what the function gives. */
function linkTo(base: TranscriptProps['messageLink'], id: string): string | undefined {
  if (base === undefined) return undefined
  if (typeof base === 'function') return base(id)
  const hash = base.indexOf('#')
  return `${hash >= 0 ? base.slice(0, hash) : base}#${encodeURIComponent(id)}`
}

/** When a message was created, or 0: read outside any message's error boundary, so bad data must not throw here. */
function createdOf(info: MessageInfo | undefined): number {
  try {
    const created: unknown = info?.time?.created
    return typeof created === 'number' ? created : 0
  } catch {
    return 0
  }
}

/**
 * The date above message `id` when it is the first of its day (after `previousId`), else nothing.
 * Each row reads its own two messages, so a token streamed into one message costs two look-ups per
 * rendered row, not one per message of the session.
 */
function DayLine({
  id,
  previousId,
  timeZone,
  timeLocale,
}: {
  id: string
  previousId: string | undefined
  timeZone: string | undefined
  timeLocale: string | undefined
}) {
  const created = useChatStore((state) => createdOf(state.messages.get(id)), Object.is, id)
  const before = useChatStore(
    (state) => (previousId === undefined ? undefined : createdOf(state.messages.get(previousId))),
    Object.is,
    previousId,
  )
  const formatTime = useTimeFormat(timeZone, timeLocale)
  const day = formatTime(created, 'date')
  if (day === '' || (before !== undefined && day === formatTime(before, 'date'))) return null
  return (
    <div className="cp-transcript__day">
      <time dateTime={isoTime(created)?.slice(0, 10)}>{day}</time>
    </div>
  )
}

interface StoreMessageProps {
  id: string
  streaming: boolean
  presentation: Presentation
  /** Where the message is in the whole transcript (1-based). */
  position: number
  /** How many messages the transcript has, when not all of them are in the DOM. */
  count?: number | undefined
}

/** Rows of a transcript rendered whole, wrapped a group at a time (see RowGroup). */
const ROW_GROUP = 16

/**
 * Rows in a box of their own: when the streaming row at the bottom grows, the browser lays out the
 * transcript's few groups and the last group's rows, placing the other groups as they were, rather
 * than going over every row of a long session at every token.
 */
function RowGroup({ rows, live }: { rows: ReactElement[]; live: boolean }) {
  return (
    <div className="cp-transcript__group" ref={measureGroup} data-live={live || undefined}>
      {rows}
    </div>
  )
}

let groupSizes: ResizeObserver | null = null

/**
 * Keeps each group's height as its size while skipped off-screen (see Transcript.css), renewed each
 * time it is laid out. A group skipped while the transcript changes width keeps its height at the
 * old width until it comes near the view, as a text out of view does (see TextPart.css).
 */
function measureGroup(element: HTMLDivElement | null) {
  if (!element || typeof ResizeObserver !== 'function') return
  groupSizes ??= new ResizeObserver((entries) => {
    for (const entry of entries) {
      const target = entry.target as HTMLElement
      const height = entry.borderBoxSize?.[0]?.blockSize ?? target.offsetHeight
      if (!target.isConnected || height <= 0) continue
      target.style.containIntrinsicBlockSize = `auto ${height}px`
      target.dataset.measured = ''
    }
  })
  const observer = groupSizes
  observer.observe(element)
  return () => observer.unobserve(element)
}

const EMPTY_STEPS: readonly StepFinishPart[] = []
const EMPTY_SOURCES: readonly SourcePart[] = []

/** The parts of a message that pass `keep`, in order; the same array while they are the same parts. */
function usePartsWhere<P extends Part>(
  messageID: string,
  keep: (part: Part | undefined) => part is P,
  empty: readonly P[],
): readonly P[] {
  return useChatStore(
    (state) => {
      const found: P[] = []
      for (const id of state.partIds.get(messageID) ?? []) {
        const part = state.parts.get(id)
        if (keep(part)) found.push(part)
      }
      return found.length === 0 ? empty : found
    },
    (a, b) => a.length === b.length && a.every((part, index) => part === b[index]),
    messageID,
  )
}

/** A message's flow from the store: changes when a part comes, goes or changes type, not when one grows. */
function useFlow(messageID: string, group: ToolGrouping): readonly FlowItem[] {
  return useChatStore(
    (state) => flowOf(state.partIds.get(messageID) ?? [], (id) => state.parts.get(id), group),
    sameFlow,
    messageID,
  )
}

/** A group of tool calls from the store: its line re-renders when one of its calls changes; each call renders on its own. */
function StoreToolGroup({
  ids,
  streaming,
  messageID,
}: {
  ids: readonly string[]
  streaming: boolean
  messageID: string
}) {
  const parts = useChatStore(
    (state) => ids.map((id) => state.parts.get(id) as ToolPart),
    (a, b) => a.length === b.length && a.every((part, index) => part === b[index]),
    messageID,
  )
  return (
    <ToolGroup parts={parts}>
      {ids.map((partID) => (
        <StorePart key={partID} id={partID} streaming={streaming} messageID={messageID} />
      ))}
    </ToolGroup>
  )
}

const StoreMessage = memo(function StoreMessage({ id, streaming, presentation, position, count }: StoreMessageProps) {
  const store = useChatStoreApi()
  const info = useMessage(id)
  const flow = useFlow(id, presentation.groupTools)
  const sources = usePartsWhere(id, isSource, EMPTY_SOURCES)
  const steps = usePartsWhere(id, isStepFinish, EMPTY_STEPS)
  const totals = useMessageTotals(id)
  const system = useChatStore(
    (state) => isSystemPrompt((state.partIds.get(id) ?? []).map((partID) => state.parts.get(partID))),
    Object.is,
    id,
  )
  // Whether there is text to copy: a yes/no, so the message does not re-render for every word.
  const hasText = useChatStore(
    (state) =>
      presentation.copyable &&
      (state.partIds.get(id) ?? []).some((partID) => messageText([state.parts.get(partID) as Part]) !== ''),
    Object.is,
    id,
  )
  if (!info) return null
  // Read when the button is pressed, for the same reason.
  const partsNow = () =>
    (store.getState().partIds.get(id) ?? []).map((partID) => store.getState().parts.get(partID) as Part)
  const copyText = hasText ? () => messageText(partsNow()) : undefined
  const copyMarkdown = presentation.copyable
    ? () => toMarkdown([{ info, parts: partsNow() }], MESSAGE_MARKDOWN)
    : undefined
  return (
    <MessageErrorBoundary info={info}>
      <MessageView
        info={info}
        totals={totals}
        steps={steps}
        streaming={streaming}
        timeZone={presentation.timeZone}
        timeLocale={presentation.timeLocale}
        timeStyle="time"
        layout={presentation.layout}
        headingLevel={presentation.headingLevel}
        avatar={presentation.avatar?.(info)}
        name={presentation.name?.(info)}
        actions={presentation.actions?.(info)}
        copyText={copyText}
        copyMarkdown={copyMarkdown}
        copyLink={linkTo(presentation.messageLink, id)}
        system={system}
        position={position}
        sources={sources}
        data-message-id={id}
        aria-posinset={count !== undefined ? position : undefined}
        aria-setsize={count}
      >
        {flow.map((item) =>
          item.kind === 'part' ? (
            <StorePart key={item.id} id={item.id} streaming={streaming} messageID={id} />
          ) : (
            <StoreToolGroup key={`group-${item.ids[0]}`} ids={item.ids} streaming={streaming} messageID={id} />
          ),
        )}
      </MessageView>
    </MessageErrorBoundary>
  )
})

function SessionTotals() {
  const labels = useLabels()
  const totals = useTotals()
  // A group, not a <footer>: inside a host's <main> a footer would be a page-level landmark.
  return (
    <Usage
      className="cp-transcript__totals"
      totals={totals}
      title={labels.totals}
      role="group"
      aria-label={labels.totals}
    />
  )
}

/** A message or a part of it, to scroll to. */
interface ScrollGoal {
  messageID: string
  partID: string | undefined
  focus?: boolean
}

/** The element of a goal, when its row is rendered: the part, else the message. */
function goalElement(scroller: HTMLElement, goal: ScrollGoal): HTMLElement | null {
  const row = scroller.querySelector<HTMLElement>(byAttribute('data-row-id', goal.messageID))
  if (!row) return null
  const part =
    goal.partID !== undefined ? row.querySelector<HTMLElement>(byAttribute('data-part-id', goal.partID)) : null
  return part ?? row.querySelector<HTMLElement>('.cp-message') ?? row
}

/** Scrolls so `goal` is at the top of `scroller`. */
function alignToTop(scroller: HTMLElement, goal: HTMLElement): void {
  const off = goal.getBoundingClientRect().top - scroller.getBoundingClientRect().top
  if (Math.abs(off) >= 1) scroller.scrollTop += off
}

function TranscriptBody({
  showTotals,
  timeZone,
  timeLocale,
  virtualize = true,
  overscan = 1000,
  layout,
  headingLevel,
  groupTools = 3,
  avatar,
  name,
  actions,
  copyable = true,
  messageLink,
  handleRef,
  followHash = true,
  find: appFind,
  findShortcut = true,
  className,
  onKeyDown: onRootKeyDown,
  onFocus: onRootFocus,
  onViewChange,
  ...rest
}: Omit<TranscriptProps, 'store' | keyof RenderConfig | 'locale' | 'labels'>) {
  const labels = useLabels()
  const presentation = useMemo<Presentation>(
    () => ({ timeZone, timeLocale, layout, headingLevel, groupTools, avatar, name, actions, copyable, messageLink }),
    [timeZone, timeLocale, layout, headingLevel, groupTools, avatar, name, actions, copyable, messageLink],
  )
  const ids = useMessageIds()
  const streamingId = useChatStore(selectStreamingMessageId)
  const status = useStatus()
  const scrollerRef = useRef<HTMLDivElement>(null)
  const contentRef = useRef<HTMLDivElement>(null)
  const follow = useStickToBottom(scrollerRef, contentRef)
  // A row not measured yet is guessed from its parts, read from the store when it is first placed.
  const store = useChatStoreApi()
  const estimate = useCallback(
    (id: string) => {
      const { partIds, parts } = store.getState()
      return messageHeightGuess((partIds.get(id) ?? []).flatMap((partID) => parts.get(partID) ?? []))
    },
    [store],
  )
  // Printed, the whole session is on the page.
  const printing = usePrinting()
  const { rows, windowed, start, end, anchorRef, observeRow, updateRange } = useVirtualRows({
    ids,
    scrollerRef,
    follow,
    virtualize: virtualize && !printing,
    overscan,
    estimate,
  })
  // The row that holds the focus stays rendered wherever the reader scrolls, so the focus is not
  // lost to the page when its row leaves the range.
  const [focusedId, setFocusedId] = useState<string | undefined>(undefined)

  // The message in view, told to the app when it changes.
  const viewedRef = useRef<{ id: string | undefined; report: typeof onViewChange }>({
    id: undefined,
    report: onViewChange,
  })
  useEffect(() => {
    viewedRef.current.report = onViewChange
  })
  const reportView = useCallback(() => {
    const element = scrollerRef.current
    const viewed = viewedRef.current
    if (!element || !viewed.report) return
    const id = ids[rows.rowAt(element.scrollTop + element.clientHeight / 3)]
    if (id === undefined || id === viewed.id) return
    viewed.id = id
    viewed.report(id)
  }, [ids, rows])
  useEffect(reportView, [reportView])

  const onScroll = () => {
    const element = scrollerRef.current
    if (!element) return
    reportView()
    follow.scrolled(element)
    if (windowed) updateRange()
    // Every row is rendered and measured: only the first one in view is needed, to keep it in place.
    else anchorRef.current = rows.rowAt(element.scrollTop)
  }

  // The rendered rows, as spans of indices in order: the range, and the focused row if it is outside.
  const kept = windowed && focusedId !== undefined ? rows.indexOf(focusedId) : -1
  const spans: Array<readonly [number, number]> = []
  if (kept >= 0 && kept < start) spans.push([kept, kept + 1])
  spans.push([start, end])
  if (kept >= end) spans.push([kept, kept + 1])
  const last = spans.at(-1)?.[1] ?? 0

  // Home and End on the conversation itself go to its first and last message in one press. The
  // browser's own animated scroll would be cut short by rows measured on the way (2-3 presses and a
  // blank view in a long session).
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const element = scrollerRef.current
    if (!element || event.target !== element || event.altKey || event.metaKey || event.shiftKey) return
    if (event.key === 'End') {
      event.preventDefault()
      follow.jump()
      if (windowed) updateRange()
    } else if (event.key === 'Home') {
      event.preventDefault()
      element.scrollTo({ top: 0, behavior: 'instant' })
      follow.scrolled(element)
      if (windowed) updateRange()
      else anchorRef.current = rows.rowAt(0)
    }
  }

  // Scrolling to a message: its row's place is known (measured or estimated) whether or not it is
  // rendered; once rendered, the row (or the part in it) is put at the top and takes the focus. It
  // stays pinned there while the rows around it are rendered and measured (real heights replacing
  // estimates), until the reader scrolls, types or clicks.
  const [target, setTarget] = useState<(ScrollGoal & { focus: boolean }) | null>(null)
  const { scrolled } = follow
  const pinnedRef = useRef<ScrollGoal | null>(null)
  // The part scrolled to is shown with its folds open (negative tokens: a find's are its moves).
  const [linkReveal, setLinkReveal] = useState<Reveal | null>(null)
  // `reveal: false`: a find's own move, whose fold the find opens and closes itself.
  const scrollToRef = useRef<(target: ScrollTarget, options?: { focus?: boolean; reveal?: boolean }) => boolean>(
    () => false,
  )
  useLayoutEffect(() => {
    scrollToRef.current = (to, options = {}) => {
      const element = scrollerRef.current
      const messageID =
        to.messageID ?? (to.partID !== undefined ? store.getState().parts.get(to.partID)?.messageID : undefined)
      const index = messageID === undefined ? -1 : rows.indexOf(messageID)
      if (!element || messageID === undefined || index < 0) return false
      follow.release()
      element.scrollTop = rows.top(index)
      follow.scrolled(element)
      anchorRef.current = index
      if (windowed) updateRange()
      setTarget({ messageID, partID: to.partID, focus: options.focus ?? true })
      if (to.partID !== undefined && options.reveal !== false)
        setLinkReveal((last) => ({ partID: to.partID as string, token: (last?.token ?? 0) - 1 }))
      return true
    }
  })
  // Find: the app's, or the transcript's own. A match's part is brought onto the page when its row
  // is left out, and its folds are opened; the view then settles on the match, not the part's top.
  const ownFind = useFind()
  const find = appFind ?? ownFind
  const findRef = useRef(find)
  useEffect(() => {
    findRef.current = find
  })
  const { release } = follow
  const bringMatch = useCallback(
    (match: FindMatch) => {
      const element = scrollerRef.current
      // The reader asked for the match: the view no longer follows the bottom.
      release()
      if (element && !element.querySelector(byAttribute('data-part-id', match.partID)))
        scrollToRef.current({ partID: match.partID }, { focus: false, reveal: false })
    },
    [release],
  )
  const unpinForMatch = useCallback(() => {
    pinnedRef.current = null
    if (scrollerRef.current) scrolled(scrollerRef.current)
  }, [scrolled])
  const findReveal = useFindView(find, scrollerRef, bringMatch, unpinForMatch)
  // The box loads with the first find opened.
  const findRuntime = useFindRuntime(!appFind && find.open)
  const reveal = findReveal ?? linkReveal

  useImperativeHandle(
    handleRef,
    () => ({
      scrollTo: (to, options) => scrollToRef.current(to, options),
      openFind: (query) => findRef.current.openFind(query),
    }),
    [],
  )
  useLayoutEffect(() => {
    const element = scrollerRef.current
    const content = contentRef.current
    if (!element || !content || typeof ResizeObserver !== 'function') return
    const observer = new ResizeObserver(() => {
      const goal = pinnedRef.current ? goalElement(element, pinnedRef.current) : null
      if (!goal) return
      alignToTop(element, goal)
      scrolled(element)
    })
    observer.observe(content)
    const unpin = () => {
      pinnedRef.current = null
    }
    const events = ['wheel', 'touchstart', 'pointerdown', 'keydown'] as const
    for (const name of events) element.addEventListener(name, unpin, { passive: true })
    return () => {
      observer.disconnect()
      for (const name of events) element.removeEventListener(name, unpin)
    }
  }, [scrolled])
  useLayoutEffect(() => {
    const element = scrollerRef.current
    const goal = target && element ? goalElement(element, target) : null
    if (!target || !element || !goal) return
    alignToTop(element, goal)
    scrolled(element)
    pinnedRef.current = target
    anchorRef.current = rows.indexOf(target.messageID)
    if (target.focus) {
      if (!goal.hasAttribute('tabindex')) goal.setAttribute('tabindex', '-1')
      goal.focus({ preventScroll: true })
    }
    setTarget(null)
  }, [target, scrolled, anchorRef, rows, start, end])
  // A link to a message or part (`#msg_…`) is followed once the transcript is mounted.
  const followed = useRef(false)
  useEffect(() => {
    if (!followHash || followed.current || typeof location === 'undefined' || location.hash.length < 2) return
    followed.current = true
    const id = decodeURIComponent(location.hash.slice(1))
    if (store.getState().messages.has(id)) scrollToRef.current({ messageID: id })
    else if (store.getState().parts.has(id)) scrollToRef.current({ partID: id })
  }, [followHash, store])

  const rowOf = (node: EventTarget | null) =>
    node instanceof Element ? node.closest<HTMLElement>('.cp-transcript__row')?.dataset.rowId : undefined

  return (
    <div
      {...rest}
      className={cx('cp-transcript', className)}
      data-state={status}
      // In the conversation, the reader may press Ctrl+F: the box is fetched before they do.
      onFocus={(event) => {
        onRootFocus?.(event)
        if (findShortcut) preloadFindRuntime()
      }}
      onKeyDown={(event) => {
        onRootKeyDown?.(event)
        if (findShortcut) openFindOnShortcut(event, find)
      }}
    >
      {!appFind && find.open && findRuntime ? (
        <findRuntime.FindBar
          find={find}
          className="cp-transcript__find"
          onClose={() => scrollerRef.current?.focus({ preventScroll: true })}
        />
      ) : null}
      {/* the message list scrolls and must be reachable by keyboard */}
      <div
        ref={scrollerRef}
        className="cp-transcript__scroller"
        role="log"
        aria-label={labels.transcript}
        aria-live="off"
        tabIndex={0}
        onScroll={onScroll}
        onKeyDown={onKeyDown}
      >
        <RevealContext value={reveal}>
          <div
            ref={contentRef}
            className="cp-transcript__messages"
            onFocus={(event) => setFocusedId(rowOf(event.target))}
            onBlur={() => {
              // Read once the focus has landed. A window that loses the focus keeps its active
              // element, which must stay rendered for when the reader comes back.
              setTimeout(() => {
                if (!contentRef.current?.contains(document.activeElement)) setFocusedId(undefined)
              })
            }}
          >
            {spans.flatMap(([from, to], span) => {
              const gapFrom = span === 0 ? 0 : (spans[span - 1]?.[1] ?? 0)
              const out =
                from > gapFrom
                  ? [
                      <div
                        key={`gap-${span}`}
                        className="cp-transcript__spacer"
                        aria-hidden="true"
                        style={{ height: rows.top(from) - rows.top(gapFrom) }}
                      />,
                    ]
                  : []
              // Rendered whole, the rows go in groups (see RowGroup); windowed, a row at a time.
              let group: ReactElement[] = []
              let live = false
              const closeGroup = (end: number) => {
                if (group.length > 0) out.push(<RowGroup key={end - group.length} rows={group} live={live} />)
                group = []
                live = false
              }
              for (let index = from; index < to; index++) {
                const id = ids[index] as string
                if (!windowed && index % ROW_GROUP === 0) closeGroup(index)
                if (id === streamingId) live = true
                ;(windowed ? out : group).push(
                  <div
                    key={id}
                    ref={observeRow}
                    className="cp-transcript__row"
                    data-row-id={id}
                    data-first={index === 0 || undefined}
                  >
                    {/* the date once per day, above the first message of each day; messages show the time alone */}
                    <DayLine
                      id={id}
                      previousId={index === 0 ? undefined : ids[index - 1]}
                      timeZone={timeZone}
                      timeLocale={timeLocale}
                    />
                    <StoreMessage
                      id={id}
                      streaming={id === streamingId}
                      presentation={presentation}
                      position={index + 1}
                      count={windowed ? ids.length : undefined}
                    />
                  </div>,
                )
              }
              closeGroup(to)
              return out
            })}
            {last < ids.length ? (
              <div
                className="cp-transcript__spacer"
                aria-hidden="true"
                style={{ height: rows.top(ids.length) - rows.top(last) }}
              />
            ) : null}
            {showTotals === false ? null : <SessionTotals />}
          </div>
        </RevealContext>
      </div>
      {follow.away ? (
        <button
          type="button"
          className="cp-button cp-transcript__jump"
          onClick={() => {
            // The reader chose the latest: a message scrolled to earlier no longer holds the view.
            pinnedRef.current = null
            follow.jump()
            if (windowed) updateRange()
            // The button goes away once at the bottom: the focus moves to the conversation, not to the page.
            scrollerRef.current?.focus({ preventScroll: true })
          }}
        >
          <Icon name="arrow-down" /> {labels.jumpToLatest}
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
export function Transcript({
  store,
  urlPolicy,
  highlighter,
  math,
  inlineDollarMath,
  diagrams,
  components,
  tools,
  dataViews,
  onApproval,
  sessionLink,
  locale,
  labels,
  ...rest
}: TranscriptProps) {
  checkReactVersion()
  const body = (
    <ChatStoreProvider store={store}>
      <ChatpartsProvider
        {...(urlPolicy ? { urlPolicy } : {})}
        {...(highlighter !== undefined ? { highlighter } : {})}
        {...(math !== undefined ? { math } : {})}
        {...(inlineDollarMath !== undefined ? { inlineDollarMath } : {})}
        {...(diagrams !== undefined ? { diagrams } : {})}
        {...(components ? { components } : {})}
        {...(tools ? { tools } : {})}
        {...(dataViews ? { dataViews } : {})}
        {...(onApproval ? { onApproval } : {})}
        {...(sessionLink ? { sessionLink } : {})}
      >
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
