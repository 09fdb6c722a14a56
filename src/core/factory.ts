import { defaultIdGenerator } from './ids.js'
import type {
  AssistantInfo,
  FilePart,
  FilePartSource,
  Metadata,
  ModelRef,
  Part,
  ReasoningPart,
  StepFinishPart,
  StepStartPart,
  TextPart,
  TokenUsage,
  ToolPart,
  ToolState,
  UserInfo,
  WithParts,
} from './model/types.js'

/** Options every factory accepts. */
export interface CreateOptions {
  /** The id to use (default: a fresh sortable id). */
  id?: string
  /** The time to stamp, in epoch milliseconds (default: `Date.now()`). */
  now?: number
}

/** Options for parts whose text may still be streaming. */
export interface StreamingCreateOptions extends CreateOptions {
  /** Leave `time.end` unset because the text is still arriving (default: false). */
  streaming?: boolean
  /** Provider metadata. */
  metadata?: Metadata
}

const partId = (options: CreateOptions | undefined) => options?.id ?? defaultIdGenerator('prt')
const stamp = (options: CreateOptions | undefined) => options?.now ?? Date.now()

/** Token counts that are all zero. */
export function emptyTokens(): TokenUsage {
  return { input: 0, output: 0, reasoning: 0, cache: { read: 0, write: 0 } }
}

/** Creates a text part; `time` runs from now to now, or stays open while `streaming`. */
export function createTextPart(sessionID: string, messageID: string, text: string, options?: StreamingCreateOptions & { synthetic?: boolean; ignored?: boolean }): TextPart {
  const start = stamp(options)
  const part: TextPart = {
    id: partId(options),
    sessionID,
    messageID,
    type: 'text',
    text,
    time: options?.streaming ? { start } : { start, end: start },
  }
  if (options?.synthetic !== undefined) part.synthetic = options.synthetic
  if (options?.ignored !== undefined) part.ignored = options.ignored
  if (options?.metadata !== undefined) part.metadata = options.metadata
  return part
}

/** Creates a reasoning part; `time` runs from now to now, or stays open while `streaming`. */
export function createReasoningPart(sessionID: string, messageID: string, text: string, options?: StreamingCreateOptions): ReasoningPart {
  const start = stamp(options)
  const part: ReasoningPart = {
    id: partId(options),
    sessionID,
    messageID,
    type: 'reasoning',
    text,
    time: options?.streaming ? { start } : { start, end: start },
  }
  if (options?.metadata !== undefined) part.metadata = options.metadata
  return part
}

/** Creates a tool part around a state made by the tool-state machine. */
export function createToolPart(sessionID: string, messageID: string, callID: string, tool: string, state: ToolState, options?: CreateOptions & { metadata?: Metadata }): ToolPart {
  const part: ToolPart = { id: partId(options), sessionID, messageID, type: 'tool', callID, tool, state }
  if (options?.metadata !== undefined) part.metadata = options.metadata
  return part
}

/** Creates a step-start part. */
export function createStepStartPart(sessionID: string, messageID: string, options?: CreateOptions & { snapshot?: string }): StepStartPart {
  const part: StepStartPart = { id: partId(options), sessionID, messageID, type: 'step-start' }
  if (options?.snapshot !== undefined) part.snapshot = options.snapshot
  return part
}

/** Creates a step-finish part; the tokens are copied, never shared. */
export function createStepFinishPart(sessionID: string, messageID: string, reason: string, cost: number, tokens: TokenUsage, options?: CreateOptions & { snapshot?: string }): StepFinishPart {
  const part: StepFinishPart = {
    id: partId(options),
    sessionID,
    messageID,
    type: 'step-finish',
    reason,
    cost,
    tokens: { ...tokens, cache: { ...tokens.cache } },
  }
  if (options?.snapshot !== undefined) part.snapshot = options.snapshot
  return part
}

/** Creates a file part. */
export function createFilePart(sessionID: string, messageID: string, file: { mime: string; url: string; filename?: string; source?: FilePartSource }, options?: CreateOptions): FilePart {
  return { id: partId(options), sessionID, messageID, type: 'file', ...file }
}

/** Creates the info of a user message. */
export function createUserInfo(sessionID: string, init: { agent: string; model: ModelRef }, options?: CreateOptions): UserInfo {
  return {
    id: options?.id ?? defaultIdGenerator('msg'),
    sessionID,
    role: 'user',
    time: { created: stamp(options) },
    agent: init.agent,
    model: { ...init.model },
  }
}

/** Creates the info of an assistant message that has not finished: zero cost and tokens, no `completed`. */
export function createAssistantInfo(
  sessionID: string,
  init: { parentID: string; modelID: string; providerID: string; agent: string; path?: { cwd: string; root: string } },
  options?: CreateOptions,
): AssistantInfo {
  return {
    id: options?.id ?? defaultIdGenerator('msg'),
    sessionID,
    role: 'assistant',
    time: { created: stamp(options) },
    parentID: init.parentID,
    modelID: init.modelID,
    providerID: init.providerID,
    mode: init.agent,
    agent: init.agent,
    path: init.path ? { ...init.path } : { cwd: '', root: '' },
    cost: 0,
    tokens: emptyTokens(),
  }
}

/** Puts a message together, keeping the parts in the order given (order matters to the model). */
export function createWithParts<I extends UserInfo | AssistantInfo>(info: I, parts: Part[] = []): WithParts & { info: I } {
  return { info, parts: [...parts] }
}
