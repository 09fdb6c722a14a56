// Replays recorded AI SDK streams (no Node APIs: stories use it too).
import type { Part, WithParts } from '../../src/core/model/types'
import { applyOps, emptyTranscript, toMessages } from '../../src/core/transcript'
import type { Diagnostic } from '../../src/protocols/diagnostics'
import { type AiSdkStreamOptions, createAiSdkStream } from '../../src/protocols/aisdk'

/**
 * A recorded AI SDK stream (chunks, or pieces of its server-sent-event text or bytes) read through
 * one session, its writes applied (times from a still clock unless `options` give one).
 */
export function replayAiSdk(
  chunks: readonly unknown[],
  options: AiSdkStreamOptions = {},
): { messages: WithParts[]; diagnostics: Diagnostic[] } {
  const session = createAiSdkStream({ clock: () => 0, ...options })
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

/** `whole` cut into pieces at `fractions` of its length (repeats and order do not matter). */
export function cutAt<T extends string | Uint8Array>(whole: T, fractions: readonly number[]): T[] {
  const at = [...new Set(fractions.map((fraction) => Math.floor(fraction * whole.length)))].sort((a, b) => a - b)
  return [...at, whole.length].map((end, i, ends) => whole.slice(i === 0 ? 0 : ends[i - 1], end) as T)
}

/**
 * `parts` without reasoning's and tools' times: the clock's when a stream is read live (the chunks
 * carry none), the message's own span when it is read whole. Everything else must agree.
 */
export const untimed = (parts: readonly Part[] | undefined) =>
  parts?.map((part) =>
    part.type === 'tool'
      ? { ...part, state: { ...part.state, time: undefined } }
      : part.type === 'reasoning'
        ? { ...part, time: undefined }
        : part,
  )
