import { approval as buildApproval } from '../../core/build.js'
import type { ToolApproval, ToolPart, WithParts } from '../../core/model/types.js'
import type { TranscriptOp } from '../../core/transcript.js'
import { type ConvertOptions, type Diagnostic, DiagnosticSink, limitDepth } from '../diagnostics.js'
import { decodeOpencodeEvent } from './decode.js'
import { fromOpencodeExport } from './toCanonical.js'
import type { OpencodeEvent } from './types.js'

/** What {@link fromOpencodeEvent} returns. */
export interface OpencodeEventResult {
  /** The canonical writes the event stands for (none for events that carry no transcript). */
  ops: TranscriptOp[]
  diagnostics: Diagnostic[]
}

/**
 * Turns one opencode bus event into canonical writes. Events may come out of order: the store holds
 * a part whose message has not arrived, and a delta whose part has not arrived. Events that carry
 * no transcript (other `type`s) give no writes and no diagnostic; malformed ones give a diagnostic.
 */
export function fromOpencodeEvent(input: unknown, options?: ConvertOptions): OpencodeEventResult {
  const sink = new DiagnosticSink(options)
  const event = decodeOpencodeEvent(limitDepth(input, sink), sink)
  return { ops: event ? opsOf(event) : [], diagnostics: sink.list }
}

/** The canonical writes of a decoded event: one case per event type (the compiler checks there is one). */
function opsOf(event: OpencodeEvent): TranscriptOp[] {
  switch (event.type) {
    case 'message.updated':
      return [{ op: 'upsertMessage', info: event.properties.info }]
    case 'message.removed':
      return [{ op: 'removeMessage', messageID: event.properties.messageID }]
    case 'message.part.updated':
      // Older servers also send the text `delta`; the part already holds the full text, so it is not re-applied.
      return [{ op: 'upsertPart', part: event.properties.part }]
    case 'message.part.delta': {
      const { messageID, partID, field, delta } = event.properties
      return [{ op: 'appendPartDelta', messageID, partID, field, delta }]
    }
    case 'message.part.removed':
      return [{ op: 'removePart', messageID: event.properties.messageID, partID: event.properties.partID }]
    case 'session.status':
      return [{ op: 'setStatus', status: event.properties.status.type === 'idle' ? 'idle' : 'streaming' }]
    case 'session.idle':
      return [{ op: 'setStatus', status: 'idle' }]
    case 'session.error':
      return [
        event.properties.error
          ? { op: 'setStatus', status: 'error', error: event.properties.error }
          : { op: 'setStatus', status: 'error' },
      ]
    case 'permission.asked':
    case 'permission.replied':
      // A permission is about a call whose part only a session knows (see `createOpencodeStream`).
      return []
  }
  return event satisfies never
}

/** A live reader of opencode's bus events that also puts permission requests on the calls they are about. */
export interface OpencodeStream {
  push(event: unknown, options?: ConvertOptions): OpencodeEventResult
  /** Continues from a session export read whole (`messages`, as `fromOpencodeExport` gave them): permissions may be about its calls. */
  seed(input: unknown, messages?: readonly WithParts[]): void
}

/** The approval a permission request asks for: once, always (for the patterns it names) or reject. */
function approvalOf(request: Extract<OpencodeEvent, { type: 'permission.asked' }>['properties']): ToolApproval {
  const title = request.title ?? [request.permission, request.patterns.join(', ')].filter(Boolean).join(': ')
  return buildApproval({
    id: request.id,
    status: 'requested',
    choices: ['once', 'always', 'reject'],
    ...(title ? { title } : {}),
  })
}

/**
 * Opens a live session over opencode's bus events: each event's writes as {@link fromOpencodeEvent}
 * gives them, and `permission.asked` / `permission.replied` as the approval of the tool call they
 * name (a request for a call not seen yet waits for its part). Later updates of the part keep it.
 */
export function createOpencodeStream(): OpencodeStream {
  /** Tool calls seen, by call id: where their part is. */
  const calls = new Map<string, { messageID: string; partID: string }>()
  /** Approvals by call id, kept on every later update of the call's part. */
  const approvals = new Map<string, ToolApproval>()
  /** Which call each request is about. */
  const requests = new Map<string, string>()

  const remember = (part: ToolPart) => calls.set(part.callID, { messageID: part.messageID, partID: part.id })
  const setApproval = (callID: string, approval: ToolApproval): TranscriptOp[] => {
    approvals.set(callID, approval)
    const at = calls.get(callID)
    return at ? [{ op: 'patchPart', messageID: at.messageID, partID: at.partID, patch: { approval } }] : []
  }

  return {
    seed(input, messages = fromOpencodeExport(input).messages) {
      for (const message of messages) for (const part of message.parts) if (part.type === 'tool') remember(part)
    },
    push(input, options) {
      const sink = new DiagnosticSink(options)
      const event = decodeOpencodeEvent(limitDepth(input, sink), sink)
      if (!event) return { ops: [], diagnostics: sink.list }
      if (event.type === 'permission.asked') {
        const { tool } = event.properties
        if (!tool) return { ops: [], diagnostics: sink.list }
        requests.set(event.properties.id, tool.callID)
        return { ops: setApproval(tool.callID, approvalOf(event.properties)), diagnostics: sink.list }
      }
      if (event.type === 'permission.replied') {
        const callID = requests.get(event.properties.requestID)
        const asked = callID !== undefined ? approvals.get(callID) : undefined
        if (callID === undefined || !asked) {
          sink.warn(
            'UNKNOWN_PERMISSION',
            `a reply to permission ${event.properties.requestID}, which was not seen asked; nothing to show it on`,
            ['properties', 'requestID'],
          )
          return { ops: [], diagnostics: sink.list }
        }
        const { reply } = event.properties
        return {
          ops: setApproval(callID, { ...asked, status: reply === 'reject' ? 'denied' : 'approved', choice: reply }),
          diagnostics: sink.list,
        }
      }
      const ops = opsOf(event).map((op) => {
        if (op.op !== 'upsertPart' || op.part.type !== 'tool') return op
        remember(op.part)
        const approval = approvals.get(op.part.callID)
        return approval ? { ...op, part: { ...op.part, approval } } : op
      })
      return { ops, diagnostics: sink.list }
    },
  }
}
