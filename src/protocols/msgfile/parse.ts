import { escapeRegExp } from '../../core/text.js'
import type { DiagnosticSink } from '../diagnostics.js'
import type { MsgCell, MsgFile } from './types.js'
import { parseYamlSubset } from './yaml.js'

/** Options of {@link parseMsgFileText}. */
export interface ParseMsgFileOptions {
  /** `msg.md`: the whole file holds messages; `md`: only its last section does (default: `msg.md`). */
  kind?: 'msg.md' | 'md'
  /** The heading of the messages section of a `.md` file (default: frontmatter `message_section`, else `Discussion`). */
  section?: string
}

const CELL = /^(#{1,5}) (%%%?)(?:[ \t]+(.*?))?[ \t]*$/
const REF = /\[\^([^\]\s]+)\]\s*$/
const FENCE = /^ {0,3}(`{3,}|~{3,})/

/** A line that would start a cell is escaped with `\` in a body; these helpers apply and undo that. */
export const escapeBodyLine = (line: string) => (/^\\*#{1,5} %%/.test(line) ? `\\${line}` : line)
const unescapeBodyLine = (line: string) => (/^\\+#{1,5} %%/.test(line) ? line.slice(1) : line)

/** Parses the attribute list of a metadata line: `key="v" key='v' key=v`, in order. */
export function parseAttrs(text: string): [string, string][] {
  const attrs: [string, string][] = []
  const pattern = /([A-Za-z_][\w.-]*)=(?:"((?:[^"\\]|\\.)*)"|'([^']*)'|(\S+))/g
  for (const match of text.matchAll(pattern)) {
    const value = match[2] !== undefined ? match[2].replace(/\\(["\\])/g, '$1') : (match[3] ?? match[4] ?? '')
    attrs.push([match[1] as string, value])
  }
  return attrs
}

function splitFrontmatter(text: string): { frontmatter?: MsgFile['frontmatter']; rest: string; offset: number } {
  if (!text.startsWith('---\n')) return { rest: text, offset: 0 }
  const end = text.indexOf('\n---', 3)
  if (end < 0) return { rest: text, offset: 0 }
  const after = text.indexOf('\n', end + 4)
  const raw = text.slice(4, end + 1)
  const rest = after < 0 ? '' : text.slice(after + 1)
  return { frontmatter: { raw, data: parseYamlSubset(raw) }, rest, offset: raw.split('\n').length + 1 }
}

/**
 * Splits a Message File into frontmatter, preamble and cells, reading line by line and skipping
 * cell markers inside code fences. Each cell's `[^id]:` metadata line (and indented continuation
 * lines) is taken out of its body and parsed.
 */
export function parseMsgFileText(input: string, sink: DiagnosticSink, options: ParseMsgFileOptions = {}): MsgFile {
  const text = input.replace(/\r\n?/g, '\n')
  const { frontmatter, rest, offset } = splitFrontmatter(text)
  const lines = rest.split('\n')
  let start = 0
  if (options.kind === 'md') {
    const configured = frontmatter?.data.message_section ?? frontmatter?.data.section
    const section = options.section ?? (typeof configured === 'string' ? configured : 'Discussion')
    let fence: string | undefined
    let found = -1
    lines.forEach((line, index) => {
      const mark = FENCE.exec(line)?.[1]
      if (mark && (!fence || (mark[0] === fence[0] && mark.length >= fence.length))) fence = fence ? undefined : mark
      else if (!fence && new RegExp(`^#{1,6}\\s+${escapeRegExp(section)}\\s*$`).test(line)) found = index
    })
    if (found < 0) {
      sink.error('NO_MESSAGE_SECTION', `no "${section}" section holds messages in this file`, [])
      return { ...(frontmatter ? { frontmatter } : {}), preamble: rest, cells: [] }
    }
    start = found + 1
  }
  const cells: MsgCell[] = []
  const preamble: string[] = lines.slice(0, start)
  let current: { cell: MsgCell; body: string[] } | undefined
  let fence: string | undefined
  const close = () => {
    if (current) cells.push(finishCell(current.cell, current.body, sink))
    current = undefined
  }
  for (let index = start; index < lines.length; index += 1) {
    const line = lines[index] as string
    const mark = FENCE.exec(line)?.[1]
    if (mark && (!fence || (mark[0] === fence[0] && mark.length >= fence.length))) fence = fence ? undefined : mark
    const cell = fence === undefined && !mark ? CELL.exec(line) : null
    if (cell) {
      close()
      const heading = cell[3] ?? ''
      const ref = REF.exec(heading)
      const parsed: MsgCell = {
        kind: cell[2] === '%%%' ? 'output' : 'message',
        level: (cell[1] as string).length,
        title: (ref ? heading.slice(0, ref.index) : heading).trim(),
        attrs: [],
        body: '',
        line: index + 1 + offset,
      }
      if (ref) parsed.id = ref[1] as string
      current = { cell: parsed, body: [] }
      continue
    }
    if (current) current.body.push(line)
    else preamble.push(line)
  }
  close()
  if (options.kind !== 'md' && cells.length === 0) sink.warn('NO_CELLS', 'the file has no `# %%` or `# %%%` cells', [])
  return { ...(frontmatter ? { frontmatter } : {}), preamble: preamble.join('\n'), cells }
}

function finishCell(cell: MsgCell, body: string[], sink: DiagnosticSink): MsgCell {
  let metaAt = -1
  const footnote = /^\[\^([^\]\s]+)\]:\s*(.*)$/
  let fence: string | undefined
  for (let i = 0; i < body.length; i += 1) {
    const line = body[i] as string
    const mark = FENCE.exec(line)?.[1]
    if (mark && (!fence || (mark[0] === fence[0] && mark.length >= fence.length))) fence = fence ? undefined : mark
    if (fence !== undefined || mark) continue
    const match = footnote.exec(line)
    if (match && (cell.id === undefined || match[1] === cell.id)) {
      metaAt = i
      if (cell.id === undefined) cell.id = match[1] as string
      break
    }
  }
  const rest = [...body]
  if (metaAt >= 0) {
    let meta = (footnote.exec(body[metaAt] as string)?.[2] ?? '').trim()
    let end = metaAt + 1
    // Indented lines right after the metadata line continue it.
    while (end < body.length && /^\s{2,}\S/.test(body[end] as string)) {
      meta += ` ${(body[end] as string).trim()}`
      end += 1
    }
    rest.splice(metaAt, end - metaAt)
    const typed = /^\[([^\]]*)\](?:\(([^)]*)\))?\s*(.*)$/.exec(meta)
    if (typed) {
      cell.type = typed[1] as string
      if (typed[2] !== undefined) cell.target = typed[2]
      cell.attrs = parseAttrs(typed[3] ?? '')
    } else cell.attrs = parseAttrs(meta)
  } else if (cell.id !== undefined) {
    sink.warn('MISSING_METADATA', `cell [^${cell.id}] has no metadata line "[^${cell.id}]: [type] key=value"`, [`line ${cell.line}`])
  }
  while (rest.length > 0 && (rest[0] as string).trim() === '') rest.shift()
  while (rest.length > 0 && (rest[rest.length - 1] as string).trim() === '') rest.pop()
  cell.body = rest.map(unescapeBodyLine).join('\n')
  return cell
}
