import type { MessageInfo, Part, WithParts } from '../core/model/types.js'
import { messageTotals, type Totals } from '../core/totals.js'
import { partsOf, type TranscriptState } from '../core/transcript.js'

/** The message `id` with its parts in order, or `undefined` when it is not (yet) known. */
export function selectMessage(state: TranscriptState, id: string): WithParts | undefined {
  const info = state.messages.get(id)
  if (!info) return undefined
  return { info, parts: partsOf(state, id) }
}

/**
 * Cost and tokens of message `id` (see `messageTotals`), summed from its step-finish parts at each
 * call; `undefined` while the message is unknown. A view that asks at every store change uses
 * {@link messageTotalsSelector}, which sums again only when the message's steps change.
 */
export function selectMessageTotals(state: TranscriptState, id: string): Totals | undefined {
  const info = state.messages.get(id)
  return info ? messageTotals({ info, parts: stepsOf(state, id) }) : undefined
}

const stepsOf = (state: TranscriptState, id: string) => partsOf(state, id).filter((part) => part.type === 'step-finish')

/**
 * A {@link selectMessageTotals} for one message that keeps its last answer: while the message's
 * info, part order and step-finish parts keep their identity, the same object comes back, so a
 * streaming text delta costs a few lookups, not a new sum. The memory is the selector's own: it
 * goes with the view that holds it, rather than staying for every message of the session once seen.
 */
export function messageTotalsSelector(id: string): (state: TranscriptState) => Totals | undefined {
  let last:
    { info: MessageInfo; partIds: readonly string[] | undefined; steps: readonly Part[]; totals: Totals } | undefined
  return (state) => {
    const info = state.messages.get(id)
    if (!info) return undefined
    const partIds = state.partIds.get(id)
    if (
      last?.info === info &&
      last.partIds === partIds &&
      last.steps.every((step) => state.parts.get(step.id) === step)
    )
      return last.totals
    const steps = stepsOf(state, id)
    last = { info, partIds, steps, totals: messageTotals({ info, parts: steps }) }
    return last.totals
  }
}

/**
 * Cost and tokens of the whole transcript: the sum of every message's {@link selectMessageTotals},
 * which the state keeps as it changes (see `TranscriptState.totals`): the same object until a write
 * changes a message's share.
 */
export function selectTotals(state: TranscriptState): Totals {
  return state.totals
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
