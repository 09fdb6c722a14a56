import { useRef, type ComponentPropsWithRef } from 'react'
import { flushSync } from 'react-dom'
import type { TextPart as TextPartData } from '../../core/model/types.js'
import { fillCount } from '../../labels/labels.js'
import { useLabels } from '../../labels/LabelsContext.js'
import { cx } from '../shared/cx.js'
import { Disclosure } from '../shared/Disclosure.js'
import { useReveal } from '../Find/reveal.js'
import { Markdown } from '../Markdown/Markdown.js'
import { LongText } from '../ToolPart/LongText.js'
import { oneLine } from '../ToolPart/summary.js'
import { pendingStyle, useProgressive } from '../shared/progressive.js'
import { useHydrated } from '../shared/useHydrated.js'

/** Props of {@link TextPart}. */
export interface TextPartProps extends Omit<ComponentPropsWithRef<'div'>, 'children' | 'part'> {
  part: TextPartData
  /** The text is still growing (default: false). */
  streaming?: boolean | undefined
}

/** Synthetic text up to this many lines shows in full; longer, it folds to one line. */
const SHORT = 3

/**
 * Markdown text of a message. Text the model was told to skip (`ignored`) is shown muted with a
 * label, never hidden. Text the agent added itself (`synthetic`: a file the user attached, read in
 * for the model) and a system prompt (`system`) are machine text, not prose: shown as they are,
 * line breaks kept, flagged, folded to one line with their line count when long.
 */
export function TextPart({ part, streaming = false, className, ...rest }: TextPartProps) {
  const labels = useLabels()
  const reveal = useReveal(part.id)
  const pending = useRef<HTMLDivElement>(null)
  // Each text formatted later commits on its own, so a task's budget measures what it really cost.
  const full = useProgressive(!streaming && !part.synthetic && !part.system, pending, flushSync, useHydrated())
  const attributes = {
    ...rest,
    className: cx('cp-text', className),
    'data-part': 'text',
    'data-synthetic': part.synthetic || undefined,
    'data-system': part.system || undefined,
    'data-ignored': part.ignored || undefined,
  }
  if ((part.synthetic || part.system) && !part.ignored) {
    const flag = part.system ? labels.systemPrompt : labels.synthetic
    const text = typeof part.text === 'string' ? part.text : ''
    const lines = text.split('\n').length
    if (lines <= SHORT) {
      return (
        <div {...attributes}>
          <span className="cp-flag" lang={labels.lang}>
            {flag}
          </span>
          <p className="cp-text__plain">{text}</p>
        </div>
      )
    }
    return (
      <div {...attributes}>
        <Disclosure
          summary={
            <span lang={labels.lang}>
              {flag} · {fillCount(labels.readLines, lines, labels.lang)}
            </span>
          }
          aside={<code className="cp-text__preview">{oneLine(text, 120)}</code>}
          reveal={reveal}
        >
          <LongText text={text} label={flag} maxLines={40} />
        </Disclosure>
      </div>
    )
  }
  // The height reserved for finished text until it is laid out (read once: it scans the whole text).
  const reserved = streaming ? undefined : pendingStyle(part.text)
  return (
    <div
      {...attributes}
      data-streaming={streaming || undefined}
      style={streaming ? rest.style : { ...reserved, ...rest.style }}
    >
      {part.ignored ? (
        <span className="cp-flag" lang={labels.lang}>
          {labels.ignored}
        </span>
      ) : null}
      {full ? (
        <Markdown text={part.text} streaming={streaming} />
      ) : (
        // Its words at once, formatted in a moment (see useProgressive).
        <div className="cp-markdown cp-markdown--pending" ref={pending} style={reserved}>
          {part.text}
        </div>
      )}
    </div>
  )
}
