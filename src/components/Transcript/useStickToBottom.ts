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
    const atBottom = element.scrollHeight - top - element.clientHeight <= STICK_SLACK
    // Only the reader's own move up leaves the bottom. Content that grew before the next follow
    // also leaves the view short of the bottom, and content that shrank then grew again within a
    // task moves it up (the browser pulls the position in, then the content is taller again):
    // neither is the reader, and neither may stop the following.
    const reader = readerRef.current
    const theirs = reader.pressed || performance.now() - reader.at < READER_WINDOW
    if (atBottom) stickRef.current = true
    else if (top < lastTopRef.current && theirs) stickRef.current = false
    lastTopRef.current = top
    // While following, a view the layout left short of the end goes back to it: content that shrank
    // and grew again between two frames is never seen by the size observer that follows it.
    if (stickRef.current && !theirs && element.scrollHeight - top - element.clientHeight >= 1) {
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
