import { createContext, useSyncExternalStore } from 'react'

const subscribe = () => () => {}
// The same functions at every render: a new one would make React schedule a passive effect to
// note it, and a task to run that effect, at every commit of the component.
const onClient = () => true
const onServer = () => false

/**
 * `false` while rendering on a server and while hydrating what it rendered, `true` after (and on a
 * client-only render from the start): what may differ between server and browser (the reader's
 * locale and time zone) is shown only once this is true, so hydration never sees a mismatch.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(subscribe, onClient, onServer)
}

/**
 * {@link useHydrated} read once for a whole text and given to its blocks, which are many: each would
 * otherwise hold a subscription of its own. Without a provider, `false`: rendered as on a server.
 */
export const HydratedContext = createContext(false)
