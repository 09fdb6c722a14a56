// A table being written: its rows in memoized groups, the cell being written repaired.
import { memo, type ReactNode, useContext, useMemo, useState } from 'react'
import { type Components } from 'react-markdown'
import { type TableColumn, type TableRows } from '../../markdown/table.js'
import { Groups } from '../../markdown/groups.js'
import { type MathSyntax } from '../../markdown/math.js'
import { plainCell } from '../../markdown/plain.js'
import { repairInline } from '../../markdown/repair.js'
import { LiveBlock, ScrollTable } from './elements.js'
import { OpenFormula, OpenSpan, Parsed, liveTail } from './pieces.js'

// A table cell rendered alone parses as a table of one header cell: the table, its head, its row
// and its header cell are dropped, and the cell's content goes into the cell `TableCell` renders.
export const Passthrough = ({ children }: { children?: ReactNode }) => <>{children}</>

export const TABLE_HOST_PARTS = ['table', 'thead', 'tbody', 'tr', 'th', 'td'] as const

/**
 * A table being written: its head parsed on its own, then row by row and cell by cell, so a
 * growing table parses only the cell being written, and a cell of plain text not at all. The
 * same elements as the table parsed whole; kept after the table is finished, so its rows are not
 * made again.
 */
export function StreamingTable({
  table,
  components,
  math,
  formulas,
  spans,
}: {
  table: TableRows
  components: Components
  math: MathSyntax
  formulas: boolean
  spans: boolean
}) {
  const head = useMemo(() => ({ ...components, table: Passthrough, thead: Passthrough }), [components])
  // The cell being written, in the last row: it is repaired, and may end in a formula or a span being written.
  const open = useContext(LiveBlock) ? table.open : -1
  const last = Math.ceil(table.rows.length / ROWS) - 1
  const cell = useMemo(() => ({ ...head, tr: Passthrough, th: Passthrough }), [head])
  const [groups] = useState(() => new Groups<readonly string[]>(ROWS))
  return (
    <ScrollTable>
      <thead>
        <Parsed text={table.head} math={math} components={head} />
      </thead>
      {table.rows.length > 0 && (
        <tbody>
          {groups
            .of(table.rows.length, (i) => table.rows[i] as readonly string[])
            .map((rows, g) => (
              // a group is its place in the table; earlier groups never move
              <RowGroup
                key={g}
                rows={rows}
                columns={table.columns}
                math={math}
                components={cell}
                formulas={formulas}
                spans={spans}
                open={g === last ? open : -1}
              />
            ))}
        </tbody>
      )}
    </ScrollTable>
  )
}

/** Rows a table renders as one memoized group: a growing table re-renders its last group only. */
const ROWS = 32

interface RowProps {
  columns: readonly TableColumn[]
  math: MathSyntax
  components: Components
  formulas: boolean
  spans: boolean
}

const RowGroup = memo(function RowGroup({
  rows,
  open,
  ...props
}: RowProps & { rows: readonly (readonly string[])[]; open: number }) {
  return rows.map((cells, i) => (
    // a row is its place in the group; earlier rows never move
    <TableRow key={i} cells={cells} open={i === rows.length - 1 ? open : -1} {...props} />
  ))
})

const TableRow = memo(function TableRow({
  cells,
  columns,
  open,
  ...props
}: RowProps & { cells: readonly string[]; open: number }) {
  return (
    <tr>
      {cells.map((text, i) => {
        const column = columns[i] as TableColumn
        return (
          // a cell is its column
          <td key={i} style={column.align ? { textAlign: column.align } : undefined}>
            <TableCell text={text} delimiter={column.delimiter} live={i === open} {...props} />
          </td>
        )
      })}
    </tr>
  )
})

/**
 * A cell's content: its text as it is when the parser would show it as that text (see
 * plainCell), else the cell parsed alone as a one-cell table under its column's delimiter, which
 * reads it as the cell of the whole table is read (inline only, trimmed, `\|` a pipe). The cell
 * being written (`live`) is repaired first; ending in an inline formula or a span being written, it
 * shows what is before that, then the formula or the span as written so far.
 */
const TableCell = memo(function TableCell({
  text,
  delimiter,
  math,
  components,
  live,
  formulas,
  spans,
}: { text: string; delimiter: string; live: boolean } & Omit<RowProps, 'columns'>) {
  // (The spaces before a cell's text are not its own: the cell being written is read without them.)
  const tail = liveTail(live ? text.trimStart() : text, 'cell', live, { math, formulas, spans }, repairInline)
  const cell = tail.text
  const plain = plainCell(cell)
  return (
    <>
      {(tail.formula || tail.span) && cell === ''
        ? null
        : (plain ?? <Parsed text={`| ${cell} |\n| ${delimiter} |`} math={math} components={components} />)}
      <OpenSpan open={tail.span} />
      <OpenFormula open={tail.formula} />
    </>
  )
})
