import type { Adapter } from '../../core/adapter.js'
import { createDeltaStream } from './live.js'
import { fromDeltaMessages } from './toCanonical.js'

/** MessageDelta streams: deltas one at a time (and `tool` messages that complete their calls); final messages as an array. */
export const deltaAdapter: Adapter = {
  name: 'delta',
  snapshot: (input, options) => fromDeltaMessages(input, options),
  session: (options) => createDeltaStream(options),
  kind: (input) => (Array.isArray(input) ? 'snapshot' : 'event'),
}
