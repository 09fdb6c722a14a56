import { type ComponentPropsWithRef, type ReactNode, useId } from 'react'
import { cx } from './cx.js'
import { InnerRevealContext, useFold } from '../Find/reveal.js'
import { Icon } from './Icon.js'

/** Props of {@link Disclosure}: its own, and any of a `div` (with `ref`), passed to the root. */
export interface DisclosureProps extends Omit<ComponentPropsWithRef<'div'>, 'children' | 'onToggle'> {
  /** What the toggle button says. */
  summary: ReactNode
  /** Open or closed, when the parent decides (controlled); `onOpenChange` hears the user's toggles. */
  open?: boolean | undefined
  /** Uncontrolled: open when the user has not chosen yet, following it as it changes (default: false). */
  defaultOpen?: boolean | undefined
  /** Called with the state the user asked for. */
  onOpenChange?: ((open: boolean) => void) | undefined
  children?: ReactNode
  /** Extra content beside the toggle (badges, counts). */
  aside?: ReactNode
  /** Opens it while a reveal asks (a find match or a link inside); see `useReveal`. */
  reveal?: number | null | undefined
}

/**
 * A button with `aria-expanded` that shows or hides its content. Controlled with `open`, or left to
 * itself: then, until the user toggles it, it follows `defaultOpen` (open while streaming, closed
 * when done), and once toggled, the user's choice wins. `data-state` is `open` or `closed`.
 */
export function Disclosure({
  summary,
  open: controlled,
  defaultOpen = false,
  onOpenChange,
  children,
  className,
  aside,
  reveal = null,
  ...rest
}: DisclosureProps) {
  const [open, toggleFold] = useFold(defaultOpen, reveal, controlled)
  const id = useId()
  const toggle = () => {
    const next = toggleFold()
    onOpenChange?.(next)
  }
  return (
    <div {...rest} className={cx('cp-disclosure', className)} data-state={open ? 'open' : 'closed'}>
      <div className="cp-disclosure__bar">
        <button
          type="button"
          className="cp-disclosure__toggle"
          aria-expanded={open}
          aria-controls={id}
          onClick={toggle}
        >
          <Icon name={open ? 'chevron-down' : 'chevron-right'} className="cp-disclosure__chevron" />
          {summary}
        </button>
        {aside}
      </div>
      <div id={id} className="cp-disclosure__content" hidden={!open}>
        {open ? <InnerRevealContext value={reveal}>{children}</InnerRevealContext> : null}
      </div>
    </div>
  )
}
