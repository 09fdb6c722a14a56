import type { Adapter } from '../../core/adapter.js'
import { createAiSdkStream } from './live.js'
import { fromUIMessages } from './toCanonical.js'

/**
 * The Vercel AI SDK: `UIMessage[]` (what `useChat` holds) as an array; the UI message stream one
 * chunk (or one piece of server-sent-event text) at a time.
 */
export const aiSdkAdapter: Adapter = {
  name: 'aisdk',
  snapshot: (input, options) => fromUIMessages(input, options),
  session: (options) => createAiSdkStream(options),
  kind: (input) => (Array.isArray(input) ? 'snapshot' : 'event'),
}
