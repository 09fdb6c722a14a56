import type { ApprovalChoice, ApprovalStatus } from './model/types.js'

/** The answers a tool's approval may offer, in the order a card shows them. */
export const APPROVAL_CHOICES = ['once', 'always', 'reject'] as const satisfies readonly ApprovalChoice[]

/** Where an approval may stand. */
export const APPROVAL_STATUSES = ['requested', 'approved', 'denied'] as const satisfies readonly ApprovalStatus[]

/** Whether `value` is one of {@link APPROVAL_CHOICES}. */
export const isApprovalChoice = (value: unknown): value is ApprovalChoice =>
  APPROVAL_CHOICES.some((choice) => choice === value)
