import type { ComponentPropsWithRef } from 'react'
import { formatDuration } from '../../labels/format.js'
import type { ReasoningPart as ReasoningPartData } from '../../core/model/types.js'
import { fillLabel, type Labels } from '../../labels/labels.js'
import { useLabels } from '../../labels/LabelsContext.js'
import { cx } from '../shared/cx.js'
import { useReveal } from '../Find/reveal.js'
import { Disclosure } from '../shared/Disclosure.js'
import { Markdown } from '../Markdown/Markdown.js'

/** Props of {@link ReasoningPart}. */
export interface ReasoningPartProps extends Omit<ComponentPropsWithRef<'div'>, 'children' | 'part'> {
  part: ReasoningPartData
  /** The model is still thinking (default: while the part has no end time). */
  streaming?: boolean | undefined
}

/** How long the model thought: "Thought for 12 s", "Thought briefly" under a second, just "Reasoning" when the data has no duration. */
function thoughtLabel(labels: Labels, time: { start: number; end?: number | undefined }): string {
  const ms = time.end === undefined ? Number.NaN : time.end - time.start
  // Start and end the same instant: a converter that had no timing, not a thought of 0 ms.
  if (!(ms > 0)) return labels.reasoning
  return ms < 1000 ? labels.thoughtBriefly : fillLabel(labels.thoughtFor, { seconds: formatDuration(ms, labels) })
}

/**
 * The model's reasoning: open while it streams, collapsed when done, unless the user toggled it.
 * "Thought for N s" comes from the part's own `time`, so a reloaded session shows the same.
 */
export function ReasoningPart({ part, streaming, className, ...rest }: ReasoningPartProps) {
  const labels = useLabels()
  const live = streaming ?? part.time.end === undefined
  const thinking = live && part.time.end === undefined
  const summary = thinking ? labels.thinking : thoughtLabel(labels, part.time)
  const reveal = useReveal(part.id)
  return (
    <div
      {...rest}
      className={cx('cp-reasoning', className)}
      data-part="reasoning"
      data-state={thinking ? 'streaming' : 'done'}
    >
      <Disclosure summary={<span lang={labels.lang}>{summary}</span>} defaultOpen={thinking} reveal={reveal}>
        <Markdown text={part.text} streaming={thinking} />
      </Disclosure>
    </div>
  )
}
