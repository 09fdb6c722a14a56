import { type ComponentPropsWithRef, type ReactNode, Suspense, useMemo } from 'react'
import type {
  MessageInfo,
  Part,
  SourcePart,
  StepFinishPart,
  TextPart,
  ToolPart,
  WithParts,
} from '../../core/model/types.js'
import { isoTime } from '../../core/numbers.js'
import { isRecord, ownEntry } from '../../core/record.js'
import { messageTotals, stepTotals, type Totals } from '../../core/totals.js'
import { fillLabel } from '../../labels/labels.js'
import { useLabels } from '../../labels/LabelsContext.js'
import { CopyButton } from '../CopyButton/CopyButton.js'
import { cx } from '../shared/cx.js'
import { ErrorBoundary, FailureNote } from '../shared/ErrorBoundary.js'
import { Icon } from '../shared/Icon.js'
import { MessageStateContext } from '../shared/messageState.js'
import { PartView } from '../PartView/PartView.js'
import { SourceList } from '../SourcePart/SourcePart.js'
import { ToolGroup } from '../ToolPart/ToolGroup.js'
import { hasUsage, Usage, type UsageRow } from '../shared/UsageSummary.js'
import { type TimeStyle, useTimeText } from '../shared/time.js'
import { toMarkdown } from '../../export/markdown.js'
import { HeadingBaseContext } from '../shared/headings.js'
import { checkReactVersion } from '../shared/reactVersion.js'
import { flowOf, isSource, isStepFinish, type ToolGrouping } from './flow.js'

/** How a message is laid out: `document` (every message full width, one after the other) or `chat` (the user's as bubbles on one side). */
export type MessageLayout = 'document' | 'chat'

/** Props of {@link MessageView}. */
export interface MessageViewProps extends Omit<ComponentPropsWithRef<'article'>, 'children'> {
  info: MessageInfo
  /** The parts, rendered (see {@link Message} for a message given as data). */
  children?: ReactNode
  /** Cost and tokens shown in the footer's quiet line (assistant messages with usage only). */
  totals?: Totals | undefined
  /** The steps of the reply, as rows of the footer's breakdown. */
  steps?: readonly StepFinishPart[] | undefined
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
  /** `datetime` (default): date and time; `time`: the time alone, where the date is said once per day (as `Transcript` does). */
  timeStyle?: TimeStyle | undefined
  /**
   * `chat` (default): the user's messages as bubbles on the end side without agent or model, replies
   * full width, actions in the message's corner on hover or focus. `document`: every message the same,
   * with all it records, actions under it.
   */
  layout?: MessageLayout | undefined
  /** The level of the heading each message starts with (default 2: under the page's own h1), to fit the host page's outline. */
  headingLevel?: HeadingLevel | undefined
  /** Shown before the name: an avatar, an icon. */
  avatar?: ReactNode
  /** The name shown for the author (default: the role's label, "You" or "Assistant"). */
  name?: ReactNode
  /** The message's place in its transcript (1-based): the end of its accessible name, so no two are named alike. */
  position?: number | undefined
  /**
   * What the copy button copies: the message's text, or a function that reads it when pressed.
   * No button without it (and none while the message streams).
   */
  copyText?: string | (() => string) | undefined
  /** What "Copy as Markdown" copies (the message with its tools, see `toMarkdown`): no such button without it. */
  copyMarkdown?: string | (() => string) | undefined
  /** A link to this message (its page and `#` its id), copied by a "Copy link" button: none without it. */
  copyLink?: string | undefined
  /** More message actions, after the copy buttons (buttons of the app: retry, feedback, share). */
  actions?: ReactNode
  /** The message holds a system prompt only: named for the system, not shown as the user's words. */
  system?: boolean | undefined
}

/** A heading level. */
export type HeadingLevel = 1 | 2 | 3 | 4 | 5 | 6

/** A field the model types as text, shown only when it is text: a view never throws on a wrong value. */
const textField = (value: unknown): string => (typeof value === 'string' ? value : '')

const HEADINGS = { 1: 'h1', 2: 'h2', 3: 'h3', 4: 'h4', 5: 'h5', 6: 'h6' } as const

/**
 * One message: a heading (avatar, name, agent, model, time), its parts in order, the sources it
 * cites, an error banner when the reply failed, and a footer with its cost and tokens as one quiet
 * line (the breakdown per step behind it) and the message actions.
 */
export function MessageView({
  info,
  children,
  totals,
  steps = [],
  streaming = false,
  timeZone,
  timeLocale,
  sources,
  timeStyle = 'datetime',
  layout = 'chat',
  headingLevel = 2,
  avatar,
  name,
  position,
  copyText,
  copyMarkdown,
  copyLink,
  actions,
  system = false,
  className,
  ...rest
}: MessageViewProps) {
  checkReactVersion()
  const labels = useLabels()
  const role = system
    ? labels.roles.system
    : (ownEntry<string>(labels.roles, info.role) ?? (textField(info.role) || labels.roles.assistant))
  const chat = layout === 'chat'
  // In a chat, the user's own messages say who wrote them and when; what ran them is the reply's.
  const model =
    chat && info.role !== 'assistant' ? '' : textField(info.role === 'assistant' ? info.modelID : info.model?.modelID)
  const agent = chat && info.role !== 'assistant' ? '' : textField(info.agent)
  const created = info.time?.created ?? 0
  const time = useTimeText(created, timeStyle, timeZone, timeLocale)
  // The name says the date too, where the heading shows the time alone.
  const fullTime = useTimeText(created, 'datetime', timeZone, timeLocale)
  const error =
    info.role === 'assistant' && isRecord(info.error)
      ? {
          name: textField(info.error.name) || 'Error',
          message: textField(info.error.data?.message),
          masked: isRecord(info.error.data) && info.error.data.masked === true,
        }
      : undefined
  const failed = error !== undefined
  const state = useMemo(() => ({ failed }), [failed])
  const Heading = HEADINGS[headingLevel] ?? 'h2'
  const rows: UsageRow[] = steps.map((step, index) => ({
    id: typeof step.id === 'string' ? step.id : `#${index}`,
    label: fillLabel(labels.stepNumber, { n: index + 1 }),
    totals: stepTotals(step),
    reason: textField(step.reason) || undefined,
  }))
  const usage =
    info.role === 'assistant' && totals && hasUsage(totals) ? (
      <Usage
        className="cp-message__usage"
        totals={totals}
        rows={rows}
        reason={textField(steps.at(-1)?.reason) || textField(info.role === 'assistant' ? info.finish : '')}
      />
    ) : null
  const copy =
    (copyText !== undefined || copyMarkdown !== undefined || copyLink !== undefined) && !streaming ? (
      <>
        {copyText !== undefined ? <CopyButton text={copyText} label={labels.copyMessage} iconOnly /> : null}
        {copyMarkdown !== undefined ? (
          <CopyButton text={copyMarkdown} label={labels.copyMarkdown} icon="markdown" iconOnly />
        ) : null}
        {copyLink !== undefined ? <CopyButton text={copyLink} label={labels.copyLink} icon="link" iconOnly /> : null}
      </>
    ) : null
  const actionGroup =
    copy || actions ? (
      <div className="cp-message__actions" role="group" aria-label={labels.messageActions} lang={labels.lang}>
        {copy}
        {actions}
      </div>
    ) : null
  // Told apart from the other messages by its time and its place (two replies can share a minute).
  const accessibleName = [
    role,
    fullTime,
    position !== undefined ? fillLabel(labels.messageNumber, { n: position }) : '',
  ]
    .filter(Boolean)
    .join(', ')
  return (
    <article
      {...rest}
      className={cx('cp-message', className)}
      data-role={info.role}
      data-system={system || undefined}
      data-layout={layout}
      data-state={streaming ? 'streaming' : error ? 'failed' : undefined}
      aria-busy={streaming || undefined}
      aria-label={accessibleName}
    >
      <header className="cp-message__header">
        {avatar ? <span className="cp-message__avatar">{avatar}</span> : null}
        <Heading className="cp-message__role" lang={name === undefined ? labels.lang : undefined}>
          {name ?? role}
        </Heading>
        {agent ? <span className="cp-message__agent">{agent}</span> : null}
        {model ? <span className="cp-message__model">{model}</span> : null}
        {chat ? actionGroup : null}
        {time ? (
          <time className="cp-message__time" dateTime={isoTime(created)}>
            {time}
          </time>
        ) : null}
      </header>
      <MessageStateContext.Provider value={state}>
        <HeadingBaseContext.Provider value={HEADINGS[headingLevel] ? headingLevel : 2}>
          <div className="cp-message__parts">{children}</div>
        </HeadingBaseContext.Provider>
      </MessageStateContext.Provider>
      {sources && sources.length > 0 ? <SourceList className="cp-message__sources" sources={sources} /> : null}
      {error ? (
        <div className="cp-message__error" data-error={error.name}>
          <Icon name="alert" />
          <span>
            <strong lang={labels.lang}>{labels.messageError}</strong> {error.name}
            {error.message ? `: ${error.message}` : ''}
            {error.masked ? <span lang={labels.lang}> {labels.messageErrorMasked}</span> : null}
          </span>
        </div>
      ) : null}
      {usage || (!chat && actionGroup) ? (
        <div className="cp-message__footer">
          {usage}
          {chat ? null : actionGroup}
        </div>
      ) : null}
    </article>
  )
}

/** Props of {@link Message}. */
export interface MessageProps extends Omit<
  MessageViewProps,
  'info' | 'children' | 'totals' | 'steps' | 'sources' | 'copyText' | 'copyMarkdown' | 'copyLink'
> {
  message: WithParts
  /** Fold runs of at least this many consecutive tool calls into one line (default 3; `false`: never). */
  groupTools?: ToolGrouping | undefined
  /** Show the copy buttons: the message's text, and the message as Markdown (default: true). */
  copyable?: boolean | undefined
}

/** A message given as data (`WithParts`), with every part rendered by {@link PartView}. */
export function Message(props: MessageProps) {
  return (
    <MessageErrorBoundary info={props.message?.info}>
      <MessageBody {...props} />
    </MessageErrorBoundary>
  )
}

/** The text of a message for the clipboard: its text parts (not synthetic ones), one paragraph each. */
export function messageText(parts: readonly Part[]): string {
  return parts
    .filter(
      (part): part is TextPart =>
        part?.type === 'text' && typeof part.text === 'string' && !part.synthetic && !part.system && !part.ignored,
    )
    .map((part) => part.text.trim())
    .filter(Boolean)
    .join('\n\n')
}

/** A message copied alone: no heading of its own, no cost line. */
export const MESSAGE_MARKDOWN = { headings: false, usage: false } as const

/** Whether a message holds nothing but a system prompt (so it is the app's, not the user's). */
export function isSystemPrompt(parts: readonly (Part | undefined)[]): boolean {
  return parts.length > 0 && parts.every((part) => part?.type === 'text' && part.system === true)
}

function MessageBody({ message, streaming, groupTools = 3, copyable = true, ...rest }: MessageProps) {
  const { parts } = message
  const byId = new Map(parts.map((part, index) => [typeof part?.id === 'string' ? part.id : `#${index}`, part]))
  const flow = flowOf([...byId.keys()], (id) => byId.get(id), groupTools)
  const render = (id: string) => {
    const part = byId.get(id) as Part
    return <PartView key={id} part={part} streaming={streaming} />
  }
  const text = copyable ? messageText(parts) : ''
  return (
    <MessageView
      {...rest}
      info={message.info}
      totals={messageTotals(message)}
      steps={parts.filter(isStepFinish)}
      streaming={streaming}
      sources={parts.filter(isSource)}
      copyText={text ? text : undefined}
      copyMarkdown={copyable && parts.length > 0 ? () => toMarkdown([message], MESSAGE_MARKDOWN) : undefined}
      system={isSystemPrompt(parts)}
    >
      {flow.map((item) =>
        item.kind === 'part' ? (
          render(item.id)
        ) : (
          <ToolGroup key={`group-${item.ids[0]}`} parts={item.ids.map((id) => byId.get(id) as ToolPart)}>
            {item.ids.map(render)}
          </ToolGroup>
        ),
      )}
    </MessageView>
  )
}

/** Shown in place of a message that threw while rendering; reads nothing it cannot print. */
function MessageFailed({ id, error }: { id: unknown; error: unknown }) {
  const labels = useLabels()
  return (
    <article
      className="cp-message cp-message--failed"
      data-state="failed"
      data-message-id={typeof id === 'string' ? id : undefined}
      aria-label={labels.messageFailed}
    >
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
