import type { KeyboardEvent } from 'react'
import type { FindController } from '../../react/useFind.js'

/** Ctrl+F or ⌘F: the browser's find, which the kit's find replaces where it is asked to. */
export function isFindShortcut(event: KeyboardEvent): boolean {
  return event.key.toLowerCase() === 'f' && !event.altKey && !event.shiftKey && event.ctrlKey !== event.metaKey
}

/** On Ctrl+F or ⌘F (not handled yet), opens `find` in place of the browser's, the selected line as its query. */
export function openFindOnShortcut(event: KeyboardEvent, find: FindController): void {
  if (event.defaultPrevented || !isFindShortcut(event)) return
  event.preventDefault()
  find.openFind(window.getSelection()?.toString().trim().split('\n')[0] || undefined)
}
