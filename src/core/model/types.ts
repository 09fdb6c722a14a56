/**
 * The canonical transcript model: opencode's message-v2 `WithParts` and `Part` union, made true to
 * real opencode exports. Every wire protocol converts into these types; components render only them.
 */

/** A JSON-like record whose keys a renderer may ignore but a converter must keep. */
export type Metadata = Record<string, unknown>

/** Fields every part carries (BR-01). Ids are non-empty strings, not UUIDs (BR-04, see README). */
export interface PartBase {
  /** Part id, unique within its message (BR-02). */
  id: string
  /** Id of the session the part belongs to. */
  sessionID: string
  /** Id of the message the part belongs to. */
  messageID: string
}

/** Start and optional end of something that streams, in epoch milliseconds. */
export interface TimeSpan {
  /** When it started. */
  start: number
  /** When it ended; absent while still streaming. */
  end?: number
}

/** Markdown text said by the user or the assistant. */
export interface TextPart extends PartBase {
  type: 'text'
  /** The markdown source. */
  text: string
  /** Text the agent made up itself (e.g. a compaction prompt) rather than the model or the user. */
  synthetic?: boolean
  /** Text kept in the transcript but not sent to the model. */
  ignored?: boolean
  /** Instructions the app gave the model (a system or developer prompt), not words of the user. */
  system?: boolean
  /** When the text started and finished streaming. */
  time?: TimeSpan
  /** Provider metadata. */
  metadata?: Metadata
}

/** The model's visible reasoning ("thinking"). */
export interface ReasoningPart extends PartBase {
  type: 'reasoning'
  /** The reasoning text (markdown). */
  text: string
  /** Provider metadata. */
  metadata?: Metadata
  /** When the reasoning started and finished; the "Thought for N s" duration comes from here. */
  time: TimeSpan
}

/** A tool call waiting to be executed; its arguments may still be streaming. */
export interface ToolStatePending {
  status: 'pending'
  /** Parsed arguments (may be partial while streaming). */
  input: Metadata
  /** The raw argument text as the model produced it (BR-06). */
  raw: string
}

/** An item of a todo list a tool wrote or read. */
export interface TodoItem {
  content: string
  /** `pending`, `in_progress`, `completed`, `cancelled`, or what the tool said. */
  status: 'pending' | 'in_progress' | 'completed' | 'cancelled' | (string & {})
  priority?: 'high' | 'medium' | 'low' | (string & {})
  id?: string
}

/**
 * What a dedicated view needs to show a tool's work, filled in by converters from what their wire
 * says (opencode's `filediff` and `todowrite` metadata, neovate's `returnDisplay`, …). Views pick by
 * `kind`; a tool without one gets the generic input/output view. `metadata` is never read by views.
 */
export type ToolDisplay =
  | {
      kind: 'diff'
      /** The file changed. */
      file?: string
      /** The whole file before and after, when the wire has them. */
      before?: string
      after?: string
      /** A unified diff, when the wire has one instead. */
      patch?: string
      additions?: number
      deletions?: number
      /** The edit created the file. */
      created?: boolean
    }
  | { kind: 'todos'; todos: TodoItem[] }
  | {
      kind: 'read'
      file?: string
      /** The text read (or its start). */
      excerpt?: string
      /** First line read (1-based) and how many lines. */
      offset?: number
      limit?: number
      /** The read stopped before the end of the file. */
      truncated?: boolean
    }
  | { kind: 'shell'; command: string; description?: string; output?: string; exitCode?: number }
  | {
      kind: 'task'
      /** The sub-agent that did the work. */
      agent?: string
      description?: string
      prompt?: string
      /** What the sub-agent returned (markdown). */
      result?: string
      /** The sub-agent's own session. */
      sessionID?: string
    }

/** The kinds of {@link ToolDisplay}. */
export type ToolDisplayKind = ToolDisplay['kind']

/** A tool call being executed. */
export interface ToolStateRunning {
  status: 'running'
  /** Parsed arguments. */
  input: Metadata
  /** A short title for the call, e.g. a file name or a command. */
  title?: string
  /** Tool-specific live metadata (e.g. partial shell output), kept, not read by views. */
  metadata?: Metadata
  /** What a dedicated view shows while it runs (e.g. the command and its output so far). */
  display?: ToolDisplay
  /** When execution started (BR-07). */
  time: { start: number }
}

/** A tool call that finished normally. */
export interface ToolStateCompleted {
  status: 'completed'
  /** Parsed arguments. */
  input: Metadata
  /** What the tool returned to the model; may be empty (a warning, BR-09: shown as "no output"). */
  output: string
  /** A short title for the call. */
  title: string
  /** Tool-specific metadata as the wire gave it: kept, never read by views. */
  metadata: Metadata
  /** What a dedicated view shows (a diff, a todo list, a shell run…). */
  display?: ToolDisplay
  /** The tool cut its output short (the text is what it kept). */
  truncated?: boolean
  /** Start and end of execution (BR-08); `compacted` when the output was later cleared. */
  time: { start: number; end: number; compacted?: number }
  /** Files the tool produced. */
  attachments?: FilePart[]
}

/** A tool call that failed. */
export interface ToolStateError {
  status: 'error'
  /** Parsed arguments. */
  input: Metadata
  /** What went wrong; never empty (BR-10). */
  error: string
  /** Tool-specific metadata: kept, never read by views. */
  metadata?: Metadata
  /** What a dedicated view shows of the failed run (e.g. the command and its exit code). */
  display?: ToolDisplay
  /** Start and end of execution (BR-08). */
  time: { start: number; end: number }
}

/** The four states of a tool call: pending → running → completed | error. */
export type ToolState = ToolStatePending | ToolStateRunning | ToolStateCompleted | ToolStateError

/** The status names of {@link ToolState}. */
export type ToolStatus = ToolState['status']

/** What a user may answer to a tool's approval request: allow this call, allow such calls from now on, or refuse. */
export type ApprovalChoice = 'once' | 'always' | 'reject'

/** Where an approval stands: asked, then allowed or refused. */
export type ApprovalStatus = 'requested' | 'approved' | 'denied'

/**
 * A tool call that waits for the user's approval, or was answered (a deviation from opencode's
 * model, where permissions are events beside the part: here the card belongs to the call).
 */
export interface ToolApproval {
  /** The id the answer is sent back with (AI SDK `approvalId`, opencode permission id). */
  id: string
  status: ApprovalStatus
  /** What the user may choose, in the order shown. */
  choices: ApprovalChoice[]
  /** What was chosen, once answered (when the wire says). */
  choice?: ApprovalChoice
  /** The reason given with the answer. */
  reason?: string
  /** What is asked, when the wire words it (opencode's permission title). */
  title?: string
  /** Answered by a rule, not by the user. */
  automatic?: boolean
}

/** A call to a tool and its current state. */
export interface ToolPart extends PartBase {
  type: 'tool'
  /** The provider's id for the call, shared by the call and its result. */
  callID: string
  /** Tool name, e.g. `bash`, `edit`, `write`, `todowrite`. */
  tool: string
  /** Where the call stands. */
  state: ToolState
  /** The user's approval, when the call needs it. */
  approval?: ToolApproval
  /** Provider metadata. */
  metadata?: Metadata
}

/** The beginning of one model step (one request to the provider). */
export interface StepStartPart extends PartBase {
  type: 'step-start'
  /** Working-tree snapshot hash taken at the start of the step. */
  snapshot?: string
}

/** Token counts of a step or a message. `total` is present in newer opencode data. */
export interface TokenUsage {
  /** Sum of all counts as the provider reported it. */
  total?: number
  /** Prompt tokens not read from cache. */
  input: number
  /** Completion tokens. */
  output: number
  /** Reasoning tokens. */
  reasoning: number
  /** Prompt-cache reads and writes. */
  cache: { read: number; write: number }
}

/** The end of one model step, with its cost and token usage. */
export interface StepFinishPart extends PartBase {
  type: 'step-finish'
  /** Why the step ended: `stop`, `tool-calls`, `length`, … */
  reason: string
  /** Working-tree snapshot hash taken at the end of the step. */
  snapshot?: string
  /** Cost in USD; may be 0 or a long float. */
  cost: number
  /**
   * The source did not report a cost (chatparts' addition): `cost` is then 0 and no view shows it
   * as a price. Absent means the cost is known, a real 0 included.
   */
  costUnknown?: true
  /** Tokens used by the step. */
  tokens: TokenUsage
}

/** A character range of the prompt text a file or agent mention came from. */
export interface SourceText {
  value: string
  start: number
  end: number
}

/** A file attached from the workspace. */
export interface FileSource {
  type: 'file'
  path: string
  text: SourceText
}

/** A code symbol attached through the language server. */
export interface SymbolSource {
  type: 'symbol'
  path: string
  name: string
  kind: number
  range: { start: { line: number; character: number }; end: { line: number; character: number } }
  text: SourceText
}

/** A resource attached from an MCP server. */
export interface ResourceSource {
  type: 'resource'
  clientName: string
  uri: string
  text: SourceText
}

/** Where a file part came from. */
export type FilePartSource = FileSource | SymbolSource | ResourceSource

/** A file or image attachment. */
export interface FilePart extends PartBase {
  type: 'file'
  /** MIME type, e.g. `image/png`, `application/pdf`, `text/plain`. */
  mime: string
  /** File name shown to the user. */
  filename?: string
  /** Where the content is: a `data:`, `file:` or `https:` URL (subject to the URL policy). */
  url: string
  /** Where the attachment came from. */
  source?: FilePartSource
  /** Size in bytes, when the wire reports it (not in opencode's model; shown on file chips). */
  size?: number
  /** The file is part of the model's reasoning (AI SDK `reasoning-file`; not in opencode's model): shown as such. */
  reasoning?: true
  /** Provider metadata, kept (not in opencode's model; never read by views). */
  metadata?: Metadata
}

/** What a source points at: a web page, or a document the model was given. */
export type SourceRef =
  { kind: 'url'; url: string; title?: string } | { kind: 'document'; mime: string; title: string; filename?: string }

/**
 * A source the reply cites (AI SDK `source-url` / `source-document`; not in opencode's model).
 * Shown in a list under the reply; its URL follows the URL policy like any link.
 */
export interface SourcePart extends PartBase {
  type: 'source'
  /** The wire's id of the source (citations in the text may refer to it). */
  sourceID: string
  source: SourceRef
  /** Provider metadata, kept. */
  metadata?: Metadata
}

/**
 * Data an app streams beside the reply (AI SDK `data-*` parts; not in opencode's model), kept
 * whole and shown by the app's component for its `name`, or a neutral default.
 */
export interface DataPart extends PartBase {
  type: 'data'
  /** The app's name for the data (`weather` for an AI SDK `data-weather` part). */
  name: string
  /** The data, as it came (a later part with the same id replaces it). */
  data: unknown
}

/** A working-tree snapshot hash recorded mid-message. */
export interface SnapshotPart extends PartBase {
  type: 'snapshot'
  snapshot: string
}

/** Files changed by a step, with the snapshot hash they changed from. */
export interface PatchPart extends PartBase {
  type: 'patch'
  hash: string
  files: string[]
}

/** A mention of an agent (`@agent`) in a user prompt. */
export interface AgentPart extends PartBase {
  type: 'agent'
  name: string
  source?: SourceText
}

/** The transcript was compacted (summarised) at this point. */
export interface CompactionPart extends PartBase {
  type: 'compaction'
  /** Whether compaction started by itself (context full) rather than by the user. */
  auto: boolean
  /** Whether the context overflowed. */
  overflow?: boolean
  /** Id of the first message kept after compaction. */
  tail_start_id?: string
}

/** A task handed to a sub-agent. */
export interface SubtaskPart extends PartBase {
  type: 'subtask'
  prompt: string
  description: string
  agent: string
  model?: { providerID: string; modelID: string }
  command?: string
}

/** A provider request that failed and was retried. */
export interface RetryPart extends PartBase {
  type: 'retry'
  /** Attempt number, from 1. */
  attempt: number
  /** The error that caused the retry. */
  error: MessageError
  time: { created: number }
}

/**
 * A part whose `type` this version does not know. Kept whole, never dropped: `original` is the part
 * exactly as it arrived, `originalType` its type. Rendered as a neutral "unsupported part" row.
 */
export interface UnsupportedPart extends PartBase {
  type: 'unsupported'
  /** The `type` the part arrived with (may be empty when it had none). */
  originalType: string
  /** The part exactly as it arrived. */
  original: Metadata
}

/** Every kind of part, discriminated on `type`. */
export type Part =
  | TextPart
  | ReasoningPart
  | ToolPart
  | StepStartPart
  | StepFinishPart
  | FilePart
  | SourcePart
  | DataPart
  | SnapshotPart
  | PatchPart
  | AgentPart
  | RetryPart
  | CompactionPart
  | SubtaskPart
  | UnsupportedPart

/** The `type` names of {@link Part}. */
export type PartType = Part['type']

/** Error names opencode puts on an assistant message; others may appear. */
export type KnownMessageErrorName =
  | 'MessageAbortedError'
  | 'APIError'
  | 'ProviderAuthError'
  | 'UnknownError'
  | 'MessageOutputLengthError'
  | 'StructuredOutputError'
  | 'ContextOverflowError'

/** An error on an assistant message or a retry part: `{ name, data }`. */
export interface MessageError {
  /** Error name, e.g. `MessageAbortedError`, `APIError`. */
  name: KnownMessageErrorName | (string & {})
  /** Error details; `message` is shown to the user when present. */
  data: {
    message?: string
    statusCode?: number
    isRetryable?: boolean
    responseBody?: string
    [key: string]: unknown
  }
}

/** A file changed during a user turn, as kept in the user message's summary. */
export interface FileDiff {
  file: string
  /** Unified diff text. */
  patch?: string
  before?: string
  after?: string
  additions: number
  deletions: number
  status?: 'added' | 'deleted' | 'modified' | (string & {})
}

/** The model a message was sent to. */
export interface ModelRef {
  providerID: string
  modelID: string
  variant?: string
}

/** Metadata of a user message. */
export interface UserInfo {
  id: string
  sessionID: string
  role: 'user'
  time: { created: number }
  /** Present only after context compaction or when the agent summarised the turn (BR-11). */
  summary?: { title?: string; body?: string; diffs: FileDiff[] }
  /** The agent the message was addressed to, e.g. `build`. */
  agent: string
  /** The model the message was sent to. */
  model: ModelRef
  /** A custom system prompt. */
  system?: string
  /** Tools enabled or disabled for this turn. */
  tools?: Record<string, boolean>
  /** Model variant. */
  variant?: string
  /** Fields of another wire format the model does not name, kept so it can be written back. */
  metadata?: Metadata
}

/** Metadata of an assistant message. */
export interface AssistantInfo {
  id: string
  sessionID: string
  role: 'assistant'
  /** `completed` is set when the message finished (BR-14). */
  time: { created: number; completed?: number }
  /** Set when the message failed or was aborted; what streamed before stays visible. */
  error?: MessageError
  /** The user message this answers. */
  parentID: string
  modelID: string
  providerID: string
  /** Deprecated alias of `agent` still written by opencode. */
  mode?: string
  agent: string
  /** Working directory and project root. */
  path: { cwd: string; root: string }
  /** Whether this message is a compaction summary. */
  summary?: boolean
  /** Cost in USD, from the provider's response (BR-12). */
  cost: number
  /** The source did not report a cost (chatparts' addition; see {@link StepFinishPart.costUnknown}). */
  costUnknown?: true
  /** Tokens used (BR-13). */
  tokens: TokenUsage
  /** Structured output, when a JSON schema was requested. */
  structured?: unknown
  variant?: string
  /** Why the message ended: `stop`, `tool-calls`, `length`, … */
  finish?: string
  /** Fields of another wire format the model does not name, kept so it can be written back. */
  metadata?: Metadata
}

/** Metadata of any message, discriminated on `role`. */
export type MessageInfo = UserInfo | AssistantInfo

/** One message with its parts in order. */
export interface WithParts {
  info: MessageInfo
  parts: Part[]
}

/** A session export: the session's own info and its messages. */
export interface SessionExport {
  info: SessionInfo
  messages: WithParts[]
}

/** The session's own info as opencode exports it (only the fields the kit uses are named). */
export interface SessionInfo {
  id: string
  title?: string
  cost?: number
  tokens?: TokenUsage
  time?: { created: number; updated?: number }
  [key: string]: unknown
}
