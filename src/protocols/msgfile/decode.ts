import { escapeRegExp, LINE_BREAK } from '../../core/text.js'
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

const FENCE = /^ {0,3}(`{3,}|~{3,})/
// The lines of a file are cut at `\n`; no line of a cell's heading or metadata may hold another
// line break (LINE_BREAK). The readers below take a line in one pass (patterns that let two runs of
// spaces share the spaces between them took quadratic time on a line of tabs).
const SPACE = /\s/
const LEADING_SPACE = /^\s+/
const CELL_START = /^(#{1,5}) (%%%?)/

/** A cell's heading line (`# %% title`, `## %%% title`): its level, its kind's marks and its title, trimmed of spaces and tabs. */
export function readCellLine(line: string): { hashes: string; marks: string; title: string } | null {
  const start = CELL_START.exec(line)
  if (!start) return null
  const rest = line.slice(start[0].length)
  if (rest !== '' && rest[0] !== ' ' && rest[0] !== '\t') return null
  if (LINE_BREAK.test(rest)) return null
  let from = 0
  let to = rest.length
  while (from < to && (rest[from] === ' ' || rest[from] === '\t')) from++
  while (to > from && (rest[to - 1] === ' ' || rest[to - 1] === '\t')) to--
  return { hashes: start[1] as string, marks: start[2] as string, title: rest.slice(from, to) }
}

/** The footnote reference a heading ends with (`title [^id]`, spaces after it): where it starts, and its id. */
export function trailingRef(heading: string): { index: number; id: string } | null {
  let end = heading.length
  while (end > 0 && SPACE.test(heading[end - 1] as string)) end--
  const close = end - 1
  if (heading[close] !== ']') return null
  // The id runs back from the `]` to a space or another `]`; the first `[^` in that run opens it.
  let start = close
  while (start > 0 && heading[start - 1] !== ']' && !SPACE.test(heading[start - 1] as string)) start--
  const open = heading.indexOf('[^', start)
  if (open < 0 || open + 2 >= close) return null
  return { index: open, id: heading.slice(open + 2, close) }
}

const FOOTNOTE = /^\[\^([^\]\s]+)\]:/
/** A cell's metadata line (`[^id]: text`): its id and its text after the spaces that follow the colon. */
export function readFootnote(line: string): { id: string; text: string } | null {
  const start = FOOTNOTE.exec(line)
  if (!start) return null
  const text = line.slice(start[0].length).replace(LEADING_SPACE, '')
  return LINE_BREAK.test(text) ? null : { id: start[1] as string, text }
}

const TYPED = /^\[([^\]]*)\](?:\(([^)]*)\))?/
/** Metadata that starts with its type (`[type](target) key=value`): the type, the target, and the attributes' text. */
export function readTyped(meta: string): { type: string; target: string | undefined; rest: string } | null {
  const start = TYPED.exec(meta)
  if (!start) return null
  const rest = meta.slice(start[0].length).replace(LEADING_SPACE, '')
  return LINE_BREAK.test(rest) ? null : { type: start[1] as string, target: start[2], rest }
}

/** A line that would start a cell is escaped with `\` in a body; these helpers apply and undo that. */
export const escapeBodyLine = (line: string) => (/^\\*#{1,5} %%/.test(line) ? `\\${line}` : line)
const unescapeBodyLine = (line: string) => (/^\\+#{1,5} %%/.test(line) ? line.slice(1) : line)

/** Parses the attribute list of a metadata line: `key="v" key='v' key=v`, in order. */
export function parseAttrs(text: string): [string, string][] {
  const attrs: [string, string][] = []
  // A name is tried at the start of a run of name characters only, from its first letter (whether
  // `=` follows is the same from every letter of the run, which was tried from each).
  const pattern = /(?<![\w.-])[\d.-]*([A-Za-z_][\w.-]*)=(?:"((?:[^"\\]|\\.)*)"|'([^']*)'|(\S+))/g
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
    const cell = fence === undefined && !mark ? readCellLine(line) : null
    if (cell) {
      close()
      const heading = cell.title
      const ref = trailingRef(heading)
      const parsed: MsgCell = {
        kind: cell.marks === '%%%' ? 'output' : 'message',
        level: cell.hashes.length,
        title: (ref ? heading.slice(0, ref.index) : heading).trim(),
        attrs: [],
        body: '',
        line: index + 1 + offset,
      }
      if (ref) parsed.id = ref.id
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
  let metaText = ''
  let fence: string | undefined
  for (let i = 0; i < body.length; i += 1) {
    const line = body[i] as string
    const mark = FENCE.exec(line)?.[1]
    if (mark && (!fence || (mark[0] === fence[0] && mark.length >= fence.length))) fence = fence ? undefined : mark
    if (fence !== undefined || mark) continue
    const match = readFootnote(line)
    if (match && (cell.id === undefined || match.id === cell.id)) {
      metaAt = i
      metaText = match.text
      if (cell.id === undefined) cell.id = match.id
      break
    }
  }
  const rest = [...body]
  if (metaAt >= 0) {
    let meta = metaText.trim()
    let end = metaAt + 1
    // Indented lines right after the metadata line continue it.
    while (end < body.length && /^\s{2,}\S/.test(body[end] as string)) {
      meta += ` ${(body[end] as string).trim()}`
      end += 1
    }
    rest.splice(metaAt, end - metaAt)
    const typed = readTyped(meta)
    if (typed) {
      cell.type = typed.type
      if (typed.target !== undefined) cell.target = typed.target
      cell.attrs = parseAttrs(typed.rest)
    } else cell.attrs = parseAttrs(meta)
  } else if (cell.id !== undefined) {
    sink.warn('MISSING_METADATA', `cell [^${cell.id}] has no metadata line "[^${cell.id}]: [type] key=value"`, [
      `line ${cell.line}`,
    ])
  }
  while (rest.length > 0 && (rest[0] as string).trim() === '') rest.shift()
  while (rest.length > 0 && (rest[rest.length - 1] as string).trim() === '') rest.pop()
  cell.body = rest.map(unescapeBodyLine).join('\n')
  return cell
}
