import type { Adapter } from '../../core/adapter.js'
import { fromMsgFile } from './toCanonical.js'

/** Message Files: the text of a `.msg.md` Message File (or a `.md` file with `kind: 'md'`). */
export const msgFileAdapter: Adapter = {
  name: 'msgfile',
  snapshot: (input, options) => fromMsgFile(input as string, options),
}
