import { useEffect, useState } from 'react'

type Runtime = typeof import('./runtime.js')

let runtime: Runtime | undefined
let loading: Promise<Runtime> | undefined

/** Starts loading the runtime (when the reader may be about to open a find), so it opens at once. */
export function preloadFindRuntime(): void {
  loading ??= import('./runtime.js').then((module) => (runtime = module))
}

/** The find's runtime once `enabled` has asked for it (`null` until it has loaded). */
export function useFindRuntime(enabled: boolean): Runtime | null {
  const [, setLoaded] = useState(false)
  useEffect(() => {
    if (!enabled || runtime) return
    let live = true
    preloadFindRuntime()
    void loading?.then(() => {
      if (live) setLoaded(true)
    })
    return () => {
      live = false
    }
  }, [enabled])
  return enabled || runtime ? (runtime ?? null) : null
}
