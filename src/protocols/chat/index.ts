export { chatAdapter } from './adapter.js'
export { fromChatMessages, type ChatOptions } from './toCanonical.js'
export { TYPED_KEY, isRequestMessage, isResponseMessage, toChatMessage, toTypedMessage } from './typed.js'
export type * from './types.js'
