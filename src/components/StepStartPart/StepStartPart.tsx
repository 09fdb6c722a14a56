import type { ComponentPropsWithRef } from 'react'
import type { StepStartPart as StepStartPartData } from '../../core/model/types.js'
import { useLabels } from '../../labels/LabelsContext.js'
import { cx } from '../shared/cx.js'

/** Props of {@link StepStartPart}. */
export interface StepStartPartProps extends Omit<ComponentPropsWithRef<'div'>, 'children' | 'part'> {
  part: StepStartPartData
  streaming?: boolean | undefined
}

/** A quiet boundary where a model step begins. */
export function StepStartPart({ part: _part, className, streaming: _streaming, ...rest }: StepStartPartProps) {
  const labels = useLabels()
  return (
    <div
      {...rest}
      className={cx('cp-step-start', className)}
      data-part="step-start"
      role="separator"
      aria-label={labels.stepStarted}
    >
      <span className="cp-step-start__label" aria-hidden="true">
        {labels.stepStarted}
      </span>
    </div>
  )
}
