import {
  assistantInfo,
  filePart,
  idOr,
  messageError,
  reasoningPart,
  runningState,
  textPart,
  toolPart,
  toolResult,
  userInfo,
} from '../../core/build.js'
import type { AssistantInfo, Metadata, WithParts } from '../../core/model/types.js'
import { type ConvertOptions, type Diagnostic, DiagnosticSink, describeValue, isRecord } from '../diagnostics.js'
import { inferDisplay } from '../display.js'
import { deriveId, parseJsonObject, readTime, toEpochMs } from '../ids.js'
import { Conversation } from '../pairing.js'
import { type ParseMsgFileOptions, parseMsgFileText } from './decode.js'
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
  if (Array.isArray(declared))
    return declared.flatMap((item) => (isRecord(item) && typeof item.name === 'string' ? [item as MsgAgent] : []))
  if (isRecord(declared))
    return Object.entries(declared).map(([name, props]) => ({ ...(isRecord(props) ? props : {}), name }))
  return []
}

function isCodeOutput(cell: MsgCell): boolean {
  return (
    attr(cell, 'mime_type') !== undefined ||
    /^(stdout|stderr)>/m.test(cell.body) ||
    (attr(cell, 'status') !== undefined && (cell.id ?? '').split('.').length === 2)
  )
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
  if (typeof input !== 'string')
    sink.error('BAD_INPUT', `a Message File must be given as text (got ${describeValue(input)})`)
  const text = typeof input === 'string' ? input : ''
  const file = parseMsgFileText(text, sink, options)
  const sessionID = options?.sessionID ?? deriveId('ses', 'msgfile', text.slice(0, 500))
  const agents = agentsOf(file)
  const conversation = new Conversation(sessionID, sink)
  let assistant: WithParts | undefined

  const openAssistant = (cell: MsgCell, index: number): WithParts => {
    if (assistant) return assistant
    const time = toEpochMs(attr(cell, 'time')) ?? 0
    const info = assistantInfo({
      id: deriveId('msg', sessionID, 'cell', index),
      sessionID,
      created: time,
      completed: time,
      parentID: conversation.last('user')?.info.id ?? '',
      agent: attr(cell, 'agent') ?? cell.type ?? '',
    })
    assistant = conversation.add({ info, parts: [] })
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
      const history = attr(cell, 'history')
      const agent = attr(cell, 'definition') === 'agent'
      if (agent) {
        const name = attr(cell, 'name')
        if (name) agents.push({ name, definition: cell.body })
      }
      const part = textPart({ id: partID, sessionID, messageID: id }, cell.body, {
        metadata: msgfile,
        synthetic: agent,
        ignored: history !== undefined && HISTORY_EXCLUDED.has(history.toLowerCase()),
      })
      conversation.add({ info: userInfo({ id, sessionID, created: time ?? 0 }), parts: [part] })
      return
    }
    const host = openAssistant(cell, index)
    const ids = { id: partID, sessionID, messageID: host.info.id }
    const type = cell.type ?? ''
    const id = cell.id ?? ''
    if (type === 'error') {
      host.info = {
        ...(host.info as AssistantInfo),
        error: messageError('MessageFileError', { message: cell.body || 'error' }),
      }
      conversation.push(host, textPart(ids, cell.body, { synthetic: true, metadata: msgfile }))
      return
    }
    const isCall =
      (type === 'tool' && attr(cell, 'name') !== undefined && attr(cell, 'status') === undefined) ||
      type === 'tool_call'
    if (isCall) {
      const name = attr(cell, 'name') || attr(cell, 'tool') || 'unknown'
      let input: Record<string, unknown> = {}
      const args = attr(cell, 'args') ?? cell.body
      if (args.trim() !== '') {
        const parsed = parseJsonObject(args)
        if ('input' in parsed) input = parsed.input
        else {
          sink.warn(
            'ARGS_PARSE_FAILED',
            `the arguments of tool call [^${id}] are not a JSON object (${parsed.error}); kept as text`,
            path,
          )
          input = { text: args }
        }
      }
      const display = inferDisplay(name, input)
      const state = runningState({ input, start: time ?? host.info.time.created, ...(display ? { display } : {}) })
      // A `tool_call` cell is answered by the next `tool_result` of the same tool; a `[tool]` cell by `[^id.n]` cells.
      const callID = type === 'tool_call' ? `tool:${name}` : idOr(id, partID)
      conversation.call(
        host,
        toolPart(ids, { callID, tool: name, state, metadata: { ...msgfile, callBody: cell.body } }),
        path,
      )
      return
    }
    const isResult = (type === 'tool' && attr(cell, 'status') !== undefined) || type === 'tool_result'
    if (isResult) {
      const key =
        type === 'tool_result'
          ? `tool:${attr(cell, 'tool') || attr(cell, 'name') || 'unknown'}`
          : id.split('.').slice(0, -1).join('.')
      const status = (attr(cell, 'status') ?? 'success').toLowerCase()
      const failed = FAILED.has(status)
      const result = { cell: origin(cell), body: cell.body }
      const name = attr(cell, 'name') || attr(cell, 'tool')
      // A call may have several result cells (`[^id.1]`, `[^id.2]`): each adds to the same tool part.
      conversation.result(
        {
          callID: key || idOr(id, partID),
          ...(name ? { tool: name } : {}),
          orphanID: partID,
          path,
          time: time ?? host.info.time.created,
          metadata: msgfile,
          state: (call) => {
            const previous =
              call && (call.state.status === 'completed' || call.state.status === 'error')
                ? call.state.metadata?.results
                : undefined
            const results = [...(Array.isArray(previous) ? (previous as unknown[]) : []), result]
            const start =
              call && call.state.status !== 'pending' ? call.state.time.start : (time ?? host.info.time.created)
            const end = call ? start + (durationMs(attr(cell, 'duration')) ?? 0) : start
            const tool = call?.tool ?? name ?? 'unknown'
            const display = call ? inferDisplay(tool, call.state.input, cell.body) : undefined
            return toolResult({
              input: call?.state.input ?? {},
              start,
              end,
              output: failed ? cell.body || `${tool} ${status}` : cell.body,
              isError: failed,
              title: call ? tool : (name ?? ''),
              metadata: { results },
              ...(display ? { display } : {}),
            })
          },
        },
        { answered: 'merge' },
      )
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
      const output = binary
        ? `[${mime} output]`
        : stdout.length + stderr.length > 0
          ? [...stdout, ...stderr].join('\n')
          : cell.body
      const metadata: Metadata = {
        stdout: stdout.join('\n'),
        stderr: stderr.join('\n'),
        mimeType: mime,
        body: cell.body,
      }
      const input = { language: type, cell: id.split('.')[0] ?? '' }
      const attachments = binary
        ? [
            filePart(
              { id: deriveId('prt', partID, 'output'), sessionID, messageID: host.info.id },
              { mime, url: `data:${mime};base64,${cell.body.replace(/\s+/g, '')}` },
            ),
          ]
        : []
      const failed = FAILED.has(status)
      const state = toolResult({
        input,
        start,
        end,
        output: failed ? stderr.join('\n') || output || status : output,
        isError: failed,
        title: type,
        metadata,
        attachments,
      })
      conversation.push(host, toolPart(ids, { callID: idOr(id, partID), tool: 'code', state, metadata: msgfile }))
      return
    }
    const reasoning = ['1', 'true'].includes(attr(cell, 'reasoning') ?? '')
    const start = time ?? host.info.time.created
    if (reasoning) conversation.push(host, reasoningPart(ids, cell.body, { start, end: start }, msgfile))
    else {
      const history = attr(cell, 'history')
      conversation.push(
        host,
        textPart(ids, cell.body, {
          metadata: msgfile,
          ignored: history !== undefined && HISTORY_EXCLUDED.has(history.toLowerCase()),
        }),
      )
    }
    if (!(host.info as AssistantInfo).agent && type)
      host.info = { ...(host.info as AssistantInfo), agent: attr(cell, 'agent') ?? type }
  })
  const messages = conversation.finish()
  return { messages, agents, file, diagnostics: sink.list }
}
