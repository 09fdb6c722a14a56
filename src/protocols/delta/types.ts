/** The kinds of {@link MessageDelta} (the MessageDelta contract). */
export type MessageDeltaKind =
  'start' | 'text' | 'thinking' | 'tool_call_start' | 'tool_call_args' | 'tool_call_end' | 'usage' | 'done' | 'error'

/** One event of a model's output stream. `seq` increases strictly within a run. */
export interface MessageDelta {
  runId: string
  seq: number
  kind: MessageDeltaKind
  payload: MessageDeltaPayloads[MessageDeltaKind]
  /** ISO 8601 time. */
  timestamp: string
  /** The provider's raw event, for debugging only. */
  providerRaw?: Record<string, unknown>
}

/** The payload of each delta kind. */
export interface MessageDeltaPayloads {
  start: { modelId?: string; requestId?: string }
  text: { textDelta: string }
  thinking: { textDelta: string }
  tool_call_start: { toolCallId: string; toolName: string }
  tool_call_args: { toolCallId: string; argsTextDelta: string }
  tool_call_end: { toolCallId: string }
  usage: { inputTokens: number; outputTokens: number; totalTokens?: number; cost?: number }
  done: { finishReason: string }
  error: { errorCode: string; message?: string; retryable?: boolean }
}

/** The kinds of {@link DeltaMessagePart}. */
export type DeltaPartKind = 'text' | 'thinking' | 'tool_call' | 'tool_result' | 'image' | 'file_ref'

/** One part of a final {@link DeltaMessage}; parts keep their order. */
export type DeltaMessagePart =
  | { kind: 'text'; payload: { text: string } }
  | { kind: 'thinking'; payload: { text: string } }
  | {
      kind: 'tool_call'
      payload: { toolCallId: string; toolName: string; arguments: Record<string, unknown>; rawArgsText?: string }
    }
  | { kind: 'tool_result'; payload: { toolCallId: string; isError: boolean; content: unknown } }
  | { kind: 'image'; payload: { mimeType: string; data?: string; url?: string } }
  | { kind: 'file_ref'; payload: { path: string; mimeType?: string; size?: number } }

/** A final message of the MessageDelta contract. */
export interface DeltaMessage {
  runId: string
  role: 'system' | 'user' | 'assistant' | 'tool'
  parts: DeltaMessagePart[]
  /** ISO 8601 time. */
  timestamp: string
  meta?: Record<string, unknown>
}
