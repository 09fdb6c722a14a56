import { isEpochMs, isoTime } from '../../core/numbers.js'
import { useHydrated } from './useHydrated.js'

/** What a message's time shows: the date and the time, or the time alone. */
export type TimeStyle = 'datetime' | 'time' | 'date'

const OPTIONS: Record<TimeStyle, Intl.DateTimeFormatOptions> = {
  datetime: { dateStyle: 'medium', timeStyle: 'short' },
  time: { timeStyle: 'short' },
  date: { dateStyle: 'full' },
}

/** Epoch milliseconds as text in a locale and time zone ('' for no time). */
export function formatTime(
  epochMs: number,
  style: TimeStyle,
  locale: string | undefined,
  timeZone: string | undefined,
): string {
  if (!isEpochMs(epochMs) || epochMs <= 0) return ''
  try {
    return new Intl.DateTimeFormat(locale, { ...OPTIONS[style], ...(timeZone ? { timeZone } : {}) }).format(epochMs)
  } catch {
    // An unknown locale or time zone: the time is still shown, in the runtime's own.
    return new Intl.DateTimeFormat(undefined, OPTIONS[style]).format(epochMs)
  }
}

/** A time the same on any machine (`2026-11-23 10:04 UTC`), for server renders that do not know the reader's zone. */
export function utcTime(epochMs: number, style: TimeStyle): string {
  const iso = epochMs > 0 ? isoTime(epochMs) : undefined
  if (!iso) return ''
  if (style === 'time') return `${iso.slice(11, 16)} UTC`
  if (style === 'date') return iso.slice(0, 10)
  return `${iso.slice(0, 16).replace('T', ' ')} UTC`
}

/**
 * A time as the reader sees it: in `timeZone` and `timeLocale` when both are given (the same on
 * server and browser), else in UTC until the page is hydrated, then in the reader's own zone and
 * the page's language.
 */
export function useTimeText(
  epochMs: number,
  style: TimeStyle,
  timeZone: string | undefined,
  timeLocale: string | undefined,
): string {
  return useTimeFormat(timeZone, timeLocale)(epochMs, style)
}

/** {@link useTimeText} as a function, for many times at once (a transcript's days). */
export function useTimeFormat(
  timeZone: string | undefined,
  timeLocale: string | undefined,
): (epochMs: number, style: TimeStyle) => string {
  const hydrated = useHydrated()
  const fixed = timeZone !== undefined && timeLocale !== undefined
  const pageLocale = typeof document === 'undefined' ? undefined : document.documentElement.lang || undefined
  return fixed || hydrated
    ? (epochMs, style) => formatTime(epochMs, style, timeLocale ?? pageLocale, timeZone)
    : utcTime
}
