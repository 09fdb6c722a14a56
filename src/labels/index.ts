/**
 * `chatparts/labels`: every word the kit shows, in English and Simplified Chinese, and the formatters
 * of costs, counts, durations and sizes that follow them. No React: `LabelsProvider` is in `chatparts`.
 */
export {
  type CountLabel,
  en,
  fillCount,
  fillLabel,
  locales,
  mergeLabels,
  zhCN,
  type Labels,
  type Locale,
} from './labels.js'
export { formatBytes, formatCost, formatDuration, formatTokens } from './format.js'
