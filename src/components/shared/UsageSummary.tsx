import { type ComponentPropsWithRef, type ReactNode, useId, useState } from 'react'
import { formatCost, formatTokens } from '../../labels/format.js'
import { ownEntry } from '../../core/record.js'
import type { Totals } from '../../core/totals.js'
import { fillCount, fillLabel, type Labels } from '../../labels/labels.js'
import { useLabels } from '../../labels/LabelsContext.js'
import { cx } from './cx.js'
import { Icon } from './Icon.js'
import { regionProps, useScrollRegion } from './useScrollRegion.js'

/** One row of the usage breakdown: a step (or a message), its totals, and why it ended. */
export interface UsageRow {
  /** Stable key of the row (a part or message id). */
  id: string
  /** What the row is called: "Step 1", a message's name. */
  label: ReactNode
  totals: Totals
  /** Why the step ended (`stop`, `tool-calls`, `length`, …), when known. */
  reason?: string | undefined
}

/** Props of {@link Usage}. */
export interface UsageProps extends Omit<ComponentPropsWithRef<'div'>, 'children' | 'title'> {
  totals: Totals
  /** The breakdown's rows, one per step (default: none, only the sum). */
  rows?: readonly UsageRow[] | undefined
  /** Text the line starts with ("Session total"). */
  title?: ReactNode
  /** Why the reply ended, flagged in the line when it is not a normal end (length limit, content filter). */
  reason?: string | undefined
}

/** Reasons that end a reply normally: nothing to flag. */
const NORMAL_ENDS = new Set(['', 'stop', 'tool-calls', 'end_turn', 'unknown', 'other'])

/** Whether there is anything to show: a reported cost (a real 0 included), or tokens. */
export const hasUsage = (totals: Totals): boolean => totals.costKnown || totals.tokens.total > 0

const exact = (count: number) => count.toLocaleString('en-US')

type Column = {
  key: 'input' | 'output' | 'reasoning' | 'read' | 'write' | 'total'
  label: string
  of: (totals: Totals) => number
  always?: boolean
}

const columns = (labels: Labels): Column[] => [
  { key: 'input', label: labels.tokensInput, of: (t) => t.tokens.input, always: true },
  { key: 'output', label: labels.tokensOutput, of: (t) => t.tokens.output, always: true },
  { key: 'reasoning', label: labels.tokensReasoning, of: (t) => t.tokens.reasoning },
  { key: 'read', label: labels.cacheRead, of: (t) => t.tokens.cache.read },
  { key: 'write', label: labels.cacheWrite, of: (t) => t.tokens.cache.write },
  { key: 'total', label: labels.tokensTotal, of: (t) => t.tokens.total, always: true },
]

/**
 * Cost and tokens as one quiet line ("$0.0123 · 12.3k tokens"); the line is a button that opens
 * the breakdown: input, output, reasoning, cache read and write, per row (step) and summed. A
 * figure the data does not have is not shown: no price when no step reported a cost, no tokens
 * when none were counted (a reported cost of 0 is shown). Nothing at all when nothing is known.
 */
export function Usage({ totals, rows = [], title, reason, className, ...rest }: UsageProps) {
  const labels = useLabels()
  const [open, setOpen] = useState(false)
  const id = useId()
  const [scrollRef, scrollable] = useScrollRegion<HTMLDivElement>()
  if (!hasUsage(totals)) return null
  const tokens = totals.tokens.total
  const flagged =
    reason !== undefined && !NORMAL_ENDS.has(reason)
      ? (ownEntry<string>(labels.finishReasons, reason) ?? reason)
      : undefined
  const withCost = totals.costKnown
  const shown = columns(labels).filter(
    (column) => column.always || column.of(totals) > 0 || rows.some((row) => column.of(row.totals) > 0),
  )
  const line: ReactNode[] = []
  if (title)
    line.push(
      <span key="title" className="cp-usage__title">
        {title}
      </span>,
    )
  if (totals.costKnown)
    line.push(
      <span key="cost" data-field="cost" title={`$${totals.cost}`}>
        <span className="cp-visually-hidden">{labels.cost} </span>
        {formatCost(totals.cost, labels)}
      </span>,
    )
  if (tokens > 0)
    line.push(
      <span key="tokens" data-field="tokens" title={exact(tokens)}>
        {fillCount(labels.tokensCount, tokens, labels.lang, {}, formatTokens(tokens, labels))}
      </span>,
    )
  if (flagged)
    line.push(
      <span key="reason" className="cp-usage__flag" data-reason={reason}>
        {fillLabel(labels.stoppedBy, { reason: flagged })}
      </span>,
    )
  const cells = (totals: Totals) => [
    ...shown.map((column) => (
      <td key={column.key} data-field={column.key} title={exact(column.of(totals))}>
        {formatTokens(column.of(totals), labels)}
      </td>
    )),
    ...(withCost
      ? [
          <td key="cost" data-field="cost" title={totals.costKnown ? `$${totals.cost}` : undefined}>
            {totals.costKnown ? formatCost(totals.cost, labels) : '—'}
          </td>,
        ]
      : []),
  ]
  return (
    <div {...rest} className={cx('cp-usage', className)} lang={labels.lang} data-state={open ? 'open' : 'closed'}>
      <button
        type="button"
        className="cp-usage__toggle"
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen(!open)}
      >
        <Icon name={open ? 'chevron-down' : 'chevron-right'} />
        {line.flatMap((item, index) =>
          index === 0
            ? [item]
            : [
                <span key={`sep-${index}`} className="cp-usage__sep" aria-hidden="true">
                  ·
                </span>,
                item,
              ],
        )}
      </button>
      <div
        id={id}
        ref={scrollRef}
        className="cp-usage__details"
        hidden={!open}
        {...regionProps(scrollable, labels.usageDetails)}
      >
        {open ? (
          <table className="cp-usage__table">
            <caption className="cp-visually-hidden">{labels.usageDetails}</caption>
            <thead>
              <tr>
                <td />
                {shown.map((column) => (
                  <th key={column.key} scope="col">
                    {column.label}
                  </th>
                ))}
                {withCost ? <th scope="col">{labels.cost}</th> : null}
              </tr>
            </thead>
            {rows.length > 0 ? (
              <tbody>
                {rows.map((row) => (
                  <tr key={row.id} data-reason={row.reason}>
                    <th scope="row">
                      {row.label}
                      {row.reason ? (
                        <span className="cp-usage__reason">
                          {' · '}
                          {ownEntry<string>(labels.finishReasons, row.reason) ?? row.reason}
                        </span>
                      ) : null}
                    </th>
                    {cells(row.totals)}
                  </tr>
                ))}
              </tbody>
            ) : null}
            {rows.length !== 1 ? (
              <tfoot>
                <tr>
                  <th scope="row">{labels.total}</th>
                  {cells(totals)}
                </tr>
              </tfoot>
            ) : null}
          </table>
        ) : null}
      </div>
    </div>
  )
}
