import { useEffect, useState } from 'react'
import { useLabels } from '../../labels/LabelsContext.js'
import { Icon, type IconName } from '../shared/Icon.js'

/** Props of {@link CopyButton}. */
export interface CopyButtonProps {
  /** What goes to the clipboard, or a function that reads it when the button is pressed. */
  text: string | (() => string)
  /** What the button says (default: the `copy` label). */
  label?: string
  /** Show only the icon; the label stays the button's name and tooltip. */
  iconOnly?: boolean
  /** The icon at rest (default: `copy`). */
  icon?: IconName
  className?: string
}

/** Copies `text` to the clipboard and says so, politely, for two seconds. */
export function CopyButton({ text, label, iconOnly = false, icon = 'copy', className }: CopyButtonProps) {
  const labels = useLabels()
  const [copied, setCopied] = useState(false)
  useEffect(() => {
    if (!copied) return
    const timer = setTimeout(() => setCopied(false), 2000)
    return () => clearTimeout(timer)
  }, [copied])
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(typeof text === 'function' ? text() : text)
      setCopied(true)
    } catch {
      setCopied(false)
    }
  }
  const name = label ?? labels.copy
  return (
    <button
      type="button"
      className={['cp-button', 'cp-copy', className].filter(Boolean).join(' ')}
      data-state={copied ? 'copied' : undefined}
      data-icon-only={iconOnly || undefined}
      title={iconOnly ? name : undefined}
      lang={labels.lang}
      onClick={() => void copy()}
    >
      <Icon name={copied ? 'check' : icon} />
      <span className={iconOnly ? 'cp-visually-hidden' : undefined} aria-live="polite">
        {copied ? labels.copied : name}
      </span>
    </button>
  )
}
