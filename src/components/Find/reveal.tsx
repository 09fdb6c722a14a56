import { createContext, useContext, useState } from 'react'
import { usePrinting } from '../shared/print.js'

/** The part to show with every fold on the way open, and a token that changes at each new ask. */
export interface Reveal {
  partID: string
  token: number
}

/** Set by a `Transcript` or a `FindRegion` while a match or a link target must be seen. */
export const RevealContext = createContext<Reveal | null>(null)

/** Set where every fold is to be open: a page exported as HTML, which has no script to open one. */
export const OpenAllContext = createContext(false)

/** Set by a fold that a reveal opened, for folds inside it (a long output's "show all"). */
export const InnerRevealContext = createContext<number | null>(null)

/** The reveal's token when it asks for one of `ids`, else `null`. */
export function useReveal(ids: string | readonly string[]): number | null {
  const reveal = useContext(RevealContext)
  if (!reveal) return null
  return (typeof ids === 'string' ? ids === reveal.partID : ids.includes(reveal.partID)) ? reveal.token : null
}

/**
 * The open state of a fold: the reader's choice once they made one, else `auto`; and open while a
 * reveal (`token`) asks for it, unless the reader closes it then. When the reveal moves on, the
 * fold goes back to what the reader chose, or to `auto`. A printed page has every fold open.
 */
export function useFold(
  auto: boolean,
  token: number | null,
  controlled?: boolean,
): [open: boolean, toggle: () => boolean] {
  const [choice, setChoice] = useState<boolean | null>(null)
  const [dismissed, setDismissed] = useState<number | null>(null)
  const openAll = useContext(OpenAllContext)
  const printing = usePrinting() || openAll
  const forced = token !== null && dismissed !== token
  const open = printing || (controlled ?? (forced || (choice ?? auto)))
  const toggle = () => {
    if (controlled === undefined) {
      if (forced && open) setDismissed(token)
      setChoice(!open)
    }
    return !open
  }
  return [open, toggle]
}
