'use client'
/**
 * `chatparts`: the React components that render AI chat transcripts part by part, and the React
 * side of a store. Import `chatparts/styles.css` once for the default look.
 *
 * The model, the React-free store and each protocol have entries of their own (`chatparts/core`,
 * `chatparts/store`, `chatparts/aisdk`, …), and so do the optional math and diagram renderers
 * (`chatparts/math`, `chatparts/mermaid`); this one does not repeat them, so a component and the
 * data type of the same name (`TextPart`) never meet: the data types are here as `Model.TextPart`.
 */
export type * as Model from './core/model/types.js'
export * from './components/index.js'
export { createShikiHighlighter, defaultHighlighter, type ShikiHighlighterOptions } from './highlight/shiki.js'
export type { MathRenderer, MathResult } from './math/types.js'
export type { DiagramOptions, DiagramRenderer, DiagramResult } from './diagrams/types.js'
export type { CodeToken, ColorScheme, Highlighter, ThemeColors, TokenizedLines } from './highlight/types.js'
export { LabelsProvider, useLabels, type LabelsProviderProps } from './labels/LabelsContext.js'
