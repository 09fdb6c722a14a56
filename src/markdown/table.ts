// GFM tables read row by row, so a table being written parses its last row only.
import { GrowingLines } from './fence.js'

/** A column of a table being read: its cell of the delimiter row, and the alignment that gives its cells. */
export interface TableColumn {
  /** The column's cell of the delimiter row (`---:`), under which a cell of it parses as a one-cell table. */
  delimiter: string
  align: 'left' | 'center' | 'right' | undefined
}

/** A table block cut into rows, and each row into the cells it has of the table's columns. */
export interface TableRows {
  /** The header row over the delimiter row. */
  head: string
  columns: readonly TableColumn[]
  /**
   * The body rows written so far, each as its cells' text between their pipes (untrimmed), one
   * per column: a short row is filled with empty cells, a long one loses the extra, as GFM does.
   * A row read once is the same array from then on.
   */
  rows: readonly (readonly string[])[]
  /** The cell of the last row still being written (its column; its text as written so far, not repaired); -1 when none is. */
  open: number
}

const ROW = /^ {0,3}\|/

// A delimiter row that is a heading's underline (dashes alone) or starts as a list item does (a dash,
// then a space): the header is a heading, or a paragraph the item interrupts; there is no table.
const NOT_DELIMITER = /^ {0,3}(?:-+[ \t]*$|-[ \t])/

// Spaces are matched by one quantifier at each place, so a line of thousands is not tried in every
// split between two of them (`\|?\s*` after `\s*` was).
export const DELIMITER = /^(?: {0,3}\|)?\s*:?-+:?\s*(?:\|\s*:?-+:?\s*)*(?:\|\s*)?$/

/** The cells of a table row: split at pipes that are not escaped, without the outer pipes. */
export function tableCells(row: string): string[] {
  let line = row.trim()
  if (line.startsWith('|')) line = line.slice(1)
  let escaped = false
  const cells: string[] = []
  let start = 0
  for (let i = 0; i < line.length; i++) {
    if (escaped) escaped = false
    else if (line[i] === '\\') escaped = true
    else if (line[i] === '|') {
      cells.push(line.slice(start, i))
      start = i + 1
    }
  }
  if (start < line.length || cells.length === 0) cells.push(line.slice(start))
  return cells
}

/**
 * Reads a growing block that is one GFM table (a header row and a delimiter row, each starting
 * with a pipe, then rows that all start with one), so a streaming table parses its last row only.
 * `null` for anything else, which is then parsed whole. Rows read once are kept, so the work per
 * call follows the last row, not the table.
 */
export class TableReader {
  private readonly growing = new GrowingLines()
  private list: readonly string[] | null = null
  private head: { text: string; columns: readonly TableColumn[] } | null = null
  private done: (readonly string[])[] = []
  private broken = false

  /** The table `block` holds so far. */
  read(block: string): TableRows | null {
    // A block whose first line is no row is no table however it grows: not split into lines at each token.
    if (!ROW.test(block)) return null
    const lines = this.growing.lines(block)
    if (lines !== this.list) {
      // A new array: the block did not extend the last one; start over.
      this.list = lines
      this.head = null
      this.done = []
      this.broken = false
    }
    if (this.broken || lines.length < 2) return null
    let head = this.head
    if (!head) {
      const header = lines[0] as string
      const delimiter = lines[1] as string
      const cells = tableCells(delimiter)
      if (
        !ROW.test(header) ||
        !DELIMITER.test(delimiter) ||
        NOT_DELIMITER.test(delimiter) ||
        cells.length !== tableCells(header).length
      )
        return null
      head = { text: `${header}\n${delimiter}`, columns: cells.map(column) }
      // The delimiter row is settled once a line follows it.
      if (lines.length > 2) this.head = head
    }
    const { columns } = head
    const fit = (cells: string[]) => Array.from({ length: columns.length }, (_, i) => cells[i] ?? ' ')
    const last = lines.length - 1
    for (let i = this.done.length + 2; i < last; i++) {
      const line = lines[i] as string
      if (!ROW.test(line)) {
        this.broken = true
        return null
      }
      this.done.push(fit(tableCells(line)))
    }
    const tail = last >= 2 ? (lines[last] as string) : ''
    if (tail.trim() === '') return { head: head.text, columns, rows: this.done, open: -1 }
    if (!ROW.test(tail)) return null
    // Only the last cell can be open: the cells before it end at a pipe.
    const cells = tableCells(tail)
    const open = cells.length - 1
    // The spaces the row ends in are the open cell's (a code span being written shows them).
    const end = tail.trimEnd()
    if (end.length < tail.length && !end.endsWith('|')) cells[open] += tail.slice(end.length)
    return { head: head.text, columns, rows: [...this.done, fit(cells)], open: open < columns.length ? open : -1 }
  }
}

/** A column from its cell of the delimiter row. */
function column(cell: string): TableColumn {
  const delimiter = cell.trim()
  const left = delimiter.startsWith(':')
  const right = delimiter.endsWith(':')
  return { delimiter, align: left && right ? 'center' : right ? 'right' : left ? 'left' : undefined }
}
