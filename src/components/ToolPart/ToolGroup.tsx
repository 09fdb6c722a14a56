import { type ComponentPropsWithRef, type ReactNode, useId, useMemo } from 'react'
import type { ToolPart } from '../../core/model/types.js'
import { fillCount } from '../../labels/labels.js'
import { useLabels } from '../../labels/LabelsContext.js'
import { cx } from '../shared/cx.js'
import { useFold, useReveal } from '../Find/reveal.js'
import { Icon } from '../shared/Icon.js'
import { useMessageState } from '../shared/messageState.js'
import { BADGE_ICONS, BADGE_STATES, type BadgeState, badgeLabel, badgeStateOf } from './badgeState.js'

/** Props of {@link ToolGroup}. */
export interface ToolGroupProps extends Omit<ComponentPropsWithRef<'div'>, 'children'> {
  /** The tool calls of the group, in order (for its summary line). */
  parts: readonly ToolPart[]
  /** The tool calls, rendered. */
  children?: ReactNode
}

/** How many of the group's calls show each badge state. */
function countStates(parts: readonly ToolPart[], failed: boolean): Record<BadgeState, number> {
  const counts: Record<BadgeState, number> = {
    completed: 0,
    error: 0,
    running: 0,
    pending: 0,
    approval: 0,
    interrupted: 0,
  }
  for (const part of parts) counts[badgeStateOf(part?.state?.status, part?.approval, failed)]++
  return counts
}

/** The distinct tool names of a group, the first few. */
function namesOf(parts: readonly ToolPart[], max = 4): string {
  const names = [...new Set(parts.map((part) => (typeof part?.tool === 'string' ? part.tool : '')).filter(Boolean))]
  return names.length > max ? `${names.slice(0, max).join(', ')}, …` : names.join(', ')
}

/**
 * Consecutive tool calls as one line ("5 tool calls · read, grep, edit", with a count per state)
 * that opens to show each call. Open while one of them works, failed or waits for approval;
 * folded once all are done; the user's toggle wins.
 */
export function ToolGroup({ parts, children, className, ...rest }: ToolGroupProps) {
  const labels = useLabels()
  const { failed } = useMessageState()
  const id = useId()
  const counts = countStates(parts, failed)
  const reveal = useReveal(useMemo(() => parts.map((part) => part?.id), [parts]))
  // Open while a call works, failed or waits for approval (as each call's own fold).
  const [open, toggle] = useFold(
    counts.running > 0 || counts.pending > 0 || counts.error > 0 || counts.approval > 0,
    reveal,
  )
  return (
    <div {...rest} className={cx('cp-tool-group', className)} data-part="tool-group" data-open={open || undefined}>
      <button
        type="button"
        className="cp-tool-group__toggle"
        aria-expanded={open}
        aria-controls={id}
        onClick={toggle}
        lang={labels.lang}
      >
        <Icon name={open ? 'chevron-down' : 'chevron-right'} />
        <Icon name="tool" />
        <span className="cp-tool-group__count">{fillCount(labels.toolGroup, parts.length, labels.lang)}</span>
        <span className="cp-tool-group__states">
          {BADGE_STATES.map((state) =>
            counts[state] > 0 ? (
              <span key={state} className="cp-tool-group__state" data-state={state}>
                <Icon name={BADGE_ICONS[state]} />
                <span className="cp-visually-hidden">{badgeLabel(state, labels)}</span>
                {counts[state]}
              </span>
            ) : null,
          )}
        </span>
        <code className="cp-tool-group__names" title={namesOf(parts)}>
          {namesOf(parts)}
        </code>
      </button>
      <div id={id} className="cp-tool-group__calls" hidden={!open}>
        {open ? children : null}
      </div>
    </div>
  )
}
