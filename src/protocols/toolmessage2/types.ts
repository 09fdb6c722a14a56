/** Text in a neovate message; `hidden` text is for the model, not the UI. */
export interface NeovateTextPart {
  type: 'text'
  text: string
  hidden?: boolean
}

/** An image sent by the user or returned by a tool: base64 `data` (or a URL) and its MIME type. */
export interface NeovateImagePart {
  type: 'image'
  data: string
  mimeType: string
}

/** A file sent by the user: base64 `data` (or a URL) and its MIME type. */
export interface NeovateFilePart {
  type: 'file'
  filename?: string
  data: string
  mimeType: string
}

/** The model's reasoning. */
export interface NeovateReasoningPart {
  type: 'reasoning'
  text: string
}

/** A tool call made by the assistant. */
export interface NeovateToolUsePart {
  type: 'tool_use'
  id: string
  name: string
  input: Record<string, unknown>
  displayName?: string
  description?: string
}

/** One item of a todo list. */
export interface NeovateTodoItem {
  id: string
  content: string
  status: 'pending' | 'in_progress' | 'completed' | (string & {})
  priority?: 'low' | 'medium' | 'high' | (string & {})
}

/** What a tool asks the UI to show for a file edit; contents may point at a key of the call's input. */
export interface NeovateDiffViewer {
  type: 'diff_viewer'
  filePath: string
  originalContent: string | { inputKey: string }
  newContent: string | { inputKey: string }
  [key: string]: unknown
}

/** What a tool asks the UI to show: plain text, a diff, or a todo list before and after. */
export type NeovateReturnDisplay =
  | string
  | NeovateDiffViewer
  | { type: 'todo_read'; todos: NeovateTodoItem[] }
  | { type: 'todo_write'; oldTodos: NeovateTodoItem[]; newTodos: NeovateTodoItem[] }

/** The result of a tool call: what goes back to the model, and what the UI may show instead. */
export interface NeovateToolResult {
  llmContent: string | (NeovateTextPart | NeovateImagePart)[]
  returnDisplay?: NeovateReturnDisplay
  isError?: boolean
  metadata?: Record<string, unknown>
}

/** One answered call inside a {@link ToolMessage2}. */
export interface ToolResultPart2 {
  type: 'tool-result'
  toolCallId: string
  toolName: string
  input: Record<string, unknown>
  result: NeovateToolResult
  agentId?: string
  agentType?: string
}

/** Fields neovate adds around every stored message. */
export interface NeovateEnvelope {
  uuid?: string
  parentUuid?: string | null
  timestamp?: string
  type?: 'message'
  metadata?: Record<string, unknown>
}

/** A system prompt. */
export interface NeovateSystemMessage extends NeovateEnvelope {
  role: 'system'
  content: string
}

/** A user turn: a string or text and image parts. */
export interface NeovateUserMessage extends NeovateEnvelope {
  role: 'user'
  content: string | (NeovateTextPart | NeovateImagePart | NeovateFilePart)[]
  hidden?: boolean
}

/** An assistant turn with its token usage. */
export interface NeovateAssistantMessage extends NeovateEnvelope {
  role: 'assistant'
  content: string | (NeovateTextPart | NeovateReasoningPart | NeovateToolUsePart)[]
  text?: string
  model?: string
  usage?: {
    input_tokens: number
    output_tokens: number
    cache_read_input_tokens?: number
    cache_creation_input_tokens?: number
  }
}

/** The tool protocol: one message may answer several calls of the assistant turn before it. */
export interface ToolMessage2 extends NeovateEnvelope {
  role: 'tool'
  content: ToolResultPart2[]
}

/** The legacy tool protocol (`role: 'user'`, `tool_result`), which is not processed. */
export interface LegacyToolMessage extends NeovateEnvelope {
  role: 'user'
  content: {
    type: 'tool_result'
    id: string
    name: string
    input: Record<string, unknown>
    result: NeovateToolResult
  }[]
}

/** Any message of a neovate conversation this protocol reads. */
export type NeovateMessage = NeovateSystemMessage | NeovateUserMessage | NeovateAssistantMessage | ToolMessage2
