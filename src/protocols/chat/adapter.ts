import type { Adapter } from '../../core/adapter.js'
import { fromChatMessages } from './toCanonical.js'

/** Chat messages: flat messages and the typed hierarchy, as an array. */
export const chatAdapter: Adapter = {
  name: 'chat',
  snapshot: (input, options) => fromChatMessages(input, options),
}
