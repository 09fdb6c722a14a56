import { type ComponentType, lazy, Suspense } from 'react'
import { pendingStyle } from '../shared/progressive.js'
import type { MarkdownProps } from './MarkdownEngine.js'

export type { MarkdownProps } from './MarkdownEngine.js'

/*
 * The Markdown engine (react-markdown, GFM, the streaming block split) is most of the kit's weight,
 * so it is its own chunk: a page's first load does not wait for it. It starts loading as soon as
 * this module is evaluated; until it is there, a text shows its words as written (the look of a text
 * waiting to be formatted), then formats in place.
 */

type Engine = ComponentType<MarkdownProps>

let engine: Engine | null = null
let loading: Promise<Engine> | null = null

function loadEngine(): Promise<Engine> {
  loading ??= import('./MarkdownEngine.js').then(
    (module) => (engine = module.MarkdownBlocks),
    (error: unknown) => {
      // The next text asks again (a chunk that failed to load may load on a second try).
      loading = null
      throw error
    },
  )
  return loading
}

/**
 * Loads the Markdown engine, which the kit otherwise loads on its own just after the page's first
 * load. Await it before `renderToString` (which cannot wait for a lazy component) or before the
 * first render of a page that must show formatted text from its first frame.
 */
export async function preloadMarkdown(): Promise<void> {
  await loadEngine()
}

// Started at once, in the browser and on a server alike: by the time a message arrives, it is there.
loadEngine().catch(() => undefined)

// Once loaded, the engine is handed to React synchronously, so no text of a later render ever shows
// its fallback. A chunk that fails to load leaves the text as written, which is still readable.
const Deferred = lazy<Engine>(() => {
  if (engine !== null) return settled(engine)
  return loadEngine().then(
    (loaded) => ({ default: loaded }),
    (error: unknown) => {
      console.error('chatparts: the Markdown engine failed to load; texts show as written.', error)
      return { default: Written }
    },
  )
})

/** A thenable that calls back at once: `lazy` then resolves in the same render. */
function settled(component: Engine): Promise<{ default: Engine }> {
  const value = { default: component }
  return { then: (resolve: (module: typeof value) => unknown) => (resolve(value), undefined) } as unknown as Promise<{
    default: Engine
  }>
}

/** A text as written, laid out as the formatted text will be (its words wrap, its line breaks kept). */
function Written({ text }: MarkdownProps) {
  return (
    <div className="cp-markdown cp-markdown--pending" style={pendingStyle(text)}>
      {text}
    </div>
  )
}

/**
 * Markdown (GFM) rendered block by block. Raw HTML shows as text; links and images follow the URL
 * policy; code blocks are highlighted.
 *
 * While the text grows, only its last block is split and parsed again: finished blocks keep their
 * elements, so the work per token follows the size of the last block, not of the text.
 *
 * The engine loads in its own chunk (see {@link preloadMarkdown}); until then the text shows as written.
 */
export function Markdown(props: MarkdownProps) {
  return (
    <Suspense fallback={<Written {...props} />}>
      <Deferred {...props} />
    </Suspense>
  )
}
