import { type ComponentType, createContext, type ReactNode, useContext, useMemo } from 'react'
import type { Part, PartType, ToolPart } from '../core/model/types.js'
import { defaultHighlighter } from '../highlight/shiki.js'
import type { Highlighter } from '../highlight/types.js'
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

/** What the components render with: set once for a transcript by {@link ChatpartsProvider}. */
export interface RenderConfig {
  /** What links, images and files may point at (default: web links; remote images after a click). */
  urlPolicy: UrlPolicy
  /** Highlights code blocks; `null` shows plain code (default: shiki, loaded lazily). */
  highlighter: Highlighter | null
  /** Part components by type, over the built-in ones (default: none). */
  components: PartComponents
  /** Tool views by tool name, over the built-in ones (default: none). */
  tools: ToolViews
}

const ConfigContext = createContext<RenderConfig | null>(null)

/** The render configuration in effect. */
export function useRenderConfig(): RenderConfig {
  const config = useContext(ConfigContext)
  return useMemo(() => config ?? { urlPolicy: defaultUrlPolicy, highlighter: defaultHighlighter(), components: {}, tools: {} }, [config])
}

/** Props of {@link ChatpartsProvider}. */
export interface ChatpartsProviderProps extends Partial<RenderConfig> {
  children?: ReactNode
}

/** Sets the URL policy, highlighter and component overrides for everything below it. */
export function ChatpartsProvider({ urlPolicy, highlighter, components, tools, children }: ChatpartsProviderProps) {
  const outer = useRenderConfig()
  const value = useMemo<RenderConfig>(
    () => ({
      urlPolicy: urlPolicy ?? outer.urlPolicy,
      highlighter: highlighter === undefined ? outer.highlighter : highlighter,
      components: { ...outer.components, ...components },
      tools: { ...outer.tools, ...tools },
    }),
    [outer, urlPolicy, highlighter, components, tools],
  )
  return <ConfigContext.Provider value={value}>{children}</ConfigContext.Provider>
}
