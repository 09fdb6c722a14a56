import { builtInAdapters } from './protocols/adapters.js'
import { type ChatStore, type ChatStoreOptions, createChatStore as createStore } from './store/chatStore.js'

/**
 * Creates a store for one transcript (see `chatparts/store`), with the kit's adapters known by name:
 * `ingest('opencode', …)`, `'opencode-event'`, `'toolmessage2'`, `'delta'`, `'chat'`, `'msgfile'`.
 * Adapters given in `options.adapters` are added to them (and win on a shared name).
 */
export function createChatStore(options: ChatStoreOptions = {}): ChatStore {
  return createStore({ ...options, adapters: { ...builtInAdapters, ...options.adapters } })
}
