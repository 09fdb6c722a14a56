import { isKnownPartType } from '../core/model/guards.js'
import type { Part, UnsupportedPart } from '../core/model/types.js'
import { validatePart } from '../core/validator.js'
import type { DiagnosticSink } from './diagnostics.js'
import { isRecord } from './diagnostics.js'
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
  const messageID = typeof record.messageID === 'string' && record.messageID !== '' ? record.messageID : owner.messageID
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
  if (issues.some((issue) => STRUCTURAL.has(issue.code))) return unsupported(type)
  return part as Part
}
