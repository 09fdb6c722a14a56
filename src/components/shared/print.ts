import { useSyncExternalStore } from 'react'
import { flushSync } from 'react-dom'

// Whether the page is being printed: set before the browser lays the page out for print, so what
// the reader prints is the whole session, every row rendered and every fold open.
let printing = false
const listeners = new Set<() => void>()

function set(value: boolean): void {
  if (printing === value) return
  printing = value
  // Committed before the handler returns: the browser lays out for print right after it.
  flushSync(() => {
    for (const listener of listeners) listener()
  })
}

const before = () => set(true)
const after = () => set(false)

function subscribe(listener: () => void): () => void {
  if (listeners.size === 0 && typeof window !== 'undefined') {
    window.addEventListener('beforeprint', before)
    window.addEventListener('afterprint', after)
  }
  listeners.add(listener)
  return () => {
    listeners.delete(listener)
    if (listeners.size === 0 && typeof window !== 'undefined') {
      window.removeEventListener('beforeprint', before)
      window.removeEventListener('afterprint', after)
    }
  }
}

const read = () => printing
const readOnServer = () => false

/** Whether the page is being printed (between `beforeprint` and `afterprint`). */
export function usePrinting(): boolean {
  return useSyncExternalStore(subscribe, read, readOnServer)
}
