import { type ComponentType, type ReactNode, type RefObject, useId, useMemo, useRef } from 'react'
import type { ToolDisplay, ToolDisplayKind, ToolPart } from '../../core/model/types.js'
import { safeJson, textOf } from '../../core/text.js'
import { ownEntry } from '../../core/record.js'
import { fillCount, fillLabel } from '../../labels/labels.js'
import { Icon, type IconName } from '../shared/Icon.js'
import { useLabels } from '../../labels/LabelsContext.js'
import { type ToolViewProps, type ToolViews, useRenderConfig } from '../shared/config.js'
import { type DiffLine, diffCounts, displayDiffLines, foldContext } from './diff.js'
import { highlightedLineProps, plainColorStyle, Tokens, useQueuedHighlight } from '../Markdown/CodeBlock.js'
import { useTokenColors } from '../shared/tokenColors.js'
import { useCodeScheme } from '../shared/codeScheme.js'
import type { CodeToken, Highlighter } from '../../highlight/types.js'
import { Markdown } from '../Markdown/Markdown.js'
import { LongText } from './LongText.js'
import { regionProps, useScrollRegion } from '../shared/useScrollRegion.js'

const outputOf = (part: ToolPart): string | undefined =>
  part.state.status === 'completed' ? part.state.output : undefined

function pretty(value: unknown): string {
  return safeJson(value, 2) || textOf(value)
}

/** Input, output or error of a tool, for any tool. */
function InputSection({ part }: ToolViewProps) {
  const labels = useLabels()
  const { state } = part
  const empty = Object.keys(state.input).length === 0
  if (empty && state.status === 'pending' && state.raw) return <Section title={labels.input} text={state.raw} />
  if (empty) return null
  const flat = flatEntries(state.input)
  if (flat) {
    return (
      <Section title={labels.input}>
        <dl className="cp-kv">
          {flat.map(([key, value]) => (
            <div key={key} className="cp-kv__row">
              <dt>{key}</dt>
              <dd data-type={value === null ? 'null' : typeof value}>
                {typeof value === 'string' ? value : String(value)}
              </dd>
            </div>
          ))}
        </dl>
      </Section>
    )
  }
  return <Section title={labels.input} text={pretty(state.input)} />
}

/**
 * The entries of a flat input (a few keys, each a short text, number, boolean or null), to show as
 * key/value rows; `undefined` for anything nested, long or large, which shows as JSON.
 */
function flatEntries(input: unknown): [string, string | number | boolean | null][] | undefined {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) return undefined
  const entries = Object.entries(input)
  if (entries.length === 0 || entries.length > 12) return undefined
  for (const [, value] of entries) {
    if (value === null || typeof value === 'number' || typeof value === 'boolean') continue
    if (typeof value === 'string' && value.length <= 200 && !value.includes('\n')) continue
    return undefined
  }
  return entries as [string, string | number | boolean | null][]
}

/** A titled part of a tool's body, named by its title for assistive technology. */
function Section({
  title,
  text,
  className,
  children,
}: {
  title: string
  text?: string
  className?: string
  children?: ReactNode
}) {
  const labels = useLabels()
  const id = useId()
  return (
    <section
      className={className ? `cp-tool__section ${className}` : 'cp-tool__section'}
      role="group"
      aria-labelledby={id}
    >
      <div className="cp-tool__section-title" id={id} lang={labels.lang}>
        {title}
      </div>
      {text !== undefined ? <LongText text={text} label={title} /> : null}
      {children}
    </section>
  )
}

/** The error text of a failed tool, or the output of a completed one, with a truncation mark. */
export function ToolResult({ part, output }: ToolViewProps & { output?: string | undefined }) {
  const labels = useLabels()
  const { state } = part
  if (state.status === 'error')
    return <Section className="cp-tool__error" title={labels.error} text={textOf(state.error)} />
  const text = output ?? outputOf(part)
  if (text === undefined) return null
  if (text === '') return <p className="cp-tool__empty">{labels.noOutput}</p>
  return (
    <Section title={labels.output} text={text}>
      {state.status === 'completed' && state.truncated ? (
        <p className="cp-tool__truncated">{labels.truncated}</p>
      ) : null}
    </Section>
  )
}

/** Any tool: its input as JSON and its output or error. */
export function GenericToolView(props: ToolViewProps) {
  return (
    <>
      <InputSection {...props} />
      <ToolResult {...props} />
    </>
  )
}

/** Props of a view picked by the tool's display: the part and its display of that kind. */
export interface DisplayViewProps<K extends ToolDisplayKind = ToolDisplayKind> extends ToolViewProps {
  display: Extract<ToolDisplay, { kind: K }>
}

/** A shell run: the command, its output and its exit status. */
export function ShellToolView({ part, display }: DisplayViewProps<'shell'>) {
  const labels = useLabels()
  const exit = display.exitCode
  return (
    <>
      <div className="cp-bash__command">
        <code>
          <span aria-hidden="true">$ </span>
          {display.command}
        </code>
        {exit !== undefined ? (
          <span className="cp-bash__exit" data-state={exit === 0 ? 'ok' : 'failed'}>
            {fillLabel(labels.exitCode, { code: exit })}
          </span>
        ) : null}
      </div>
      <ToolResult part={part} output={display.output ?? outputOf(part)} />
    </>
  )
}

const SIGN = { add: '+', remove: '−', context: ' ', skip: '⋯' } as const

/** The language of a file, by its extension (`src/api.ts` → `ts`), as a highlighter resolves it. */
export const extensionOf = (file: string | undefined) => /\.([A-Za-z0-9+#-]{1,12})$/.exec(file ?? '')?.[1] ?? ''

/**
 * Syntax colour for a diff's lines: the new file's lines (context and added) highlighted as one text
 * and the old file's (context and removed) as another, so a line inside a comment or a string is
 * coloured as it is in its file. Tokenized off the render by the background queue, as a finished
 * code block is (a whole file written is a diff of thousands of lines); plain until then, and when
 * the file's language is not known.
 */
function useDiffTokens(
  lines: readonly DiffLine[],
  lang: string | null,
  highlighter: Highlighter | null,
  element: RefObject<Element | null>,
): Map<DiffLine, CodeToken[]> {
  const sides = useMemo(
    () =>
      (['new', 'old'] as const).map((side) => {
        const own = lines.filter((line) => line.kind === 'context' || line.kind === (side === 'new' ? 'add' : 'remove'))
        return { own, text: own.map((line) => line.text).join('\n') }
      }),
    [lines],
  )
  const [next, previous] = sides
  const version = useCodeScheme(element, highlighter)
  const newSide = useQueuedHighlight(
    next?.text ?? '',
    lang,
    highlighter,
    element,
    version,
    next !== undefined && next.own.length > 0,
  )
  const oldSide = useQueuedHighlight(
    previous?.text ?? '',
    lang,
    highlighter,
    element,
    version,
    previous !== undefined && previous.own.length > 0,
  )
  return useMemo(() => {
    const tokens = new Map<DiffLine, CodeToken[]>()
    for (const [side, result] of [
      [next, newSide],
      [previous, oldSide],
    ] as const)
      side?.own.forEach((line, index) => {
        const lineTokens = result?.lines[index]
        if (lineTokens && !tokens.has(line)) tokens.set(line, lineTokens)
      })
    return tokens
  }, [next, previous, newSide, oldSide])
}

/** A file edit as a unified diff with +/− counts. */
export function DiffToolView(props: DisplayViewProps<'diff'>) {
  const labels = useLabels()
  const { display } = props
  const lines = useMemo(() => displayDiffLines(display), [display])
  const counts = diffCounts(lines)
  const folded = foldContext(lines)
  const header = useRef<HTMLDivElement>(null)
  const { highlighter } = useRenderConfig()
  const lang = highlighter?.resolve(extensionOf(display.file)) ?? null
  const tokens = useDiffTokens(lines, lang, highlighter, header)
  const [scrollRef, scrollable] = useScrollRegion<HTMLPreElement>()
  useTokenColors(header)
  return (
    <>
      <div className="cp-diff__header" ref={header}>
        {display.file ? <code className="cp-diff__file">{display.file}</code> : null}
        {display.created ? <span className="cp-diff__new">{labels.newFile}</span> : null}
        <span className="cp-diff__counts">
          <span className="cp-diff__added">+{counts.added}</span>{' '}
          <span className="cp-diff__removed">−{counts.removed}</span>
        </span>
      </div>
      <pre
        className="cp-diff"
        data-lang={lang ?? undefined}
        ref={scrollRef}
        style={tokens.size > 0 ? plainColorStyle(highlighter) : undefined}
        {...regionProps(
          scrollable,
          display.file
            ? `${display.file} ${fillLabel(labels.diffCounts, counts)}`
            : fillLabel(labels.diffCounts, counts),
        )}
      >
        {/* Rows as wide as the widest line, so each tint runs the full width when the diff scrolls. */}
        <code className="cp-diff__rows">
          {folded.map((line, i) => (
            // a diff line is its place
            <span key={i} className="cp-diff__line" data-kind={line.kind} {...highlightedLineProps(tokens.get(line))}>
              {/* Line numbers help the eye; a screen reader hears the sign and the text. */}
              <span className="cp-diff__num" aria-hidden="true">
                {line.oldLine ?? ''}
              </span>
              <span className="cp-diff__num" aria-hidden="true">
                {line.newLine ?? ''}
              </span>
              <span className="cp-diff__sign" aria-hidden={line.kind === 'context' || undefined}>
                {SIGN[line.kind]}
              </span>
              {line.kind === 'skip' ? (
                line.count ? (
                  fillCount(labels.linesHidden, line.count, labels.lang)
                ) : (
                  ''
                )
              ) : (
                <Tokens tokens={tokens.get(line)} text={line.text} />
              )}
              {'\n'}
            </span>
          ))}
        </code>
      </pre>
      {props.part.state.status === 'error' ? <ToolResult {...props} /> : null}
    </>
  )
}

const TODO_ICON: Record<string, IconName> = {
  pending: 'circle',
  in_progress: 'circle-half',
  completed: 'circle-check',
  cancelled: 'circle-slash',
}

/** A todo list with each item's state. */
export function TodoToolView(props: DisplayViewProps<'todos'>) {
  const labels = useLabels()
  return (
    <>
      <ul className="cp-todos" aria-label={labels.todos}>
        {props.display.todos.map((todo, i) => (
          // todos may repeat their text
          <li key={i} className="cp-todo" data-state={todo.status}>
            <Icon name={ownEntry(TODO_ICON, todo.status) ?? 'circle'} className="cp-todo__icon" />
            <span className="cp-todo__content">{todo.content}</span>
            <span className="cp-todo__status" lang={labels.lang}>
              {ownEntry<string>(labels.todoStatus, todo.status) ?? todo.status}
            </span>
            {todo.priority ? <span className="cp-todo__priority">{todo.priority}</span> : null}
          </li>
        ))}
      </ul>
      {props.part.state.status === 'error' ? <ToolResult {...props} /> : null}
    </>
  )
}

/** A file read: the path and an excerpt of what was read. */
export function ReadToolView(props: DisplayViewProps<'read'>) {
  const labels = useLabels()
  const { file, excerpt } = props.display
  return (
    <>
      <div className="cp-read__header">
        {file ? <code className="cp-read__file">{file}</code> : null}
        {excerpt ? (
          <span className="cp-read__lines">{fillCount(labels.readLines, excerpt.split('\n').length, labels.lang)}</span>
        ) : null}
      </div>
      {props.part.state.status === 'error' ? (
        <ToolResult {...props} />
      ) : excerpt ? (
        <Section title={labels.output}>
          <LongText text={excerpt} label={labels.output} maxLines={8} />
        </Section>
      ) : null}
      {props.display.truncated || (props.part.state.status === 'completed' && props.part.state.truncated) ? (
        <p className="cp-tool__truncated">{labels.truncated}</p>
      ) : null}
    </>
  )
}

/** A sub-agent's session: a link when the app says where sessions live (and the URL policy allows it), else its id as text. */
function SessionId({ id }: { id: string }) {
  const { sessionLink, urlPolicy } = useRenderConfig()
  const target = sessionLink?.(id)
  const href = target === undefined ? null : urlPolicy.link(target)
  return href === null ? (
    <code className="cp-task__session">{id}</code>
  ) : (
    <a className="cp-task__session" href={href}>
      <code>{id}</code>
    </a>
  )
}

/** Work handed to a sub-agent: who did it, what it was asked, and what it returned (as markdown). */
export function TaskToolView(props: DisplayViewProps<'task'>) {
  const labels = useLabels()
  const { agent, description, prompt, result, sessionID } = props.display
  return (
    <>
      <div className="cp-task__header">
        {agent ? <span className="cp-task__agent">{agent}</span> : null}
        {description ? <span className="cp-task__description">{description}</span> : null}
        {sessionID ? <SessionId id={sessionID} /> : null}
      </div>
      {prompt ? <Section title={labels.input} text={prompt} /> : null}
      {props.part.state.status === 'error' ? (
        <ToolResult {...props} />
      ) : result ? (
        <Section title={labels.output}>
          <Markdown text={result} />
        </Section>
      ) : null}
    </>
  )
}

/** The built-in view for each kind of display: every kind has one (the compiler checks). */
export const toolViewsByDisplay = {
  diff: DiffToolView,
  todos: TodoToolView,
  read: ReadToolView,
  shell: ShellToolView,
  task: TaskToolView,
} satisfies { [K in ToolDisplayKind]: ComponentType<DisplayViewProps<K>> }

/** The display of a tool part, whatever its state. */
const displayOf = (part: ToolPart): ToolDisplay | undefined =>
  part.state.status === 'pending' ? undefined : part.state.display

/**
 * The view for a tool part: the host's for its tool name (the `tools` map), else the kit's for its
 * display's kind, else the generic input/output view.
 */
export function pickToolView(part: ToolPart, tools: ToolViews): ComponentType<ToolViewProps> {
  return ownEntry(tools, part.tool) ?? (displayOf(part) ? DisplayToolView : GenericToolView)
}

/** The kit's view for the part's display kind (a stable component, so a view keeps its state). */
function DisplayToolView(props: ToolViewProps) {
  const display = displayOf(props.part)
  if (!display) return <GenericToolView {...props} />
  const View = toolViewsByDisplay[display.kind] as ComponentType<DisplayViewProps>
  return <View {...props} display={display} />
}
