import { count, tokens } from '../core/build.js'
import { isKnownPartType } from '../core/model/guards.js'
import type { Part, UnsupportedPart } from '../core/model/types.js'
import { validatePart } from '../core/validator.js'
import type { DiagnosticSink } from './diagnostics.js'
import { describeValue, isRecord } from './diagnostics.js'
import { inferDisplay } from './display.js'
import { deriveId } from './ids.js'

/**
 * Takes a part from the wire into the model. A part of a known type that validates is returned as
 * it is (extra fields kept); one of an unknown type, or too broken to render as its type, becomes an
 * `unsupported` part that keeps the original whole. Every problem is reported to `sink`.
 */
export function normalizePart(
  raw: unknown,
  owner: { sessionID: string; messageID: string; index: number },
  sink: DiagnosticSink,
  path: (string | number)[],
): Part {
  const record = isRecord(raw) ? raw : { value: raw }
  const id =
    typeof record.id === 'string' && record.id !== '' ? record.id : deriveId('prt', owner.messageID, owner.index)
  // A part belongs to the session of the message it arrived in.
  const sessionID = owner.sessionID
  if (record.sessionID !== undefined && record.sessionID !== owner.sessionID) {
    sink.warn(
      'BR-01',
      `part names session ${describeValue(record.sessionID)} but its message is in "${owner.sessionID}"; kept in its message's session`,
      [...path, 'sessionID'],
    )
  }
  // A part belongs to the message it arrived in: one naming another message would be shown there, or nowhere.
  const messageID = owner.messageID
  if (record.messageID !== undefined && record.messageID !== owner.messageID) {
    sink.warn(
      'BR-01',
      `part names message ${describeValue(record.messageID)} but arrived in message "${owner.messageID}"; kept in the message it arrived in`,
      [...path, 'messageID'],
    )
  }
  const type = record.type
  const unsupported = (originalType: string): UnsupportedPart => ({
    id,
    sessionID,
    messageID,
    type: 'unsupported',
    originalType,
    original: record,
  })
  if (!isRecord(raw)) {
    sink.error('BAD_PART', 'a part must be an object; it is kept as an unsupported part', path)
    return unsupported('')
  }
  if (!isKnownPartType(type)) {
    const name = typeof type === 'string' ? type : ''
    sink.warn('UNSUPPORTED_PART', `part type "${name}" is not supported; it is kept and shown as unsupported`, [
      ...path,
      'type',
    ])
    return unsupported(name)
  }
  let part: Record<string, unknown> = { ...raw, id, sessionID, messageID }
  // Counts that are not finite and non-negative are read as 0 (reported), not a reason to hide the step.
  if (type === 'step-finish' && validatePart(part).some((issue) => issue.code === 'BR-12' || issue.code === 'BR-13')) {
    sink.warn('BR-13', 'cost or token counts of the step are not finite non-negative numbers; read as 0', path)
    const { cost, tokens: counts } = part as { cost?: unknown; tokens?: unknown }
    const numbers = isRecord(counts) ? counts : {}
    part = {
      ...part,
      cost: count(cost),
      tokens: tokens({ ...(numbers as object), cache: isRecord(numbers.cache) ? numbers.cache : {} }),
      invalid: { cost, tokens: counts },
    }
    // A cost that could not be read is not a price of 0.
    if (count(cost) !== cost) part.costUnknown = true
  }
  const issues = validatePart(part).filter((issue) => issue.severity === 'error')
  for (const issue of issues)
    sink.push({ code: issue.code, message: issue.message, path: [...path, ...issue.path], severity: 'error' })
  // A part that still breaks a rule cannot be rendered as its type: it is kept whole as unsupported.
  if (issues.length > 0) return unsupported(type)
  return withDisplay(part as unknown as Part)
}

/** A tool part with the typed display its name, input and metadata call for (unless it has one). */
function withDisplay(part: Part): Part {
  if (part.type !== 'tool' || part.state.status === 'pending' || part.state.display !== undefined) return part
  const { state } = part
  const output = state.status === 'completed' ? state.output : undefined
  const display = inferDisplay(part.tool, state.input, output, state.metadata ?? {})
  // opencode records a cut output in its metadata; the model says it in a field of its own.
  const truncated = state.status === 'completed' && state.truncated === undefined && state.metadata.truncated === true
  if (!display && !truncated) return part
  return {
    ...part,
    state: { ...state, ...(display ? { display } : {}), ...(truncated ? { truncated: true } : {}) } as typeof state,
  }
}
