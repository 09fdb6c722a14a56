import { formatCost, formatTokens } from '../core/format.js'
import type { Totals } from '../core/totals.js'
import { useLabels } from '../labels/LabelsContext.js'

/** Whether there is any usage to show: a step was summed or something cost money. */
export const hasUsage = (totals: Totals): boolean => totals.steps > 0 || totals.cost > 0

/** Cost and total tokens as two labelled spans, for a message footer or the session's. */
export function UsageSummary({ totals }: { totals: Totals }) {
  const labels = useLabels()
  return (
    <>
      <span>
        {labels.cost}: {formatCost(totals.cost)}
      </span>
      <span>
        {labels.tokensTotal}: {formatTokens(totals.tokens.total)}
      </span>
    </>
  )
}
