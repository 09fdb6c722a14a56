import type { ColorScheme } from './types.js'

let query: MediaQueryList | null | undefined

/** The reader's system setting as a media query (one, kept), or null where there is no page. */
export function systemSchemeQuery(): MediaQueryList | null {
  query ??= typeof matchMedia === 'function' ? matchMedia('(prefers-color-scheme: dark)') : null
  return query
}

/** The scheme the reader's system asks for, outside any page's choice: light where there is no page. */
export const systemScheme = (): ColorScheme => (systemSchemeQuery()?.matches ? 'dark' : 'light')
