/**
 * A transcript as a Markdown document: for saving a session, pasting it into an issue, or reading
 * it where no kit runs. Pure and React-free; the same messages always give the same text.
 */
import { isoTime } from '../core/numbers.js'
import { formatCost, formatDuration, formatTokens } from '../labels/format.js'
import type { FilePart, Part, ToolPart, WithParts } from '../core/model/types.js'
import { isRecord } from '../core/record.js'
import { messageTotals, type Totals, transcriptTotals } from '../core/totals.js'

/** Options of {@link toMarkdown}. */
export interface ToMarkdownOptions {
  /** Reasoning as a block quote (default), folded in `<details>`, or left out. */
  reasoning?: 'quote' | 'details' | 'omit'
  /** The document's title, as its `#` heading (default: none). */
  title?: string
  /** A heading per message with its author and time (default: true); off for one message copied alone. */
  headings?: boolean
  /** Each message's cost and tokens under it, and the session's at the end (default: true). */
  usage?: boolean
  /** Links kept as links; any other URL (`javascript:`, `data:`, relative) is written as plain text (default: http, https, mailto). */
  linkProtocols?: readonly string[]
}

const DEFAULT_PROTOCOLS = ['http:', 'https:', 'mailto:']

/** A code fence longer than any run of backticks in `text`, so no content can close it. */
export function fenceFor(text: string): string {
  let longest = 0
  for (const run of text.matchAll(/`+/g)) longest = Math.max(longest, run[0].length)
  return '`'.repeat(Math.max(3, longest + 1))
}

/** `text` as a fenced code block that reads back as exactly `text`. */
function fenced(text: string, lang = ''): string {
  const fence = fenceFor(text)
  return `${fence}${lang}\n${text}${text.endsWith('\n') || text === '' ? '' : '\n'}${fence}`
}

/**
 * Text that Markdown shows as written, on one line, never at a line's start: the marks that act
 * mid-line are escaped (emphasis, code, links, HTML, tables, strikethrough, a heading's closing #).
 */
function plain(text: string): string {
  return text.replace(/\s+/g, ' ').replace(/[\\`*_[\]<>#|~]/g, '\\$&')
}

/** The model's Markdown, with a code fence it left open closed, so it cannot swallow what follows. */
export function closeOpenFence(text: string): string {
  let open: { char: string; length: number } | null = null
  for (const line of text.split('\n')) {
    const fence = /^ {0,3}(`{3,}|~{3,})/.exec(line)
    if (!fence) continue
    const marks = fence[1] as string
    // What follows the marks (a run of the same mark is part of them: the regex took it whole).
    const rest = line.slice(fence[0].length)
    if (!open) {
      // A backtick fence's info string has no backtick (else the line is not a fence).
      if (marks[0] === '`' && rest.includes('`')) continue
      open = { char: marks[0] as string, length: marks.length }
    } else if (marks[0] === open.char && marks.length >= open.length && rest.trim() === '') open = null
  }
  return open ? `${text}\n${open.char.repeat(open.length)}` : text
}

function quoted(text: string): string {
  return text
    .split('\n')
    .map((line) => (line === '' ? '>' : `> ${line}`))
    .join('\n')
}

function json(value: unknown): string {
  try {
    return JSON.stringify(value, null, 2) ?? String(value)
  } catch {
    return String(value)
  }
}

function usageLine(totals: Totals): string {
  const parts = [
    totals.costKnown ? formatCost(totals.cost) : '',
    totals.tokens.total > 0 ? `${formatTokens(totals.tokens.total)} tokens` : '',
  ].filter(Boolean)
  return parts.join(' · ')
}

function link(text: string, url: string, protocols: readonly string[]): string {
  let allowed: boolean
  try {
    allowed = protocols.includes(new URL(url).protocol)
  } catch {
    allowed = false
  }
  return allowed
    ? `[${plain(text)}](<${url.replace(/[<>\s]/g, encodeURIComponent)}>)`
    : `${plain(text)} (${plain(url.startsWith('data:') ? 'inline data' : url)})`
}

function tool(part: ToolPart): string {
  const state = part.state
  const status = typeof state?.status === 'string' ? state.status : 'unknown'
  const title = 'title' in state && typeof state.title === 'string' && state.title ? state.title : ''
  const time: Record<string, unknown> | undefined = 'time' in state && isRecord(state.time) ? state.time : undefined
  const [start, end] = [time?.start, time?.end]
  const duration =
    typeof start === 'number' && typeof end === 'number' && end > start ? formatDuration(end - start) : ''
  const approval = isRecord(part.approval) && typeof part.approval.status === 'string' ? part.approval.status : ''
  const head = [
    `**Tool \`${part.tool.replace(/`/g, "'")}\`**`,
    title ? plain(title) : '',
    [status, approval, duration].filter(Boolean).join(', '),
  ]
    .filter(Boolean)
    .join(' — ')
  const lines = [head, '', 'Input:', '', fenced(json(state?.input ?? {}), 'json')]
  if (state.status === 'completed')
    lines.push('', 'Output:', '', fenced(typeof state.output === 'string' ? state.output : json(state.output)))
  if (state.status === 'error')
    lines.push('', 'Error:', '', fenced(typeof state.error === 'string' ? state.error : json(state.error)))
  return lines.join('\n')
}

function file(part: FilePart, protocols: readonly string[]): string {
  const name =
    typeof part.filename === 'string' && part.filename
      ? part.filename
      : typeof part.url === 'string'
        ? part.url
        : 'file'
  return `File: ${link(name, typeof part.url === 'string' ? part.url : '', protocols)}${typeof part.mime === 'string' ? ` (${plain(part.mime)})` : ''}`
}

function partText(
  part: Part,
  options: Required<Pick<ToMarkdownOptions, 'reasoning'>> & { protocols: readonly string[] },
): string | null {
  switch (part?.type) {
    case 'text': {
      const text = typeof part.text === 'string' ? part.text.trim() : ''
      if (!text) return null
      if (part.system) return `_System prompt:_\n\n${quoted(closeOpenFence(text))}`
      if (part.synthetic) return `_Added by the agent:_\n\n${quoted(closeOpenFence(text))}`
      return closeOpenFence(text)
    }
    case 'reasoning': {
      const text = typeof part.text === 'string' ? part.text.trim() : ''
      if (!text || options.reasoning === 'omit') return null
      const closed = closeOpenFence(text)
      return options.reasoning === 'details'
        ? `<details>\n<summary>Reasoning</summary>\n\n${closed}\n\n</details>`
        : `_Reasoning:_\n\n${quoted(closed)}`
    }
    case 'tool':
      return tool(part)
    case 'file':
      return file(part, options.protocols)
    case 'source':
      return part.source?.kind === 'url'
        ? `Source: ${link(part.source.title || part.source.url, part.source.url, options.protocols)}`
        : null
    default:
      return null
  }
}

/**
 * The messages as Markdown: a heading per message (author, model, time in UTC), its text as
 * written, reasoning quoted or folded, each tool call with its input and output in fenced blocks
 * no content can break out of, files and sources as links (through a protocol allow-list), and
 * the cost and tokens of each reply and of the session.
 */
export function toMarkdown(messages: readonly WithParts[], options: ToMarkdownOptions = {}): string {
  const reasoning = options.reasoning ?? 'quote'
  const protocols = options.linkProtocols ?? DEFAULT_PROTOCOLS
  const usage = options.usage ?? true
  const blocks: string[] = []
  if (options.title) blocks.push(`# ${plain(options.title)}`)
  for (const message of messages) {
    const info = message?.info
    if (!info) continue
    const parts = Array.isArray(message.parts) ? message.parts : []
    const system = parts.length > 0 && parts.every((part) => part?.type === 'text' && part.system === true)
    const who = system ? 'System' : info.role === 'user' ? 'You' : 'Assistant'
    const model =
      info.role === 'assistant' && typeof info.modelID === 'string' && info.modelID ? ` (${plain(info.modelID)})` : ''
    const time = isoTime(info.time?.created)
    if (options.headings ?? true)
      blocks.push(`## ${who}${model}${time ? ` — ${time.slice(0, 16).replace('T', ' ')} UTC` : ''}`)
    for (const part of parts) {
      const text = partText(part, { reasoning, protocols })
      if (text) blocks.push(text)
    }
    if (info.role === 'assistant' && isRecord(info.error)) {
      const message =
        isRecord(info.error.data) && typeof info.error.data.message === 'string'
          ? `: ${plain(info.error.data.message)}`
          : ''
      blocks.push(`**The response failed** (${plain(String(info.error.name ?? 'Error'))})${message}`)
    }
    if (usage && info.role === 'assistant') {
      const line = usageLine(messageTotals(message))
      if (line) blocks.push(`_${line}_`)
    }
  }
  if (usage) {
    const line = usageLine(transcriptTotals(messages.filter((message) => message?.info)))
    if (line) blocks.push('---', `**Session total:** ${line}`)
  }
  return `${blocks.join('\n\n')}\n`
}
