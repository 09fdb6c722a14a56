import { fillLabel } from '../../labels/labels.js'
import { useLabels } from '../../labels/LabelsContext.js'

/** The button that stands in for a remote image until the user asks to load it from `host`. */
export function ImageGate({
  host,
  alt,
  onOpen,
}: {
  host: string | undefined
  alt?: string | undefined
  onOpen: () => void
}) {
  const labels = useLabels()
  return (
    <button type="button" className="cp-button cp-image-gate" onClick={onOpen}>
      <span lang={labels.lang}>{fillLabel(labels.loadImage, { host: host ?? '' })}</span>
      {alt ? <span className="cp-image-gate__alt">: {alt}</span> : null}
    </button>
  )
}
