import { useEffect, useRef, useState } from 'react'
import { useLabels } from '../../labels/LabelsContext.js'
import { useStatus } from '../../store/react.js'

/** Says "responding" once when streaming starts and "complete" once when it ends; never token by token. */
export function StreamAnnouncer() {
  const labels = useLabels()
  const status = useStatus()
  const [text, setText] = useState('')
  const previous = useRef(status)
  useEffect(() => {
    if (previous.current === status) return
    if (status === 'streaming') setText(labels.responding)
    else if (previous.current === 'streaming') setText(labels.responseDone)
    previous.current = status
  }, [status, labels])
  return (
    <div className="cp-visually-hidden" role="status" aria-live="polite">
      {text}
    </div>
  )
}
