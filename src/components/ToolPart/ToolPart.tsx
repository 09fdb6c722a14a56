import { type ComponentPropsWithRef, useId, useMemo } from 'react'
import { isRecord } from '../../core/record.js'
import { textOf } from '../../core/text.js'
import type { ToolApproval, ToolPart as ToolPartData } from '../../core/model/types.js'
import { fillLabel } from '../../labels/labels.js'
import { useLabels } from '../../labels/LabelsContext.js'
import { useRenderConfig } from '../shared/config.js'
import type { ToolViews } from '../shared/config.js'
import { cx } from '../shared/cx.js'
import { FilePart } from '../FilePart/FilePart.js'
import { InnerRevealContext, useFold, useReveal } from '../Find/reveal.js'
import { Icon } from '../shared/Icon.js'
import { useMessageState } from '../shared/messageState.js'
import { ApprovalCard } from './ApprovalCard.js'
import { BADGE_ICONS, type BadgeState, badgeLabel, badgeStateOf, isToolStatus } from './badgeState.js'
import { summarizeTool } from './summary.js'
import { pickToolView } from './views.js'

/** Props of {@link ToolPart}. */
export interface ToolPartProps extends Omit<ComponentPropsWithRef<'div'>, 'children' | 'part'> {
  part: ToolPartData
  streaming?: boolean | undefined
  /**
   * Open or folded, when the parent decides. Left to itself, a tool is open while it is pending,
   * running, failed or waiting for approval, and folds to one line once done; the user's toggle wins.
   */
  open?: boolean | undefined
  /** Hears the user's toggles. */
  onOpenChange?: ((open: boolean) => void) | undefined
}

/**
 * A tool call's state as a badge ({@link badgeStateOf} gives it): icon and text, never colour
 * alone; `data-state` for styling. `label` replaces the state's words (a status the kit does not know, say).
 */
export function ToolStatusBadge({ state, label }: { state: BadgeState; label?: string | undefined }) {
  const labels = useLabels()
  return (
    <span className="cp-badge" data-state={state} lang={labels.lang}>
      <Icon name={BADGE_ICONS[state]} className="cp-badge__icon" />
      {label ?? badgeLabel(state, labels)}
    </span>
  )
}

/** The element of a tool's body: the view {@link pickToolView} chooses among components made once, never here. */
function renderToolView(part: ToolPartData, tools: ToolViews, streaming: boolean | undefined) {
  const View = pickToolView(part, tools)
  return <View part={part} streaming={streaming} />
}

/**
 * A tool call. Its header is one line and a button: state badge, title, the argument that tells
 * the call apart (command, file, query), +/− counts of an edit, a shell's exit code, duration. The
 * body is the tool's view (built in for shell, edits, todos, reads and sub-agent tasks; generic
 * otherwise) and any attachments; it is open while the tool works, fails or waits for approval,
 * folded once it is done or denied, and the user's toggle wins. A question for approval stays in
 * view either way; an answered one folds with the call.
 */
export function ToolPart({ part, streaming, open: controlled, onOpenChange, className, ...rest }: ToolPartProps) {
  const labels = useLabels()
  const { tools } = useRenderConfig()
  const { failed } = useMessageState()
  const reveal = useReveal(part.id)
  const bodyId = useId()
  const { state } = part
  const title = ('title' in state && typeof state.title === 'string' && state.title) || part.tool
  const summary = useMemo(() => summarizeTool(part, labels), [part, labels])
  const badge = badgeStateOf(state.status, part.approval, failed)
  const interrupted = badge === 'interrupted'
  // An answered approval is part of the call's record, folded with it; a question stays in view.
  const answered = isRecord(part.approval) && (part.approval.status === 'approved' || part.approval.status === 'denied')
  // A call the user denied ended as they chose: not a failure to look into.
  const denied = isRecord(part.approval) && part.approval.status === 'denied'
  // Open while it works, failed or waits for the user; folded once done, denied or cut off.
  const [open, toggleFold] = useFold(
    badge !== 'completed' && badge !== 'interrupted' && !(badge === 'error' && denied),
    reveal,
    controlled,
  )
  const attachments = state.status === 'completed' ? (state.attachments ?? []) : []
  const toggle = () => {
    const next = toggleFold()
    onOpenChange?.(next)
  }
  return (
    <div
      {...rest}
      className={cx('cp-tool', className)}
      data-part="tool"
      data-state={interrupted ? 'interrupted' : state.status}
      data-open={open || undefined}
      data-approval={isRecord(part.approval) ? part.approval.status : undefined}
      data-tool={part.tool}
    >
      <button type="button" className="cp-tool__header" aria-expanded={open} aria-controls={bodyId} onClick={toggle}>
        <Icon name={open ? 'chevron-down' : 'chevron-right'} className="cp-tool__chevron" />
        <ToolStatusBadge state={badge} label={isToolStatus(state.status) ? undefined : textOf(state.status)} />
        {/* Title and argument may be cut with an ellipsis: the tooltip has them whole (the button's name has them too). */}
        <span className="cp-tool__title" title={title}>
          {title}
        </span>
        {title.toLowerCase() !== part.tool.toLowerCase() ? <code className="cp-tool__name">{part.tool}</code> : null}
        {/* Folded, the line says what the open body shows: the argument, the counts, the exit code. */}
        {!open && summary.argument && summary.argument !== title ? (
          <code className="cp-tool__argument" title={summary.fullArgument}>
            {summary.argument}
          </code>
        ) : null}
        <span className="cp-tool__meta" lang={labels.lang}>
          {!open && summary.diff ? (
            <span className="cp-tool__diff" aria-label={fillLabel(labels.diffCounts, summary.diff)}>
              <span className="cp-diff__added">+{summary.diff.added}</span>{' '}
              <span className="cp-diff__removed">−{summary.diff.removed}</span>
            </span>
          ) : null}
          {!open && summary.exitCode !== undefined ? (
            <span className="cp-tool__exit" data-state={summary.exitCode === 0 ? 'ok' : 'failed'}>
              {fillLabel(labels.exitCode, { code: summary.exitCode })}
            </span>
          ) : null}
          {!open && summary.todos ? (
            <span className="cp-tool__todos">{`${summary.todos.done}/${summary.todos.total}`}</span>
          ) : null}
          {!open && denied ? <span className="cp-tool__denied">{labels.approvalStatus.denied}</span> : null}
          {summary.duration ? <span className="cp-tool__duration">{summary.duration}</span> : null}
        </span>
      </button>
      <div id={bodyId} className="cp-tool__body" hidden={!open}>
        {open ? (
          <InnerRevealContext value={reveal}>
            <div className="cp-tool__view">{renderToolView(part, tools, streaming)}</div>
            {answered ? <ApprovalCard part={part} approval={part.approval as ToolApproval} /> : null}
            {attachments.length > 0 ? (
              <div className="cp-tool__attachments" role="group" aria-label={labels.attachments}>
                {attachments.map((file) => (
                  <FilePart key={file.id} part={file} />
                ))}
              </div>
            ) : null}
          </InnerRevealContext>
        ) : null}
      </div>
      {isRecord(part.approval) && !answered ? <ApprovalCard part={part} approval={part.approval} /> : null}
    </div>
  )
}
