// A block quote read as the text inside it, so its blocks stream one by one.
import { FENCE_ANYWHERE, ITEM } from './lines.js'
import { hasDefinition } from './split.js'

const QUOTE_MARK = /^ {0,3}> ?/

/**
 * The text inside a block that is one block quote, every line of it marked (`>` after up to three
 * spaces, and the one space after it, taken off as the parser does), so a streaming quote is read
 * block by block inside; `null` for anything else, which is then rendered whole. Not read: a line
 * with no mark (lazy continuation), a tab (its width after `>` depends on its column), a carriage
 * return, a reference definition inside (it reaches across blocks), a quote with code or a
 * `$$` formula inside that ends in blank lines, and lists micromark reads otherwise in a quote (see listSpreadInQuote). While the quote streams,
 * a last line not yet past its indent is an empty line of the quote.
 */
export function quoteText(block: string, streaming: boolean): string | null {
  if (!block.startsWith('>') && !/^ {1,3}>/.test(block)) return null
  if (block.includes('\t') || block.includes('\r')) return null
  const inner: string[] = []
  let start = 0
  while (start <= block.length) {
    const newline = block.indexOf('\n', start)
    const end = newline < 0 ? block.length : newline
    const line = block.slice(start, end)
    const mark = QUOTE_MARK.exec(line)
    if (mark) inner.push(line.slice(mark[0].length))
    else if (streaming && newline < 0 && /^ {0,3}$/.test(line)) inner.push('')
    else return null
    if (newline < 0) break
    start = newline + 1
  }
  const text = inner.join('\n')
  // With code fences or `$$` formulas inside, a finished quote that ends in blank lines is read
  // whole: they may be lines of code left open, for the parser, where a text's trailing blank lines
  // are no block's. While the quote streams, its last line is not yet what it will be (`>` may be a
  // blank line or the start of one): what it may make of a list is judged once it is written.
  const openCode =
    !streaming && (inner.at(-1) ?? '').trim() === '' && (FENCE_ANYWHERE.test(text) || text.includes('$$'))
  return hasDefinition(text) || listSpreadInQuote(streaming ? inner.slice(0, -1) : inner) || openCode ? null : text
}

/**
 * Whether a list inside a quote is followed by what may make micromark read it otherwise there
 * than in the same text outside a quote: blank lines and then a quote or a list item (of this list
 * or another), or two blank lines (it may be loose there, and tight read block by block); blank
 * lines and then a line indented into an item (after a nested list, it is tight there, and loose
 * read block by block). Such a quote is parsed whole.
 */
function listSpreadInQuote(lines: readonly string[]): boolean {
  let list = false
  let blanks = 0
  for (const line of lines) {
    if (line.trim() === '') {
      blanks++
      if (list && blanks >= 2) return true
      continue
    }
    if (list && blanks > 0) {
      if (/^ {0,3}>/.test(line) || ITEM.test(line) || line.startsWith(' ')) return true
      // Text not indented after a blank line ends the list (a paragraph, a table): read as outside a quote.
      list = false
    }
    blanks = 0
    list ||= ITEM.test(line)
  }
  return false
}
