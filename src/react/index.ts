'use client'
/**
 * `chatparts/react`: the React side of a chat store: a provider and hooks that read the store with
 * selectors, so a streamed token re-renders only the part it changed.
 */
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
  useSourceParts,
  useStatus,
  useTotals,
} from './hooks.js'
export { type FindController, useFind } from './useFind.js'
