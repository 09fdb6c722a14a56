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
// The core exports data types named like these components; naming them here makes the components win.
export {
  AgentPart,
  CompactionPart,
  FilePart,
  PatchPart,
  ReasoningPart,
  RetryPart,
  SnapshotPart,
  StepFinishPart,
  StepStartPart,
  SubtaskPart,
  TextPart,
  ToolPart,
  UnsupportedPart,
} from './components/index.js'
export * from './components/index.js'
export { createShikiHighlighter, defaultHighlighter } from './highlight/shiki.js'
export type { CodeToken, Highlighter, TokenizedLines } from './highlight/types.js'
export { LabelsProvider, useLabels, type LabelsProviderProps } from './labels/LabelsContext.js'
export { en, fillLabel, zhCN, locales, mergeLabels, type Labels, type Locale } from './labels/labels.js'
export * from './store/index.js'
export * from './react.js'
// Named here, so it wins over the store's: the kit's adapters are known by name.
export { createChatStore } from './createChatStore.js'
