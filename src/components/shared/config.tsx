import { type ComponentType, createContext, type ReactNode, useContext, useMemo } from 'react'
import type { ApprovalChoice, DataPart, Part, PartType, ToolPart } from '../../core/model/types.js'
import type { DiagramRenderer } from '../../diagrams/types.js'
import { defaultHighlighter } from '../../highlight/shiki.js'
import type { Highlighter } from '../../highlight/types.js'
import type { MathRenderer } from '../../math/types.js'
import { defaultUrlPolicy, type UrlPolicy } from './urlPolicy.js'

/** Props every part component receives. */
export interface PartComponentProps<P extends Part = Part> {
  part: P
  /** Whether the part is still growing (its message is streaming). */
  streaming?: boolean | undefined
}

/** Components by part type, to replace the built-in ones. */
export type PartComponents = { [K in PartType]?: ComponentType<PartComponentProps<Extract<Part, { type: K }>>> }

/** Props of a tool view: the body of a tool part for one tool. */
export interface ToolViewProps {
  part: ToolPart
  streaming?: boolean | undefined
}

/** Tool views by tool name (`bash`, `edit`, …), merged over the built-in ones. */
export type ToolViews = Record<string, ComponentType<ToolViewProps>>

/** Props of a data view: an app's component for its data parts of one name. */
export interface DataViewProps {
  part: DataPart
  streaming?: boolean | undefined
}

/** Data views by data part name (`weather` for AI SDK `data-weather`). */
export type DataViews = Record<string, ComponentType<DataViewProps>>

/** The user's answer to a tool's approval request, as {@link RenderConfig.onApproval} gets it. */
export interface ApprovalAnswer {
  /** The approval's id (AI SDK `approvalId`, opencode permission id). */
  approvalId: string
  /** What the user chose. */
  choice: ApprovalChoice
  /** `choice` is `once` or `always`. */
  approved: boolean
  /** The call it is about. */
  callID: string
  tool: string
  /** The tool part as shown when the user chose. */
  part: ToolPart
}

/** What the components render with: set once for a transcript by {@link ChatpartsProvider}. */
export interface RenderConfig {
  /** What links, images and files may point at (default: web links; remote images after a click). */
  urlPolicy: UrlPolicy
  /** Highlights code blocks; `null` shows plain code (default: shiki, loaded lazily). */
  highlighter: Highlighter | null
  /**
   * Typesets math: `$$…$$` inline or as a block, TeX's `\[…\]` and `\(…\)`, and ```` ```math ````
   * blocks; `null` leaves them as text (default: null; `chatparts/math` gives KaTeX, loaded the
   * first time a formula is shown).
   */
  math: MathRenderer | null
  /** Read `$…$` as inline math too (default: false, as a reply about prices has dollars in it). */
  inlineDollarMath: boolean
  /** Draws ```` ```mermaid ```` blocks; `null` leaves them as code (default: null; `chatparts/mermaid` gives mermaid, loaded the first time a diagram is shown). */
  diagrams: DiagramRenderer | null
  /** Part components by type, over the built-in ones (default: none). */
  components: PartComponents
  /** Tool views by tool name, over the built-in ones (default: none). */
  tools: ToolViews
  /** Data views by data part name (default: none: a neutral view of the data). */
  dataViews: DataViews
  /**
   * Hears the user's answer to a tool's approval request (the card's buttons are shown only when
   * it is set). The card shows the choice at once; the data shows it for good once the app sends the
   * answer on (`addToolApprovalResponse` with the AI SDK, a permission reply with opencode).
   */
  onApproval?: ((answer: ApprovalAnswer) => void) | undefined
  /**
   * Where a session of the app's lives (`/sessions/${id}`): a sub-agent task then links to its own
   * session, through the URL policy. Without it the session id shows as text.
   */
  sessionLink?: ((sessionID: string) => string | undefined) | undefined
}

const ConfigContext = createContext<RenderConfig | null>(null)

/** The render configuration in effect. */
export function useRenderConfig(): RenderConfig {
  const config = useContext(ConfigContext)
  return useMemo(
    () =>
      config ?? {
        urlPolicy: defaultUrlPolicy,
        highlighter: defaultHighlighter(),
        math: null,
        inlineDollarMath: false,
        diagrams: null,
        components: {},
        tools: {},
        dataViews: {},
      },
    [config],
  )
}

/** Props of {@link ChatpartsProvider}. */
export interface ChatpartsProviderProps extends Partial<RenderConfig> {
  children?: ReactNode
}

/** Sets the URL policy, highlighter and component overrides for everything below it. */
export function ChatpartsProvider({
  urlPolicy,
  highlighter,
  math,
  inlineDollarMath,
  diagrams,
  components,
  tools,
  dataViews,
  onApproval,
  sessionLink,
  children,
}: ChatpartsProviderProps) {
  const outer = useRenderConfig()
  const value = useMemo<RenderConfig>(
    () => ({
      urlPolicy: urlPolicy ?? outer.urlPolicy,
      highlighter: highlighter === undefined ? outer.highlighter : highlighter,
      math: math === undefined ? outer.math : math,
      inlineDollarMath: inlineDollarMath ?? outer.inlineDollarMath,
      diagrams: diagrams === undefined ? outer.diagrams : diagrams,
      components: { ...outer.components, ...components },
      tools: { ...outer.tools, ...tools },
      dataViews: { ...outer.dataViews, ...dataViews },
      onApproval: onApproval ?? outer.onApproval,
      sessionLink: sessionLink ?? outer.sessionLink,
    }),
    [
      outer,
      urlPolicy,
      highlighter,
      math,
      inlineDollarMath,
      diagrams,
      components,
      tools,
      dataViews,
      onApproval,
      sessionLink,
    ],
  )
  return <ConfigContext.Provider value={value}>{children}</ConfigContext.Provider>
}
