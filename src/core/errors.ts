import type { ToolStatus } from './model/types.js'

/** A problem found in a transcript: a business-rule code (`BR-01`…`BR-14`) or a shape code. */
export interface ValidationIssue {
  /** `BR-01`…`BR-14`, `SHAPE` (a field of the wrong type) or `UNSUPPORTED_PART`. */
  code: IssueCode
  /** What is wrong, in plain English. */
  message: string
  /** Where, as keys from the value that was validated, e.g. `[1, 'parts', 2, 'state', 'output']`. */
  path: (string | number)[]
  /** `error` breaks a rule; `warning` is kept and rendered but worth knowing (default: error). */
  severity: 'error' | 'warning'
}

/** Codes a {@link ValidationIssue} can carry. */
export type IssueCode =
  | 'BR-01'
  | 'BR-02'
  | 'BR-03'
  | 'BR-04'
  | 'BR-05'
  | 'BR-06'
  | 'BR-07'
  | 'BR-08'
  | 'BR-09'
  | 'BR-10'
  | 'BR-11'
  | 'BR-12'
  | 'BR-13'
  | 'BR-14'
  | 'SHAPE'
  | 'UNSUPPORTED_PART'

/** Thrown by the validator in strict mode and by state constructors given values that break a rule. */
export class PartValidationError extends Error {
  override readonly name = 'PartValidationError'
  /** Every issue found, the first of which is in the message. */
  readonly issues: readonly ValidationIssue[]

  constructor(issues: readonly ValidationIssue[]) {
    const first = issues[0]
    const where = first && first.path.length > 0 ? ` at ${formatPath(first.path)}` : ''
    const more = issues.length > 1 ? ` (and ${issues.length - 1} more)` : ''
    super(first ? `${first.code}: ${first.message}${where}${more}` : 'invalid part')
    this.issues = issues
  }
}

/** What an {@link InvalidStateTransition} carries (seed 000 §6.2). */
export interface InvalidStateTransitionDetails {
  /** The status the tool state was in. */
  currentStatus: ToolStatus
  /** The status the caller tried to move to. */
  attemptedStatus: string
  /** The statuses reachable from `currentStatus` (besides itself, which is always allowed). */
  validTransitions: ToolStatus[]
}

/** Thrown when a tool state is moved along an edge the state machine does not have. */
export class InvalidStateTransition extends Error {
  override readonly name = 'InvalidStateTransition'
  readonly currentStatus: ToolStatus
  readonly attemptedStatus: string
  readonly validTransitions: ToolStatus[]
  /** The same three fields grouped, as seed 000 §6.2 shapes them. */
  readonly details: InvalidStateTransitionDetails

  constructor(details: InvalidStateTransitionDetails) {
    const allowed = details.validTransitions.length > 0 ? details.validTransitions.join(' or ') : 'nothing (final)'
    super(
      `cannot move a tool state from "${details.currentStatus}" to "${details.attemptedStatus}"; from "${details.currentStatus}" it can move to ${allowed}`,
    )
    this.currentStatus = details.currentStatus
    this.attemptedStatus = details.attemptedStatus
    this.validTransitions = [...details.validTransitions]
    this.details = { ...details, validTransitions: [...details.validTransitions] }
  }
}

/** Formats an issue path for people: `[1, 'parts', 2]` → `[1].parts[2]`. */
export function formatPath(path: readonly (string | number)[]): string {
  return path.map((key, index) => (typeof key === 'number' ? `[${key}]` : index === 0 ? key : `.${key}`)).join('')
}
