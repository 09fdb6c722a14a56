import { useEffect, useState } from 'react'
import { useLabels } from '../../labels/LabelsContext.js'

/** Props of {@link CopyButton}. */
export interface CopyButtonProps {
  /** What goes to the clipboard. */
  text: string
  /** What the button says (default: the `copy` label). */
  label?: string
}

/** Copies `text` to the clipboard and says so for two seconds; its visible text is its name. */
export function CopyButton({ text, label }: CopyButtonProps) {
  const labels = useLabels()
  const [copied, setCopied] = useState(false)
  useEffect(() => {
    if (!copied) return
    const timer = setTimeout(() => setCopied(false), 2000)
    return () => clearTimeout(timer)
  }, [copied])
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text)
      setCopied(true)
    } catch {
      setCopied(false)
    }
  }
  return (
    <button type="button" className="cp-button cp-copy" data-state={copied ? 'copied' : undefined} onClick={copy}>
      {copied ? <span aria-hidden="true">✓</span> : null}
      <span aria-live="polite">{copied ? labels.copied : (label ?? labels.copy)}</span>
    </button>
  )
}
