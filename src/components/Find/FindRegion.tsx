import { type ComponentPropsWithRef, type KeyboardEvent, useRef } from 'react'
import type { FindController } from '../../react/useFind.js'
import { cx } from '../shared/cx.js'
import { openFindOnShortcut } from './shortcut.js'
import { RevealContext } from './reveal.js'
import { useFindView } from './useFindView.js'

/** Props of {@link FindRegion}. */
export interface FindRegionProps extends ComponentPropsWithRef<'div'> {
  /** The find to show, from `useFind(messages)`. */
  find: FindController
  /** Ctrl+F (⌘F on a Mac) with the focus inside opens the find instead of the browser's (default: true). */
  findShortcut?: boolean | undefined
}

/**
 * A find shown on a plain list of `Message`s (a `Transcript` shows its own): the matches marked,
 * the current one's folds opened and brought into view at each move.
 */
export function FindRegion({ find, findShortcut = true, className, children, onKeyDown, ...rest }: FindRegionProps) {
  const ref = useRef<HTMLDivElement>(null)
  const reveal = useFindView(find, ref)
  return (
    <div
      {...rest}
      ref={ref}
      className={cx('cp-find-region', className)}
      onKeyDown={(event: KeyboardEvent<HTMLDivElement>) => {
        onKeyDown?.(event)
        if (findShortcut) openFindOnShortcut(event, find)
      }}
    >
      <RevealContext value={reveal}>{children}</RevealContext>
    </div>
  )
}
