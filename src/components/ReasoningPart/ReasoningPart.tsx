import type { ComponentPropsWithRef } from 'react'
import { formatDuration } from '../../core/format.js'
import type { ReasoningPart as ReasoningPartData } from '../../core/model/types.js'
import { fillLabel } from '../../labels/labels.js'
import { useLabels } from '../../labels/LabelsContext.js'
import { cx } from '../cx.js'
import { Disclosure } from '../Disclosure.js'
import { Markdown } from '../Markdown/Markdown.js'

/** Props of {@link ReasoningPart}. */
export interface ReasoningPartProps extends Omit<ComponentPropsWithRef<'div'>, 'children' | 'part'> {
  part: ReasoningPartData
  /** The model is still thinking (default: while the part has no end time). */
  streaming?: boolean | undefined
}

/**
 * The model's reasoning: open while it streams, collapsed when done, unless the user toggled it.
 * "Thought for N s" comes from the part's own `time`, so a reloaded session shows the same.
 */
export function ReasoningPart({ part, streaming, className, ...rest }: ReasoningPartProps) {
  const labels = useLabels()
  const live = streaming ?? part.time.end === undefined
  const thinking = live && part.time.end === undefined
  const summary = thinking ? labels.thinking : part.time.end !== undefined ? fillLabel(labels.thoughtFor, { seconds: formatDuration(Math.max(0, part.time.end - part.time.start)) }) : labels.reasoning
  return (
    <div {...rest} className={cx('cp-reasoning', className)} data-part="reasoning" data-state={thinking ? 'streaming' : 'done'}>
      <Disclosure summary={summary} defaultOpen={thinking}>
        <Markdown text={part.text} streaming={thinking} />
      </Disclosure>
    </div>
  )
}
