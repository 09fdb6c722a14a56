// A reference definition (`[id]: url`) resolves across the whole text, so a text with one is never split.
const DEFINITION = /^ {0,3}\[[^\]]+\]:\s/m
const FENCE = /^ {0,3}(`{3,}|~{3,})/
const CONTINUES = /^(\s{2,}|\t)/

interface Scanned {
  blocks: string[]
  /** Offset in the text of where each block's lines start (blank lines before it included). */
  starts: number[]
}

/**
 * Scans `text` from `from` (the start of a line where no block is open) into top-level blocks.
 * Blocks end at a blank line outside a code fence, unless the next line is indented (a list
 * item's continuation).
 */
function scan(text: string, from: number): Scanned {
  const blocks: string[] = []
  const starts: number[] = []
  let current: string[] = []
  let start = from
  let fence: { char: string; length: number } | null = null
  let blank = false
  const close = (next: number) => {
    // Trailing blank lines belong to the break, not to the block.
    while (current.length > 0 && current.at(-1)?.trim() === '') current.pop()
    if (current.length > 0) {
      blocks.push(current.join('\n'))
      starts.push(start)
    }
    current = []
    start = next
  }
  let offset = from
  while (offset <= text.length) {
    let end = text.indexOf('\n', offset)
    if (end < 0) end = text.length
    const line = text.slice(offset, end)
    const marker = FENCE.exec(line)
    if (fence) {
      current.push(line)
      if (marker && marker[1]?.[0] === fence.char && (marker[1]?.length ?? 0) >= fence.length && line.trim() === marker[1]) fence = null
    } else if (line.trim() === '') {
      blank = true
      current.push(line)
    } else {
      if (blank && !CONTINUES.test(line)) close(offset)
      blank = false
      if (marker) fence = { char: marker[1]?.[0] ?? '`', length: marker[1]?.length ?? 3 }
      current.push(line)
    }
    offset = end + 1
  }
  close(text.length)
  return { blocks, starts }
}

/**
 * Splits markdown into top-level blocks so each can be rendered and memoized on its own: a
 * finished block never re-renders while the text after it grows. A text with reference
 * definitions stays one block, since they resolve across the whole text.
 */
export function splitBlocks(text: string): string[] {
  const { finished, live } = splitAppend(null, text)
  return live === null ? [...finished] : [...finished, live]
}

/** The blocks of a text, split so that the next, longer text re-scans only its last block. */
export interface SplitText {
  readonly text: string
  /** Blocks that text appended later cannot change. Kept (same array) until another one finishes. */
  readonly finished: readonly string[]
  /** The last block, which later text may still extend; `null` when there is none yet. */
  readonly live: string | null
  /** Where the live block's lines start in `text`. */
  readonly liveStart: number
}

/**
 * Whether `text` begins with `prefix`. The same answer as `text.startsWith(prefix)`, which V8 runs
 * character by character: for a 15 KB streamed reply checked at every token that was the largest
 * single cost in splitting it. A slice is a view and `===` on it compares memory.
 */
export function extendsText(text: string, prefix: string): boolean {
  return text.length >= prefix.length && text.slice(0, prefix.length) === prefix
}

/**
 * Splits `text` into blocks, re-using `previous` when `text` extends it: only the previous live
 * block and what follows is scanned again, so the work per appended token does not grow with the
 * text. Gives the same blocks as {@link splitBlocks}.
 */
export function splitAppend(previous: SplitText | null, text: string): SplitText {
  if (previous && previous.text === text) return previous
  const extends_ = previous !== null && text.length > previous.text.length && extendsText(text, previous.text) && previous.liveStart >= 0
  if (!extends_) {
    if (DEFINITION.test(text)) return { text, finished: [], live: text === '' ? null : text, liveStart: -1 }
    const { blocks, starts } = scan(text, 0)
    return { text, finished: blocks.slice(0, -1), live: blocks.at(-1) ?? null, liveStart: starts.at(-1) ?? 0 }
  }
  // Blocks before the live one were closed by a line that later text cannot change.
  const from = previous.liveStart
  if (DEFINITION.test(text.slice(from))) return { text, finished: [], live: text, liveStart: -1 }
  const { blocks, starts } = scan(text, from)
  if (blocks.length <= 1) return { text, finished: previous.finished, live: blocks[0] ?? null, liveStart: starts[0] ?? from }
  return {
    text,
    finished: [...previous.finished, ...blocks.slice(0, -1)],
    live: blocks.at(-1) ?? null,
    liveStart: starts.at(-1) ?? from,
  }
}

/** A block that is one fenced code block, as its language and code. */
export interface Fence {
  lang: string
  code: string
  /** The closing fence has arrived. */
  closed: boolean
}

/**
 * Reads a block that is exactly one fenced code block (opened, maybe closed, nothing after it), so
 * it can be rendered without a markdown parse. `null` for anything else. While `streaming`, a last
 * line that could be the closing fence being typed (`` ` `` or ``` `` ```) is held back.
 */
export function readFence(block: string, streaming = false): Fence | null {
  const newline = block.indexOf('\n')
  const first = newline < 0 ? block : block.slice(0, newline)
  const open = /^( {0,3})(`{3,}|~{3,})(.*)$/.exec(first)
  if (!open) return null
  const indent = open[1]?.length ?? 0
  const marker = open[2] as string
  const info = (open[3] ?? '').trim()
  // Backticks in a backtick fence's info string make it inline code; escapes and entities need the parser.
  if ((marker[0] === '`' && info.includes('`')) || /[\\&]/.test(info)) return null
  const lines = newline < 0 ? [] : block.slice(newline + 1).split('\n')
  const char = marker[0] as string
  let end = lines.length
  let closed = false
  for (let i = 0; i < lines.length; i++) {
    const close = /^ {0,3}(`{3,}|~{3,})[ \t]*$/.exec(lines[i] as string)
    if (close && close[1]?.[0] === char && (close[1]?.length ?? 0) >= marker.length) {
      end = i
      closed = true
      break
    }
  }
  // Anything after the closing fence (no blank line between) needs the parser.
  if (closed && lines.slice(end + 1).some((line) => line.trim() !== '')) return null
  let content = lines.slice(0, end)
  if (!closed && streaming && content.length > 0 && new RegExp(`^ {0,3}\\${char}{1,${marker.length}}$`).test(content.at(-1) as string)) content = content.slice(0, -1)
  if (indent > 0) content = content.map((line) => line.replace(new RegExp(`^ {0,${indent}}`), ''))
  return { lang: info.split(/\s+/)[0] ?? '', code: content.join('\n'), closed }
}

/** A tight list block cut into its items, so a streaming list re-parses only its last item. */
export interface ListItems {
  ordered: boolean
  /** The first item's number, for an ordered list. */
  start: number
  items: string[]
}

const ITEM = /^( {0,3})(?:([-+*])|(\d{1,9})([.)]))( +|$)/
// Lines that would end the list, or change it, if met without indentation.
const INTERRUPTS = /^ {0,3}(?:[#>|]|`{3,}|~{3,}|([-*_])(?:\s*\1){2,}\s*$|=+\s*$|-+\s*$|<)/

/**
 * Cuts a block that is one tight list (no blank line in it, no task boxes) into its top-level
 * items; `null` for anything else, which is then rendered whole. Items are cut where a line starts
 * with the list's own marker at its own indentation; other lines (indented content, lazy
 * continuation text) belong to the item above.
 */
export function splitListItems(block: string): ListItems | null {
  const lines = block.split('\n')
  const first = ITEM.exec(lines[0] ?? '')
  if (!first) return null
  const indent = first[1] ?? ''
  const bullet = first[2]
  const delimiter = first[4]
  const items: string[] = []
  let current: string[] = []
  for (const line of lines) {
    if (line.trim() === '') return null
    const item = ITEM.exec(line)
    if (item && item[1] === indent && item[2] === bullet && item[4] === delimiter) {
      if (/^\s*\[[ xX]\]/.test(line.slice(item[0].length))) return null
      if (current.length > 0) items.push(current.join('\n'))
      current = [line]
      continue
    }
    const own = line.length - line.trimStart().length
    if (own <= indent.length && (item || INTERRUPTS.test(line))) return null
    current.push(line)
  }
  items.push(current.join('\n'))
  return { ordered: bullet === undefined, start: Number(first[3] ?? 1), items }
}
