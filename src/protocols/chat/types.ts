/** A tool call on a flat assistant message; `arguments` is JSON text. */
export interface ChatToolCall {
  id: string
  name: string
  arguments: string
}

/** Token counts of one response. */
export interface ChatUsage {
  promptTokens: number
  completionTokens: number
  totalTokens: number
}

/** The flat chat message: one shape for every role. */
export interface ChatMessage {
  /** `system`, `user`, `assistant`, `tool` or `reasoning`. */
  role: 'system' | 'user' | 'assistant' | 'tool' | 'reasoning' | (string & {})
  content: string
  /** Epoch milliseconds. */
  timestamp?: number
  finishReason?: string
  metadata?: Record<string, unknown>
  toolCalls?: ChatToolCall[]
  toolCallId?: string
  toolName?: string
}

/** Meta info of a message sent to the model. */
export interface RequestMetaInfo {
  timestamp?: number
  metadata?: Record<string, unknown>
}

/** Meta info of a message the model returned: adds usage and the finish reason. */
export interface ResponseMetaInfo extends RequestMetaInfo {
  usage?: ChatUsage
  finishReason?: string
}

/** Fields of a flat message that its typed kind has no slot for, kept so nothing is lost. */
export type ChatExtra = Partial<ChatMessage>

/** The typed hierarchy of chat messages, discriminated on `kind`. */
export type TypedMessage =
  | { kind: 'system'; content: string; metaInfo: RequestMetaInfo; extra?: ChatExtra }
  | { kind: 'user'; content: string; metaInfo: RequestMetaInfo; extra?: ChatExtra }
  | { kind: 'assistant'; content: string; metaInfo: ResponseMetaInfo; toolCalls?: ChatToolCall[]; extra?: ChatExtra }
  | {
      kind: 'reasoning'
      content: string
      metaInfo: ResponseMetaInfo
      id?: string
      encrypted?: string
      extra?: ChatExtra
    }
  | {
      kind: 'tool-call'
      toolId?: string
      toolName: string
      content: string
      metaInfo: ResponseMetaInfo
      extra?: ChatExtra
    }
  | {
      kind: 'tool-result'
      toolId?: string
      toolName?: string
      content: string
      metaInfo: RequestMetaInfo
      extra?: ChatExtra
    }

/** The kinds of {@link TypedMessage}. */
export type TypedMessageKind = TypedMessage['kind']

/** A message sent to the model (System, User, Tool.Result). */
export type RequestMessage = Extract<TypedMessage, { kind: 'system' | 'user' | 'tool-result' }>

/** A message the model returned (Assistant, Reasoning, Tool.Call). */
export type ResponseMessage = Extract<TypedMessage, { kind: 'assistant' | 'reasoning' | 'tool-call' }>
