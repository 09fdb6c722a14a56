import { Component, type ErrorInfo, type ReactNode } from 'react'
import { textOf } from '../../core/text.js'

interface ErrorBoundaryProps {
  /** What is rendered; a new `resetKey` gives it a new chance after it threw. */
  resetKey: unknown
  children: ReactNode
  /** What shows instead of the children once they threw. It must not throw itself. */
  fallback: (error: unknown) => ReactNode
  onError?: ((error: unknown) => void) | undefined
}

interface ErrorBoundaryState {
  error: unknown
  failed: boolean
  resetKey: unknown
}

/** Keeps what throws while rendering to itself: it shows `fallback`, the rest of the page stays. */
export class ErrorBoundary extends Component<ErrorBoundaryProps, ErrorBoundaryState> {
  override state: ErrorBoundaryState = { error: null, failed: false, resetKey: undefined }

  static getDerivedStateFromError(error: unknown): Partial<ErrorBoundaryState> {
    return { error, failed: true }
  }

  static getDerivedStateFromProps(
    props: ErrorBoundaryProps,
    state: ErrorBoundaryState,
  ): Partial<ErrorBoundaryState> | null {
    // New data gets a new chance to render.
    return props.resetKey !== state.resetKey ? { error: null, failed: false, resetKey: props.resetKey } : null
  }

  override componentDidCatch(error: unknown, _info: ErrorInfo) {
    this.props.onError?.(error)
  }

  override render() {
    return this.state.failed ? this.props.fallback(this.state.error) : this.props.children
  }
}

/**
 * The inline note that stands in for what failed: the label, then what went wrong (prefixed by
 * `what`, e.g. the part's type). Reads nothing it cannot print, so it cannot throw itself.
 */
export function FailureNote({
  label,
  error,
  what,
  ...attributes
}: {
  label: string
  error: unknown
  what?: string
  'data-part'?: string | undefined
}) {
  const detail = error instanceof Error && typeof error.message === 'string' ? error.message : textOf(error)
  return (
    <div {...attributes} className="cp-part-failed" data-state="failed" role="note">
      <strong>{label}</strong>{' '}
      <span className="cp-part-failed__detail">
        ({what ? `${what}: ` : ''}
        {detail})
      </span>
    </div>
  )
}
