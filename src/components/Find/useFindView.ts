import { type RefObject, useEffect, useMemo, useRef } from 'react'
import type { FindMatch } from '../../find/search.js'
import type { FindController } from '../../react/useFind.js'
import { byAttribute } from '../shared/selector.js'
import type { Reveal } from './reveal.js'
import { useFindRuntime } from './useFindRuntime.js'

/**
 * Shows a find on the page under `containerRef`: marks every match rendered there (again whenever
 * the page changes: a row scrolled in, a fold opened, a token streamed), and at each move asked for,
 * brings the current match into view. `bring` gets its part on the page first when it may not be
 * (a row left out of a long transcript); `onScrolled` hears that the view was moved to the match.
 * Returns what to reveal: the current match's part, with its folds open.
 */
export function useFindView(
  find: FindController | undefined,
  containerRef: RefObject<HTMLElement | null>,
  bring?: (match: FindMatch) => void,
  onScrolled?: () => void,
): Reveal | null {
  const active = find !== undefined && find.open && find.query !== ''
  const match = active ? find.matches[find.current] : undefined
  const moves = find?.moves ?? 0
  const { query, options, matches, current: currentIndex } = find ?? {}
  const reveal = useMemo(() => (match ? { partID: match.partID, token: moves } : null), [match, moves])

  // Read by the observer's callback, which outlives renders.
  const latest = useRef({ find, active, onScrolled, pendingScroll: false, brought: false })
  useEffect(() => {
    latest.current.find = find
    latest.current.active = active
    latest.current.onScrolled = onScrolled
  })

  // A move asked for: the match's part onto the page, then into view once marked.
  const bringRef = useRef(bring)
  useEffect(() => {
    bringRef.current = bring
  })
  useEffect(() => {
    latest.current.pendingScroll = true
    latest.current.brought = false
  }, [moves])
  // Once the match of that move is known (the search may still be loading when the move is asked).
  useEffect(() => {
    const state = latest.current
    if (!match || !state.pendingScroll || state.brought) return
    state.brought = true
    bringRef.current?.(match)
  }, [moves, match])

  const owner = useMemo(() => ({}), [])
  const runtime = useFindRuntime(active)
  useEffect(() => {
    const container = containerRef.current
    if (!container || !runtime) return
    const { clearMarks, drawMarks, scrollIntoMiddle } = runtime
    let frame = 0
    const draw = () => {
      frame = 0
      const state = latest.current
      if (!state.active || !state.find) {
        clearMarks(owner)
        return
      }
      const range = drawMarks(owner, container, state.find)
      if (!state.pendingScroll) return
      // The match as marked on the page, else its part (a match in data the part does not show as text).
      const match = state.find.matches[state.find.current]
      const target = range ?? (match ? container.querySelector(byAttribute('data-part-id', match.partID)) : null)
      if (!target) return
      state.pendingScroll = false
      scrollIntoMiddle(target)
      state.onScrolled?.()
    }
    const schedule = () => {
      if (frame === 0) frame = requestAnimationFrame(draw)
    }
    draw()
    const observer = new MutationObserver(schedule)
    observer.observe(container, {
      childList: true,
      subtree: true,
      characterData: true,
      attributes: true,
      attributeFilter: ['hidden', 'data-state'],
    })
    return () => {
      observer.disconnect()
      if (frame !== 0) cancelAnimationFrame(frame)
    }
  }, [containerRef, owner, runtime, active, query, options, matches, currentIndex])
  useEffect(() => () => runtime?.clearMarks(owner), [owner, runtime])
  return reveal
}
