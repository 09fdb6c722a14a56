import { isoTime } from '../../core/numbers.js'
import type { Metadata, Part, WithParts } from '../../core/model/types.js'
import { isRecord } from '../diagnostics.js'
import { escapeBodyLine } from './decode.js'
import type { CellOrigin } from './toCanonical.js'

/** Options of {@link toMsgFile}. */
export interface ToMsgFileOptions {
  /** Frontmatter text to write between `---` lines (default: none). */
  frontmatter?: string | undefined
  /** Text before the first cell, e.g. a title (default: none). */
  preamble?: string
}

function originOf(metadata: Metadata | undefined): CellOrigin | undefined {
  const found = metadata?.msgfile
  if (!isRecord(found) || (found.kind !== 'message' && found.kind !== 'output') || typeof found.level !== 'number')
    return undefined
  const attrs = Array.isArray(found.attrs)
    ? found.attrs.filter(
        (pair): pair is [string, string] =>
          Array.isArray(pair) && pair.length === 2 && pair.every((item) => typeof item === 'string'),
      )
    : []
  const cell: CellOrigin = {
    kind: found.kind,
    level: found.level,
    title: typeof found.title === 'string' ? found.title : '',
    attrs,
  }
  if (typeof found.id === 'string') cell.id = found.id
  if (typeof found.type === 'string') cell.type = found.type
  if (typeof found.target === 'string') cell.target = found.target
  return cell
}

const quote = (value: string) => `"${value.replace(/(["\\])/g, '\\$1')}"`

function writeCell(cell: CellOrigin, body: string): string {
  const marker = cell.kind === 'output' ? '%%%' : '%%'
  const ref = cell.id !== undefined ? `[^${cell.id}]` : ''
  const heading = `${'#'.repeat(Math.min(5, Math.max(1, cell.level)))} ${marker}${cell.title ? ` ${cell.title}` : ref ? ' ' : ''}${ref}`
  const lines = [heading, '']
  if (cell.id !== undefined && (cell.type !== undefined || cell.attrs.length > 0)) {
    const type = cell.type !== undefined ? `[${cell.type}]${cell.target !== undefined ? `(${cell.target})` : ''}` : ''
    const attrs = cell.attrs.map(([key, value]) => `${key}=${quote(value)}`).join(' ')
    lines.push(`[^${cell.id}]: ${[type, attrs].filter(Boolean).join(' ')}`, '')
  }
  if (body !== '') lines.push(...body.split('\n').map(escapeBodyLine), '')
  return lines.join('\n')
}

/**
 * Writes canonical messages as a Message File. Parts read from a Message File are written back
 * with their own headings and metadata; others get generated ones (`[markdown]` for user text, the
 * agent's name for responses, `[tool] name=…` calls with `status` results). Parts with no cell
 * form (steps, patches, files) are left out.
 */
export function toMsgFile(messages: readonly WithParts[], options: ToMsgFileOptions = {}): string {
  const out: string[] = []
  let head = ''
  if (options.frontmatter !== undefined)
    head += `---\n${options.frontmatter.endsWith('\n') || options.frontmatter === '' ? options.frontmatter : `${options.frontmatter}\n`}---\n`
  // The parser hands back everything before the first cell as the preamble; it goes back verbatim.
  if (options.preamble) head += `${options.preamble}\n`
  let generated = 0
  const nextId = () => `g${++generated}`
  for (const { info, parts } of messages) {
    const agent = info.role === 'assistant' ? info.agent || 'assistant' : 'markdown'
    const iso = info.time.created > 0 ? isoTime(info.time.created) : undefined
    const time = iso ? [['time', iso] as [string, string]] : []
    const errorText =
      info.role === 'assistant' && info.error
        ? typeof info.error.data.message === 'string'
          ? info.error.data.message
          : info.error.name
        : undefined
    let wroteError = false
    for (const part of parts) {
      const cells = cellsOf(part)
      if (cells) out.push(...cells)
    }
    if (errorText !== undefined && !wroteError)
      out.push(writeCell({ kind: 'output', level: 1, title: '', id: nextId(), type: 'error', attrs: [] }, errorText))

    function cellsOf(part: Part): string[] | undefined {
      const own = 'metadata' in part ? originOf(part.metadata) : undefined
      switch (part.type) {
        case 'text': {
          // The error's own text part (an [error] cell read earlier) is that cell, written once.
          const isError = own?.type === 'error' || (!own && part.synthetic === true && part.text === errorText)
          if (isError) {
            wroteError = true
            if (!own)
              return [
                writeCell({ kind: 'output', level: 1, title: '', id: nextId(), type: 'error', attrs: [] }, part.text),
              ]
          }
          const history: [string, string][] = part.ignored && !own ? [['history', 'none']] : []
          const cell = own ?? {
            kind: info.role === 'user' ? 'message' : 'output',
            level: 1,
            title: '',
            id: nextId(),
            type: agent,
            attrs: [...(info.role === 'assistant' ? time : []), ...history],
          }
          return [writeCell(cell, part.text)]
        }
        case 'reasoning':
          return [
            writeCell(
              own ?? {
                kind: 'output',
                level: 1,
                title: '',
                id: nextId(),
                type: agent,
                attrs: [...time, ['reasoning', '1']],
              },
              part.text,
            ),
          ]
        case 'tool': {
          const state = part.state
          if (part.tool === 'code' && own) {
            const body = state.status === 'completed' || state.status === 'error' ? state.metadata?.body : undefined
            return [writeCell(own, typeof body === 'string' ? body : '')]
          }
          const callId =
            own?.id ??
            (part.callID.includes('.')
              ? part.callID
              : `${nextId()}.${part.callID.replace(/[^\w]/g, '').slice(-8) || 'call'}`)
          const call = own ?? {
            kind: 'output' as const,
            level: 1,
            title: '',
            id: callId,
            type: 'tool',
            attrs: [['name', part.tool]] as [string, string][],
          }
          const callBody =
            typeof part.metadata?.callBody === 'string' ? part.metadata.callBody : JSON.stringify(state.input)
          const out = part.metadata?.orphan === true ? [] : [writeCell(call, callBody)]
          if (state.status !== 'completed' && state.status !== 'error') return out
          const recorded = Array.isArray(state.metadata?.results) ? state.metadata.results : []
          const results = recorded.flatMap((item) => {
            const cell = isRecord(item) ? originOf({ msgfile: item.cell }) : undefined
            return cell && isRecord(item) ? [writeCell(cell, typeof item.body === 'string' ? item.body : '')] : []
          })
          if (results.length > 0) return [...out, ...results]
          const duration = (state.time.end - state.time.start) / 1000
          const attrs: [string, string][] = [
            ['status', state.status === 'error' ? 'failed' : 'success'],
            ['duration', `${duration}s`],
          ]
          return [
            ...out,
            writeCell(
              { kind: 'output', level: call.level, title: '', id: `${callId}.1`, type: 'tool', attrs },
              state.status === 'error' ? state.error : state.output,
            ),
          ]
        }
        default:
          return undefined
      }
    }
  }
  return head + out.join('\n')
}
