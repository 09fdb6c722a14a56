import type { AssistantInfo, FilePart, Metadata, Part, ToolPart, ToolState, WithParts } from '../../core/model/types.js'
import { type ConvertOptions, type Diagnostic, DiagnosticSink, describeValue, isRecord } from '../diagnostics.js'
import { deriveId, readTime, toEpochMs } from '../ids.js'
import { assistantInfo, userInfo } from '../../core/build.js'
import { type ParseMsgFileOptions, parseMsgFileText } from './parse.js'
import type { MsgAgent, MsgCell, MsgFile } from './types.js'

/** Options of {@link fromMsgFile}. */
export interface MsgFileOptions extends ConvertOptions, ParseMsgFileOptions {
  /** Session id of the canonical messages (default: derived from the text). */
  sessionID?: string
}

/** What {@link fromMsgFile} returns. */
export interface MsgFileImport {
  messages: WithParts[]
  /** Agents declared in the frontmatter and by `definition="agent"` cells. */
  agents: MsgAgent[]
  /** The parsed file, for tools that work on cells. */
  file: MsgFile
  diagnostics: Diagnostic[]
}

/** Where a part came from: the cell's heading and metadata, so it can be written back as it was. */
export type CellOrigin = Pick<MsgCell, 'kind' | 'level' | 'title' | 'id' | 'type' | 'target' | 'attrs'>

const HISTORY_EXCLUDED = new Set(['none', 'exclude', '0', 'false'])
const FAILED = new Set(['failed', 'failure', 'error', 'fail'])

const attr = (cell: MsgCell, key: string) => cell.attrs.find(([name]) => name === key)?.[1]
const origin = (cell: MsgCell): CellOrigin => {
  const kept: CellOrigin = { kind: cell.kind, level: cell.level, title: cell.title, attrs: cell.attrs }
  if (cell.id !== undefined) kept.id = cell.id
  if (cell.type !== undefined) kept.type = cell.type
  if (cell.target !== undefined) kept.target = cell.target
  return kept
}

/** Seconds in `0.5s`, `12`, `1.5 s`, `250ms` → milliseconds. */
function durationMs(value: string | undefined): number | undefined {
  if (value === undefined) return undefined
  const match = /^([\d.]+)\s*(ms|s)?$/.exec(value.trim())
  if (!match) return undefined
  const amount = Number(match[1])
  return Number.isFinite(amount) ? (match[2] === 'ms' ? amount : amount * 1000) : undefined
}

function agentsOf(file: MsgFile): MsgAgent[] {
  const declared = file.frontmatter?.data.agents
  if (Array.isArray(declared)) return declared.flatMap((item) => (isRecord(item) && typeof item.name === 'string' ? [item as MsgAgent] : []))
  if (isRecord(declared)) return Object.entries(declared).map(([name, props]) => ({ ...(isRecord(props) ? props : {}), name }))
  return []
}

function isCodeOutput(cell: MsgCell): boolean {
  return attr(cell, 'mime_type') !== undefined || /^(stdout|stderr)>/m.test(cell.body) || (attr(cell, 'status') !== undefined && (cell.id ?? '').split('.').length === 2)
}

/**
 * Reads a Message File (`.msg.md`, or a `.md` file whose last section holds the messages) into
 * canonical messages. Message cells become user messages (`history=none` text is marked ignored);
 * output cells become the parts of the assistant message that follows them: agent responses as
 * text (or reasoning with `reasoning=1`), tool calls `[^id.nonce]` and their results
 * `[^id.nonce.n]` as one tool part, code outputs (`stdout>`/`stderr>`, base64 with `mime_type`)
 * as a `code` tool part, `[error]` cells as the message's error. Each part keeps its cell's heading
 * and metadata in `metadata.msgfile`, so {@link toMsgFile} writes it back unchanged.
 */
export function fromMsgFile(input: string, options?: MsgFileOptions): MsgFileImport {
  const sink = new DiagnosticSink(options)
  if (typeof input !== 'string') sink.error('BAD_INPUT', `a Message File must be given as text (got ${describeValue(input)})`)
  const text = typeof input === 'string' ? input : ''
  const file = parseMsgFileText(text, sink, options)
  const sessionID = options?.sessionID ?? deriveId('ses', 'msgfile', text.slice(0, 500))
  const agents = agentsOf(file)
  const messages: WithParts[] = []
  let assistant: WithParts | undefined
  const calls = new Map<string, { message: WithParts; partID: string }>()

  const lastUser = () => [...messages].reverse().find((message) => message.info.role === 'user')?.info.id ?? ''

  const openAssistant = (cell: MsgCell, index: number): WithParts => {
    if (assistant) return assistant
    const time = toEpochMs(attr(cell, 'time')) ?? 0
    const info = assistantInfo({ id: deriveId('msg', sessionID, 'cell', index), sessionID, created: time, completed: time, parentID: lastUser(), agent: attr(cell, 'agent') ?? cell.type ?? '' })
    assistant = { info, parts: [] }
    messages.push(assistant)
    return assistant
  }

  file.cells.forEach((cell, index) => {
    const path = [`line ${cell.line}`]
    const partID = deriveId('prt', sessionID, 'cell', index)
    const msgfile: Metadata = { msgfile: origin(cell) }
    const time = readTime(attr(cell, 'time'), sink, [...path, 'time'])
    if (cell.kind === 'message' && cell.type !== 'tool_call') {
      assistant = undefined
      const id = deriveId('msg', sessionID, 'cell', index)
      const info = userInfo({ id, sessionID, created: time ?? 0 })
      const part: Part = { id: partID, sessionID, messageID: id, type: 'text', text: cell.body, metadata: msgfile }
      const history = attr(cell, 'history')
      if (history !== undefined && HISTORY_EXCLUDED.has(history.toLowerCase())) part.ignored = true
      if (attr(cell, 'definition') === 'agent') {
        part.synthetic = true
        const name = attr(cell, 'name')
        if (name) agents.push({ name, definition: cell.body })
      }
      messages.push({ info, parts: [part] })
      return
    }
    const host = openAssistant(cell, index)
    const owner = { sessionID, messageID: host.info.id }
    const type = cell.type ?? ''
    const id = cell.id ?? ''
    if (type === 'error') {
      host.info = { ...(host.info as AssistantInfo), error: { name: 'MessageFileError', data: { message: cell.body || 'error' } } }
      host.parts.push({ ...owner, id: partID, type: 'text', text: cell.body, synthetic: true, metadata: msgfile })
      return
    }
    const isCall = (type === 'tool' && attr(cell, 'name') !== undefined && attr(cell, 'status') === undefined) || type === 'tool_call'
    if (isCall) {
      const name = attr(cell, 'name') ?? attr(cell, 'tool') ?? 'unknown'
      let input: Record<string, unknown> = {}
      const args = attr(cell, 'args') ?? cell.body
      try {
        const parsed: unknown = args.trim() === '' ? {} : JSON.parse(args)
        input = isRecord(parsed) ? parsed : { value: parsed }
      } catch {
        input = { text: args }
      }
      const state: ToolState = { status: 'running', input, time: { start: time ?? host.info.time.created } }
      const part: ToolPart = { ...owner, id: partID, type: 'tool', callID: id || partID, tool: name, state, metadata: { ...msgfile, callBody: cell.body } }
      host.parts.push(part)
      calls.set(type === 'tool_call' ? `tool:${name}` : id, { message: host, partID })
      return
    }
    const isResult = (type === 'tool' && attr(cell, 'status') !== undefined) || type === 'tool_result'
    if (isResult) {
      const key = type === 'tool_result' ? `tool:${attr(cell, 'tool') ?? attr(cell, 'name') ?? ''}` : id.split('.').slice(0, -1).join('.')
      const found = calls.get(key)
      const status = (attr(cell, 'status') ?? 'success').toLowerCase()
      const failed = FAILED.has(status)
      const result = { cell: origin(cell), body: cell.body }
      if (!found) {
        sink.error('ORPHAN_TOOL_RESULT', `tool result [^${id}] has no tool call [^${key}] before it; kept as an orphan tool part`, path)
        const start = time ?? host.info.time.created
        const state: ToolState = failed
          ? { status: 'error', input: {}, error: cell.body || status, metadata: { results: [result] }, time: { start, end: start } }
          : { status: 'completed', input: {}, output: cell.body, title: attr(cell, 'name') ?? '', metadata: { results: [result] }, time: { start, end: start } }
        host.parts.push({ ...owner, id: partID, type: 'tool', callID: key || id, tool: attr(cell, 'name') ?? attr(cell, 'tool') ?? 'unknown', state, metadata: { ...msgfile, orphan: true } })
        return
      }
      found.message.parts = found.message.parts.map((part) => {
        if (part.id !== found.partID || part.type !== 'tool') return part
        const previous = part.state.status === 'completed' || part.state.status === 'error' ? part.state.metadata?.results : undefined
        const results = [...(Array.isArray(previous) ? previous : []), result]
        const start = part.state.status === 'pending' ? (time ?? 0) : part.state.time.start
        const end = start + (durationMs(attr(cell, 'duration')) ?? 0)
        const metadata: Metadata = { results }
        const state: ToolState = failed
          ? { status: 'error', input: part.state.input, error: cell.body || `${part.tool} ${status}`, metadata, time: { start, end } }
          : { status: 'completed', input: part.state.input, output: cell.body, title: part.tool, metadata, time: { start, end } }
        return { ...part, state }
      })
      return
    }
    if (isCodeOutput(cell)) {
      const mime = attr(cell, 'mime_type') ?? 'text/plain'
      const stdout: string[] = []
      const stderr: string[] = []
      for (const line of cell.body.split('\n')) {
        if (line.startsWith('stdout>')) stdout.push(line.slice(7).replace(/^ /, ''))
        else if (line.startsWith('stderr>')) stderr.push(line.slice(7).replace(/^ /, ''))
      }
      const binary = !mime.startsWith('text/') && stdout.length === 0 && stderr.length === 0
      const status = (attr(cell, 'status') ?? 'success').toLowerCase()
      const start = time ?? host.info.time.created
      const end = start + (durationMs(attr(cell, 'duration')) ?? 0)
      const output = binary ? `[${mime} output]` : stdout.length + stderr.length > 0 ? [...stdout, ...stderr].join('\n') : cell.body
      const metadata: Metadata = { stdout: stdout.join('\n'), stderr: stderr.join('\n'), mimeType: mime, body: cell.body }
      const input = { language: type, cell: id.split('.')[0] ?? '' }
      const state: ToolState = FAILED.has(status)
        ? { status: 'error', input, error: stderr.join('\n') || output || status, metadata, time: { start, end } }
        : { status: 'completed', input, output: output || '(no output)', title: type, metadata, time: { start, end } }
      if (binary && state.status === 'completed') {
        const attachment: FilePart = { id: deriveId('prt', partID, 'output'), sessionID, messageID: host.info.id, type: 'file', mime, url: `data:${mime};base64,${cell.body.replace(/\s+/g, '')}` }
        state.attachments = [attachment]
      }
      host.parts.push({ ...owner, id: partID, type: 'tool', callID: id || partID, tool: 'code', state, metadata: msgfile })
      return
    }
    const reasoning = ['1', 'true'].includes(attr(cell, 'reasoning') ?? '')
    const start = time ?? host.info.time.created
    if (reasoning) host.parts.push({ ...owner, id: partID, type: 'reasoning', text: cell.body, time: { start, end: start }, metadata: msgfile })
    else {
      const part: Part = { ...owner, id: partID, type: 'text', text: cell.body, metadata: msgfile }
      const history = attr(cell, 'history')
      if (history !== undefined && HISTORY_EXCLUDED.has(history.toLowerCase())) part.ignored = true
      host.parts.push(part)
    }
    if (!(host.info as AssistantInfo).agent && type) host.info = { ...(host.info as AssistantInfo), agent: attr(cell, 'agent') ?? type }
  })
  return { messages, agents, file, diagnostics: sink.list }
}
