import type { WithParts } from '../../core/model/types.js'
import type { TranscriptOp } from '../../core/transcript.js'
import { type ConvertOptions, type Diagnostic, DiagnosticSink } from '../diagnostics.js'
import { Conversation, opsOf } from '../pairing.js'
import { Reader, toolMessage2SessionID, type ToolMessage2Options } from './toCanonical.js'

/** Reads a neovate conversation live, one message at a time, into canonical writes. */
export interface ToolMessage2Stream {
  /** Reads the next message; returns the writes it makes (and what it reported). */
  push(message: unknown, options?: ConvertOptions): { ops: TranscriptOp[]; diagnostics: Diagnostic[] }
  /** Continues a conversation read whole (by {@link fromToolMessage2}): its calls pair with what follows. */
  seed(conversation: unknown): void
}

/**
 * A live reader of a neovate conversation: each message becomes the writes that show it, a tool
 * message's results complete the calls read before. A result whose call has not come yet shows at
 * once as an orphan and joins its call when the call comes.
 */
export function createToolMessage2Stream(options: ToolMessage2Options = {}): ToolMessage2Stream {
  let building: Conversation | undefined
  let index = 0
  const emitted = new Map<string, WithParts>()
  const session: ToolMessage2Stream = {
    seed(conversation) {
      if (!Array.isArray(conversation)) return
      for (const message of conversation) session.push(message)
      // What was read whole is in the store already: only what follows is written.
      if (building) opsOf(building.takeChanged(), emitted)
    },
    push(message, callOptions) {
      const sink = new DiagnosticSink({ ...options, ...callOptions })
      building ??= new Conversation(options.sessionID ?? toolMessage2SessionID([message]), sink, { live: true })
      building.useSink(sink)
      const reading = building
      // A strict read that throws leaves the conversation as it was.
      reading.atomically(() => new Reader(reading, sink).read(message, index))
      index += 1
      return { ops: opsOf(building.takeChanged(), emitted), diagnostics: sink.list }
    },
  }
  return session
}
