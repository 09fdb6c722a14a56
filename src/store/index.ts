/**
 * `chatparts/store`: one zustand vanilla store per transcript, holding the canonical model normalized.
 */
export {
  createChatStore,
  selectTranscript,
  type ChatActions,
  type ChatState,
  type ChatStore,
  type ChatStoreOptions,
} from './chatStore.js'
