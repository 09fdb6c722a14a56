import { type ReactNode, useId, useState } from 'react'
import { cx } from './cx.js'

/** Props of {@link Disclosure}. */
export interface DisclosureProps {
  /** What the toggle button says. */
  summary: ReactNode
  /** Open when the user has not chosen yet; following it as it changes (default: false). */
  defaultOpen?: boolean
  children?: ReactNode
  className?: string
  /** Extra content beside the toggle (badges, counts). */
  aside?: ReactNode
}

/**
 * A button with `aria-expanded` that shows or hides its content. Until the user toggles it, it
 * follows `defaultOpen` (open while streaming, closed when done); once toggled, the user's choice wins.
 */
export function Disclosure({ summary, defaultOpen = false, children, className, aside }: DisclosureProps) {
  const [choice, setChoice] = useState<boolean | null>(null)
  const open = choice ?? defaultOpen
  const id = useId()
  return (
    <div className={cx('cp-disclosure', className)} data-state={open ? 'open' : 'closed'}>
      <div className="cp-disclosure__bar">
        <button type="button" className="cp-disclosure__toggle" aria-expanded={open} aria-controls={id} onClick={() => setChoice(!open)}>
          <span className="cp-disclosure__chevron" aria-hidden="true">
            {open ? '▾' : '▸'}
          </span>
          {summary}
        </button>
        {aside}
      </div>
      <div id={id} className="cp-disclosure__content" hidden={!open}>
        {open ? children : null}
      </div>
    </div>
  )
}
