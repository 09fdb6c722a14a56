import type { ComponentType } from 'react'
import type { Metadata, ToolPart } from '../../core/model/types.js'
import { isRecord, ownEntry } from '../../core/record.js'
import { fillLabel } from '../../labels/labels.js'
import { useLabels } from '../../labels/LabelsContext.js'
import type { ToolViewProps, ToolViews } from '../config.js'
import { type DiffLine, diffCounts, diffLines, foldContext, parseUnifiedDiff } from './diff.js'
import { LongText } from './LongText.js'

const str = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined)

/** The tool's metadata, whatever its state. */
const metadataOf = (part: ToolPart): Metadata => ('metadata' in part.state && part.state.metadata) || {}
/** A neovate `returnDisplay` object kept by the toolmessage2 conversion. */
const displayOf = (part: ToolPart): Record<string, unknown> | undefined => {
  const display = metadataOf(part).returnDisplay
  return isRecord(display) ? display : undefined
}
const outputOf = (part: ToolPart): string | undefined => (part.state.status === 'completed' ? part.state.output : undefined)

function pretty(value: unknown): string {
  try {
    return JSON.stringify(value, null, 2) ?? String(value)
  } catch {
    return String(value)
  }
}

/** Input, output or error of a tool, for any tool. */
function InputSection({ part }: ToolViewProps) {
  const labels = useLabels()
  const { state } = part
  const empty = Object.keys(state.input).length === 0
  if (empty && state.status === 'pending' && state.raw) return <Section title={labels.input} text={state.raw} />
  if (empty) return null
  return <Section title={labels.input} text={pretty(state.input)} />
}

function Section({ title, text }: { title: string; text: string }) {
  return (
    <section className="cp-tool__section">
      <div className="cp-tool__section-title">{title}</div>
      <LongText text={text} label={title} />
    </section>
  )
}

/** The error text of a failed tool, or the output of a completed one, with a truncation mark. */
export function ToolResult({ part, output }: ToolViewProps & { output?: string | undefined }) {
  const labels = useLabels()
  const { state } = part
  if (state.status === 'error') {
    return (
      <section className="cp-tool__section cp-tool__error">
        <div className="cp-tool__section-title">{labels.error}</div>
        <LongText text={state.error} label={labels.error} />
      </section>
    )
  }
  const text = output ?? outputOf(part)
  if (text === undefined || text === '') return null
  return (
    <section className="cp-tool__section">
      <div className="cp-tool__section-title">{labels.output}</div>
      <LongText text={text} label={labels.output} />
      {metadataOf(part).truncated === true ? <p className="cp-tool__truncated">{labels.truncated}</p> : null}
    </section>
  )
}

/** Any tool: its input as JSON and its output or error. */
export function GenericToolView(props: ToolViewProps) {
  return (
    <>
      <InputSection {...props} />
      <ToolResult {...props} />
    </>
  )
}

/** A shell command (opencode `bash`): the command, its output and its exit status. */
export function BashToolView({ part }: ToolViewProps) {
  const labels = useLabels()
  const metadata = metadataOf(part)
  const command = str(part.state.input.command) ?? ''
  const exit = typeof metadata.exit === 'number' ? metadata.exit : undefined
  const output = str(metadata.output) ?? outputOf(part)
  return (
    <>
      <div className="cp-bash__command">
        <code>
          <span aria-hidden="true">$ </span>
          {command}
        </code>
        {exit !== undefined ? (
          <span className="cp-bash__exit" data-ok={exit === 0 || undefined}>
            {fillLabel(labels.exitCode, { code: exit })}
          </span>
        ) : null}
      </div>
      <ToolResult part={part} output={output} />
    </>
  )
}

function resolveContent(value: unknown, input: Metadata): string | undefined {
  if (typeof value === 'string') return value
  if (isRecord(value) && typeof value.inputKey === 'string') return str(input[value.inputKey])
  return undefined
}

/** The diff a file-changing tool made, from whatever its protocol recorded. */
export function toolDiff(part: ToolPart): { file?: string; lines: DiffLine[]; created: boolean } | undefined {
  const { input } = part.state
  const metadata = metadataOf(part)
  const display = displayOf(part)
  const file = str(input.filePath) ?? str(input.file_path) ?? str(display?.filePath) ?? str(metadata.filepath)
  const withFile = (lines: DiffLine[], created = false) => (file === undefined ? { lines, created } : { file, lines, created })
  if (display?.type === 'diff_viewer') {
    const before = resolveContent(display.originalContent, input) ?? ''
    const after = resolveContent(display.newContent, input) ?? ''
    return withFile(diffLines(before, after))
  }
  const filediff = isRecord(metadata.filediff) ? metadata.filediff : undefined
  if (filediff && typeof filediff.before === 'string' && typeof filediff.after === 'string') return withFile(diffLines(filediff.before, filediff.after))
  if (typeof metadata.diff === 'string' && metadata.diff.includes('@@')) return withFile(parseUnifiedDiff(metadata.diff))
  const oldText = str(input.oldString) ?? str(input.old_string)
  const newText = str(input.newString) ?? str(input.new_string)
  if (oldText !== undefined && newText !== undefined) return withFile(diffLines(oldText, newText))
  const content = str(input.content)
  if (content !== undefined) return withFile(diffLines('', content), metadata.exists !== true)
  return undefined
}

const SIGN = { add: '+', remove: '−', context: ' ', skip: '⋯' } as const

/** A file edit as a unified diff with +/− counts (opencode `edit`/`write`, neovate `diff_viewer`). */
export function DiffToolView(props: ToolViewProps) {
  const labels = useLabels()
  const diff = toolDiff(props.part)
  if (!diff) return <GenericToolView {...props} />
  const counts = diffCounts(diff.lines)
  const folded = foldContext(diff.lines)
  return (
    <>
      <div className="cp-diff__header">
        {diff.file ? <code className="cp-diff__file">{diff.file}</code> : null}
        {diff.created ? <span className="cp-diff__new">{labels.newFile}</span> : null}
        <span className="cp-diff__counts">
          <span className="cp-diff__added">+{counts.added}</span> <span className="cp-diff__removed">−{counts.removed}</span>
        </span>
      </div>
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard */}
      <pre className="cp-diff" tabIndex={0} aria-label={fillLabel(labels.diffCounts, counts)}>
        {folded.map((line, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a diff line is its place
          <span key={i} className="cp-diff__line" data-kind={line.kind}>
            <span className="cp-diff__sign" aria-hidden={line.kind === 'context' || undefined}>
              {SIGN[line.kind]}
            </span>
            {line.kind === 'skip' ? (line.count ? fillLabel(labels.linesHidden, { count: line.count }) : '') : line.text}
            {'\n'}
          </span>
        ))}
      </pre>
      {props.part.state.status === 'error' ? <ToolResult {...props} /> : null}
    </>
  )
}

interface Todo {
  content: string
  status: string
  priority?: string
}

function todosOf(part: ToolPart): Todo[] | undefined {
  const display = displayOf(part)
  const candidates = [metadataOf(part).todos, display?.newTodos, display?.todos, part.state.input.todos]
  const list = candidates.find((candidate) => Array.isArray(candidate) && candidate.length > 0) ?? candidates.find(Array.isArray)
  if (!Array.isArray(list)) return undefined
  return list.flatMap((item) =>
    isRecord(item) && typeof item.content === 'string' ? [{ content: item.content, status: str(item.status) ?? 'pending', ...(str(item.priority) ? { priority: str(item.priority) as string } : {}) }] : [],
  )
}

const TODO_ICON: Record<string, string> = { pending: '○', in_progress: '◐', completed: '●', cancelled: '⊘' }

/** A todo list with each item's state (opencode `todowrite`, neovate `todo_read`/`todo_write`). */
export function TodoToolView(props: ToolViewProps) {
  const labels = useLabels()
  const todos = todosOf(props.part)
  if (!todos) return <GenericToolView {...props} />
  return (
    <>
      <ul className="cp-todos" aria-label={labels.todos}>
        {todos.map((todo, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: todos may repeat their text
          <li key={i} className="cp-todo" data-state={todo.status}>
            <span className="cp-todo__icon" aria-hidden="true">
              {ownEntry(TODO_ICON, todo.status) ?? '○'}
            </span>
            <span className="cp-todo__content">{todo.content}</span>
            <span className="cp-todo__status">{ownEntry<string>(labels.todoStatus, todo.status) ?? todo.status}</span>
            {todo.priority ? <span className="cp-todo__priority">{todo.priority}</span> : null}
          </li>
        ))}
      </ul>
      {props.part.state.status === 'error' ? <ToolResult {...props} /> : null}
    </>
  )
}

/** A file read: the path and an excerpt of what was read. */
export function ReadToolView(props: ToolViewProps) {
  const labels = useLabels()
  const { input } = props.part.state
  const file = str(input.filePath) ?? str(input.file_path) ?? str(input.path)
  const output = outputOf(props.part)
  const excerpt = output?.replace(/^<file>\n?/, '').replace(/\n?<\/file>\s*$/, '').replace(/\n$/, '')
  return (
    <>
      <div className="cp-read__header">
        {file ? <code className="cp-read__file">{file}</code> : null}
        {excerpt ? <span className="cp-read__lines">{fillLabel(labels.readLines, { lines: excerpt.split('\n').length })}</span> : null}
      </div>
      {props.part.state.status === 'error' ? <ToolResult {...props} /> : excerpt ? <LongText text={excerpt} label={labels.output} maxLines={8} /> : null}
    </>
  )
}

/** The views that ship with the kit, by tool name. */
export const builtInToolViews: ToolViews = {
  bash: BashToolView,
  shell: BashToolView,
  edit: DiffToolView,
  write: DiffToolView,
  multiedit: DiffToolView,
  todowrite: TodoToolView,
  todoread: TodoToolView,
  todo_write: TodoToolView,
  todo_read: TodoToolView,
  todoWrite: TodoToolView,
  todoRead: TodoToolView,
  read: ReadToolView,
}

/** The view for a tool part: the host's by name, the kit's by name, by what it returned, or generic. */
export function pickToolView(part: ToolPart, tools: ToolViews): ComponentType<ToolViewProps> {
  const named = ownEntry(tools, part.tool) ?? ownEntry(builtInToolViews, part.tool)
  if (named) return named
  const display = displayOf(part)?.type
  if (display === 'diff_viewer') return DiffToolView
  if (display === 'todo_read' || display === 'todo_write') return TodoToolView
  return GenericToolView
}
