import { useState } from 'react'
import { useLabels } from '../../labels/LabelsContext.js'
import { useChatStore, useStatus } from '../../react/hooks.js'

/** What failed, as one line: the session's error, else the last reply's ("" when nothing failed). */
function useFailure(): string {
  return useChatStore((state) => {
    let error = state.error
    if (!error) {
      const last = state.messageIds.at(-1)
      const info = last === undefined ? undefined : state.messages.get(last)
      if (info?.role === 'assistant' && info.error) error = info.error
    }
    if (!error) return ''
    const message = typeof error.data?.message === 'string' ? error.data.message : ''
    return `${typeof error.name === 'string' ? error.name : 'Error'}${message ? `: ${message}` : ''}`
  })
}

/**
 * Says "responding" once when streaming starts, and once when it ends: "complete", or that the
 * response failed and why. Never token by token.
 */
export function StreamAnnouncer() {
  const labels = useLabels()
  const status = useStatus()
  const failure = useFailure()
  const [text, setText] = useState('')
  // The status last seen, kept in state so a change is noticed while rendering, not after.
  const [seen, setSeen] = useState(status)
  if (seen !== status) {
    setSeen(status)
    if (status === 'streaming') setText(labels.responding)
    else if (status === 'error' || (seen === 'streaming' && failure))
      setText(failure ? `${labels.messageError}: ${failure}` : labels.messageError)
    else if (seen === 'streaming') setText(labels.responseDone)
  }
  return (
    <div className="cp-visually-hidden" role="status" aria-live="polite" lang={labels.lang}>
      {text}
    </div>
  )
}
