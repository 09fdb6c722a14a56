import type { ComponentPropsWithRef } from 'react'
import type { TextPart as TextPartData } from '../../core/model/types.js'
import { useLabels } from '../../labels/LabelsContext.js'
import { cx } from '../cx.js'
import { Markdown } from '../Markdown/Markdown.js'

/** Props of {@link TextPart}. */
export interface TextPartProps extends Omit<ComponentPropsWithRef<'div'>, 'children' | 'part'> {
  part: TextPartData
  /** The text is still growing (default: false). */
  streaming?: boolean | undefined
}

/**
 * Markdown text of a message. Text the agent added itself (`synthetic`) or that the model was told
 * to skip (`ignored`) is shown muted with a label, never hidden.
 */
export function TextPart({ part, streaming = false, className, ...rest }: TextPartProps) {
  const labels = useLabels()
  const flag = part.ignored ? labels.ignored : part.synthetic ? labels.synthetic : null
  return (
    <div {...rest} className={cx('cp-text', className)} data-part="text" data-synthetic={part.synthetic || undefined} data-ignored={part.ignored || undefined}>
      {flag ? <span className="cp-flag">{flag}</span> : null}
      <Markdown text={part.text} streaming={streaming} />
    </div>
  )
}
