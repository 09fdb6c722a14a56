import { useState } from 'react'
import { useLabels } from '../../labels/LabelsContext.js'
import { useStatus } from '../../store/react.js'

/** Says "responding" once when streaming starts and "complete" once when it ends; never token by token. */
export function StreamAnnouncer() {
  const labels = useLabels()
  const status = useStatus()
  const [text, setText] = useState('')
  // The status last seen, kept in state so a change is noticed while rendering, not after.
  const [seen, setSeen] = useState(status)
  if (seen !== status) {
    setSeen(status)
    if (status === 'streaming') setText(labels.responding)
    else if (seen === 'streaming') setText(labels.responseDone)
  }
  return (
    <div className="cp-visually-hidden" role="status" aria-live="polite">
      {text}
    </div>
  )
}
