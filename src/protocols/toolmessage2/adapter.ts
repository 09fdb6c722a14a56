import type { Adapter } from '../../core/adapter.js'
import { createToolMessage2Stream } from './live.js'
import { fromToolMessage2 } from './toCanonical.js'

/** neovate toolmessage2: a conversation (an array), or one message at a time. */
export const toolMessage2Adapter: Adapter = {
  name: 'toolmessage2',
  snapshot: (input, options) => fromToolMessage2(input, options),
  session: (options) => createToolMessage2Stream(options),
  kind: (input) => (Array.isArray(input) ? 'snapshot' : 'event'),
}
