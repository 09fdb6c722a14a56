export { builtInPartComponents, PartErrorBoundary, PartView, type PartViewProps, StorePart } from './PartView.js'
