/**
 * The Vercel AI SDK's UI wire types, as its published types define them (`ai` 5, 6 and 7:
 * `UIMessage` in `ui/ui-messages.ts`, `UIMessageChunk` in `ui-message-stream/ui-message-chunks.ts`),
 * plus v4's `tool-invocation` part, which saved chats still hold. Only what the kit reads is named;
 * provider metadata is kept as it came.
 */

/** Provider-specific data, kept, not read. */
export type ProviderMetadata = Record<string, unknown>

/** Where a tool call stands (v5: the first four; v6 adds the approval states and `output-denied`). */
export type UIToolState =
  | 'input-streaming'
  | 'input-available'
  | 'approval-requested'
  | 'approval-responded'
  | 'output-available'
  | 'output-error'
  | 'output-denied'

/** An approval on a tool call (v6+). `approved` is absent while it is requested. */
export interface UIToolApproval {
  id: string
  approved?: boolean
  reason?: string
  isAutomatic?: boolean
  signature?: string
}

/** The fields of a tool call part, static (`tool-${name}`) or dynamic (`dynamic-tool`). */
export interface UIToolInvocation {
  toolCallId: string
  state: UIToolState
  title?: string
  input?: unknown
  /** The input as it came when it did not parse (`output-error` only). */
  rawInput?: unknown
  output?: unknown
  errorText?: string
  providerExecuted?: boolean
  preliminary?: boolean
  approval?: UIToolApproval
  toolMetadata?: Record<string, unknown>
  callProviderMetadata?: ProviderMetadata
  resultProviderMetadata?: ProviderMetadata
}

/** One part of a {@link UIMessage}. */
export type UIMessagePart =
  | { type: 'text'; text: string; state?: 'streaming' | 'done'; providerMetadata?: ProviderMetadata }
  | { type: 'reasoning'; id?: string; text: string; state?: 'streaming' | 'done'; providerMetadata?: ProviderMetadata }
  | ({ type: `tool-${string}` } & UIToolInvocation)
  | ({ type: 'dynamic-tool'; toolName: string } & UIToolInvocation)
  | { type: 'source-url'; sourceId: string; url: string; title?: string; providerMetadata?: ProviderMetadata }
  | {
      type: 'source-document'
      sourceId: string
      mediaType: string
      title: string
      filename?: string
      providerMetadata?: ProviderMetadata
    }
  | { type: 'file'; mediaType: string; filename?: string; url: string; providerMetadata?: ProviderMetadata }
  | { type: 'reasoning-file'; mediaType: string; url: string; providerMetadata?: ProviderMetadata }
  | { type: `data-${string}`; id?: string; data: unknown }
  | { type: 'custom'; kind: `${string}.${string}`; providerMetadata?: ProviderMetadata }
  | { type: 'step-start' }
  | { type: 'tool-invocation'; toolInvocation: UIToolInvocationV4 }

/** v4's tool call, inside a `tool-invocation` part. */
export interface UIToolInvocationV4 {
  state: 'partial-call' | 'call' | 'result'
  toolCallId: string
  toolName: string
  args?: unknown
  result?: unknown
  step?: number
}

/** A message as `useChat` holds it. */
export interface UIMessage<Metadata = unknown> {
  id: string
  role: 'system' | 'user' | 'assistant'
  metadata?: Metadata
  parts: UIMessagePart[]
}

/**
 * Token usage as the SDK reports it (`LanguageModelUsage`): v6+ details, or v5's flat
 * `reasoningTokens` / `cachedInputTokens`.
 */
export interface UIUsage {
  inputTokens?: number
  outputTokens?: number
  totalTokens?: number
  inputTokenDetails?: { noCacheTokens?: number; cacheReadTokens?: number; cacheWriteTokens?: number }
  outputTokenDetails?: { textTokens?: number; reasoningTokens?: number }
  reasoningTokens?: number
  cachedInputTokens?: number
}

/**
 * What the kit reads from a message's `metadata` (the app puts it there with `messageMetadata` on
 * the server); every other key is kept as the message's metadata.
 */
export interface ChatpartsMessageMetadata {
  /** When the message was made: epoch milliseconds or an ISO 8601 text. */
  createdAt?: number | string
  /** When it finished: epoch milliseconds or an ISO 8601 text. */
  completedAt?: number | string
  /** The model, `provider/model` or `model`. */
  model?: string
  /** The step's or message's usage (`totalUsage` is read when both are there). */
  usage?: UIUsage
  totalUsage?: UIUsage
  /** Cost in USD. */
  cost?: number
}

/** One chunk of the UI message stream (the SSE events `toUIMessageStreamResponse` sends). */
export type UIMessageChunk =
  | { type: 'start'; messageId?: string; messageMetadata?: unknown }
  | {
      type: 'text-start' | 'text-end' | 'reasoning-start' | 'reasoning-end'
      id: string
      providerMetadata?: ProviderMetadata
    }
  | { type: 'text-delta' | 'reasoning-delta'; id: string; delta: string; providerMetadata?: ProviderMetadata }
  | {
      type: 'tool-input-start'
      toolCallId: string
      toolName: string
      title?: string
      dynamic?: boolean
      providerExecuted?: boolean
      providerMetadata?: ProviderMetadata
    }
  | { type: 'tool-input-delta'; toolCallId: string; inputTextDelta: string }
  | {
      type: 'tool-input-available'
      toolCallId: string
      toolName: string
      input: unknown
      title?: string
      dynamic?: boolean
      providerExecuted?: boolean
      providerMetadata?: ProviderMetadata
    }
  | {
      type: 'tool-input-error'
      toolCallId: string
      toolName: string
      input: unknown
      errorText: string
      title?: string
      dynamic?: boolean
    }
  | { type: 'tool-approval-request'; approvalId: string; toolCallId: string; isAutomatic?: boolean; signature?: string }
  | { type: 'tool-approval-response'; approvalId: string; approved: boolean; reason?: string }
  | {
      type: 'tool-output-available'
      toolCallId: string
      output: unknown
      preliminary?: boolean
      dynamic?: boolean
      providerExecuted?: boolean
    }
  | { type: 'tool-output-error'; toolCallId: string; errorText: string; dynamic?: boolean; providerExecuted?: boolean }
  | { type: 'tool-output-denied'; toolCallId: string }
  | { type: 'source-url'; sourceId: string; url: string; title?: string; providerMetadata?: ProviderMetadata }
  | {
      type: 'source-document'
      sourceId: string
      mediaType: string
      title: string
      filename?: string
      providerMetadata?: ProviderMetadata
    }
  | { type: 'file' | 'reasoning-file'; url: string; mediaType: string; providerMetadata?: ProviderMetadata }
  | { type: `data-${string}`; id?: string; data: unknown; transient?: boolean }
  | { type: 'custom'; kind: string; providerMetadata?: ProviderMetadata }
  | { type: 'start-step' | 'finish-step' | 'reset-step' }
  | { type: 'finish'; finishReason?: string; messageMetadata?: unknown }
  | { type: 'abort'; reason?: string }
  | { type: 'error'; errorText: string }
  | { type: 'message-metadata'; messageMetadata: unknown }
