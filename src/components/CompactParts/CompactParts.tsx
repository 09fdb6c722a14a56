import type { ComponentPropsWithRef, ReactNode } from 'react'
import type {
  AgentPart as AgentPartData,
  CompactionPart as CompactionPartData,
  PatchPart as PatchPartData,
  RetryPart as RetryPartData,
  SnapshotPart as SnapshotPartData,
  SubtaskPart as SubtaskPartData,
  UnsupportedPart as UnsupportedPartData,
} from '../../core/model/types.js'
import { fillCount, fillLabel } from '../../labels/labels.js'
import { textOf } from '../../core/text.js'
import { useLabels } from '../../labels/LabelsContext.js'
import { cx } from '../shared/cx.js'
import { Icon, type IconName } from '../shared/Icon.js'

type RowProps<P> = Omit<ComponentPropsWithRef<'div'>, 'children' | 'part'> & {
  part: P
  streaming?: boolean | undefined
}

function Row({
  type,
  icon,
  title,
  children,
  className,
  streaming: _streaming,
  part: _part,
  ...rest
}: RowProps<unknown> & { type: string; icon: IconName; title: ReactNode; children?: ReactNode }) {
  const labels = useLabels()
  return (
    <div {...rest} className={cx('cp-row', className)} data-part={type}>
      <Icon name={icon} className="cp-row__icon" />
      <span className="cp-row__title" lang={labels.lang}>
        {title}
      </span>
      {children ? <span className="cp-row__detail">{children}</span> : null}
    </div>
  )
}

/** Files a step changed (`patch`): their count and names. */
export function PatchPart(props: RowProps<PatchPartData>) {
  const labels = useLabels()
  const { files } = props.part
  return (
    <Row {...props} type="patch" icon="diff" title={fillCount(labels.patch, files.length, labels.lang)}>
      {files.map((file) => (
        <code key={file} className="cp-row__file">
          {file.split('/').pop()}
        </code>
      ))}
    </Row>
  )
}

/** A workspace snapshot id. */
export function SnapshotPart(props: RowProps<SnapshotPartData>) {
  const labels = useLabels()
  return (
    <Row {...props} type="snapshot" icon="camera" title={labels.snapshot}>
      <code>{props.part.snapshot.slice(0, 12)}</code>
    </Row>
  )
}

/** An agent mentioned in a message. */
export function AgentPart(props: RowProps<AgentPartData>) {
  const labels = useLabels()
  return <Row {...props} type="agent" icon="at" title={`${labels.agent}: ${props.part.name}`} />
}

/** A retried request: attempt number and the error that caused it. */
export function RetryPart(props: RowProps<RetryPartData>) {
  const labels = useLabels()
  const { part } = props
  return (
    <Row {...props} type="retry" icon="retry" title={fillLabel(labels.retry, { attempt: part.attempt })}>
      {part.error.data.message ?? part.error.name}
    </Row>
  )
}

/** The conversation was compacted (summarized) here. */
export function CompactionPart(props: RowProps<CompactionPartData>) {
  const labels = useLabels()
  return (
    <Row
      {...props}
      type="compaction"
      icon="fold"
      title={props.part.auto ? `${labels.compaction} (${labels.compactionAuto})` : labels.compaction}
    />
  )
}

/** A subtask handed to another agent. */
export function SubtaskPart(props: RowProps<SubtaskPartData>) {
  const labels = useLabels()
  const { part } = props
  return (
    <Row {...props} type="subtask" icon="arrow-corner" title={`${labels.subtask} · ${part.agent}`}>
      {part.description || part.prompt}
    </Row>
  )
}

/** A part of a type the kit does not know: shown as a neutral row, never dropped. */
export function UnsupportedPart(props: RowProps<UnsupportedPartData>) {
  const labels = useLabels()
  return (
    <Row
      {...props}
      type="unsupported"
      icon="question"
      title={fillLabel(labels.unsupportedPart, {
        type: typeof props.part.originalType === 'string' ? props.part.originalType : textOf(props.part.type),
      })}
    />
  )
}
