import { useId, useState } from 'react'
import { isApprovalChoice } from '../../core/approval.js'
import type { ApprovalChoice, ToolApproval, ToolPart } from '../../core/model/types.js'
import { ownEntry } from '../../core/record.js'
import { fillLabel } from '../../labels/labels.js'
import { useLabels } from '../../labels/LabelsContext.js'
import { useRenderConfig } from '../shared/config.js'

/**
 * A tool call's approval: while requested, the question and the choices as buttons (shown when the
 * app listens with `onApproval`); once answered, what was chosen. The choice shows at once when a
 * button is pressed, before the data says so; the buttons then stay disabled, so one answer is sent.
 */
export function ApprovalCard({ part, approval }: { part: ToolPart; approval: ToolApproval }) {
  const labels = useLabels()
  const { onApproval } = useRenderConfig()
  const [pressed, setPressed] = useState<ApprovalChoice | null>(null)
  const questionId = useId()
  const choices = (Array.isArray(approval.choices) ? approval.choices : []).filter(isApprovalChoice)
  const requested = approval.status === 'requested'
  const chosen = requested ? pressed : (approval.choice ?? null)
  // Until the data says so, a pressed choice is sent, not yet granted: the card stays `requested`.
  const status = approval.status
  const statusText = ownEntry<string>(labels.approvalStatus, status) ?? String(status)
  const answer = (choice: ApprovalChoice) => {
    if (pressed) return
    setPressed(choice)
    onApproval?.({
      approvalId: approval.id,
      choice,
      approved: choice !== 'reject',
      callID: part.callID,
      tool: part.tool,
      part,
    })
  }
  return (
    <div className="cp-approval" data-state={status} role="group" aria-labelledby={questionId}>
      <p className="cp-approval__question" id={questionId}>
        <span className="cp-approval__status" lang={labels.lang}>
          {statusText}
        </span>
        {requested && !pressed ? (
          typeof approval.title === 'string' && approval.title ? (
            <span>{approval.title}</span>
          ) : (
            <span lang={labels.lang}>{labels.approvalAsk}</span>
          )
        ) : null}
        {!requested && typeof approval.title === 'string' && approval.title ? <span>{approval.title}</span> : null}
        {/* Granted or refused by a rule, nobody chose: said beside the status. */}
        {!requested && !chosen && approval.automatic ? (
          <span lang={labels.lang}>({labels.approvalAutomatic})</span>
        ) : null}
      </p>
      {requested && onApproval && !pressed ? (
        <div className="cp-approval__choices" lang={labels.lang}>
          {choices.map((choice) => (
            <button
              key={choice}
              type="button"
              className="cp-approval__choice"
              data-choice={choice}
              onClick={() => answer(choice)}
            >
              {labels.approvalChoices[choice]}
            </button>
          ))}
        </div>
      ) : null}
      {chosen ? (
        <p className="cp-approval__chosen" role={pressed ? 'status' : undefined}>
          {fillLabel(labels.approvalChosen, { choice: labels.approvalChoices[chosen] ?? chosen })}
          {approval.automatic ? ` (${labels.approvalAutomatic})` : ''}
          {approval.reason ? ` — ${approval.reason}` : ''}
        </p>
      ) : null}
    </div>
  )
}
