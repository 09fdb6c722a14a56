/**
 * OpenAI's conversation shapes, as its API reference defines them: Chat Completions messages
 * (`messages` of a request, plus the assistant `message` of a response) and Responses API input
 * items (`input` of a request, or the `output` items of a response). Only what the kit reads is named.
 */

/** A content part of a Chat Completions message. */
export type ChatCompletionContentPart =
  | { type: 'text'; text: string }
  | { type: 'image_url'; image_url: { url: string; detail?: string } }
  | { type: 'input_audio'; input_audio: { data: string; format: string } }
  | { type: 'file'; file: { file_data?: string; file_id?: string; filename?: string } }
  | { type: 'refusal'; refusal: string }

/** A tool call of an assistant message. */
export interface ChatCompletionToolCall {
  id: string
  type: 'function'
  function: { name: string; arguments: string }
}

/** A Chat Completions message. `content` is `null` on an assistant message that only calls tools. */
export interface ChatCompletionMessage {
  role: 'system' | 'developer' | 'user' | 'assistant' | 'tool' | 'function'
  content: string | ChatCompletionContentPart[] | null
  name?: string
  tool_calls?: ChatCompletionToolCall[]
  tool_call_id?: string
  refusal?: string | null
  /** Reasoning text some providers return beside the content (DeepSeek, OpenRouter). */
  reasoning_content?: string
}

/** A content part of a Responses API message item. */
export type ResponsesContent =
  | { type: 'input_text' | 'output_text'; text: string; annotations?: unknown[] }
  | { type: 'input_image'; image_url?: string; file_id?: string; detail?: string }
  | { type: 'input_file'; file_data?: string; file_id?: string; filename?: string; file_url?: string }
  | { type: 'refusal'; refusal: string }

/** A Responses API input or output item. */
export type ResponsesItem =
  | {
      type?: 'message'
      id?: string
      role: 'system' | 'developer' | 'user' | 'assistant'
      content: string | ResponsesContent[]
      status?: string
    }
  | { type: 'function_call'; id?: string; call_id: string; name: string; arguments: string; status?: string }
  | { type: 'function_call_output'; id?: string; call_id: string; output: string | ResponsesContent[]; status?: string }
  | {
      type: 'reasoning'
      id?: string
      summary: { type: 'summary_text'; text: string }[]
      content?: { type: 'reasoning_text'; text: string }[]
      encrypted_content?: string
    }
