import { isRecord } from '../../core/record.js'
import { TOOL_STATUSES } from '../../core/toolState.js'
import type { ToolStatus } from '../../core/model/types.js'
import type { Labels } from '../../labels/labels.js'
import type { IconName } from '../shared/Icon.js'

/** What a tool call's badge shows: its state, or one of the two the kit derives (waiting for approval, interrupted). */
export type BadgeState = ToolStatus | 'approval' | 'interrupted'

/** The order a group's summary counts them in. */
export const BADGE_STATES: readonly BadgeState[] = [
  'completed',
  'error',
  'running',
  'pending',
  'approval',
  'interrupted',
]

/** Each state's icon: the badge is icon and text, never colour alone. */
export const BADGE_ICONS: Readonly<Record<BadgeState, IconName>> = {
  pending: 'circle',
  running: 'spinner',
  completed: 'check',
  error: 'x',
  approval: 'question',
  interrupted: 'pause',
}

/**
 * The badge state of a call, from its status, its approval and whether its reply failed. A finished
 * call shows how it ended; an unfinished one that asks for approval waits; one whose reply failed
 * before it finished is interrupted. A status the model does not know shows as an error.
 */
export function badgeStateOf(status: unknown, approval: unknown, replyFailed: boolean): BadgeState {
  if (status === 'completed' || status === 'error') return status
  if (isRecord(approval) && approval.status === 'requested') return 'approval'
  if (status === 'pending' || status === 'running') return replyFailed ? 'interrupted' : status
  return 'error'
}

/** Whether `status` is one of the model's four. */
export const isToolStatus = (status: unknown): status is ToolStatus => TOOL_STATUSES.some((known) => known === status)

/** A badge state's words, in the labels' language. */
export function badgeLabel(state: BadgeState, labels: Labels): string {
  switch (state) {
    case 'approval':
      return labels.approvalStatus.requested
    case 'interrupted':
      return labels.interrupted
    case 'pending':
    case 'running':
    case 'completed':
    case 'error':
      return labels.toolStatus[state]
    default:
      return state satisfies never
  }
}
