// What every block is rendered with, shared by the block and the lists and quotes inside it.
import { type ComponentType, createContext } from 'react'
import { type Components } from 'react-markdown'
import type { Highlighter } from '../../highlight/types.js'
import type { UrlPolicy } from '../shared/urlPolicy.js'
import { type MathSyntax } from '../../markdown/math.js'

export interface BlockProps {
  source: string
  streaming: boolean
  policy: UrlPolicy
  highlighter: Highlighter | null
  /** Which math to read (`off` when there is no math renderer). */
  math: MathSyntax
  /** Whether ```` ```mermaid ```` blocks are drawn. */
  diagrams: boolean
  /** Extra element overrides, e.g. for tests or host styling. */
  components?: Components | undefined
  /**
   * The block being written ends at a line break the text has after it (the split leaves it out,
   * and any blank line after it): its last line is complete, though no line after it has begun.
   * Read by a code block being written, which then tokenizes that line whole (when it has a line
   * of code: the break after the opening fence alone begins none).
   */
  lineEnded?: boolean | undefined
}

/** What a block is rendered with (see MarkdownBlock): the blocks inside a list's items are rendered so too. */
export interface BlockInputs {
  readonly policy: UrlPolicy
  readonly highlighter: Highlighter | null
  readonly math: MathSyntax
  readonly diagrams: boolean
  readonly components: Components | undefined
  /**
   * What renders a block, and the blocks inside a container (a loose item): given here, as blocks
   * hold lists and lists hold blocks.
   */
  readonly Block: ComponentType<BlockProps>
  readonly InnerBlocks: ComponentType<{ text: string; live: boolean; inputs: BlockInputs }>
}

export const BlockInputsContext = createContext<BlockInputs | null>(null)
