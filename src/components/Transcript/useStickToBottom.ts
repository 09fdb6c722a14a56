import { type RefObject, useCallback, useLayoutEffect, useRef, useState } from 'react'

/** How close to the bottom (px) still counts as "at the bottom". */
const STICK_SLACK = 32
/** How long (ms) after the reader's last wheel, key or touch a scroll is still theirs (smooth scrolling runs on). */
const READER_WINDOW = 1000
/** The reader's own ways of moving a view, heard on the view itself. */
const READER_INPUT = ['wheel', 'touchstart', 'touchmove', 'keydown', 'pointerdown', 'focusin'] as const
/** The end of a press or touch, heard on the window: it may end outside the view. */
const READER_RELEASE = ['pointerup', 'pointercancel', 'touchend', 'touchcancel'] as const

/** What {@link useStickToBottom} gives the transcript. */
export interface StickToBottom {
  /** Whether the view follows the bottom (read at any time: it changes without a render). */
  readonly stickRef: RefObject<boolean>
  /** The scroll position last seen, to tell a move up from contentRef that grew. */
  readonly lastTopRef: RefObject<number>
  /** The reader scrolled up: the view no longer follows (state, for the "jump" button). */
  away: boolean
  /** Scrolls to the bottom now. */
  toBottom: () => void
  /** Notes a scroll of `element`: the reader's move up stops the following, reaching the bottom starts it again. */
  scrolled: (element: HTMLElement) => void
  /** Follows the bottom again, and goes there. */
  jump(): void
  /** Stops following the bottom: the app moved the view elsewhere. */
  release: () => void
}

/**
 * Keeps a scrolling view at its bottom while its contentRef grows (watched by size, as parts stream
 * without a render), until the reader scrolls up (by wheel, touch, keys, the scrollbar or moving
 * the focus); reaching the bottom again resumes it. A move the app makes itself goes through
 * {@link StickToBottom.release}.
 */
export function useStickToBottom(
  scrollerRef: RefObject<HTMLElement | null>,
  contentRef: RefObject<HTMLElement | null>,
): StickToBottom {
  const stickRef = useRef(true)
  const lastTopRef = useRef(0)
  const [away, setAway] = useState(false)
  // When the reader last touched the view, and whether a press (a scrollbar drag) is still on.
  const readerRef = useRef({ at: Number.NEGATIVE_INFINITY, pressed: false })

  const toBottom = useCallback(() => {
    const element = scrollerRef.current
    if (!element) return
    element.scrollTop = element.scrollHeight
    lastTopRef.current = element.scrollTop
  }, [scrollerRef])

  const scrolled = useCallback((element: HTMLElement) => {
    const top = element.scrollTop
    const gap = element.scrollHeight - top - element.clientHeight
    const atBottom = gap <= STICK_SLACK
    // A move up is the reader leaving the bottom, unless the layout made it: content that shrank
    // below where the view was pulls the position in, and may have grown again by this event, so
    // the view seems to have moved up. Without input of the reader's, a move up counts only when
    // the place it left is still within reach, which a pulled-in position is not. (Not every
    // browser sends input for a scrollbar drag: such a move still counts by the second rule.)
    const reader = readerRef.current
    const theirs = reader.pressed || performance.now() - reader.at < READER_WINDOW
    const reachable = lastTopRef.current <= element.scrollHeight - element.clientHeight
    if (atBottom) stickRef.current = true
    else if (top < lastTopRef.current && (theirs || reachable)) stickRef.current = false
    lastTopRef.current = top
    // Following, and left short of the end within the slack by the layout (content that shrank and
    // grew again between two frames, never seen by the size observer): back to the end.
    if (stickRef.current && !theirs && gap >= 1 && atBottom) {
      element.scrollTop = element.scrollHeight
      lastTopRef.current = element.scrollTop
    }
    setAway(!stickRef.current)
  }, [])

  const release = useCallback(() => {
    stickRef.current = false
    setAway(true)
  }, [])

  const jump = useCallback(() => {
    stickRef.current = true
    setAway(false)
    toBottom()
  }, [toBottom])

  useLayoutEffect(() => {
    const element = scrollerRef.current
    if (!element) return
    const reader = readerRef.current
    const input = (event: Event) => {
      reader.at = performance.now()
      if (event.type === 'pointerdown' || event.type === 'touchstart') reader.pressed = true
    }
    const done = () => {
      reader.at = performance.now()
      reader.pressed = false
    }
    for (const name of READER_INPUT) element.addEventListener(name, input, { passive: true })
    for (const name of READER_RELEASE) window.addEventListener(name, done, { passive: true })
    return () => {
      for (const name of READER_INPUT) element.removeEventListener(name, input)
      for (const name of READER_RELEASE) window.removeEventListener(name, done)
    }
  }, [scrollerRef])

  // Content grows without the transcript re-rendering (a part streams on its own), so its size is
  // watched; so is the view's, which gets shorter when the app's input box grows or a phone's
  // keyboard opens, and would hide the end of the reply.
  useLayoutEffect(() => {
    const element = contentRef.current
    if (!element) return
    const follow = () => {
      if (stickRef.current) toBottom()
    }
    follow()
    if (typeof ResizeObserver === 'function') {
      const observer = new ResizeObserver(follow)
      observer.observe(element)
      if (scrollerRef.current) observer.observe(scrollerRef.current)
      return () => observer.disconnect()
    }
    const observer = new MutationObserver(follow)
    observer.observe(element, { childList: true, subtree: true, characterData: true })
    return () => observer.disconnect()
  }, [contentRef, scrollerRef, toBottom])

  return { stickRef, lastTopRef, away, toBottom, scrolled, jump, release }
}
