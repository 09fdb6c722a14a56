import { Component, type ComponentType, type ErrorInfo, memo, type ReactNode } from 'react'
import type { Part } from '../../core/model/types.js'
import { useLabels } from '../../labels/LabelsContext.js'
import { usePart } from '../../store/react.js'
import { AgentPart, CompactionPart, PatchPart, RetryPart, SnapshotPart, SubtaskPart, UnsupportedPart } from '../CompactParts/CompactParts.js'
import { type PartComponentProps, type PartComponents, useRenderConfig } from '../config.js'
import { FilePart } from '../FilePart/FilePart.js'
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
  patch: PatchPart,
  snapshot: SnapshotPart,
  agent: AgentPart,
  retry: RetryPart,
  compaction: CompactionPart,
  subtask: SubtaskPart,
  unsupported: UnsupportedPart,
}

function PartFailed({ part, error }: { part: Part; error: unknown }) {
  const labels = useLabels()
  const message = error instanceof Error ? error.message : String(error)
  return (
    <div className="cp-part-failed" data-part={part.type} data-state="failed" role="note">
      <strong>{labels.partFailed}</strong> <span className="cp-part-failed__detail">({part.type}: {message})</span>
    </div>
  )
}

interface BoundaryProps {
  part: Part
  children: ReactNode
  onError?: ((error: unknown, part: Part) => void) | undefined
}

/** Keeps a part that throws while rendering to itself: it shows an inline error, the rest stays. */
export class PartErrorBoundary extends Component<BoundaryProps, { error: unknown; part: Part | null }> {
  override state = { error: null as unknown, part: null as Part | null }

  static getDerivedStateFromError(error: unknown) {
    return { error }
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: { error: unknown; part: Part | null }) {
    // A new version of the part gets a new chance to render.
    return props.part !== state.part ? { error: null, part: props.part } : null
  }

  override componentDidCatch(error: unknown, _info: ErrorInfo) {
    this.props.onError?.(error, this.props.part)
  }

  override render() {
    if (this.state.error !== null) return <PartFailed part={this.props.part} error={this.state.error} />
    return this.props.children
  }
}

/** Props of {@link PartView}. */
export interface PartViewProps {
  part: Part
  streaming?: boolean | undefined
}

/** Renders any part with the component for its type (the host's over the kit's), inside an error boundary. */
export const PartView = memo(function PartView({ part, streaming }: PartViewProps) {
  const { components } = useRenderConfig()
  const View = (components[part.type] ?? builtInPartComponents[part.type]) as ComponentType<PartComponentProps>
  return (
    <PartErrorBoundary part={part}>
      <View part={part} streaming={streaming} />
    </PartErrorBoundary>
  )
})

/** A part read from the store by id: re-renders when that part changes, and only then. */
export const StorePart = memo(function StorePart({ id, streaming }: { id: string; streaming?: boolean | undefined }) {
  const part = usePart(id)
  return part ? <PartView part={part} streaming={streaming} /> : null
})
