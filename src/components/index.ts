export {
  AgentPart,
  CompactionPart,
  PatchPart,
  RetryPart,
  SnapshotPart,
  SubtaskPart,
  UnsupportedPart,
} from './CompactParts/index.js'
export {
  type ApprovalAnswer,
  ChatpartsProvider,
  type ChatpartsProviderProps,
  type DataViewProps,
  type DataViews,
  type PartComponentProps,
  type PartComponents,
  type RenderConfig,
  type ToolViewProps,
  type ToolViews,
  useRenderConfig,
} from './shared/config.js'
export { DataPart, type DataPartProps } from './DataPart/DataPart.js'
export { SourceList, type SourceListProps, SourcePart, type SourcePartProps } from './SourcePart/SourcePart.js'
export { ApprovalCard } from './ToolPart/ApprovalCard.js'
export { CodeBlock, type CodeBlockProps } from './Markdown/CodeBlock.js'
export { Markdown, type MarkdownProps, preloadMarkdown } from './Markdown/Markdown.js'
export { Formula, type FormulaProps } from './Markdown/Formula.js'
export { Diagram, type DiagramProps } from './Markdown/Diagram.js'
export { FilePart, type FilePartProps } from './FilePart/index.js'
export {
  type HeadingLevel,
  Message,
  type MessageLayout,
  messageText,
  MessageView,
  type MessageProps,
  type MessageViewProps,
} from './MessageView/index.js'
export { builtInPartComponents, PartErrorBoundary, PartView, type PartViewProps, StorePart } from './PartView/index.js'
export { ReasoningPart, type ReasoningPartProps } from './ReasoningPart/index.js'
export { StepFinishPart, type StepFinishPartProps } from './StepFinishPart/index.js'
export { StepStartPart, type StepStartPartProps } from './StepStartPart/index.js'
export { TextPart, type TextPartProps } from './TextPart/index.js'
export {
  DiffToolView,
  type DisplayViewProps,
  GenericToolView,
  pickToolView,
  ReadToolView,
  ShellToolView,
  TaskToolView,
  TodoToolView,
  ToolPart,
  ToolStatusBadge,
  type ToolPartProps,
  toolViewsByDisplay,
} from './ToolPart/index.js'
export { type ScrollTarget, Transcript, type TranscriptHandle, type TranscriptProps } from './Transcript/index.js'
export { hasUsage, Usage, type UsageProps, type UsageRow } from './shared/UsageSummary.js'
export { ToolGroup, type ToolGroupProps } from './ToolPart/ToolGroup.js'
export { Icon, type IconName } from './shared/Icon.js'
export { createUrlPolicy, defaultUrlPolicy, type UrlPolicy, type UrlPolicyOptions } from './shared/urlPolicy.js'
export { FindBar, type FindBarProps } from './Find/FindBar.js'
export { FindRegion, type FindRegionProps } from './Find/FindRegion.js'
export { TranscriptOutline, type TranscriptOutlineProps } from './TranscriptOutline/TranscriptOutline.js'
