import { formatDuration } from '../../labels/format.js'
import type { Labels } from '../../labels/labels.js'
import { isRecord } from '../../core/record.js'
import type { ToolDisplay, ToolPart } from '../../core/model/types.js'
import { diffCounts, displayDiffLines } from './diff.js'

/** What a folded tool says on its one line, beside its badge and title. */
export interface ToolSummary {
  /** The argument that tells this call from another: the command, the file, the query (one line, cut). */
  argument?: string | undefined
  /** The same argument whole (up to a few thousand characters), for where the line is cut. */
  fullArgument?: string | undefined
  /** How long it ran, when both ends are known and apart. */
  duration?: string | undefined
  /** Lines added and removed, for an edit. */
  diff?: { added: number; removed: number } | undefined
  /** The exit status of a shell command. */
  exitCode?: number | undefined
  /** Todos done of all, for a todo list. */
  todos?: { done: number; total: number } | undefined
}

/** Input keys that usually name what a call is about, most telling first. */
const KEY_ARGUMENTS = [
  'command',
  'cmd',
  'filePath',
  'file_path',
  'path',
  'file',
  'url',
  'query',
  'q',
  'pattern',
  'description',
  'prompt',
  'name',
]

/** The first line of `text`, at most `max` characters (an ellipsis when cut). */
export function oneLine(text: string, max = 80): string {
  const whole = text.trim()
  const line = whole.split('\n', 1)[0] ?? ''
  if (line.length > max) return `${line.slice(0, max - 1).trimEnd()}…`
  return line.length < whole.length ? `${line} …` : line
}

/** The longest argument a tooltip holds. */
const FULL_ARGUMENT = 4000

function argumentOf(input: unknown, display: ToolDisplay | undefined): string | undefined {
  switch (display?.kind) {
    case 'shell':
      return display.command || undefined
    case 'diff':
    case 'read':
      if (display.file) return display.file
      break
    case 'task':
      return [display.agent, display.description].filter(Boolean).join(' · ') || undefined
    default:
      // A todo list, or no display: the key argument comes from the input.
      break
  }
  if (!isRecord(input)) return undefined
  for (const key of KEY_ARGUMENTS) {
    const value = input[key]
    if (typeof value === 'string' && value.trim() !== '') return value
  }
  // Else the first short text value: the call's only argument, most of the time.
  for (const value of Object.values(input)) if (typeof value === 'string' && value.trim() !== '') return value
  return undefined
}

/**
 * The one-line summary of a tool call: its key argument, duration, diff counts, exit code, todos
 * done. Only what the data has: a duration whose two ends are the same instant (a converter that
 * had no timing) is left out.
 */
export function summarizeTool(part: ToolPart, labels?: Pick<Labels, 'lang' | 'durationUnits'>): ToolSummary {
  const { state } = part
  const display = state.status === 'pending' ? undefined : state.display
  const whole = argumentOf(state.input, display)?.trim()
  const summary: ToolSummary = whole ? { argument: oneLine(whole), fullArgument: whole.slice(0, FULL_ARGUMENT) } : {}
  if ((state.status === 'completed' || state.status === 'error') && state.time.end > state.time.start)
    summary.duration = formatDuration(state.time.end - state.time.start, labels)
  if (display?.kind === 'diff') {
    summary.diff =
      display.additions !== undefined && display.deletions !== undefined
        ? { added: display.additions, removed: display.deletions }
        : diffCounts(displayDiffLines(display))
  } else if (display?.kind === 'shell' && display.exitCode !== undefined) summary.exitCode = display.exitCode
  else if (display?.kind === 'todos')
    summary.todos = {
      done: display.todos.filter((todo) => todo.status === 'completed').length,
      total: display.todos.length,
    }
  return summary
}
