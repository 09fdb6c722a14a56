import { memo, type ReactElement, useState } from 'react'
import { type Components } from 'react-markdown'
import { useRenderConfig } from '../shared/config.js'
import { HeadingBaseContext, useHeadingBase } from '../shared/headings.js'
import { RegionHostContext, useRegionHost } from '../shared/useScrollRegion.js'
import { HydratedContext, useHydrated } from '../shared/useHydrated.js'
import { Groups } from '../../markdown/groups.js'
import { ShallowestHeading } from '../../markdown/headingDepth.js'
import { type MathSyntax } from '../../markdown/math.js'
import { BlockElements } from './Block.js'
import type { BlockProps } from './inputs.js'

/** Props of {@link MarkdownBlocks}. */
export interface MarkdownProps {
  text: string
  /** The text is still growing: its last block is rendered in its final shape (see `repairTail`). */
  streaming?: boolean
  /** Element overrides passed to react-markdown, over the kit's own. */
  components?: Components
}

/**
 * Markdown (GFM) rendered block by block. Raw HTML shows as text; links and images follow the URL
 * policy; code blocks are highlighted.
 *
 * While the text grows, only its last block is split and parsed again: finished blocks keep their
 * elements (React skips them without comparing props), so the work per token follows the size of
 * the last block, not of the text.
 */
export function MarkdownBlocks({ text, streaming = false, components }: MarkdownProps) {
  const { urlPolicy, highlighter, math, inlineDollarMath, diagrams } = useRenderConfig()
  const [blocks] = useState(() => new BlockElements())
  const [groups] = useState(() => new Groups<ReactElement<BlockProps>>(BLOCKS))
  const mathSyntax: MathSyntax = math === null ? 'off' : inlineDollarMath ? 'single' : 'double'
  const { finished, live } = blocks.render(
    text,
    streaming,
    urlPolicy,
    highlighter,
    mathSyntax,
    diagrams !== null,
    components,
  )
  // The code blocks, tables and formulas of the text are measured when it resizes (see RegionHost).
  const [regions, attachRegions] = useRegionHost()
  // Under a message's heading, the text's shallowest heading comes right below it (see headings.ts).
  const [headings] = useState(() => new ShallowestHeading())
  const base = useHeadingBase()
  const shallowest = base > 0 ? headings.read(text) : 0
  const hydrated = useHydrated()
  return (
    <div className="cp-markdown" ref={attachRegions}>
      <HeadingBaseContext.Provider value={shallowest > 0 ? base - shallowest + 1 : base}>
        <RegionHostContext.Provider value={regions}>
          <HydratedContext.Provider value={hydrated}>
            {groups
              .of(
                finished.length + (live === null ? 0 : 1),
                (i) => finished[i] ?? (live as ReactElement<BlockProps>),
                blocks.unchanged,
              )
              .map((group, g) => (
                // a group is its place in the text; earlier groups never move
                <BlockGroup key={g} blocks={group} />
              ))}
          </HydratedContext.Provider>
        </RegionHostContext.Provider>
      </HeadingBaseContext.Provider>
    </div>
  )
}

/** Blocks a text renders as one memoized group: a growing text re-renders and lays out its last group only. */
const BLOCKS = 32

// A group is a box of its own (margins collapse through it as if it were not there): when the last
// block grows, the browser lays out the last group and places the others as they were, and React
// skips them, rather than going over every block of a long reply at every token.
// Compared by its one prop: React's own comparison lists the props' keys, an array for each group
// of a long reply at every token.
const BlockGroup = memo(
  function BlockGroup({ blocks }: { blocks: readonly ReactElement<BlockProps>[] }) {
    return <div className="cp-markdown__group">{blocks}</div>
  },
  (before, after) => before.blocks === after.blocks,
)
