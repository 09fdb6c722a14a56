/**
 * `chatparts`: React components that render AI chat transcripts part by part, plus everything a
 * React app needs alongside them. Import `chatparts/styles.css` once for the default look.
 *
 * Components take the names of the parts they render (`StepFinishPart`, …); the part data types of
 * the same names come from `chatparts/core`, or from here as `Model.StepFinishPart`.
 */
export * from './core/index.js'
export * from './protocols/index.js'
export type * as Model from './core/model/types.js'
// Components are listed by name: a named export wins over the core's data type of the same name.
export { AgentPart, CompactionPart, PatchPart, RetryPart, SnapshotPart, SubtaskPart, UnsupportedPart } from './components/CompactParts/index.js'
export {
  ChatpartsProvider,
  type ChatpartsProviderProps,
  type PartComponentProps,
  type PartComponents,
  type RenderConfig,
  type ToolViewProps,
  type ToolViews,
  useRenderConfig,
} from './components/config.js'
export { CodeBlock, type CodeBlockProps } from './components/Markdown/CodeBlock.js'
export { Markdown, type MarkdownProps } from './components/Markdown/Markdown.js'
export { FilePart, formatBytes, type FilePartProps } from './components/FilePart/index.js'
export { Message, MessageView, type MessageProps, type MessageViewProps } from './components/MessageView/index.js'
export { builtInPartComponents, PartErrorBoundary, PartView, type PartViewProps, StorePart } from './components/PartView/index.js'
export { ReasoningPart, type ReasoningPartProps } from './components/ReasoningPart/index.js'
export { StepFinishPart, type StepFinishPartProps } from './components/StepFinishPart/index.js'
export { StepStartPart, type StepStartPartProps } from './components/StepStartPart/index.js'
export { TextPart, type TextPartProps } from './components/TextPart/index.js'
export {
  BashToolView,
  builtInToolViews,
  DiffToolView,
  GenericToolView,
  pickToolView,
  ReadToolView,
  TodoToolView,
  ToolPart,
  ToolStatusBadge,
  type ToolPartProps,
} from './components/ToolPart/index.js'
export { Transcript, type TranscriptProps } from './components/Transcript/index.js'
export { createUrlPolicy, defaultUrlPolicy, type UrlPolicy, type UrlPolicyOptions } from './components/urlPolicy.js'
export { createShikiHighlighter, defaultHighlighter } from './highlight/shiki.js'
export type { CodeToken, Highlighter, TokenizedLines } from './highlight/types.js'
export { LabelsProvider, useLabels, type LabelsProviderProps } from './labels/LabelsContext.js'
export { en, fillLabel, zhCN, locales, mergeLabels, type Labels, type Locale } from './labels/labels.js'
export * from './store/index.js'
