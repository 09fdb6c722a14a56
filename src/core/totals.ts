import { finiteOrZero } from './numbers.js'
import type { TokenUsage, WithParts } from './model/types.js'

/** Cost and tokens summed over some steps, with `total` always filled in. */
export interface Totals {
  /** Cost in USD; 0 when no summed step or message reported one (see `costKnown`). */
  cost: number
  /** Whether any summed step or message reported its cost: a view shows `cost` only then (a real 0 included). */
  costKnown: boolean
  /** Tokens; `total` is the sum of input, output, reasoning and cache reads and writes. */
  tokens: Required<TokenUsage>
  /** How many step-finish parts were summed. */
  steps: number
}

/** Totals of nothing. */
export function zeroTotals(): Totals {
  return {
    cost: 0,
    costKnown: false,
    tokens: { total: 0, input: 0, output: 0, reasoning: 0, cache: { read: 0, write: 0 } },
    steps: 0,
  }
}

/** `input + output + reasoning + cache.read + cache.write`, the way opencode computes `total`. */
export function tokenTotal(tokens: TokenUsage): number {
  return tokens.input + tokens.output + tokens.reasoning + tokens.cache.read + tokens.cache.write
}

/** Adds `cost` and `tokens` of one step to `into` (mutates and returns `into`); `costKnown`: the step reported its cost. */
function accumulate(
  into: Totals,
  cost: number,
  costKnown: boolean,
  tokens: TokenUsage | undefined,
  steps: number,
): Totals {
  into.cost += finiteOrZero(cost)
  into.costKnown ||= costKnown
  // Data that breaks the model (a step with no tokens) adds nothing rather than failing the sum.
  into.tokens.input += finiteOrZero(tokens?.input)
  into.tokens.output += finiteOrZero(tokens?.output)
  into.tokens.reasoning += finiteOrZero(tokens?.reasoning)
  into.tokens.cache.read += finiteOrZero(tokens?.cache?.read)
  into.tokens.cache.write += finiteOrZero(tokens?.cache?.write)
  into.tokens.total = tokenTotal(into.tokens)
  into.steps += steps
  return into
}

/** Totals of one step-finish part; `tokens.total` is the step's own when it reports one. */
export function stepTotals(step: { cost: number; costUnknown?: true; tokens: TokenUsage }): Totals {
  const totals = accumulate(zeroTotals(), step.cost, step.costUnknown !== true, step.tokens, 1)
  const reported = step.tokens?.total
  if (typeof reported === 'number' && Number.isFinite(reported)) totals.tokens.total = reported
  return totals
}

/**
 * Totals of one message: the sum of its step-finish parts. An assistant message with no
 * step-finish part (an older or converted transcript) falls back to its info's cost and tokens;
 * a user message costs nothing.
 */
export function messageTotals(message: WithParts): Totals {
  const totals = zeroTotals()
  for (const part of message.parts) {
    if (part.type === 'step-finish') accumulate(totals, part.cost, part.costUnknown !== true, part.tokens, 1)
  }
  if (totals.steps === 0 && message.info.role === 'assistant' && message.info.tokens) {
    accumulate(totals, message.info.cost, message.info.costUnknown !== true, message.info.tokens, 0)
  }
  return totals
}

/** Totals of a whole transcript: the sum of {@link messageTotals} over its messages. */
export function transcriptTotals(messages: readonly WithParts[]): Totals {
  return addTotals(messages.map(messageTotals))
}

/** Adds several totals together. */
export function addTotals(list: readonly Totals[]): Totals {
  const sum = zeroTotals()
  for (const totals of list) accumulate(sum, totals.cost, totals.costKnown, totals.tokens, totals.steps)
  return sum
}

/**
 * The totals of a transcript as it changes (see `TranscriptState.totals`): {@link Totals} summed
 * over its messages, and how many of them reported their cost, so a message taken out takes its
 * share out again.
 */
export interface TranscriptTotals extends Totals {
  /** How many messages' totals reported their cost: `costKnown` while any does. */
  readonly costReports: number
}
