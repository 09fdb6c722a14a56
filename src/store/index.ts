/**
 * `chatparts/store`: one zustand vanilla store per transcript, holding the canonical model
 * normalized. React-free: the provider and hooks are in `chatparts/react`. The store knows canonical
 * writes and the {@link Adapter} contract only; `chatparts/protocols` has the kit's adapters
 * (`builtInAdapters`), and `createChatStore` from `chatparts` has them by name already.
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
export { messageTotalsSelector, sameTotals, selectMessage, selectMessageTotals, selectTotals } from './selectors.js'
export type { Adapter, AdapterSession, AdapterSnapshot, AdapterWrites } from '../core/adapter.js'
