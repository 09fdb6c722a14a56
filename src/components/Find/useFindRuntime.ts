import { useEffect, useSyncExternalStore } from 'react'

type Runtime = typeof import('./runtime.js')

let runtime: Runtime | undefined
let loading: Promise<Runtime | undefined> | undefined
const listeners = new Set<() => void>()

function subscribe(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

const read = () => runtime
const readOnServer = () => undefined

/** Starts loading the runtime (when the reader may be about to open a find), so it opens at once. */
export function preloadFindRuntime(): void {
  loading ??= import('./runtime.js').then(
    (module) => {
      runtime = module
      for (const listener of listeners) listener()
      return module
    },
    () => {
      // A chunk that failed to load (a network error) is asked for again the next time.
      loading = undefined
      return undefined
    },
  )
}

/**
 * The find's runtime once `enabled` has asked for it (`null` until it has loaded). Read as an
 * external store: every component that reads it renders again when it arrives, whichever started
 * the load and whenever.
 */
export function useFindRuntime(enabled: boolean): Runtime | null {
  const loaded = useSyncExternalStore(subscribe, read, readOnServer)
  useEffect(() => {
    if (enabled) preloadFindRuntime()
  }, [enabled])
  return enabled || loaded ? (loaded ?? null) : null
}
