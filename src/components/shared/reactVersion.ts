import { version } from 'react'

/**
 * What is wrong with the React an app runs the kit on, or null. The components take `ref` as a
 * prop and rely on React 19's rendering; on React 18 they would render with refs silently dropped.
 */
export function reactVersionProblem(running: string): string | null {
  const major = Number.parseInt(running, 10)
  if (Number.isFinite(major) && major >= 19) return null
  return `chatparts needs React 19 or later; this page runs React ${running || 'of an unknown version'}. Install react@19 and react-dom@19.`
}

let checked = false

/** Says once, in the console, when the page's React is too old for the kit. */
export function checkReactVersion(): void {
  if (checked) return
  checked = true
  const problem = reactVersionProblem(version)
  if (problem) console.error(problem)
}
