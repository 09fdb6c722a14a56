import { useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react'
import type { WithParts } from '../core/model/types.js'
import { useFindRuntime } from '../components/Find/useFindRuntime.js'
import type { FindMatch, FindOptions, Finder } from '../find/search.js'
import { type ChatStore, selectTranscript } from '../store/chatStore.js'
import { useOptionalChatStoreApi } from './hooks.js'

/** The state of a search in a transcript and what moves it, from {@link useFind}. */
export interface FindController {
  /** Whether the find box is shown. */
  open: boolean
  /** Shows the box and asks it to take the focus (with `query`, when given, as its text). */
  openFind(query?: string): void
  /** Hides the box and clears the marks; the query is kept for the next time. */
  close(): void
  query: string
  setQuery(query: string): void
  options: FindOptions
  setOptions(options: FindOptions): void
  /** The matches, in transcript order, at most {@link FIND_LIMIT}; they follow the transcript as it streams. */
  matches: readonly FindMatch[]
  /** There are more matches than `matches` holds (the box says "10,000+"). */
  capped: boolean
  /** The search is loaded (it loads with the first find opened): until then `matches` is empty, not "no matches". */
  ready: boolean
  /** The index of the current match in `matches`, or -1 when there is none. */
  current: number
  /** Moves to the next match (after the last, the first). */
  next: () => void
  /** Moves to the previous match (before the first, the last). */
  previous: () => void
  /** Moves to match `index`. */
  goTo(index: number): void
  /**
   * Counts the moves asked for (typing, next, previous, goTo): a view brings the current match into
   * view when it changes, not when a streamed token adds a match.
   */
  moves: number
  /** Counts the times the box was asked to take the focus. */
  focusRequests: number
}

/** The most matches a find box counts and steps through: a longer query narrows them. */
export const FIND_LIMIT = 10_000

const EMPTY: readonly WithParts[] = []
const NO_MATCHES: readonly FindMatch[] = []
const noop = () => () => {}

function sameMatch(a: FindMatch | undefined, b: FindMatch | undefined): boolean {
  return a !== undefined && b !== undefined && a.partID === b.partID && a.field === b.field && a.start === b.start
}

/**
 * Find in a transcript: searches the canonical data (every message, rendered or not, every fold
 * open or not) for text, reasoning, tool titles, arguments, output and errors, and file names.
 * Give it a store, or the messages of a plain list; inside a `Transcript` or `ChatStoreProvider`,
 * nothing. Pass the controller to `Transcript` (`find`), `FindRegion` and `FindBar`.
 */
export function useFind(source?: ChatStore | readonly WithParts[]): FindController {
  const contextStore = useOptionalChatStoreApi()
  const store = source === undefined ? contextStore : Array.isArray(source) ? null : (source as ChatStore)
  const list = Array.isArray(source) ? (source as readonly WithParts[]) : undefined
  const [open, setOpen] = useState(false)
  const [query, setQueryState] = useState('')
  const [options, setOptionsState] = useState<FindOptions>({})
  const [picked, setPicked] = useState<{ index: number; match: FindMatch | undefined }>({ index: 0, match: undefined })
  const [moves, setMoves] = useState(0)
  const [focusRequests, setFocusRequests] = useState(0)
  // The search loads with the first find opened; one finder (and its cache) per find.
  const runtime = useFindRuntime(open)
  const finder = useMemo<Finder | null>(() => runtime?.createFinder() ?? null, [runtime])

  // The store is read only while there is something to find: a closed box costs a stream nothing.
  const active = open && query !== ''
  const subscribe = useMemo(() => (store && active ? store.subscribe : noop), [store, active])
  const state = useSyncExternalStore(
    subscribe,
    () => (store && active ? store.getState() : null),
    () => (store && active ? store.getState() : null),
  )
  const messages = useMemo(() => list ?? (state ? selectTranscript(state) : EMPTY), [list, state])
  // One more than the limit is asked for, to know whether there are more.
  const found = useMemo(
    () => (active && finder ? finder.search(messages, query, { ...options, limit: FIND_LIMIT + 1 }) : NO_MATCHES),
    [active, finder, messages, query, options],
  )
  const capped = found.length > FIND_LIMIT
  const ready = finder !== null
  const matches = useMemo(() => (found.length > FIND_LIMIT ? found.slice(0, FIND_LIMIT) : found), [found])

  // The current match stays the one it was while matches come and go around it.
  let current = -1
  if (matches.length > 0) {
    const same = picked.match ? matches.findIndex((match) => sameMatch(match, picked.match)) : -1
    current = same >= 0 ? same : Math.min(Math.max(picked.index, 0), matches.length - 1)
  }
  const matchesRef = useRef(matches)
  const currentRef = useRef(current)
  useEffect(() => {
    matchesRef.current = matches
    currentRef.current = current
  })

  const goTo = useCallback((index: number) => {
    const all = matchesRef.current
    if (all.length === 0) return
    const wrapped = ((index % all.length) + all.length) % all.length
    setPicked({ index: wrapped, match: all[wrapped] })
    setMoves((count) => count + 1)
  }, [])
  const next = useCallback(() => goTo(currentRef.current + 1), [goTo])
  const previous = useCallback(() => goTo(currentRef.current - 1), [goTo])
  const setQuery = useCallback((text: string) => {
    setQueryState(text)
    setPicked({ index: 0, match: undefined })
    setMoves((count) => count + 1)
  }, [])
  const setOptions = useCallback((value: FindOptions) => {
    setOptionsState(value)
    setPicked({ index: 0, match: undefined })
    setMoves((count) => count + 1)
  }, [])
  const openFind = useCallback((text?: string) => {
    setOpen(true)
    if (text !== undefined) {
      setQueryState(text)
      setPicked({ index: 0, match: undefined })
      setMoves((count) => count + 1)
    }
    setFocusRequests((count) => count + 1)
  }, [])
  const close = useCallback(() => setOpen(false), [])

  return useMemo(
    () => ({
      open,
      openFind,
      close,
      query,
      setQuery,
      options,
      setOptions,
      matches,
      capped,
      ready,
      current,
      next,
      previous,
      goTo,
      moves,
      focusRequests,
    }),
    [
      open,
      openFind,
      close,
      query,
      setQuery,
      options,
      setOptions,
      matches,
      capped,
      ready,
      current,
      next,
      previous,
      goTo,
      moves,
      focusRequests,
    ],
  )
}
