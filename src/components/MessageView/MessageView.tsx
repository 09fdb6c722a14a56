import { type ComponentPropsWithRef, type ReactNode, Suspense } from 'react'
import type { MessageInfo, Part, SourcePart, WithParts } from '../../core/model/types.js'
import { isEpochMs, isoTime } from '../../core/format.js'
import { ownEntry } from '../../core/record.js'
import { messageTotals, type Totals } from '../../core/totals.js'
import { useLabels } from '../../labels/LabelsContext.js'
import { cx } from '../cx.js'
import { ErrorBoundary, FailureNote } from '../ErrorBoundary.js'
import { PartView } from '../PartView/PartView.js'
import { SourceList } from '../SourcePart/SourcePart.js'
import { hasUsage, UsageSummary } from '../UsageSummary.js'
import { useHydrated } from '../useHydrated.js'

/** Props of {@link MessageView}. */
export interface MessageViewProps extends Omit<ComponentPropsWithRef<'article'>, 'children'> {
  info: MessageInfo
  /** The parts, rendered (see {@link Message} for a message given as data). */
  children?: ReactNode
  /** Cost and tokens shown in the footer (assistant messages with usage only). */
  totals?: Totals | undefined
  /** The message is still being written: marked busy for assistive technology. */
  streaming?: boolean | undefined
  /** Time zone of the times shown (default: the browser's). */
  timeZone?: string | undefined
  /**
   * Locale of the times shown (default: the page's `lang`, else the browser's). With both
   * `timeZone` and `timeLocale`, a server renders the times the browser will; without them, a
   * server-rendered time shows in UTC until the page is hydrated, then in the reader's own.
   */
  timeLocale?: string | undefined
  /** Sources the reply cites, listed under it. */
  sources?: readonly SourcePart[] | undefined
}

function formatTime(epochMs: number, locale: string | undefined, timeZone: string | undefined): string {
  if (!isEpochMs(epochMs) || epochMs <= 0) return ''
  try {
    return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short', ...(timeZone ? { timeZone } : {}) }).format(epochMs)
  } catch {
    // An unknown locale or time zone: the time is still shown, in the runtime's own.
    return new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' }).format(epochMs)
  }
}

/** A time the same on any machine: `2026-11-23 10:04 UTC`, for server renders that do not know the reader's zone. */
function utcTime(epochMs: number): string {
  const iso = epochMs > 0 ? isoTime(epochMs) : undefined
  return iso ? `${iso.slice(0, 16).replace('T', ' ')} UTC` : ''
}

/** A field the model types as text, shown only when it is text: a view never throws on a wrong value. */
const textField = (value: unknown): string => (typeof value === 'string' ? value : '')

/**
 * One message: role, agent and model, time, its parts in order, an error banner when the
 * assistant's reply failed, and its cost and tokens.
 */
export function MessageView({ info, children, totals, streaming = false, timeZone, timeLocale, sources, className, ...rest }: MessageViewProps) {
  const labels = useLabels()
  const role = ownEntry<string>(labels.roles, info.role) ?? (textField(info.role) || labels.roles.assistant)
  const model = textField(info.role === 'assistant' ? info.modelID : info.model?.modelID)
  const agent = textField(info.agent)
  const created = info.time?.created ?? 0
  const hydrated = useHydrated()
  const fixed = timeZone !== undefined && timeLocale !== undefined
  const pageLocale = typeof document === 'undefined' ? undefined : document.documentElement.lang || undefined
  const time = fixed || hydrated ? formatTime(created, timeLocale ?? pageLocale, timeZone) : utcTime(created)
  const error = info.role === 'assistant' && info.error ? { name: textField(info.error.name) || 'Error', message: textField(info.error.data?.message) } : undefined
  return (
    <article {...rest} className={cx('cp-message', className)} data-role={info.role} data-state={streaming ? 'streaming' : undefined} aria-busy={streaming || undefined} aria-label={role}>
      <header className="cp-message__header">
        <span className="cp-message__role">{role}</span>
        {agent ? <span className="cp-message__agent">{agent}</span> : null}
        {model ? <span className="cp-message__model">{model}</span> : null}
        {time ? (
          <time className="cp-message__time" dateTime={isoTime(created)}>
            {time}
          </time>
        ) : null}
      </header>
      <div className="cp-message__parts">{children}</div>
      {sources && sources.length > 0 ? <SourceList className="cp-message__sources" sources={sources} /> : null}
      {error ? (
        <div className="cp-message__error" data-error={error.name}>
          <strong>{labels.messageError}</strong>
          <span>
            {' '}
            {error.name}
            {error.message ? `: ${error.message}` : ''}
          </span>
        </div>
      ) : null}
      {info.role === 'assistant' && totals && hasUsage(totals) ? (
        <footer className="cp-message__totals">
          <UsageSummary totals={totals} />
        </footer>
      ) : null}
    </article>
  )
}

/** Props of {@link Message}. */
export interface MessageProps extends Omit<MessageViewProps, 'info' | 'children' | 'totals'> {
  message: WithParts
}

/** A message given as data (`WithParts`), with every part rendered by {@link PartView}. */
export function Message(props: MessageProps) {
  return (
    <MessageErrorBoundary info={props.message?.info}>
      <MessageBody {...props} />
    </MessageErrorBoundary>
  )
}

const isSource = (part: Part): part is SourcePart => part?.type === 'source'

function MessageBody({ message, streaming, ...rest }: MessageProps) {
  const sources = message.parts.filter(isSource)
  const parts = sources.length > 0 ? message.parts.filter((part) => !isSource(part)) : message.parts
  return (
    <MessageView {...rest} info={message.info} totals={messageTotals(message)} streaming={streaming} sources={sources}>
      {parts.map((part, index) => (
        // A key React can always read: an id that is not text (bad data) falls back to the position.
        <PartView key={typeof part?.id === 'string' ? part.id : `#${index}`} part={part} streaming={streaming} />
      ))}
    </MessageView>
  )
}

/** Shown in place of a message that threw while rendering; reads nothing it cannot print. */
function MessageFailed({ id, error }: { id: unknown; error: unknown }) {
  const labels = useLabels()
  return (
    <article className="cp-message cp-message--failed" data-state="failed" data-message-id={typeof id === 'string' ? id : undefined} aria-label={labels.messageFailed}>
      <FailureNote label={labels.messageFailed} error={error} />
    </article>
  )
}

/** Keeps a message that throws while rendering to itself: it shows an inline error, the transcript stays. */
export function MessageErrorBoundary({ info, children }: { info: MessageInfo; children: ReactNode }) {
  return (
    <ErrorBoundary resetKey={info} fallback={(error) => <MessageFailed id={info?.id} error={error} />}>
      {/* A server has no error boundaries: a message that throws there is left to the browser, which catches it. */}
      <Suspense fallback={null}>{children}</Suspense>
    </ErrorBoundary>
  )
}
