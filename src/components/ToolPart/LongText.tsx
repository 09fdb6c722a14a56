import { useContext, useId } from 'react'
import { fillCount } from '../../labels/labels.js'
import { useLabels } from '../../labels/LabelsContext.js'
import { cx } from '../shared/cx.js'
import { InnerRevealContext, useFold } from '../Find/reveal.js'
import { regionProps, useScrollRegion } from '../shared/useScrollRegion.js'

/** Props of {@link LongText}. */
export interface LongTextProps {
  text: string
  /** Lines shown before "show all" (default: 12). */
  maxLines?: number
  className?: string
  /** Accessible name of the region (e.g. "Output"). */
  label: string
}

/** Monospace text that folds after `maxLines` lines behind a "show all" button with `aria-expanded`. */
export function LongText({ text, maxLines = 12, className, label }: LongTextProps) {
  const labels = useLabels()
  const [open, toggle] = useFold(false, useContext(InnerRevealContext))
  const id = useId()
  const [scrollRef, scrollable] = useScrollRegion<HTMLPreElement>()
  const lines = text.split('\n')
  const long = lines.length > maxLines
  const shown = long && !open ? lines.slice(0, maxLines).join('\n') : text
  return (
    <div className={cx('cp-longtext', className)} data-state={long ? (open ? 'expanded' : 'folded') : undefined}>
      <pre id={id} ref={scrollRef} className="cp-longtext__pre" {...regionProps(scrollable, label)}>
        {shown}
      </pre>
      {long ? (
        <button
          type="button"
          className="cp-button cp-longtext__toggle"
          aria-expanded={open}
          aria-controls={id}
          onClick={toggle}
          lang={labels.lang}
        >
          {open
            ? labels.showLess
            : `${labels.showMore} · ${fillCount(labels.linesHidden, lines.length - maxLines, labels.lang)}`}
        </button>
      ) : null}
    </div>
  )
}
