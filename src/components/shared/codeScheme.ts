import { type RefObject, useCallback, useLayoutEffect, useSyncExternalStore } from 'react'
import type { ColorScheme, Highlighter } from '../../highlight/types.js'

/**
 * The colour scheme code shows in, told to the highlighter so that it fetches the theme of a
 * scheme only once the page shows it. The scheme is the element's `color-scheme` (the kit's
 * stylesheet sets it from the app's `.dark` or `data-theme`), and the reader's system setting where
 * both are allowed.
 */
export function schemeOf(element: Element): ColorScheme {
  const words = (getComputedStyle(element).colorScheme || '').split(/\s+/)
  const light = words.includes('light')
  const dark = words.includes('dark')
  if (dark && !light) return 'dark'
  if (light && !dark) return 'light'
  if (dark && typeof matchMedia === 'function' && matchMedia('(prefers-color-scheme: dark)').matches) return 'dark'
  return 'light'
}

/** The code on the page, by its element, with the highlighter that colours it. */
const shown = new Map<Element, Highlighter>()
/** Per highlighter, the schemes already asked for: once both are, nothing is read any more. */
const asked = new WeakMap<Highlighter, Set<ColorScheme>>()
let watching = false

function ask(element: Element, highlighter: Highlighter) {
  let schemes = asked.get(highlighter)
  if (schemes?.size === 2) return
  const scheme = schemeOf(element)
  if (schemes?.has(scheme)) return
  if (!schemes) asked.set(highlighter, (schemes = new Set()))
  schemes.add(scheme)
  void highlighter.showScheme?.(scheme)
}

function askAgain() {
  for (const [element, highlighter] of shown) ask(element, highlighter)
}

// Code mounted after the first block of its highlighter is asked about at the next frame, all at
// once: a style read per block as it mounts would make the browser work out styles each time.
const waiting = new Set<Element>()
let frame = false
function askSoon(element: Element) {
  waiting.add(element)
  if (frame) return
  frame = true
  requestAnimationFrame(() => {
    frame = false
    for (const target of waiting) {
      const highlighter = shown.get(target)
      if (highlighter) ask(target, highlighter)
    }
    waiting.clear()
  })
}

/**
 * The page switches schemes by the reader's system setting, or by a class, `data-theme` or style
 * on `<html>` or `<body>` (where apps and theme libraries put it): code on the page is asked
 * about again then. A switch on an element of the app's own is seen by the code shown after it.
 */
function watch() {
  if (watching || typeof document === 'undefined') return
  watching = true
  if (typeof matchMedia === 'function')
    matchMedia('(prefers-color-scheme: dark)').addEventListener?.('change', askAgain)
  if (typeof MutationObserver !== 'function') return
  const observer = new MutationObserver(askAgain)
  for (const element of [document.documentElement, document.body])
    if (element) observer.observe(element, { attributes: true, attributeFilter: ['class', 'data-theme', 'style'] })
}

/** Tells `highlighter` the scheme the code in `element` shows in, now and when the page switches. */
export function useCodeScheme(element: RefObject<Element | null>, highlighter: Highlighter | null): void {
  useLayoutEffect(() => {
    const target = element.current
    if (!target || !highlighter?.showScheme) return
    // The first block says its scheme before the highlighter loads, so that one theme comes first.
    if (!asked.has(highlighter) || typeof requestAnimationFrame !== 'function') ask(target, highlighter)
    else askSoon(target)
    shown.set(target, highlighter)
    watch()
    return () => {
      shown.delete(target)
      waiting.delete(target)
    }
  }, [element, highlighter])
}

/** The highlighter's version (see {@link Highlighter.version}): a render follows each change. */
export function useHighlighterVersion(highlighter: Highlighter | null): number {
  const subscribe = useCallback(
    (listener: () => void) => highlighter?.subscribe?.(listener) ?? (() => undefined),
    [highlighter],
  )
  return useSyncExternalStore(
    subscribe,
    () => highlighter?.version?.() ?? 0,
    () => 0,
  )
}
