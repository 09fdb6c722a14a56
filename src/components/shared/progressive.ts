import { useEffect, useState, type CSSProperties, type RefObject } from 'react'
import { closesFence, FENCE } from '../../markdown/lines.js'
import { createViewQueue, now, queueTask, type ViewItem } from '../../markdown/tasks.js'

/**
 * Rendering of finished text a few messages per task. An app that opens a saved session mounts all
 * its messages in one render; rendering every reply's markdown there would block the page for
 * seconds. The first texts of a task render in full; once a task has spent its budget, the texts
 * after them show their words plainly (the same text, not yet formatted) and are formatted in later
 * tasks, one at a time within the same budget, those in or near the view first. A server render, a
 * hydration, anything streaming, and a page without layout (jsdom) render in full at once.
 *
 * Used twice: by a text (its words plainly until formatted) and by each block of a text's markdown,
 * so one long reply is formatted a few blocks per task too.
 */

/** Time a task may spend rendering text before the rest waits for a later task, in ms. */
const BUDGET_MS = 12

let taskStart = -1

/** Whether the current task still has time to render a text in full (the clock starts at the task's first text). */
function withinBudget(): boolean {
  const time = now()
  if (taskStart < 0) {
    taskStart = time
    // The clock of this task stops with it.
    queueTask(() => {
      taskStart = -1
    })
  }
  return time - taskStart < BUDGET_MS
}

interface Waiting extends ViewItem {
  upgrade: () => void
}

/** Formats waiting texts, one at a time, until the task's budget is spent; then yields and comes back. */
const waiting = createViewQueue<Waiting>(BUDGET_MS, (item) => {
  // The task's clock starts at its first upgrade, not at the first text mounted in it: a text
  // upgraded after a few blocks were counts the time they took.
  withinBudget()
  waiting.remove(item)
  item.upgrade()
})

/**
 * Whether a finished text renders in full now (`true`), or shows its words plainly until a later
 * task formats it. `element` is the text on the page: in view, it goes first. `hydrated`: what
 * `useHydrated` says (a server render and a hydration render in full, as the server did).
 */
export function useProgressive(
  finished: boolean,
  element: RefObject<Element | null>,
  upgradeNow: (run: () => void) => void,
  hydrated: boolean,
): boolean {
  // During a server render and a hydration, the server's snapshot: render in full, as the server did.
  const serverOrHydrating = !hydrated
  // Without layout (jsdom, a test runner) there is no view to favour and no frame to keep: render in full.
  const [ready, setReady] = useState(
    () => !finished || serverOrHydrating || typeof IntersectionObserver === 'undefined' || withinBudget(),
  )
  const full = ready || !finished
  useEffect(() => {
    if (full) return
    const item: Waiting = { element: element.current, upgrade: () => upgradeNow(() => setReady(true)) }
    waiting.add(item)
    return () => waiting.remove(item)
  }, [full, element, upgradeNow])
  return full
}

/**
 * A guess at the height of `text` laid out as a reply, in px, before it is: a line of about 100
 * characters fits the width of a reply and takes ~21 px; a blank line is a margin. A line of code
 * (inside a fence) does not wrap: one line, of the code's smaller line height, however long (a
 * minified bundle on one line is one line, not hundreds).
 */
export function textHeightGuess(text: string): number {
  let lines = 0
  // The marker of the fence the lines are in, if any.
  let fence: string | null = null
  for (let start = 0; start <= text.length;) {
    const newline = text.indexOf('\n', start)
    const end = newline === -1 ? text.length : newline
    // Only a line whose first mark (after up to 3 spaces) is a backtick or a tilde can open or
    // close a fence: only such a line is cut out and read (every finished text is read as it
    // mounts; cutting out each line was a quarter of the time of opening 200 replies).
    const mark = fenceMark(text, start, end)
    if (fence !== null) {
      if (mark === fence[0] && closesFence(text.slice(start, end), fence)) fence = null
      lines += 0.9
    } else {
      if (mark !== undefined) fence = FENCE.exec(text.slice(start, end))?.[1] ?? null
      const length = end - start
      lines += length === 0 ? 0.5 : Math.ceil(length / 100)
    }
    if (newline === -1) break
    start = newline + 1
  }
  return Math.round(lines * 21)
}

/** The backtick or tilde that starts the line from `start` to `end` after up to 3 spaces, if one does. */
function fenceMark(text: string, start: number, end: number): string | undefined {
  let at = start
  while (at < end && at - start < 3 && text.charCodeAt(at) === 32) at++
  const char = text[at]
  return at < end && (char === '`' || char === '~') ? char : undefined
}

/**
 * The style of finished text, and of text waiting to be formatted: the browser skips laying it out
 * while it is off-screen (`content-visibility: auto`, in the stylesheet) and reserves this guess at
 * its height, in px, until it has been laid out once.
 */
export function pendingStyle(text: string): CSSProperties {
  return { containIntrinsicBlockSize: `auto ${textHeightGuess(text)}px` }
}
