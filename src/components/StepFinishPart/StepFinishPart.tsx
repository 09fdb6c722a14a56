import type { ComponentPropsWithRef } from 'react'
import { formatCost, formatTokens } from '../../core/format.js'
import type { StepFinishPart as StepFinishPartData } from '../../core/model/types.js'
import { ownEntry } from '../../core/record.js'
import { stepTotals } from '../../core/totals.js'
import type { Labels } from '../../labels/labels.js'
import { useLabels } from '../../labels/LabelsContext.js'
import { cx } from '../cx.js'

/** Props of {@link StepFinishPart}. */
export interface StepFinishPartProps extends Omit<ComponentPropsWithRef<'div'>, 'children' | 'part'> {
  /** The step-finish part to show. */
  part: StepFinishPartData
  /** Labels to override for this part only. */
  labels?: Partial<Labels>
  streaming?: boolean | undefined
}

/**
 * The end of a model step: why it ended, what it cost and the tokens it used (input, output,
 * reasoning, cache read, cache write). Counts are compact (`12.3k`); the exact number is in the title.
 */
export function StepFinishPart({ part, labels: overrides, className, streaming: _streaming, ...rest }: StepFinishPartProps) {
  const labels = useLabels(overrides)
  // Counts that are missing or not numbers (data outside the model) show as 0, never as an error.
  const { tokens, cost } = stepTotals(part)
  const total = tokens.total
  const reason = ownEntry<string>(labels.finishReasons, part.reason) ?? part.reason
  const rows: [string, number, string][] = [
    [labels.tokensInput, tokens.input, 'input'],
    [labels.tokensOutput, tokens.output, 'output'],
    [labels.tokensReasoning, tokens.reasoning, 'reasoning'],
    [labels.cacheRead, tokens.cache.read, 'cache-read'],
    [labels.cacheWrite, tokens.cache.write, 'cache-write'],
  ]
  return (
    <div {...rest} className={cx('cp-step-finish', className)} data-part="step-finish" data-reason={part.reason}>
      <span className="cp-step-finish__title">
        {labels.stepFinished}
        <span className="cp-step-finish__reason"> · {reason}</span>
      </span>
      <dl className="cp-step-finish__usage">
        <div className="cp-step-finish__item" data-field="cost">
          <dt>{labels.cost}</dt>
          <dd title={`$${cost}`}>{formatCost(cost)}</dd>
        </div>
        {rows.map(([label, value, field]) => (
          <div className="cp-step-finish__item" data-field={field} data-zero={value === 0 || undefined} key={field}>
            <dt>{label}</dt>
            <dd title={value.toLocaleString('en-US')}>{formatTokens(value)}</dd>
          </div>
        ))}
        <div className="cp-step-finish__item" data-field="total">
          <dt>{labels.tokensTotal}</dt>
          <dd title={total.toLocaleString('en-US')}>{formatTokens(total)}</dd>
        </div>
      </dl>
    </div>
  )
}
