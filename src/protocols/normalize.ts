import { isKnownPartType } from '../core/model/guards.js'
import type { Part, UnsupportedPart } from '../core/model/types.js'
import { validatePart } from '../core/validator.js'
import type { DiagnosticSink } from './diagnostics.js'
import { describeValue, isRecord } from './diagnostics.js'
import { deriveId } from './ids.js'

// Rule breaks that leave a part unsafe to render as its type: it is kept whole as unsupported instead.
const STRUCTURAL = new Set(['SHAPE', 'BR-01', 'BR-03', 'BR-05', 'BR-06', 'BR-07', 'BR-08', 'BR-13'])

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
  const id = typeof record.id === 'string' && record.id !== '' ? record.id : deriveId('prt', owner.messageID, owner.index)
  const sessionID = typeof record.sessionID === 'string' && record.sessionID !== '' ? record.sessionID : owner.sessionID
  // A part belongs to the message it arrived in: one naming another message would be shown there, or nowhere.
  const messageID = owner.messageID
  if (record.messageID !== undefined && record.messageID !== owner.messageID) {
    sink.warn('BR-01', `part names message ${describeValue(record.messageID)} but arrived in message "${owner.messageID}"; kept in the message it arrived in`, [...path, 'messageID'])
  }
  const type = record.type
  const unsupported = (originalType: string): UnsupportedPart => ({ id, sessionID, messageID, type: 'unsupported', originalType, original: record })
  if (!isRecord(raw)) {
    sink.error('BAD_PART', 'a part must be an object; it is kept as an unsupported part', path)
    return unsupported('')
  }
  if (!isKnownPartType(type)) {
    const name = typeof type === 'string' ? type : ''
    sink.warn('UNSUPPORTED_PART', `part type "${name}" is not supported; it is kept and shown as unsupported`, [...path, 'type'])
    return unsupported(name)
  }
  const part = { ...raw, id, sessionID, messageID }
  const issues = validatePart(part).filter((issue) => issue.severity === 'error')
  for (const issue of issues) sink.push({ code: issue.code, message: issue.message, path: [...path, ...issue.path], severity: 'error' })
  if (issues.some((issue) => STRUCTURAL.has(issue.code)) || wrongOutputType(part)) return unsupported(type)
  return part as Part
}

/** A finished tool whose output or error is not text at all (BR-09/BR-10 also flag empty text, which renders). */
function wrongOutputType(part: Record<string, unknown>): boolean {
  const state = part.state
  if (part.type !== 'tool' || !isRecord(state)) return false
  if (state.status === 'completed') return typeof state.output !== 'string'
  if (state.status === 'error') return typeof state.error !== 'string'
  return false
}
