import { en, fillLabel, type Labels } from './labels.js'

/** Decimal marks and grouping in the labels' language, whatever the page's. */
function number(value: number, lang: string, fraction: { min?: number; max: number }): string {
  return value.toLocaleString(lang, { minimumFractionDigits: fraction.min ?? 0, maximumFractionDigits: fraction.max })
}

/** A cost in USD: `$0` when zero, cents for a dollar and more, three significant digits below. */
export function formatCost(usd: number, labels: Pick<Labels, 'lang'> = en): string {
  if (!Number.isFinite(usd)) return '—'
  if (usd === 0) return '$0'
  const sign = usd < 0 ? '-' : ''
  const abs = Math.abs(usd)
  if (abs >= 1) return `${sign}$${number(abs, labels.lang, { min: 2, max: 2 })}`
  if (abs < 0.0001) return `${sign}<$${number(0.0001, labels.lang, { max: 4 })}`
  return `${sign}$${number(Number(abs.toPrecision(3)), labels.lang, { max: 20 })}`
}

/** A token count, compactly: `999`, `12.3k`, `1.2M`. */
export function formatTokens(count: number, labels: Pick<Labels, 'lang'> = en): string {
  if (!Number.isFinite(count)) return '—'
  const abs = Math.abs(count)
  if (abs < 1000) return String(Math.round(count))
  const [value, unit] =
    abs < 999_950 ? [count / 1000, 'k'] : abs < 999_950_000 ? [count / 1e6, 'M'] : [count / 1e9, 'B']
  return `${number(Math.abs(value) >= 100 ? Math.round(value) : Math.round(value * 10) / 10, labels.lang, { max: 1 })}${unit}`
}

/** A duration in milliseconds in the labels' units: `120 ms`, `1.4 s`, `12 s`, `2 min 5 s`, `1 h 3 min`. */
export function formatDuration(ms: number, labels: Pick<Labels, 'lang' | 'durationUnits'> = en): string {
  if (!Number.isFinite(ms) || ms < 0) return '—'
  const units = labels.durationUnits
  const unit = (template: string, value: number, max = 0) =>
    fillLabel(template, { n: number(value, labels.lang, { max }) })
  if (ms < 1000) return unit(units.ms, Math.round(ms))
  const seconds = ms / 1000
  if (seconds < 10) return unit(units.s, Math.round(seconds * 10) / 10, 1)
  if (seconds < 60) return unit(units.s, Math.round(seconds))
  const totalSeconds = Math.round(seconds)
  const hours = Math.floor(totalSeconds / 3600)
  const minutes = Math.floor((totalSeconds % 3600) / 60)
  const rest = totalSeconds % 60
  const [big, small] =
    hours > 0
      ? [unit(units.h, hours), minutes > 0 ? unit(units.min, minutes) : '']
      : [unit(units.min, minutes), rest > 0 ? unit(units.s, rest) : '']
  return small ? `${big}${units.join}${small}` : big
}

/** Bytes for people: `512 B`, `12 KB`, `4.5 MB`. */
export function formatBytes(bytes: number, labels: Pick<Labels, 'lang'> = en): string {
  if (!Number.isFinite(bytes) || bytes < 0) return ''
  if (bytes < 1024) return `${bytes} B`
  const units = ['KB', 'MB', 'GB', 'TB']
  let value = bytes / 1024
  let unit = 0
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024
    unit++
  }
  return `${number(value < 10 ? Math.round(value * 10) / 10 : Math.round(value), labels.lang, { min: value < 10 ? 1 : 0, max: 1 })} ${units[unit]}`
}
