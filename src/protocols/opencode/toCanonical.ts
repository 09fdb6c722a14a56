import type { SessionInfo, WithParts } from '../../core/model/types.js'
import {
  type ConvertOptions,
  type Diagnostic,
  DiagnosticSink,
  describeValue,
  isRecord,
  limitDepth,
} from '../diagnostics.js'
import { deriveId } from '../ids.js'
import { normalizeMessage } from './decode.js'

/** What {@link fromOpencodeExport} returns. */
export interface OpencodeImport {
  /** The messages, in order, every part kept. */
  messages: WithParts[]
  /** The session info when the input was a session export. */
  session?: SessionInfo
  diagnostics: Diagnostic[]
}

/**
 * Reads an opencode session export (`{ info, messages }`) or a bare `WithParts[]`. Never throws unless
 * `strict`: a message without usable info is reported and left out; every part is kept (unknown or
 * broken ones as `unsupported`); unknown fields are preserved.
 */
export function fromOpencodeExport(input: unknown, options?: ConvertOptions): OpencodeImport {
  const sink = new DiagnosticSink(options)
  input = limitDepth(input, sink)
  let list: unknown[]
  let session: SessionInfo | undefined
  let base: (string | number)[] = []
  if (Array.isArray(input)) list = input
  else if (isRecord(input) && Array.isArray(input.messages)) {
    list = input.messages
    base = ['messages']
    if (isRecord(input.info)) session = input.info as SessionInfo
  } else {
    sink.error(
      'BAD_EXPORT',
      `expected a session export { info, messages } or an array of messages (got ${describeValue(input)})`,
    )
    return { messages: [], diagnostics: sink.list }
  }
  const messages: WithParts[] = []
  const ids = new Set<string>()
  list.forEach((raw, index) => {
    const message = normalizeMessage(raw, index, sink, [...base, index])
    if (!message) return
    if (ids.has(message.info.id)) {
      // Both are kept: the later one under an id derived from its place (BR-02 holds across the transcript).
      const id = deriveId('msg', message.info.id, index)
      sink.warn('DUPLICATE_MESSAGE', `message "${message.info.id}" appears again; the later one is kept as "${id}"`, [
        ...base,
        index,
        'info',
        'id',
      ])
      message.info = { ...message.info, id }
      message.parts = message.parts.map((part) => ({ ...part, messageID: id }))
    }
    ids.add(message.info.id)
    messages.push(message)
  })
  const result: OpencodeImport = { messages, diagnostics: sink.list }
  if (session) result.session = session
  return result
}
