import type { MessageError, MessageInfo, Part, SessionInfo, WithParts } from '../../core/model/types.js'

/** A session export as opencode writes it: the session's info and its messages. */
export interface OpencodeSessionExport {
  info: SessionInfo
  messages: WithParts[]
}

/** What `session.status` reports: idle, busy (streaming), or waiting to retry. */
export interface OpencodeSessionStatus {
  type: 'idle' | 'busy' | 'retry'
  attempt?: number
  message?: string
  next?: number
}

/** The live events of opencode's bus that carry a transcript (`{ type, properties }`). */
export type OpencodeEvent =
  | { type: 'message.updated'; properties: { sessionID?: string; info: MessageInfo } }
  | { type: 'message.removed'; properties: { sessionID: string; messageID: string } }
  | {
      type: 'message.part.updated'
      properties: { sessionID?: string; part: Part; delta?: string | undefined; time?: number }
    }
  | {
      type: 'message.part.delta'
      properties: { sessionID: string; messageID: string; partID: string; field: string; delta: string }
    }
  | { type: 'message.part.removed'; properties: { sessionID: string; messageID: string; partID: string } }
  | { type: 'session.status'; properties: { sessionID: string; status: OpencodeSessionStatus } }
  | { type: 'session.idle'; properties: { sessionID: string } }
  | { type: 'session.error'; properties: { sessionID?: string; error?: MessageError } }
  | { type: 'permission.asked'; properties: OpencodePermissionRequest }
  | {
      type: 'permission.replied'
      properties: { sessionID: string; requestID: string; reply: 'once' | 'always' | 'reject' }
    }

/**
 * A permission opencode asks for before a tool runs (`permission.asked`; `permission.updated` on
 * older servers): `always` lists the patterns an "always" answer would allow from then on.
 */
export interface OpencodePermissionRequest {
  sessionID: string
  id: string
  permission: string
  patterns: string[]
  always: string[]
  /** Older servers word the request. */
  title?: string
  metadata: Record<string, unknown>
  /** The call it is about, when it is about one. */
  tool?: { messageID: string; callID: string }
}
