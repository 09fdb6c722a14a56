// Replays recorded AI SDK streams (no Node APIs: stories use it too).
import type { WithParts } from '../../src/core/model/types'
import { applyOps, emptyTranscript, toMessages } from '../../src/core/transcript'
import type { Diagnostic } from '../../src/protocols/diagnostics'
import { createAiSdkStream } from '../../src/protocols/aisdk'

/** A recorded AI SDK stream read through one session, its writes applied (times from a still clock). */
export function replayAiSdk(chunks: readonly unknown[]): { messages: WithParts[]; diagnostics: Diagnostic[] } {
  const session = createAiSdkStream({ clock: () => 0 })
  const results = chunks.map((chunk) => session.push(chunk))
  return {
    messages: toMessages(
      applyOps(
        emptyTranscript(),
        results.flatMap((result) => result.ops),
      ),
    ),
    diagnostics: results.flatMap((result) => result.diagnostics),
  }
}
