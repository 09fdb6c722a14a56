import { emptyTokens } from '../core/factory.js'
import type { AssistantInfo, Metadata, UserInfo } from '../core/model/types.js'

/** What a wire without opencode's message fields can say about an assistant message. */
export interface AssistantInfoInit {
  id: string
  sessionID: string
  created: number
  /** When the message finished (default: not finished). */
  completed?: number
  parentID?: string
  modelID?: string
  providerID?: string
  agent?: string
  metadata?: Metadata
}

/** An assistant info with the fields a wire does not carry left empty: no cost, zero tokens. */
export function assistantInfo(init: AssistantInfoInit): AssistantInfo {
  const info: AssistantInfo = {
    id: init.id,
    sessionID: init.sessionID,
    role: 'assistant',
    time: init.completed === undefined ? { created: init.created } : { created: init.created, completed: init.completed },
    parentID: init.parentID ?? '',
    modelID: init.modelID ?? '',
    providerID: init.providerID ?? '',
    agent: init.agent ?? '',
    path: { cwd: '', root: '' },
    cost: 0,
    tokens: emptyTokens(),
  }
  if (init.metadata !== undefined) info.metadata = init.metadata
  return info
}

/** A user info with no agent or model (wires other than opencode do not name them). */
export function userInfo(init: { id: string; sessionID: string; created: number; metadata?: Metadata }): UserInfo {
  const info: UserInfo = { id: init.id, sessionID: init.sessionID, role: 'user', time: { created: init.created }, agent: '', model: { providerID: '', modelID: '' } }
  if (init.metadata !== undefined) info.metadata = init.metadata
  return info
}
