import type { ComponentPropsWithRef } from 'react'
import type { StepFinishPart as StepFinishPartData } from '../../core/model/types.js'
import { ownEntry } from '../../core/record.js'
import { stepTotals } from '../../core/totals.js'
import type { Labels } from '../../labels/labels.js'
import { LabelsProvider, useLabels } from '../../labels/LabelsContext.js'
import { cx } from '../shared/cx.js'
import { hasUsage, Usage } from '../shared/UsageSummary.js'

/** Props of {@link StepFinishPart}. */
export interface StepFinishPartProps extends Omit<ComponentPropsWithRef<'div'>, 'children' | 'part'> {
  /** The step-finish part to show. */
  part: StepFinishPartData
  /** Labels to override for this part only. */
  labels?: Partial<Labels>
  streaming?: boolean | undefined
}

/**
 * The end of one model step, on its own (a message gathers its steps into its footer instead): why
 * it ended, then its cost and tokens as one quiet line that opens to the breakdown (input, output,
 * reasoning, cache read and write; exact numbers in each cell's title). A cost the source did not
 * report is not shown; a reported 0 is.
 */
export function StepFinishPart({
  part,
  labels: overrides,
  className,
  streaming: _streaming,
  ...rest
}: StepFinishPartProps) {
  const labels = useLabels(overrides)
  const totals = stepTotals(part)
  const reason = typeof part.reason === 'string' ? part.reason : ''
  const title = reason
    ? `${labels.stepFinished} · ${ownEntry<string>(labels.finishReasons, reason) ?? reason}`
    : labels.stepFinished
  return (
    <div
      {...rest}
      className={cx('cp-step-finish', className)}
      data-part="step-finish"
      data-reason={reason || undefined}
    >
      {hasUsage(totals) ? (
        <LabelsProvider labels={overrides ?? EMPTY}>
          <Usage totals={totals} title={title} />
        </LabelsProvider>
      ) : (
        <span className="cp-usage__title" lang={labels.lang}>
          {title}
        </span>
      )}
    </div>
  )
}

const EMPTY: Partial<Labels> = {}
