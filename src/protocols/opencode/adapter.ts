import type { Adapter } from '../../core/adapter.js'
import { createOpencodeStream } from './live.js'
import { fromOpencodeExport } from './toCanonical.js'
import { isRecord } from '../diagnostics.js'

/** opencode: a session export (`{ info, messages }`) or a `WithParts[]`; live, one bus event at a time. */
export const opencodeAdapter: Adapter = {
  name: 'opencode',
  snapshot: (input, options) => fromOpencodeExport(input, options),
  // The store holds parts and deltas that come early; the session puts permissions on their calls.
  session: () => createOpencodeStream(),
  kind: (input) =>
    isRecord(input) && typeof input.type === 'string' && !Array.isArray(input.messages) ? 'event' : 'snapshot',
}
