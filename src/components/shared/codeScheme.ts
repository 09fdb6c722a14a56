import { type RefObject, useCallback, useLayoutEffect, useSyncExternalStore } from 'react'
import { systemScheme, systemSchemeQuery } from '../../highlight/systemScheme.js'
import type { ColorScheme, Highlighter } from '../../highlight/types.js'

/** The app's choice of scheme, as the kit's stylesheet reads it (theme.css): the nearest one wins. */
const CHOICE = ".dark, [data-theme='dark'], .cp-dark, .light, [data-theme='light'], .cp-light"
const DARK = ".dark, [data-theme='dark'], .cp-dark"

/**
 * The colour scheme code shows in, told to the highlighter so that it fetches the theme of a
 * scheme only once the page shows it: the app's choice nearest the element, as the stylesheet
 * picks it, else the reader's system setting. Read from the DOM, not the computed style: a style
 * read for every block would make the browser work out styles, skipped content's included.
 */
export function schemeOf(element: Element): ColorScheme {
  const choice = element.closest(CHOICE)
  if (choice) return choice.matches(DARK) ? 'dark' : 'light'
  return systemScheme()
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

/**
 * The page switches schemes by the reader's system setting, or by a class or `data-theme` on
 * `<html>` or `<body>` (where apps and theme libraries put it): code on the page is asked about
 * again then. A switch on an element of the app's own is seen by the code shown after it.
 */
function watch() {
  if (watching || typeof document === 'undefined') return
  watching = true
  systemSchemeQuery()?.addEventListener?.('change', askAgain)
  if (typeof MutationObserver !== 'function') return
  const observer = new MutationObserver(askAgain)
  for (const element of [document.documentElement, document.body])
    if (element) observer.observe(element, { attributes: true, attributeFilter: ['class', 'data-theme'] })
}

/**
 * Tells `highlighter` the scheme the code in `element` shows in, now and when the page switches;
 * gives the highlighter's version (see {@link Highlighter.version}), a render following each change.
 */
export function useCodeScheme(element: RefObject<Element | null>, highlighter: Highlighter | null): number {
  useLayoutEffect(() => {
    const target = element.current
    if (!target || !highlighter?.showScheme) return
    // Before the highlighter loads (a layout effect), so that the first theme is the one shown.
    ask(target, highlighter)
    shown.set(target, highlighter)
    watch()
    return () => {
      shown.delete(target)
    }
  }, [element, highlighter])
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
