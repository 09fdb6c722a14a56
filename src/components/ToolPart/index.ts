export { ToolPart, ToolStatusBadge, type ToolPartProps } from './ToolPart.js'
export {
  DiffToolView,
  type DisplayViewProps,
  GenericToolView,
  pickToolView,
  ReadToolView,
  ShellToolView,
  TaskToolView,
  TodoToolView,
  toolViewsByDisplay,
} from './views.js'
