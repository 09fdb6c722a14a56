/** Formats a cost in USD: `$0` when zero, cents for a dollar and more, three significant digits below. */
export function formatCost(usd: number): string {
  if (!Number.isFinite(usd)) return '—'
  if (usd === 0) return '$0'
  const sign = usd < 0 ? '-' : ''
  const abs = Math.abs(usd)
  if (abs >= 1) return `${sign}$${abs.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`
  if (abs < 0.0001) return `${sign}<$0.0001`
  return `${sign}$${Number(abs.toPrecision(3)).toString()}`
}

/** Formats a token count compactly: `999`, `12.3k`, `1.2M`. */
export function formatTokens(count: number): string {
  if (!Number.isFinite(count)) return '—'
  const abs = Math.abs(count)
  if (abs < 1000) return String(Math.round(count))
  const [value, unit] = abs < 999_950 ? [count / 1000, 'k'] : abs < 999_950_000 ? [count / 1e6, 'M'] : [count / 1e9, 'B']
  const rounded = Math.abs(value) >= 100 ? Math.round(value).toString() : value.toFixed(1).replace(/\.0$/, '')
  return `${rounded}${unit}`
}

/** Formats a duration in milliseconds: `120 ms`, `1.4 s`, `12 s`, `2 min 5 s`, `1 h 3 min`. */
export function formatDuration(ms: number): string {
  if (!Number.isFinite(ms) || ms < 0) return '—'
  if (ms < 1000) return `${Math.round(ms)} ms`
  const seconds = ms / 1000
  if (seconds < 10) return `${(Math.round(seconds * 10) / 10).toString()} s`
  if (seconds < 60) return `${Math.round(seconds)} s`
  const totalSeconds = Math.round(seconds)
  const hours = Math.floor(totalSeconds / 3600)
  const minutes = Math.floor((totalSeconds % 3600) / 60)
  const rest = totalSeconds % 60
  if (hours > 0) return minutes > 0 ? `${hours} h ${minutes} min` : `${hours} h`
  return rest > 0 ? `${minutes} min ${rest} s` : `${minutes} min`
}

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
