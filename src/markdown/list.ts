// Lists cut into items, so a list being written parses its last item only.
import { fromMarkdown } from 'mdast-util-from-markdown'
import { keepRecent } from '../core/record.js'
import { extendsText, ownString } from '../core/text.js'
import {
  closesFence,
  contentColumn,
  continuesParagraph,
  FENCE,
  FENCE_ANYWHERE,
  INDENT,
  ITEM,
  MATH_FENCE_ANYWHERE,
  type MathSyntax,
  PARAGRAPH_LINE,
  THEMATIC_BREAK,
} from './lines.js'

/** A list block cut into its items, so a streaming list re-parses only its last item. */
export interface ListItems {
  ordered: boolean
  /** The first item's number, for an ordered list. */
  start: number
  items: string[]
  /** Items are separated by blank lines: every item's text is a paragraph (`<p>`). */
  loose: boolean
}

// Lines that would end the list, or change it, if met without indentation (a footnote's definition among them).
const INTERRUPTS = /^ {0,3}(?:[#>|]|`{3,}|~{3,}|([-*_])(?:\s*\1){2,}\s*$|=+\s*$|-+\s*$|<|\[\^)/

/**
 * Cuts a block that is one list (no task boxes) into its top-level items; `null` for anything else,
 * which is then rendered whole. Items are cut where a line starts with the list's own marker at its
 * own indentation; other lines (indented content, lazy continuation text) belong to the item above,
 * and after a blank line, lines indented to the item's content. The list is loose when blank lines
 * separate its items or the blocks directly inside one item (not those inside a list or code in
 * it: the item is parsed to tell).
 */
export function splitListItems(block: string, math: MathSyntax = 'off'): ListItems | null {
  return scanList(block, math, null).list
}

/** A list's scan as it stood before the text's last line: a longer text (the same lines and more) goes on from there. */
interface ListScan {
  /** Where the last line starts. */
  readonly offset: number
  readonly first: RegExpExecArray
  readonly fenced: boolean
  readonly mathFenced: boolean
  readonly items: readonly string[]
  readonly current: readonly string[]
  readonly blanks: readonly string[]
  readonly content: number
  readonly inner: boolean
  readonly loose: boolean
  readonly bare: boolean
  readonly fence: string | null
  readonly unsure: boolean
}

interface ListScanned {
  readonly list: ListItems | null
  /** The scan before the last line; `null` where a longer text is scanned from its start. */
  readonly resume: ListScan | null
  /** No list, decided before the last line: a longer text is none either. */
  readonly never: boolean
}

/**
 * {@link splitListItems}, going on from `from` (the scan of a text this one extends, before its last
 * line) where it can: the lines before it are not read again, nor their items joined again.
 */
function scanList(block: string, math: MathSyntax, from: ListScan | null): ListScanned {
  let first: RegExpExecArray
  // With code in the list, lines not indented to an item's content are the parser's to read (they
  // may end the list, and no lazy line goes on with code). So with display math (a `$$` line, or
  // TeX's `\[`, which becomes one), when math is on: it interrupts a paragraph as a fence does, so
  // a formula under an item but not indented to its content ends the list; and which formula blank
  // lines around it belong to is the parser's to say.
  let mathFenced: boolean
  let fenced: boolean
  if (from) {
    // The lines before the last one were looked at for fences already; a fence in what follows
    // changes how every line is read: read again from the start.
    const rest = block.slice(from.offset)
    mathFenced = from.mathFenced || (math !== 'off' && MATH_FENCE_ANYWHERE.test(rest))
    fenced = mathFenced || from.fenced || FENCE_ANYWHERE.test(rest)
    if (mathFenced !== from.mathFenced || fenced !== from.fenced) return scanList(block, math, null)
    first = from.first
  } else {
    const firstEnd = block.indexOf('\n')
    const item = ITEM.exec(firstEnd < 0 ? block : block.slice(0, firstEnd))
    if (!item) return { list: null, resume: null, never: firstEnd >= 0 }
    first = item
    mathFenced = math !== 'off' && MATH_FENCE_ANYWHERE.test(block)
    fenced = mathFenced || FENCE_ANYWHERE.test(block)
  }
  const indent = first[1] ?? ''
  const bullet = first[2]
  const delimiter = first[4]
  const items: string[] = from ? [...from.items] : []
  let current: string[] = from ? [...from.current] : []
  let content = from?.content ?? 0
  let inner = from?.inner ?? false
  let loose = from?.loose ?? false
  // The item's first line is its marker alone: a line right under it must be indented to the
  // item's content to be in it (no paragraph in the item to continue), or the list ends there.
  let bare = from?.bare ?? false
  // The code fence open in the item, directly in it (its marker at the item's content, or one
  // column in: not in a list inside it). Only the item's end or its closing line closes it, so its
  // blank lines are the code's. Not followed past a fence further in (in a list in the item), HTML
  // or a table in the item, which may take or end a fence's lines otherwise: `unsure`.
  let fence: string | null = from?.fence ?? null
  let unsure = from?.unsure ?? false
  const close = () => {
    if (current.length === 0) return
    // Read on from an earlier scan (the list grows), its own string (see ownString): one line
    // joined is that line, a slice of the block.
    const joined = current.join('\n')
    const item = from ? ownString(joined) : joined
    items.push(item)
    if (inner && !loose) loose = itemSpread(item)
  }
  // The blank lines since the last line that was not: kept if the item goes on after them.
  const blanks: string[] = from ? [...from.blanks] : []
  // Reads a line of the item, from its content column on, for the fence it opens or closes.
  const follow = (rest: string) => {
    if (fence !== null) {
      if (closesFence(rest, fence)) fence = null
      return
    }
    fence = ITEM_FENCE.exec(rest)?.[1] ?? null
    unsure ||= fence === null && (FENCE.test(rest.trimStart()) || ITEM_MARKUP.test(rest))
  }
  let resume: ListScan | null = null
  // No list: decided before the last line, for any longer text too.
  const none = (last: boolean): ListScanned => ({ list: null, resume, never: !last })
  for (let start = from?.offset ?? 0; ;) {
    const end = block.indexOf('\n', start)
    const line = end < 0 ? block.slice(start) : block.slice(start, end)
    // The last line may grow: the scan before it is what a longer text goes on from.
    if (end < 0)
      resume = {
        offset: start,
        first,
        fenced,
        mathFenced,
        items: [...items],
        current: [...current],
        blanks: [...blanks],
        content,
        inner,
        loose,
        bare,
        fence,
        unsure,
      }
    start = end + 1
    // (A tab's width depends on its column: where code starts or ends under it is the parser's to say.)
    if (fenced && line.includes('\t')) return none(end < 0)
    if (line.trim() === '') {
      if (mathFenced) return none(end < 0)
      blanks.push(line)
      if (end < 0) break
      continue
    }
    // A thematic break (`- - -`, `* * *`) is not an item, though it looks like one: it ends the list.
    if (THEMATIC_BREAK.test(line)) return none(end < 0)
    const item = ITEM.exec(line)
    if (item && item[1] === indent && item[2] === bullet && item[4] === delimiter) {
      if (/^\s*\[[ xX]\]/.test(line.slice(item[0].length))) return none(end < 0)
      // Blank lines at the end of an item whose code may still be open: whether they part it from
      // this item (a loose list) is the parser's to say.
      if (blanks.length > 0 && (fence !== null || unsure)) return none(end < 0)
      close()
      current = [line]
      content = contentColumn(line, item)
      bare = line.slice(item[0].length).trim() === ''
      loose ||= blanks.length > 0
      blanks.length = 0
      inner = false
      fence = null
      unsure = false
      follow(line.slice(content))
      if (end < 0) break
      continue
    }
    const own = line.length - line.trimStart().length
    if (bare && current.length === 1 && blanks.length === 0 && own < content) return none(end < 0)
    // An item that starts with a blank line ends at a second one, empty: what follows is not in it.
    if (bare && current.length === 1 && blanks.length > 0) return none(end < 0)
    if (blanks.length > 0) {
      // After a blank line, only content indented to the item's goes on with it.
      if (own < content || line.includes('\t')) return none(end < 0)
      current.push(...blanks)
      blanks.length = 0
      // Blank lines in the item's code are the code's; others may part its blocks (a loose list).
      if (fence === null || unsure) inner = true
    } else if (
      own < content &&
      (item || fenced || INTERRUPTS.test(line) || !continuesParagraph(current.at(-1) ?? '', content))
    ) {
      // Not indented to the item's content: a marker or a heading, quote, fence or rule there is
      // not in the item (it ends the list, or is an item of it at another indent), and other text
      // is only if it continues a paragraph (lazily, so not in code): the parser's to read.
      return none(end < 0)
    }
    current.push(line)
    // (Spaces only: a no-break space does not indent.)
    if (fenced && INDENT.test(line.slice(0, content))) follow(line.slice(content))
    if (end < 0) break
  }
  close()
  return { list: { ordered: bullet === undefined, start: Number(first[3] ?? 1), items, loose }, resume, never: false }
}

/**
 * {@link splitListItems} for a list being written: a text that extends the last one read is read
 * from its last line (the items before the one being written are not cut or joined again), so a
 * token costs its line, not the list.
 */
export class ListReader {
  private block = ''
  private math: MathSyntax = 'off'
  private scanned: ListScanned | null = null

  read(block: string, math: MathSyntax = 'off'): ListItems | null {
    const last = this.scanned
    const grows =
      last !== null && math === this.math && block.length >= this.block.length && extendsText(block, this.block)
    if (grows && block.length === this.block.length) return last.list
    // (While the first line is the last one, what it starts with may change: read it again.)
    const resume = grows && last.resume !== null && last.resume.offset > 0 ? last.resume : null
    this.scanned = grows && last.never ? last : scanList(block, math, resume)
    this.block = block
    this.math = math
    return this.scanned.list
  }
}

// A code fence's opening line directly in a list item: its marker at the item's content, or a
// column in (a list in the item has its content two columns in or more).
const ITEM_FENCE = /^ ?(`{3,}|~{3,})/

// HTML or a table row in an item: a fence's lines there may be theirs.
const ITEM_MARKUP = /^ {0,3}[<|]/

/** A tight list item cut into its first line and the list nested under it (see {@link nestedList}). */
export interface NestedList {
  /** The item's paragraph: its marker and the lines of text before the nested list, as written. */
  readonly head: string
  /** The list under it, its lines without the item's indent. */
  readonly list: ListItems
}

// A nested list's first line that ends the item's paragraph: a bullet, or a number 1 (others would continue it).
const INTERRUPTING_ITEM = /^(?:[-+*]|1[.)]) +\S/

/**
 * Cuts an item of a tight list (its text as splitListItems gives it) that is a paragraph (its first
 * line, and lines under it each indented to the item's content and starting like a paragraph's
 * line) over a tight list (a bullet or a 1 that interrupts the paragraph, every line under it
 * indented to the item's content with spaces, none blank): the paragraph can be shown as an item
 * alone is and the nested list read item by item, so a growing nested list re-parses its last item
 * only. `null` for any other item, which is parsed whole.
 */
export function nestedList(item: string, math: MathSyntax = 'off'): NestedList | null {
  const newline = item.indexOf('\n')
  if (newline < 0) return null
  const first = item.slice(0, newline)
  const marker = ITEM.exec(first)
  if (!marker || marker[0].length === first.length || item.includes('\t')) return null
  const content = contentColumn(first, marker)
  const lines = item.slice(newline + 1).split('\n')
  const inner: string[] = []
  for (const line of lines) {
    // (Spaces only: a no-break space does not indent.)
    if (line.trim() === '' || line.length <= content || !INDENT.test(line.slice(0, content))) return null
    inner.push(line.slice(content))
  }
  // The paragraph's lines after its first, up to the nested list.
  let start = 0
  while (start < inner.length && !INTERRUPTING_ITEM.test(inner[start] as string)) {
    if (!PARAGRAPH_LINE.test(inner[start] as string)) return null
    start++
  }
  if (start === inner.length) return null
  const list = splitListItems(inner.slice(start).join('\n'), math)
  return list && !list.loose ? { head: [first, ...lines.slice(0, start)].join('\n'), list } : null
}

// Whether items (with a blank line inside) directly hold blocks apart, by the item's own syntax
// tree; the same items come back at every token of a list being written, so answers are kept.
const spreads = new Map<string, boolean>()

// An item is spread for good once it is: text added after it cannot join blocks a blank line
// parted (what could hold a blank line, code or HTML, opens before it). So the item being written,
// once spread, is not parsed again at each token.
let spreadBefore = ''

function itemSpread(item: string): boolean {
  if (spreadBefore !== '' && extendsText(item, spreadBefore)) return true
  let spread = spreads.get(item)
  if (spread === undefined) {
    const list = fromMarkdown(item).children[0]
    spread = list?.type === 'list' && list.children[0]?.spread === true
    keepRecent(spreads, item, spread, 500)
  }
  if (spread) spreadBefore = item
  return spread
}

/** A list item's content as a text of its own, to be read block by block (see itemContent). */
export interface ItemContent {
  /** The item's first line up to its content: its indent, marker and the spaces after it. */
  readonly marker: string
  /** The item's lines from its content column on: what the parser reads inside the item. */
  readonly text: string
}

// A line of spaces only: a blank line (a no-break space is text).
const SPACES = /^ *$/

/**
 * The content of a list item (its text as splitListItems gives it): its first line after the
 * marker and every line under it from the item's content column on, which the parser reads as a
 * text of its own inside the item. `null` where that is not all there is to it: an item whose
 * first line is its marker alone or starts with indented code, a line under it not indented to its
 * content with spaces (a lazy line, which only a paragraph takes), a tab (its width depends on its
 * column).
 */
export function itemContent(item: string): ItemContent | null {
  if (item.includes('\t')) return null
  const newline = item.indexOf('\n')
  const head = newline < 0 ? item : item.slice(0, newline)
  const marker = ITEM.exec(head)
  const spaces = marker?.[5]?.length ?? 0
  if (!marker || spaces === 0 || spaces > 4 || marker[0].length === head.length) return null
  const column = marker[0].length
  const lines = [head.slice(column)]
  if (newline >= 0) {
    for (const line of item.slice(newline + 1).split('\n')) {
      if (SPACES.test(line)) lines.push(line.slice(Math.min(line.length, column)))
      else if (line.length > column && INDENT.test(line.slice(0, column))) lines.push(line.slice(column))
      else return null
    }
  }
  return { marker: head.slice(0, column), text: lines.join('\n') }
}
