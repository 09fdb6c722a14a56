export { ToolPart, ToolStatusBadge, type ToolPartProps } from './ToolPart.js'
export { BashToolView, builtInToolViews, DiffToolView, GenericToolView, pickToolView, ReadToolView, TodoToolView } from './views.js'
