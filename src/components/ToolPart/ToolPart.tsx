import type { ComponentPropsWithRef } from 'react'
import { formatDuration } from '../../core/format.js'
import { ownEntry } from '../../core/record.js'
import { textOf } from '../../core/text.js'
import type { ToolPart as ToolPartData, ToolStatus } from '../../core/model/types.js'
import { useLabels } from '../../labels/LabelsContext.js'
import { useRenderConfig } from '../config.js'
import { cx } from '../cx.js'
import { FilePart } from '../FilePart/FilePart.js'
import type { ToolViews } from '../config.js'
import { isRecord } from '../../core/record.js'
import { ApprovalCard } from './ApprovalCard.js'
import { pickToolView } from './views.js'

/** Props of {@link ToolPart}. */
export interface ToolPartProps extends Omit<ComponentPropsWithRef<'div'>, 'children' | 'part'> {
  part: ToolPartData
  streaming?: boolean | undefined
}

const ICONS: Record<ToolStatus, string> = { pending: '○', running: '◔', completed: '✓', error: '✕' }

/** A tool state as a badge: icon and text, never colour alone; `data-state` for styling. `waiting`: the call waits for the user's approval. */
export function ToolStatusBadge({ status, waiting = false }: { status: ToolStatus; waiting?: boolean }) {
  const labels = useLabels()
  if (waiting && status !== 'completed' && status !== 'error') {
    return (
      <span className="cp-badge" data-state="approval">
        <span className="cp-badge__icon" aria-hidden="true">
          ?
        </span>
        {labels.approvalStatus.requested}
      </span>
    )
  }
  return (
    <span className="cp-badge" data-state={status}>
      <span className="cp-badge__icon" aria-hidden="true">
        {ownEntry(ICONS, status) ?? ICONS.error}
      </span>
      {ownEntry<string>(labels.toolStatus, status) ?? textOf(status)}
    </span>
  )
}

/** The element of a tool's body: the view {@link pickToolView} chooses among components made once, never here. */
function renderToolView(part: ToolPartData, tools: ToolViews, streaming: boolean | undefined) {
  const View = pickToolView(part, tools)
  return <View part={part} streaming={streaming} />
}

/**
 * A tool call: state badge, title, duration from the state's own `time`, then the tool's view
 * (built in for shell, edits, todos and reads; generic otherwise) and any attachments.
 */
export function ToolPart({ part, streaming, className, ...rest }: ToolPartProps) {
  const labels = useLabels()
  const { tools } = useRenderConfig()
  const { state } = part
  const title = ('title' in state && state.title) || part.tool
  const duration = state.status === 'completed' || state.status === 'error' ? formatDuration(state.time.end - state.time.start) : undefined
  const attachments = state.status === 'completed' ? (state.attachments ?? []) : []
  return (
    <div {...rest} className={cx('cp-tool', className)} data-part="tool" data-state={state.status} data-approval={isRecord(part.approval) ? part.approval.status : undefined} data-tool={part.tool}>
      <div className="cp-tool__header">
        <ToolStatusBadge status={state.status} waiting={isRecord(part.approval) && part.approval.status === 'requested'} />
        <span className="cp-tool__title">{title}</span>
        {title !== part.tool ? <code className="cp-tool__name">{part.tool}</code> : null}
        {duration ? <span className="cp-tool__duration">{duration}</span> : null}
      </div>
      <div className="cp-tool__body">{renderToolView(part, tools, streaming)}</div>
      {isRecord(part.approval) ? <ApprovalCard part={part} approval={part.approval} /> : null}
      {attachments.length > 0 ? (
        <div className="cp-tool__attachments" role="group" aria-label={labels.attachments}>
          {attachments.map((file) => (
            <FilePart key={file.id} part={file} />
          ))}
        </div>
      ) : null}
    </div>
  )
}
