import type {
  AgentPart,
  AssistantInfo,
  CompactionPart,
  DataPart,
  FilePart,
  MessageInfo,
  Part,
  PartType,
  PatchPart,
  ReasoningPart,
  RetryPart,
  SnapshotPart,
  SourcePart,
  StepFinishPart,
  StepStartPart,
  SubtaskPart,
  TextPart,
  ToolPart,
  UnsupportedPart,
  UserInfo,
} from './types.js'

/** The part types the model defines (opencode's twelve, then the kit's `source` and `data`), in the order the model lists them. */
export const KNOWN_PART_TYPES = [
  'text',
  'reasoning',
  'tool',
  'step-start',
  'step-finish',
  'file',
  'source',
  'data',
  'snapshot',
  'patch',
  'agent',
  'retry',
  'compaction',
  'subtask',
] as const satisfies readonly PartType[]

/** A part type the model defines (every {@link PartType} but `unsupported`). */
export type KnownPartType = (typeof KNOWN_PART_TYPES)[number]

/** Whether `type` is one of the part types the model defines. */
export function isKnownPartType(type: unknown): type is KnownPartType {
  return typeof type === 'string' && (KNOWN_PART_TYPES as readonly string[]).includes(type)
}

function guard<T extends PartType>(type: T) {
  return (part: Part): part is Extract<Part, { type: T }> => part.type === type
}

/** Whether the part is a {@link TextPart}. */
export const isTextPart: (part: Part) => part is TextPart = guard('text')
/** Whether the part is a {@link ReasoningPart}. */
export const isReasoningPart: (part: Part) => part is ReasoningPart = guard('reasoning')
/** Whether the part is a {@link ToolPart}. */
export const isToolPart: (part: Part) => part is ToolPart = guard('tool')
/** Whether the part is a {@link StepStartPart}. */
export const isStepStartPart: (part: Part) => part is StepStartPart = guard('step-start')
/** Whether the part is a {@link StepFinishPart}. */
export const isStepFinishPart: (part: Part) => part is StepFinishPart = guard('step-finish')
/** Whether the part is a {@link FilePart}. */
export const isFilePart: (part: Part) => part is FilePart = guard('file')
/** Whether the part is a {@link SourcePart}. */
export const isSourcePart: (part: Part) => part is SourcePart = guard('source')
/** Whether the part is a {@link DataPart}. */
export const isDataPart: (part: Part) => part is DataPart = guard('data')
/** Whether the part is a {@link SnapshotPart}. */
export const isSnapshotPart: (part: Part) => part is SnapshotPart = guard('snapshot')
/** Whether the part is a {@link PatchPart}. */
export const isPatchPart: (part: Part) => part is PatchPart = guard('patch')
/** Whether the part is an {@link AgentPart}. */
export const isAgentPart: (part: Part) => part is AgentPart = guard('agent')
/** Whether the part is a {@link RetryPart}. */
export const isRetryPart: (part: Part) => part is RetryPart = guard('retry')
/** Whether the part is a {@link CompactionPart}. */
export const isCompactionPart: (part: Part) => part is CompactionPart = guard('compaction')
/** Whether the part is a {@link SubtaskPart}. */
export const isSubtaskPart: (part: Part) => part is SubtaskPart = guard('subtask')
/** Whether the part is an {@link UnsupportedPart} (a type this version does not know). */
export const isUnsupportedPart: (part: Part) => part is UnsupportedPart = guard('unsupported')

/** Whether the message info is a user's. */
export function isUserInfo(info: MessageInfo): info is UserInfo {
  return info.role === 'user'
}

/** Whether the message info is an assistant's. */
export function isAssistantInfo(info: MessageInfo): info is AssistantInfo {
  return info.role === 'assistant'
}
