import { createContext, useContext } from 'react'

/**
 * The level of the heading the content below sits under: a message's own heading (2 by default),
 * or 0 outside any message. A text's shallowest heading (a `#`, or the `###` a reply starts its
 * sections with) is one level below it and the rest follow, so a transcript never holds an `<h1>`
 * of the model's and never skips a level: the page's outline stays the page's.
 */
export const HeadingBaseContext = createContext(0)

export const useHeadingBase = () => useContext(HeadingBaseContext)

/** The element for a Markdown heading of `depth` under `base`: at most `h6`. */
export function headingTag(base: number, depth: number): 'h1' | 'h2' | 'h3' | 'h4' | 'h5' | 'h6' {
  return `h${Math.min(6, Math.max(1, base + depth))}` as 'h1' | 'h2' | 'h3' | 'h4' | 'h5' | 'h6'
}
