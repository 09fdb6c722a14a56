'use client'
/**
 * `chatparts`: the React components that render AI chat transcripts part by part, the React side
 * of a store, and a `createChatStore` that knows the kit's adapters. Import `chatparts/styles.css`
 * once for the default look.
 *
 * The model, the protocols and the React-free store have entries of their own (`chatparts/core`,
 * `chatparts/protocols`, `chatparts/store`), and so do the optional math and diagram renderers
 * (`chatparts/math`, `chatparts/mermaid`); this one does not repeat them, so a component and the
 * data type of the same name (`TextPart`) never meet: the data types are here as `Model.TextPart`.
 */
export type * as Model from './core/model/types.js'
export * from './components/index.js'
export { createShikiHighlighter, defaultHighlighter, type ShikiHighlighterOptions } from './highlight/shiki.js'
export type { MathRenderer, MathResult } from './math/types.js'
export type { DiagramOptions, DiagramRenderer, DiagramResult } from './diagrams/types.js'
export type { CodeToken, Highlighter, ThemeColors, TokenizedLines } from './highlight/types.js'
export { LabelsProvider, useLabels, type LabelsProviderProps } from './labels/LabelsContext.js'
export { type CountLabel, en, fillCount, fillLabel, zhCN, locales, mergeLabels, type Labels, type Locale } from './labels/labels.js'
export * from './react.js'
export { createChatStore } from './createChatStore.js'
export type { ChatStore, ChatStoreOptions } from './store/chatStore.js'
