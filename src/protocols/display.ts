/**
 * What converters know about tools, so views do not have to: the typed `display` of a tool state,
 * read from the tool's name and input (the conventions coding agents share: opencode, Claude Code,
 * neovate) and from what a wire records beside the output (opencode's `filediff`, `exit`, `todos`;
 * neovate's `returnDisplay`). Views pick by `display.kind` and never read `metadata`.
 */
import type { Metadata, TodoItem, ToolDisplay } from '../core/model/types.js'
import { isRecord } from './diagnostics.js'

const str = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined)
const int = (value: unknown): number | undefined =>
  typeof value === 'number' && Number.isFinite(value) ? value : undefined

/** The first string among `keys` of `record`. */
function pick(record: Metadata, ...keys: string[]): string | undefined {
  for (const key of keys) {
    const value = str(record[key])
    if (value !== undefined) return value
  }
  return undefined
}

/** Tool names by what they do, lowercased, as the agents name them. */
const SHELL = new Set(['bash', 'shell', 'sh', 'run_shell_command', 'execute_command', 'terminal', 'exec'])
const EDIT = new Set(['edit', 'multiedit', 'str_replace', 'str_replace_editor', 'replace', 'apply_patch', 'patch'])
const WRITE = new Set(['write', 'write_file', 'create_file', 'writefile'])
const TODOS = new Set(['todowrite', 'todoread', 'todo_write', 'todo_read', 'todo', 'update_plan'])
const READ = new Set(['read', 'read_file', 'readfile', 'view', 'cat'])
const TASK = new Set(['task', 'agent', 'subagent', 'dispatch_agent'])

/** Items of a todo list, from any of the shapes agents write (`content`/`text`/`step`, `status`). */
export function todoItems(value: unknown): TodoItem[] | undefined {
  if (!Array.isArray(value)) return undefined
  return value.flatMap((item): TodoItem[] => {
    if (!isRecord(item)) return []
    const content = pick(item, 'content', 'text', 'step', 'title')
    if (content === undefined) return []
    const todo: TodoItem = { content, status: pick(item, 'status', 'state') ?? 'pending' }
    const priority = str(item.priority)
    if (priority) todo.priority = priority
    const id = str(item.id)
    if (id) todo.id = id
    return [todo]
  })
}

/** The file a tool works on, from the input keys agents use. */
const fileOf = (input: Metadata) => pick(input, 'filePath', 'file_path', 'path', 'filename', 'file')

/** A read tool's output without opencode's `<file>` wrapper. */
const excerptOf = (output: string | undefined) =>
  output
    ?.replace(/^<file>\n?/, '')
    .replace(/\n?<\/file>\s*$/, '')
    .replace(/\n$/, '')

/** What a tool's name and input (and, when finished, its output and metadata) say a view should show. */
export function inferDisplay(
  tool: string,
  input: Metadata,
  output?: string,
  metadata: Metadata = {},
): ToolDisplay | undefined {
  const name = tool.toLowerCase()
  if (SHELL.has(name)) {
    const command =
      pick(input, 'command', 'cmd', 'script') ??
      (Array.isArray(input.command) ? input.command.filter((item) => typeof item === 'string').join(' ') : undefined)
    if (command === undefined) return undefined
    const display: ToolDisplay = { kind: 'shell', command }
    const description = pick(input, 'description')
    if (description) display.description = description
    const shown = str(metadata.output) ?? output
    if (shown !== undefined) display.output = shown
    const exit = int(metadata.exit) ?? int(metadata.exitCode) ?? int(metadata.exit_code)
    if (exit !== undefined) display.exitCode = exit
    return display
  }
  if (EDIT.has(name) || WRITE.has(name)) {
    const file = fileOf(input) ?? str(metadata.filepath)
    const withFile = (display: ToolDisplay & { kind: 'diff' }) => (file === undefined ? display : { ...display, file })
    const filediff = isRecord(metadata.filediff) ? metadata.filediff : undefined
    if (filediff && typeof filediff.before === 'string' && typeof filediff.after === 'string') {
      return withFile({ kind: 'diff', before: filediff.before, after: filediff.after, ...counts(filediff) })
    }
    const patch = str(metadata.diff) ?? pick(input, 'patch', 'diff')
    if (patch?.includes('@@')) return withFile({ kind: 'diff', patch })
    const before = pick(input, 'oldString', 'old_string', 'old_str')
    const after = pick(input, 'newString', 'new_string', 'new_str')
    if (before !== undefined && after !== undefined) return withFile({ kind: 'diff', before, after })
    const content = pick(input, 'content', 'file_text', 'text')
    if (content !== undefined && WRITE.has(name))
      return withFile({ kind: 'diff', before: '', after: content, created: metadata.exists !== true })
    return undefined
  }
  if (TODOS.has(name)) {
    const todos =
      [metadata.todos, input.todos, input.plan].map(todoItems).find((list) => list !== undefined && list.length > 0) ??
      todoItems(metadata.todos) ??
      todoItems(input.todos)
    return todos ? { kind: 'todos', todos } : undefined
  }
  if (READ.has(name)) {
    const display: ToolDisplay = { kind: 'read' }
    const file = fileOf(input)
    if (file !== undefined) display.file = file
    const excerpt = excerptOf(output)
    if (excerpt) display.excerpt = excerpt
    const offset = int(input.offset)
    if (offset !== undefined) display.offset = offset
    const limit = int(input.limit)
    if (limit !== undefined) display.limit = limit
    if (metadata.truncated === true) display.truncated = true
    return display.file === undefined && display.excerpt === undefined ? undefined : display
  }
  if (TASK.has(name)) {
    const display: ToolDisplay = { kind: 'task' }
    const agent = pick(input, 'subagent_type', 'agent', 'subagent')
    if (agent) display.agent = agent
    const description = pick(input, 'description')
    if (description) display.description = description
    const prompt = pick(input, 'prompt', 'task')
    if (prompt) display.prompt = prompt
    if (output) display.result = output
    const session = str(metadata.sessionId) ?? str(metadata.sessionID)
    if (session) display.sessionID = session
    return display
  }
  return undefined
}

function counts(record: Metadata): { additions?: number; deletions?: number } {
  const additions = int(record.additions)
  const deletions = int(record.deletions)
  return { ...(additions !== undefined ? { additions } : {}), ...(deletions !== undefined ? { deletions } : {}) }
}
