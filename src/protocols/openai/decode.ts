// OpenAI messages and items read as checked values: their content entries, sources and the fields
// the kit reads of each object (the rest reported as unread).
import type { SourceRef } from '../../core/model/types.js'
import {
  DiagnosticSink,
  describeValue,
  fields,
  isNonEmptyString,
  isRecord,
  reportUnread,
  textOf,
} from '../diagnostics.js'

export type Path = (string | number)[]

/** What one content entry holds, read. */
export type Content =
  | { kind: 'text'; text: string; refusal?: boolean; sources?: SourceRef[] }
  | { kind: 'file'; url: string; mime: string; filename?: string }
  | { kind: 'other'; type: string; raw: unknown }

export const dataMime = (url: string, fallback: string) => /^data:([^;,]+)/i.exec(url)?.[1] ?? fallback

/**
 * The fields OpenAI's API reference defines for each object the kit reads (`types.ts` names only the
 * read ones). Defined but not shown: ids and statuses, a text's `logprobs`.
 */
export const MESSAGE_FIELDS = fields(
  'type',
  'id',
  'status',
  'role',
  'content',
  'name',
  'tool_calls',
  'tool_call_id',
  'refusal',
  'reasoning_content',
  'annotations',
  'function_call',
)
export const ITEM_FIELDS = new Map<unknown, ReadonlySet<string>>([
  ['function_call', fields('type', 'id', 'status', 'call_id', 'name', 'arguments')],
  ['function_call_output', fields('type', 'id', 'status', 'call_id', 'output')],
  ['reasoning', fields('type', 'id', 'status', 'summary', 'content', 'encrypted_content')],
])
export const PART_FIELDS = new Map<unknown, ReadonlySet<string>>([
  ['text', fields('type', 'text', 'annotations')],
  ['input_text', fields('type', 'text')],
  ['output_text', fields('type', 'text', 'annotations', 'logprobs')],
  ['refusal', fields('type', 'refusal')],
  ['image_url', fields('type', 'image_url')],
  ['input_image', fields('type', 'image_url', 'file_id', 'detail')],
  ['input_file', fields('type', 'file_data', 'file_id', 'filename', 'file_url')],
  ['file', fields('type', 'file')],
])
/** A reasoning item's `summary_text` and `reasoning_text` entries. */
export const ENTRY_FIELDS = fields('type', 'text')
export const IMAGE_URL_FIELDS = fields('url', 'detail')
export const FILE_FIELDS = fields('file_data', 'file_id', 'filename')
/** `name` and `arguments` beside `id` are read too: a call written flat, without `function`. */
export const CALL_FIELDS = fields('id', 'type', 'function', 'name', 'arguments')
export const FUNCTION_FIELDS = fields('name', 'arguments')

/**
 * The sources a text cites: `url_citation` annotations (Responses: `url` and `title` on the
 * annotation; Chat Completions: under `url_citation`) and file citations. Anything else is reported.
 */
export function sourcesOf(value: unknown, sink: DiagnosticSink, path: Path): SourceRef[] {
  if (value === undefined || value === null) return []
  if (!Array.isArray(value)) {
    sink.warn('UNREAD_FIELD', `annotations should be a list (got ${describeValue(value)}); they are not shown`, path)
    return []
  }
  const sources: SourceRef[] = []
  // An index loop, not forEach: a hole in the list is read (and reported), not skipped.
  for (let n = 0; n < value.length; n++) {
    const item: unknown = value[n]
    const cited =
      isRecord(item) && item.type === 'url_citation'
        ? isRecord(item.url_citation)
          ? item.url_citation
          : item
        : undefined
    if (cited && isNonEmptyString(cited.url)) {
      sources.push({ kind: 'url', url: cited.url, ...(isNonEmptyString(cited.title) ? { title: cited.title } : {}) })
    } else if (
      isRecord(item) &&
      (item.type === 'file_citation' || item.type === 'container_file_citation') &&
      (isNonEmptyString(item.filename) || isNonEmptyString(item.file_id))
    ) {
      const name = isNonEmptyString(item.filename) ? item.filename : (item.file_id as string)
      sources.push({
        kind: 'document',
        mime: 'application/octet-stream',
        title: name,
        ...(isNonEmptyString(item.filename) ? { filename: item.filename } : {}),
      })
    } else {
      // A file_path annotation (a file the code interpreter wrote, named by id only) among them.
      sink.warn(
        'UNREAD_FIELD',
        `annotation ${describeValue(isRecord(item) ? item.type : item)} is not a citation the kit shows; it is not shown`,
        [...path, n],
      )
    }
  }
  return sources
}

/** The content of a message or item: a string, `null` (no text), or a list of parts of either API. */
export function contentOf(value: unknown, sink: DiagnosticSink, path: Path): Content[] {
  if (value === null || value === undefined) return []
  if (typeof value === 'string') return value === '' ? [] : [{ kind: 'text', text: value }]
  if (!Array.isArray(value)) {
    sink.warn(
      'BAD_CONTENT',
      `content should be text or a list of parts (got ${describeValue(value)}); read as text`,
      path,
    )
    return [{ kind: 'text', text: textOf(value) }]
  }
  // Array.from, not map: a hole in the list (`[, 0]`) is read as a part that is not one, not skipped.
  return Array.from(value, (item: unknown, n): Content => {
    if (!isRecord(item) || typeof item.type !== 'string') {
      sink.warn('BAD_CONTENT', `a content part needs a type (got ${describeValue(item)}); kept`, [...path, n])
      return { kind: 'other', type: '', raw: item }
    }
    const known = PART_FIELDS.get(item.type)
    if (known) reportUnread(item, known, sink, [...path, n], `a ${item.type} part`)
    switch (item.type) {
      case 'text':
      case 'input_text':
      case 'output_text': {
        const sources = sourcesOf(item.annotations, sink, [...path, n, 'annotations'])
        return { kind: 'text', text: textOf(item.text), ...(sources.length > 0 ? { sources } : {}) }
      }
      case 'refusal':
        return { kind: 'text', text: textOf(item.refusal), refusal: true }
      case 'image_url': {
        if (isRecord(item.image_url))
          reportUnread(item.image_url, IMAGE_URL_FIELDS, sink, [...path, n, 'image_url'], 'an image_url')
        const url = isRecord(item.image_url) ? textOf(item.image_url.url) : textOf(item.image_url)
        return { kind: 'file', url, mime: dataMime(url, 'image/*') }
      }
      case 'input_image':
        if (typeof item.image_url === 'string')
          return { kind: 'file', url: item.image_url, mime: dataMime(item.image_url, 'image/*') }
        return { kind: 'other', type: item.type, raw: item }
      case 'input_file':
      case 'file': {
        const file = item.type === 'file' && isRecord(item.file) ? item.file : item
        if (file !== item) reportUnread(file, FILE_FIELDS, sink, [...path, n, 'file'], 'a file')
        const url =
          typeof file.file_data === 'string'
            ? file.file_data
            : typeof file.file_url === 'string'
              ? file.file_url
              : undefined
        if (!url) return { kind: 'other', type: item.type, raw: item }
        return {
          kind: 'file',
          url,
          mime: dataMime(url, 'application/octet-stream'),
          ...(typeof file.filename === 'string' ? { filename: file.filename } : {}),
        }
      }
      default:
        return { kind: 'other', type: item.type, raw: item }
    }
  })
}
