import type { ToolStatus } from './model/types.js'

/**
 * Something found in data that is not as the model or a wire format wants it: by the validator (a
 * business-rule code `BR-01`…`BR-14`, `SHAPE`, `UNSUPPORTED_PART`) or by a converter (codes such as
 * `ORPHAN_TOOL_RESULT`, `BAD_TIME`). One type for both.
 */
export interface Diagnostic {
  /** A stable code: {@link IssueCode} from the validator, or a converter's own. */
  code: string
  /** What is wrong and what was done about it, in plain English. */
  message: string
  /** Where, as keys from the value that was read, e.g. `[1, 'parts', 2, 'state', 'output']`. */
  path: (string | number)[]
  /** `error`: a rule or the wire format was broken; `warning`: odd but fully kept and rendered. */
  severity: 'error' | 'warning'
}

/** The codes the validator reports. */
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

/** Options every reader of untrusted data accepts (validators and converters). */
export interface ConvertOptions {
  /** Throw an {@link InvalidDataError} at the first error-severity diagnostic (default: false). */
  strict?: boolean
}

/** Thrown in strict mode, by the validator and by converters, and by state constructors given values that break a rule. */
export class InvalidDataError extends Error {
  override readonly name = 'InvalidDataError'
  /** What was found, the first of which is in the message. */
  readonly diagnostics: readonly Diagnostic[]

  constructor(diagnostics: readonly Diagnostic[]) {
    const first = diagnostics[0]
    const where = first && first.path.length > 0 ? ` at ${formatPath(first.path)}` : ''
    const more = diagnostics.length > 1 ? ` (and ${diagnostics.length - 1} more)` : ''
    super(first ? `${first.code}: ${first.message}${where}${more}` : 'invalid data')
    this.diagnostics = diagnostics
  }
}

/** What an {@link InvalidStateTransition} carries. */
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
  /** The same three fields grouped. */
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
