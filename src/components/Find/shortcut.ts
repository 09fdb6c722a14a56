import type { KeyboardEvent } from 'react'

/** Ctrl+F or ⌘F: the browser's find, which the kit's find replaces where it is asked to. */
export function isFindShortcut(event: KeyboardEvent): boolean {
  return event.key.toLowerCase() === 'f' && !event.altKey && !event.shiftKey && event.ctrlKey !== event.metaKey
}
