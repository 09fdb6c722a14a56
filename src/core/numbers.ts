/** Whether `value` is a number of epoch milliseconds a `Date` can hold (finite, within ±8.64e15). */
export function isEpochMs(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value) && Math.abs(value) <= 8.64e15
}

/** `value` when it is a finite number, else 0: a malformed count (NaN, missing, text) adds nothing. */
export function finiteOrZero(value: unknown): number {
  return typeof value === 'number' && Number.isFinite(value) ? value : 0
}

/** The ISO text of epoch milliseconds, or `undefined` when a `Date` cannot hold them (beyond ±8.64e15 ms). */
export function isoTime(epochMs: unknown): string | undefined {
  return isEpochMs(epochMs) ? new Date(epochMs).toISOString() : undefined
}
