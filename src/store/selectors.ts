import type { MessageInfo, Part, WithParts } from '../core/model/types.js'
import { addTotals, messageTotals, type Totals } from '../core/totals.js'
import { partsOf, type TranscriptState } from '../core/transcript.js'

/** The message `id` with its parts in order, or `undefined` when it is not (yet) known. */
export function selectMessage(state: TranscriptState, id: string): WithParts | undefined {
  const info = state.messages.get(id)
  if (!info) return undefined
  return { info, parts: partsOf(state, id) }
}

interface CachedTotals {
  partIds: readonly string[] | undefined
  /** The step-finish parts the totals were summed from; a new identity means a new sum. */
  steps: readonly Part[]
  totals: Totals
}

// Keyed by message info: a new info (say, the final cost) gives a new entry, an old one is collected.
const cache = new WeakMap<MessageInfo, CachedTotals>()

/**
 * Cost and tokens of message `id` (see `messageTotals`). Memoized: while the message's info, part
 * order and step-finish parts keep their identity, the same object comes back, so a streaming
 * text delta costs a few lookups, not a new sum.
 */
export function selectMessageTotals(state: TranscriptState, id: string): Totals | undefined {
  const info = state.messages.get(id)
  if (!info) return undefined
  const partIds = state.partIds.get(id)
  const cached = cache.get(info)
  if (cached && cached.partIds === partIds && cached.steps.every((step) => state.parts.get(step.id) === step)) return cached.totals
  const steps = partsOf(state, id).filter((part) => part.type === 'step-finish')
  const totals = messageTotals({ info, parts: steps })
  cache.set(info, { partIds, steps, totals })
  return totals
}

// The last session totals, by the state's revision: deltas never change totals, so a streaming
// reply does not re-sum a long session at every token.
const sessionCache = new WeakMap<readonly string[], { revision: number; totals: Totals }>()

/** Cost and tokens of the whole transcript: the sum of every message's {@link selectMessageTotals}. */
export function selectTotals(state: TranscriptState): Totals {
  const cached = sessionCache.get(state.messageIds)
  if (cached?.revision === state.revision) return cached.totals
  const totals = addTotals(state.messageIds.flatMap((id) => selectMessageTotals(state, id) ?? []))
  sessionCache.set(state.messageIds, { revision: state.revision, totals })
  return totals
}

/** Whether two totals hold the same numbers. */
export function sameTotals(a: Totals, b: Totals): boolean {
  return (
    a.cost === b.cost &&
    a.costKnown === b.costKnown &&
    a.steps === b.steps &&
    a.tokens.input === b.tokens.input &&
    a.tokens.output === b.tokens.output &&
    a.tokens.reasoning === b.tokens.reasoning &&
    a.tokens.cache.read === b.tokens.cache.read &&
    a.tokens.cache.write === b.tokens.cache.write
  )
}

/** The id of the message being written: the last assistant message, while the store streams and it has not completed. */
export function selectStreamingMessageId(state: TranscriptState): string | undefined {
  if (state.status !== 'streaming') return undefined
  for (let i = state.messageIds.length - 1; i >= 0; i--) {
    const info = state.messages.get(state.messageIds[i] as string)
    if (info?.role === 'assistant') return info.time?.completed === undefined ? info.id : undefined
  }
  return undefined
}
