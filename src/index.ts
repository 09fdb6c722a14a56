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
export { StepFinishPart, type StepFinishPartProps } from './components/index.js'
export { LabelsProvider, useLabels, type LabelsProviderProps } from './labels/LabelsContext.js'
export { en, zhCN, locales, mergeLabels, type Labels, type Locale } from './labels/labels.js'
export * from './store/index.js'
