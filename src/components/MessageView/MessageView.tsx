import type { ComponentPropsWithRef, ReactNode } from 'react'
import type { MessageInfo, WithParts } from '../../core/model/types.js'
import { messageTotals, type Totals } from '../../core/totals.js'
import { useLabels } from '../../labels/LabelsContext.js'
import { cx } from '../cx.js'
import { PartView } from '../PartView/PartView.js'
import { hasUsage, UsageSummary } from '../UsageSummary.js'

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
}

function formatTime(epochMs: number, locale: string | undefined, timeZone: string | undefined): string {
  if (!Number.isFinite(epochMs) || epochMs <= 0) return ''
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short', ...(timeZone ? { timeZone } : {}) }).format(epochMs)
}

/**
 * One message: role, agent and model, time, its parts in order, an error banner when the
 * assistant's reply failed, and its cost and tokens.
 */
export function MessageView({ info, children, totals, streaming = false, timeZone, className, ...rest }: MessageViewProps) {
  const labels = useLabels()
  const role = labels.roles[info.role]
  const model = info.role === 'assistant' ? info.modelID : info.model?.modelID
  const time = formatTime(info.time.created, typeof document === 'undefined' ? undefined : document.documentElement.lang || undefined, timeZone)
  const error = info.role === 'assistant' ? info.error : undefined
  return (
    <article {...rest} className={cx('cp-message', className)} data-role={info.role} data-streaming={streaming || undefined} aria-busy={streaming || undefined} aria-label={role}>
      <header className="cp-message__header">
        <span className="cp-message__role">{role}</span>
        {info.agent ? <span className="cp-message__agent">{info.agent}</span> : null}
        {model ? <span className="cp-message__model">{model}</span> : null}
        {time ? (
          <time className="cp-message__time" dateTime={new Date(info.time.created).toISOString()}>
            {time}
          </time>
        ) : null}
      </header>
      <div className="cp-message__parts">{children}</div>
      {error ? (
        <div className="cp-message__error" data-error={error.name}>
          <strong>{labels.messageError}</strong>
          <span>
            {' '}
            {error.name}
            {error.data.message ? `: ${error.data.message}` : ''}
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
export function Message({ message, streaming, ...rest }: MessageProps) {
  return (
    <MessageView {...rest} info={message.info} totals={messageTotals(message)} streaming={streaming}>
      {message.parts.map((part) => (
        <PartView key={part.id} part={part} streaming={streaming} />
      ))}
    </MessageView>
  )
}
