/**
 * `chatparts/store`: one zustand vanilla store per transcript, holding the canonical model
 * normalized, fed by every protocol of the conversion layer; and the React provider and hooks that
 * read it with selectors.
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
  type IngestOptionsByProtocol,
  type IngestProtocol,
  type SnapshotOptions,
  type StoredDiagnostic,
} from './chatStore.js'
export { sameTotals, selectMessage, selectMessageTotals, selectTotals } from './selectors.js'
export {
  ChatStoreProvider,
  type ChatStoreProviderProps,
  useChatStore,
  useChatStoreApi,
  useDiagnostics,
  useMessage,
  useMessageIds,
  useMessageTotals,
  usePart,
  usePartIds,
  useParts,
  useStatus,
  useTotals,
} from './react.js'
