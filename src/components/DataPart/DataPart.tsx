import type { ComponentType } from 'react'
import { safeJson } from '../../core/text.js'
import type { DataPart as DataPartData } from '../../core/model/types.js'
import { ownEntry } from '../../core/record.js'
import { fillLabel } from '../../labels/labels.js'
import { useLabels } from '../../labels/LabelsContext.js'
import { type DataViewProps, useRenderConfig } from '../shared/config.js'
import { Disclosure } from '../shared/Disclosure.js'

/** Props of {@link DataPart}. */
export interface DataPartProps {
  part: DataPartData
  streaming?: boolean | undefined
}

/**
 * An app's data part: its view from `dataViews` by the part's name, or a neutral one that names the
 * data and shows it, folded, as JSON (never as markup).
 */
export function DataPart({ part, streaming }: DataPartProps) {
  const { dataViews } = useRenderConfig()
  const name = typeof part.name === 'string' ? part.name : ''
  const View = ownEntry(dataViews, name)
  if (View) return renderView(View, part, streaming)
  return <NeutralData part={part} name={name} />
}

/** The app's view of a data part (a component of the app's, made once, never here). */
function renderView(View: ComponentType<DataViewProps>, part: DataPartData, streaming: boolean | undefined) {
  return <View part={part} streaming={streaming} />
}

function NeutralData({ part, name }: { part: DataPartData; name: string }) {
  const labels = useLabels()
  return (
    <Disclosure
      className="cp-data"
      data-part="data"
      data-name={name || undefined}
      summary={<span lang={labels.lang}>{fillLabel(labels.dataPart, { name: name || '?' })}</span>}
    >
      <pre className="cp-data__json">{safeJson(part.data, 2)}</pre>
    </Disclosure>
  )
}
