/**
 * `chatparts/store`: one zustand vanilla store per transcript, holding the canonical model
 * normalized. React-free: the provider and hooks are in `chatparts/react`. The store knows canonical
 * writes and the {@link Adapter} contract only: pass it the adapters an app reads, each from its
 * protocol's entry (`createChatStore({ adapters: [aiSdkAdapter] })` with `chatparts/aisdk`).
 */
export {
  createChatStore,
  frameScheduler,
  selectTranscript,
  type ChatActions,
  type ChatState,
  type ChatStore,
  type ChatStoreOptions,
  type FlushScheduler,
  type IngestOptions,
  type StoredDiagnostic,
} from './chatStore.js'
export { applyOps, emptyTranscript, toMessages } from '../core/transcript.js'
export {
  createFinder,
  searchMessages,
  type FindField,
  type FindMatch,
  type FindOptions,
  type Finder,
} from '../find/search.js'
export { messageTotalsSelector, sameTotals, selectMessage, selectMessageTotals, selectTotals } from './selectors.js'
export type { MessageRevisions } from './revisions.js'
export type { Adapter, AdapterSession, AdapterSnapshot, AdapterWrites } from '../core/adapter.js'
