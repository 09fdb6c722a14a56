import type { Part, WithParts } from '../core/model/types.js'

/** How a query is matched. */
export interface FindOptions {
  /** Match case exactly (default: false, `Error` finds `error`). */
  caseSensitive?: boolean | undefined
  /** Match whole words only: no letter, digit or `_` right before or after (default: false). */
  wholeWord?: boolean | undefined
  /**
   * Stop after this many matches (default: all). A one-letter query finds hundreds of thousands in a
   * long session; a find box shows "10,000+" rather than make the reader wait for every one.
   */
  limit?: number | undefined
}

/** What of a part a match is in. */
export type FindField = 'text' | 'reasoning' | 'title' | 'input' | 'output' | 'error' | 'file'

/** One match, in the canonical data: its part, the field of the part and where in that field's text. */
export interface FindMatch {
  messageID: string
  partID: string
  field: FindField
  /** Offsets in the field's text (UTF-16, `end` exclusive). */
  start: number
  end: number
}

interface Field {
  field: FindField
  text: string
  /** The text lower-cased, when that keeps every offset (else the search falls back to a regex). */
  folded: string | undefined
}

const WORD = /[\p{L}\p{N}_]/u

/** Whether the character at `index` (either half of a surrogate pair) is a letter, digit or `_`. */
function isWordAt(text: string, index: number): boolean {
  if (index < 0 || index >= text.length) return false
  const code = text.charCodeAt(index)
  const start = code >= 0xdc00 && code <= 0xdfff && index > 0 ? index - 1 : index
  return WORD.test(String.fromCodePoint(text.codePointAt(start) ?? 0))
}

/** Occurrences of `needle` in `haystack` by `indexOf`, those `accept` takes, none overlapping. */
function scan(
  haystack: string,
  needle: string,
  accept: (start: number, end: number) => boolean,
  out: Array<[number, number]>,
): void {
  let at = haystack.indexOf(needle)
  while (at >= 0) {
    const end = at + needle.length
    const taken = accept(at, end)
    if (taken) out.push([at, end])
    at = haystack.indexOf(needle, taken ? end : at + 1)
  }
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}

/**
 * Every place `query` occurs in `text`, as `[start, end]` pairs, left to right, none overlapping.
 * The one matcher of the kit: the data is searched with it and the page's text is marked with it.
 */
export function findAll(
  text: string,
  query: string,
  options: FindOptions = {},
  folded?: string,
): Array<[number, number]> {
  const out: Array<[number, number]> = []
  if (query === '' || text.length < query.length) return out
  const accept = (start: number, end: number) =>
    !options.wholeWord || (!isWordAt(text, start - 1) && !isWordAt(text, end))
  if (options.caseSensitive) {
    scan(text, query, accept, out)
    return out
  }
  const needle = query.toLowerCase()
  const haystack = folded ?? text.toLowerCase()
  if (haystack.length === text.length && needle.length === query.length) {
    scan(haystack, needle, accept, out)
    return out
  }
  // Lower-casing changed a length (`İ`): offsets come from the text itself.
  const pattern = new RegExp(escapeRegExp(query), 'giu')
  for (let found = pattern.exec(text); found; found = pattern.exec(text)) {
    const end = found.index + found[0].length
    if (accept(found.index, end)) out.push([found.index, end])
    if (found[0].length === 0) pattern.lastIndex++
  }
  return out
}

function stringify(value: unknown): string {
  if (typeof value === 'string') return value
  try {
    return JSON.stringify(value, null, 2) ?? ''
  } catch {
    return ''
  }
}

/** The searchable fields of a part, in the order they show. */
function fieldsOf(part: Part): Array<[FindField, string]> {
  switch (part.type) {
    case 'text':
      return [['text', part.text]]
    case 'reasoning':
      return [['reasoning', part.text]]
    case 'tool': {
      const state = part.state as unknown as Record<string, unknown>
      const fields: Array<[FindField, string]> = []
      const title = typeof state.title === 'string' && state.title ? state.title : ''
      fields.push(['title', title && title !== part.tool ? `${title}\n${part.tool}` : part.tool])
      const input =
        state.status === 'pending' &&
        typeof state.raw === 'string' &&
        state.raw !== '' &&
        Object.keys((state.input as object | undefined) ?? {}).length === 0
          ? state.raw
          : stringify(state.input ?? {})
      if (input !== '' && input !== '{}') fields.push(['input', input])
      if (typeof state.output === 'string' && state.output !== '') fields.push(['output', state.output])
      if (typeof state.error === 'string' && state.error !== '') fields.push(['error', state.error])
      const attachments = Array.isArray(state.attachments)
        ? (state.attachments as Array<{ filename?: unknown; url?: unknown }>)
        : []
      for (const file of attachments)
        fields.push([
          'file',
          typeof file.filename === 'string' && file.filename
            ? file.filename
            : typeof file.url === 'string'
              ? file.url
              : '',
        ])
      return fields
    }
    case 'file':
      return [['file', part.filename || part.url]]
    case 'subtask':
      return [
        ['text', [part.description, part.prompt].filter((value) => typeof value === 'string' && value).join('\n')],
      ]
    default:
      return []
  }
}

/**
 * Search over transcripts that change a part at a time. The fields of each part (and their
 * lower-cased text) are kept by part object, and so are its matches for the last query: a store
 * replaces only the parts it changes, so a search after a streamed token reads that one part again.
 */
export interface Finder {
  /** Every match of `query` in `messages`, in transcript order. */
  search(messages: readonly WithParts[], query: string, options?: FindOptions): FindMatch[]
}

const NONE: readonly FindMatch[] = []

/** What a finder keeps of a part: its fields, and its matches for the query it was last searched with. */
interface Entry {
  fields: Field[]
  key: string
  matches: readonly FindMatch[]
}

function fieldsFor(part: Part): Field[] {
  return fieldsOf(part)
    .filter(([, text]) => typeof text === 'string' && text !== '')
    .map(([field, text]) => {
      const folded = text.toLowerCase()
      return { field, text, folded: folded.length === text.length ? folded : undefined }
    })
}

/** A {@link Finder} with its own cache (keep one per transcript being searched). */
export function createFinder(): Finder {
  const entries = new WeakMap<Part, Entry>()
  let lastKey = ''
  return {
    search(messages, query, options = {}) {
      if (query === '') return []
      const key = `${options.caseSensitive ? 1 : 0}${options.wholeWord ? 1 : 0}${query}`
      // A query typed on from the last one (it contains it, same options) can only match where the
      // last one did: a part that the last search found nothing in is skipped.
      const fold = (text: string) => (options.caseSensitive ? text : text.toLowerCase())
      const previous = lastKey
      const narrow =
        key !== previous &&
        !options.wholeWord &&
        previous.slice(0, 2) === key.slice(0, 2) &&
        previous.length > 2 &&
        fold(query).includes(fold(previous.slice(2)))
      lastKey = key
      const out: FindMatch[] = []
      const limit = options.limit ?? Number.POSITIVE_INFINITY
      for (const message of messages) {
        if (out.length >= limit) break
        for (const part of message.parts) {
          if (part === null || typeof part !== 'object') continue
          let entry = entries.get(part)
          if (!entry) {
            entry = { fields: fieldsFor(part), key: '', matches: NONE }
            entries.set(part, entry)
          }
          if (entry.key !== key) {
            if (!(narrow && entry.key === previous && entry.matches.length === 0)) {
              const list: FindMatch[] = []
              for (const field of entry.fields) {
                for (const [start, end] of findAll(field.text, query, options, field.folded))
                  list.push({ messageID: message.info.id, partID: part.id, field: field.field, start, end })
              }
              entry.matches = list.length > 0 ? list : NONE
            }
            entry.key = key
          }
          for (const match of entry.matches) {
            if (out.length >= limit) return out
            out.push(match)
          }
        }
      }
      return out
    },
  }
}

/** Every match of `query` in `messages`, in transcript order (a one-off search; see {@link createFinder}). */
export function searchMessages(messages: readonly WithParts[], query: string, options?: FindOptions): FindMatch[] {
  return createFinder().search(messages, query, options)
}
