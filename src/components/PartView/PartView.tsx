import { type ComponentType, memo, type ReactNode, Suspense } from 'react'
import type { Part } from '../../core/model/types.js'
import { ownEntry } from '../../core/record.js'
import { useLabels } from '../../labels/LabelsContext.js'
import { usePart } from '../../react/hooks.js'
import {
  AgentPart,
  CompactionPart,
  PatchPart,
  RetryPart,
  SnapshotPart,
  SubtaskPart,
  UnsupportedPart,
} from '../CompactParts/CompactParts.js'
import { type PartComponentProps, type PartComponents, useRenderConfig } from '../shared/config.js'
import { ErrorBoundary, FailureNote } from '../shared/ErrorBoundary.js'
import { DataPart } from '../DataPart/DataPart.js'
import { FilePart } from '../FilePart/FilePart.js'
import { SourcePart } from '../SourcePart/SourcePart.js'
import { ReasoningPart } from '../ReasoningPart/ReasoningPart.js'
import { StepFinishPart } from '../StepFinishPart/StepFinishPart.js'
import { StepStartPart } from '../StepStartPart/StepStartPart.js'
import { TextPart } from '../TextPart/TextPart.js'
import { ToolPart } from '../ToolPart/ToolPart.js'

/** The components that ship with the kit, by part type. */
export const builtInPartComponents: Required<PartComponents> = {
  text: TextPart,
  reasoning: ReasoningPart,
  tool: ToolPart,
  'step-start': StepStartPart,
  'step-finish': StepFinishPart,
  file: FilePart,
  source: SourcePart,
  data: DataPart,
  patch: PatchPart,
  snapshot: SnapshotPart,
  agent: AgentPart,
  retry: RetryPart,
  compaction: CompactionPart,
  subtask: SubtaskPart,
  unsupported: UnsupportedPart,
}

/** Shown in place of a part that threw. Reads nothing it cannot print: it must not throw itself. */
function PartFailed({ part, error }: { part: Part; error: unknown }) {
  const labels = useLabels()
  const type = typeof part?.type === 'string' ? part.type : ''
  return <FailureNote label={labels.partFailed} error={error} what={type} data-part={type || undefined} />
}

/** The component for a part's type: the host's, then the kit's; own entries only, so `constructor` is just an unknown type. */
function viewFor(components: PartComponents, type: unknown): ComponentType<PartComponentProps> {
  if (typeof type !== 'string') return UnsupportedPart as ComponentType<PartComponentProps>
  return (ownEntry(components, type) ??
    ownEntry(builtInPartComponents, type) ??
    UnsupportedPart) as ComponentType<PartComponentProps>
}

/** Keeps a part that throws while rendering to itself: it shows an inline error, the rest stays. */
export function PartErrorBoundary({
  part,
  children,
  onError,
}: {
  part: Part
  children: ReactNode
  onError?: ((error: unknown, part: Part) => void) | undefined
}) {
  return (
    <ErrorBoundary
      resetKey={part}
      fallback={(error) => <PartFailed part={part} error={error} />}
      onError={onError ? (error) => onError(error, part) : undefined}
    >
      {/* A server has no error boundaries: a part that throws there is left to the browser, which catches it. */}
      <Suspense fallback={null}>{children}</Suspense>
    </ErrorBoundary>
  )
}

/** Props of {@link PartView}. */
export interface PartViewProps {
  part: Part
  streaming?: boolean | undefined
}

/** Renders any part with the component for its type (the host's over the kit's), inside an error boundary. */
export const PartView = memo(function PartView({ part, streaming }: PartViewProps) {
  const { components } = useRenderConfig()
  return <PartErrorBoundary part={part}>{renderPart(components, part, streaming)}</PartErrorBoundary>
})

/** The element of a part: the component its type maps to (one of a fixed table, never made here). */
function renderPart(components: PartComponents, part: Part, streaming: boolean | undefined) {
  const View = viewFor(components, part.type)
  // The part's anchor: a transcript scrolls to it by id (see TranscriptHandle.scrollTo).
  return <View part={part} streaming={streaming} data-part-id={typeof part.id === 'string' ? part.id : undefined} />
}

/** A part read from the store by id: re-renders when that part changes, and only then. */
export const StorePart = memo(function StorePart({
  id,
  streaming,
  messageID,
}: {
  id: string
  streaming?: boolean | undefined
  /** The part's message, when known: the part is then not read again at other messages' writes. */
  messageID?: string | undefined
}) {
  const part = usePart(id, messageID)
  return part ? <PartView part={part} streaming={streaming} /> : null
})
