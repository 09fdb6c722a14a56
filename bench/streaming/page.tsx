// The streaming benchmark page. Built by Vite and driven by `driver.mjs` in Chromium: it streams
// one fixed reply token by token into each renderer, commits every token synchronously, forces
// layout, and measures. Everything that checks the result (stale tokens, highlighted lines) runs
// outside the timed spans.
import { XMarkdown } from '@ant-design/x-markdown'
import { code as streamdownCode } from '@streamdown/code'
import MarkdownRender from 'markstream-react'
import 'markstream-react/index.css'
import type { ReactNode } from 'react'
import { flushSync } from 'react-dom'
import { createRoot, type Root } from 'react-dom/client'
import ReactMarkdown from 'react-markdown'
import remarkGfm from 'remark-gfm'
import { createHighlighterCoreSync } from 'shiki/core'
import { createJavaScriptRegexEngine } from 'shiki/engine/javascript'
import bash from 'shiki/langs/bash.mjs'
import json from 'shiki/langs/json.mjs'
import python from 'shiki/langs/python.mjs'
import typescript from 'shiki/langs/typescript.mjs'
import githubDark from 'shiki/themes/github-dark-default.mjs'
import githubLight from 'shiki/themes/github-light-default.mjs'
import { Streamdown } from 'streamdown'
import type { TextPart as TextPartData } from '../../src/core/model/types'
import { createMermaidRenderer, defaultDiagramRenderer } from '../../src/diagrams/index'
import {
  ChatpartsProvider,
  defaultHighlighter,
  preloadMarkdown,
  TextPart,
  Transcript,
  type TranscriptHandle,
} from '../../src/index'
import { createKatexRenderer, defaultMathRenderer } from '../../src/math/index'
import { aiSdkAdapter } from '../../src/protocols/aisdk/index'
import { createChatStore } from '../../src/store/index'
import '../../src/styles/chatparts.css'
import { LONG, LONG_FIRST_PART_TOKENS, sequenceDiagram, SHAPES } from './shapes'
import { parallelTargets, replyMessages, sessionMessages, streamTarget } from './session'

// The kit as the bench measures it: with formulas and diagrams drawn, as an app that installs KaTeX and mermaid.
const renderers = { math: defaultMathRenderer(), diagrams: defaultDiagramRenderer() }
import reply from '../../test/fixtures/streaming/reply.md?raw'
// KaTeX's own bundle (a dependency, MIT): one line of 270 KB of minified JavaScript.
import minified from 'katex/dist/katex.min.js?raw'
import {
  alnum,
  codeLines,
  expectations,
  highlightedLines,
  isHighlighted,
  LINE,
  tokenize,
  wentPlain,
} from '../../test/support/streamingTokens'

const TOKENS = tokenize(reply)
const EXPECT = expectations(reply, TOKENS)

/** One renderer under test: `update` must have committed the text to the DOM when it returns. */
interface Renderer {
  update(text: string, done: boolean): void
  unmount(): void
}

type Factory = (stage: HTMLElement) => Renderer

// 1. The floor: plain DOM, text appended to the last block, a new block at each blank line.
const floor: Factory = (stage) => {
  let block: Text | null = null
  let previous = ''
  let newline = false
  const open = () => {
    const element = document.createElement('div')
    element.className = 'floor-block'
    block = document.createTextNode('')
    element.append(block)
    stage.append(element)
  }
  open()
  return {
    update(text) {
      let pending = ''
      for (const char of text.slice(previous.length)) {
        if (char === '\n' && newline) {
          block?.appendData(pending)
          pending = ''
          open()
          newline = false
          continue
        }
        newline = char === '\n'
        pending += char
      }
      block?.appendData(pending)
      previous = text
    },
    unmount() {
      stage.replaceChildren()
    },
  }
}

function reactRenderer(render: (text: string, done: boolean) => ReactNode): Factory {
  return (stage) => {
    const root: Root = createRoot(stage)
    return {
      update(text, done) {
        flushSync(() => root.render(render(text, done)))
      },
      unmount() {
        root.unmount()
      },
    }
  }
}

// 2. react-markdown + remark-gfm + shiki, the whole text re-rendered at each token.
const shiki = createHighlighterCoreSync({
  themes: [githubLight, githubDark],
  langs: [typescript, python, json, bash],
  engine: createJavaScriptRegexEngine(),
})
const loadedLangs = new Set(shiki.getLoadedLanguages())

interface HastNode {
  type: string
  value?: string
  children?: HastNode[]
  properties?: Record<string, unknown>
}
const textOf = (node: HastNode | undefined): string =>
  node ? (node.type === 'text' ? (node.value ?? '') : (node.children ?? []).map(textOf).join('')) : ''

const shikiComponents = {
  pre({ node }: { node?: HastNode | undefined }) {
    const codeNode = node?.children?.[0]
    const names = codeNode?.properties?.className
    const lang = Array.isArray(names)
      ? String(names.find((name) => String(name).startsWith('language-')) ?? '').slice(9)
      : ''
    const source = textOf(codeNode).replace(/\n$/, '')
    const html = shiki.codeToHtml(source, {
      lang: loadedLangs.has(lang) ? lang : 'text',
      themes: { light: 'github-light-default', dark: 'github-dark-default' },
    })
    // shiki's own escaped output, in a benchmark
    return <div dangerouslySetInnerHTML={{ __html: html }} />
  },
}
const REMARK = [remarkGfm]
const whole = reactRenderer((text) => (
  <ReactMarkdown remarkPlugins={REMARK} components={shikiComponents}>
    {text}
  </ReactMarkdown>
))

// 3. Streamdown, the streaming renderer of the AI SDK, with its shiki code plugin.
const STREAMDOWN_PLUGINS = { code: streamdownCode }
const streamdown = reactRenderer((text, done) => (
  <Streamdown mode="streaming" isAnimating={!done} plugins={STREAMDOWN_PLUGINS}>
    {text}
  </Streamdown>
))

// 3b. markstream-react and Ant Design X's x-markdown, as their streaming guides set them up
// (versions pinned in package.json): markstream told when the stream ends, without its fade;
// x-markdown told whether more chunks come. Committed with flushSync both exceed React's limit
// of nested updates (their effects set state at every render), so each token is rendered as an
// app renders it, in React's own task, which the yield after the update lets run (a token is then
// "stale" at its synchronous point, and its work counted in the yield).
function scheduledRenderer(render: (text: string, done: boolean) => ReactNode): Factory {
  return (stage) => {
    const root: Root = createRoot(stage)
    return {
      update(text, done) {
        root.render(render(text, done))
      },
      unmount() {
        root.unmount()
      },
    }
  }
}
const markstream = scheduledRenderer((text, done) => <MarkdownRender content={text} final={done} fade={false} />)
const xMarkdown = scheduledRenderer((text, done) => <XMarkdown content={text} streaming={{ hasNextChunk: !done }} />)

// 4. chatparts' TextPart.
const part = (text: string): TextPartData => ({
  id: 'prt_bench',
  sessionID: 'ses_bench',
  messageID: 'msg_bench',
  type: 'text',
  text,
})
const chatparts = reactRenderer((text, done) => (
  <ChatpartsProvider {...renderers}>
    <TextPart part={part(text)} streaming={!done} />
  </ChatpartsProvider>
))

// 5. React's own share: the text split at blank lines into plain blocks, re-rendered whole at each
// token. No markdown, no highlighting: what any React renderer pays before it parses anything.
const PlainBlocks = ({ text }: { text: string }) =>
  text.split('\n\n').map((block, i) => (
    // a block is its place in the text; earlier blocks never move
    <div key={i} className="floor-block">
      {block}
    </div>
  ))
const reactText = reactRenderer((text) => <PlainBlocks text={text} />)

const RENDERERS: Record<string, Factory> = {
  floor,
  'react, plain text': reactText,
  'react-markdown+shiki': whole,
  streamdown,
  markstream,
  'x-markdown': xMarkdown,
  chatparts,
}

const channel = new MessageChannel()
const waiting: (() => void)[] = []
channel.port1.onmessage = () => waiting.shift()?.()
/** Yields to the next task (no timer clamping), so work a renderer deferred runs and is counted. */
const nextTask = () =>
  new Promise<void>((resolve) => {
    waiting.push(resolve)
    channel.port2.postMessage(0)
  })
/**
 * Counts the messages posted on channels other than the bench's own while `run` runs: the tasks a
 * renderer posts for itself (React's scheduler posts one for a commit's effects that run after it,
 * even when a commit made with flushSync runs them at once).
 */
async function countingPosts<T>(run: () => Promise<T>): Promise<[T, number]> {
  const post = MessagePort.prototype.postMessage
  let posted = 0
  MessagePort.prototype.postMessage = function (this: MessagePort, ...args: unknown[]) {
    if (this !== channel.port2) posted++
    return (post as (...rest: unknown[]) => void).apply(this, args)
  } as MessagePort['postMessage']
  try {
    return [await run(), posted]
  } finally {
    MessagePort.prototype.postMessage = post
  }
}
const settle = async (ms: number) => {
  await new Promise((resolve) => setTimeout(resolve, ms))
  await new Promise((resolve) => requestAnimationFrame(() => resolve(null)))
}

/**
 * The last `length` characters of text on the stage, read backwards from its last text node. The
 * checks must not cost more as the reply grows: reading the whole text at every token made garbage
 * that grew with the reply, and its collection landed in the renderers' timings.
 */
function tailText(root: HTMLElement, length = 400): string {
  let last: Node = root
  while (last.lastChild) last = last.lastChild
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT)
  walker.currentNode = last
  let text = last.nodeType === Node.TEXT_NODE && !hidden(last) ? (last.nodeValue ?? '') : ''
  while (text.length < length && walker.previousNode())
    if (!hidden(walker.currentNode)) text = (walker.currentNode.nodeValue ?? '') + text
  return text
}

/** Text a reader does not see twice: KaTeX's MathML copy of a formula (its HTML copy is what shows). */
const hidden = (node: Node) => node.parentElement?.closest('.katex-mathml') != null

/** Commits one token synchronously and forces layout; records the two times and gives their sum. */
function commitToken(renderer: Renderer, text: string, done: boolean, commits: number[], layouts: number[]): number {
  const t0 = performance.now()
  renderer.update(text, done)
  const tc = performance.now()
  void stage.offsetHeight
  const t1 = performance.now()
  commits.push(tc - t0)
  layouts.push(t1 - tc)
  return t1 - t0
}

export interface TextResult {
  renderer: string
  tokens: number
  /** Per token: the synchronous commit plus the yield to the next task, in ms. */
  times: number[]
  /** Per token: the synchronous update alone, before layout. */
  commits: number[]
  /** Per token: the forced layout alone. */
  layouts: number[]
  /** Messages the renderer posted (tasks it asked for) during the timed stream (see countingPosts). */
  posted: number
  stale: number
  staleSamples: { token: number; text: string; expected: string; shown: string }[]
  highlightDrops: number
  highlightedAtFinalCommit: number
  highlightedSettled: number
  codeLines: number
  finalText: string
}

const stage = document.getElementById('stage') as HTMLElement

/** A warm-up pass: the first `count` tokens streamed, then the whole text (which loads every grammar, KaTeX and mermaid it needs). */
async function warm(factory: Factory, tokens: readonly string[] = TOKENS, text = reply, count = 400, wait = 1500) {
  const renderer = factory(stage)
  for (let i = 0; i < count; i++) renderer.update(tokens.slice(0, i + 1).join(''), false)
  renderer.update(text, true)
  await settle(wait)
  renderer.unmount()
  stage.replaceChildren()
}

/** Streams the reply into `name`; `cold`: with no warm-up, as a page's first reply (grammars loaded and compiled during the stream). */
async function runText(name: string, cold = false): Promise<TextResult> {
  const factory = RENDERERS[name]
  if (!factory) throw new Error(`unknown renderer ${name}`)
  stage.className = ''
  if (!cold) await warm(factory)
  await settle(200)
  const renderer = factory(stage)
  const times: number[] = []
  const commits: number[] = []
  const layouts: number[] = []
  const staleSamples: TextResult['staleSamples'] = []
  let stale = 0
  let drops = 0
  let previousLines: boolean[][] = []
  let text = ''
  // The timed stream, for a trace (BENCH_TRACE).
  performance.mark('timed-start')
  const [, posted] = await countingPosts(async () => {
    for (let i = 0; i < TOKENS.length; i++) {
      text += TOKENS[i]
      const spent = commitToken(renderer, text, i === TOKENS.length - 1, commits, layouts)
      // Untimed checks: the token just received is on screen, and no highlighted line went plain.
      const expected = EXPECT[i]
      if (expected && !alnum(tailText(stage)).includes(expected)) {
        stale++
        if (staleSamples.length < 3)
          staleSamples.push({ token: i, text: TOKENS[i] ?? '', expected, shown: alnum(tailText(stage)).slice(-24) })
      }
      const lines = highlightedLines(stage)
      drops += wentPlain(previousLines, lines).length
      previousLines = lines
      const t2 = performance.now()
      await nextTask()
      times.push(spent + (performance.now() - t2))
    }
  })
  performance.mark('timed-end')
  const atCommit = codeLines(stage).highlighted
  await settle(1500)
  const settled = codeLines(stage)
  const finalText = stage.innerText
  renderer.unmount()
  stage.replaceChildren()
  return {
    renderer: name,
    tokens: TOKENS.length,
    times,
    commits,
    layouts,
    posted,
    stale,
    staleSamples,
    highlightDrops: drops,
    highlightedAtFinalCommit: atCommit,
    highlightedSettled: settled.highlighted,
    codeLines: settled.lines,
    finalText,
  }
}

// The long-session scenario: the same reply streamed through the store into a Transcript with
// `above` finished messages before it.
export interface HistoryResult {
  renderer: string
  above: number
  times: number[]
  /** Elements in the page when the stream ends: the finished replies' and the streamed one's. */
  nodes: number
  /** Every node then, text and comments too. */
  allNodes: number
}

/** Every node under `root`, text and comments included (the elements alone are `getElementsByTagName('*')`). */
function countNodes(root: Node): number {
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_ALL)
  let count = 0
  while (walker.nextNode()) count++
  return count
}

/**
 * Mounts `count` finished copies of the reply at the end of the stage, each rendered by `factory`
 * in a box of its own, and waits until their deferred work (highlighting, formatting) is done.
 */
async function mountFinished(factory: Factory, count: number): Promise<Renderer[]> {
  const finished: Renderer[] = []
  for (let i = 0; i < count; i++) {
    const box = document.createElement('div')
    stage.append(box)
    const renderer = factory(box)
    renderer.update(reply, true)
    finished.push(renderer)
    if (i % 10 === 9) await nextTask()
  }
  await settle(3000)
  // Code highlighted in the background goes on after that for a long page: until the count of
  // highlighted lines has not changed for three checks in a row (30 s at most).
  const start = performance.now()
  let last = -1
  for (let same = 0; same < 3 && performance.now() - start < 30_000;) {
    const { highlighted } = codeLines(stage)
    same = highlighted === last ? same + 1 : 0
    last = highlighted
    await settle(500)
  }
  return finished
}

/**
 * Streams the reply into `name` below `above` finished copies of it, each rendered by the same
 * renderer (as a chat app lists its replies), in a view 900 px tall that follows the bottom.
 */
async function runHistory(name: string, above: number): Promise<HistoryResult> {
  const factory = RENDERERS[name]
  if (!factory) throw new Error(`unknown renderer ${name}`)
  stage.className = ''
  await warm(factory)
  stage.className = 'history'
  const finished = await mountFinished(factory, above)
  const box = document.createElement('div')
  stage.append(box)
  const renderer = factory(box)
  stage.scrollTop = stage.scrollHeight
  await settle(200)
  const times: number[] = []
  const commits: number[] = []
  const layouts: number[] = []
  let text = ''
  performance.mark('timed-start')
  for (let i = 0; i < TOKENS.length; i++) {
    text += TOKENS[i]
    const spent = commitToken(renderer, text, i === TOKENS.length - 1, commits, layouts)
    // Following the bottom, as a chat does; what it costs lands in the yield below.
    stage.scrollTop = stage.scrollHeight
    const t2 = performance.now()
    await nextTask()
    times.push(spent + (performance.now() - t2))
  }
  performance.mark('timed-end')
  const nodes = stage.getElementsByTagName('*').length
  const allNodes = countNodes(stage)
  renderer.unmount()
  for (const each of finished) each.unmount()
  stage.replaceChildren()
  stage.className = ''
  return { renderer: name, above, times, nodes, allNodes }
}

export interface IngestResult {
  mode: string
  /** Wall time of the stream, ms (the busy share of it comes from a trace, in the driver). */
  wall: number
  /** The reply's text in the page at the end, to check both paths showed the whole of it. */
  shown: number
}

/**
 * Streams the reply into a Transcript through the path an app uses or directly: `direct` commits
 * each token synchronously with `appendPartDelta` (the text rows' method); `aisdk` hands the store
 * the AI SDK's chunks (`ingest('aisdk', chunk)`, a text-delta a token), which it applies once a
 * frame. Both get `perFrame` tokens a frame (4: a fast model's pace).
 */
async function runIngest(mode: 'direct' | 'aisdk', perFrame = 4): Promise<IngestResult> {
  stage.className = 'session'
  const store = createChatStore({ adapters: [aiSdkAdapter], coalesce: mode !== 'direct' })
  const root = createRoot(stage)
  flushSync(() => root.render(<Transcript {...renderers} store={store} style={{ height: '100%' }} timeZone="UTC" />))
  await settle(200)
  const frame = () => new Promise((resolve) => requestAnimationFrame(resolve))
  let write: (token: string) => void
  if (mode === 'direct') {
    const target = streamTarget(store, 0)
    write = (token) => flushSync(() => store.getState().appendPartDelta(target.messageID, target.partID, 'text', token))
  } else {
    const ingest = (chunk: object) => store.getState().ingest('aisdk', chunk)
    ingest({ type: 'start', messageId: 'msg_bench_ingest' })
    ingest({ type: 'start-step' })
    ingest({ type: 'text-start', id: 'txt_bench' })
    write = (token) => ingest({ type: 'text-delta', id: 'txt_bench', delta: token })
  }
  await frame()
  performance.mark('timed-start')
  const t0 = performance.now()
  for (let i = 0; i < TOKENS.length; i++) {
    write(TOKENS[i] as string)
    if (i % perFrame === perFrame - 1) await frame()
  }
  if (mode === 'aisdk') {
    store.getState().ingest('aisdk', { type: 'text-end', id: 'txt_bench' })
    store.getState().ingest('aisdk', { type: 'finish-step' })
    store.getState().ingest('aisdk', { type: 'finish' })
  }
  await frame()
  await frame()
  const wall = performance.now() - t0
  performance.mark('timed-end')
  const texts = stage.querySelectorAll('.cp-text')
  const shown = texts[texts.length - 1]?.textContent?.length ?? 0
  root.unmount()
  stage.replaceChildren()
  stage.className = ''
  return { mode, wall, shown }
}

let heldReplies: (() => void) | null = null

/**
 * Mounts `count` finished copies of the reply, each rendered by `name` in its own root (as in
 * `runHistory`), and keeps them on the page until `releaseHeld()`: the driver measures the heap
 * they hold in between. Returns the page's elements and nodes (text and comments too).
 */
async function holdReplies(name: string, count: number): Promise<{ elements: number; nodes: number }> {
  const factory = RENDERERS[name]
  if (!factory) throw new Error(`unknown renderer ${name}`)
  stage.className = 'history'
  const finished = await mountFinished(factory, count)
  heldReplies = () => {
    for (const each of finished) each.unmount()
    stage.replaceChildren()
    stage.className = ''
  }
  return { elements: stage.getElementsByTagName('*').length, nodes: countNodes(stage) }
}

function releaseHeld(): void {
  heldReplies?.()
  heldReplies = null
}

export interface SessionResult {
  above: number
  times: number[]
  /** Of each token's time: the synchronous update, and the layout forced after it (the rest is the work after). */
  updates: number[]
  layouts: number[]
  /** Messages in the DOM when the reply starts, and when it ends (it is taller than the view by then). */
  messagesAtStart: number
  messagesInDom: number
}

/** Mounts a Transcript of `above` finished messages, committed and laid out; says how long it took. */
function mountTranscript(above: number, virtualize: boolean) {
  stage.className = 'session'
  const store = createChatStore({ initial: sessionMessages(above), coalesce: false })
  const root = createRoot(stage)
  const m0 = performance.now()
  flushSync(() =>
    root.render(
      <Transcript {...renderers} store={store} virtualize={virtualize} style={{ height: '100%' }} timeZone="UTC" />,
    ),
  )
  void stage.offsetHeight
  return { store, root, ms: performance.now() - m0 }
}

async function runSession(above: number, virtualize: boolean): Promise<SessionResult> {
  const { store, root } = mountTranscript(above, virtualize)
  await settle(300)
  const target = streamTarget(store, above)
  await settle(100)
  const messagesAtStart = stage.querySelectorAll('[data-message-id]').length
  const times: number[] = []
  const updates: number[] = []
  const layouts: number[] = []
  performance.mark('timed-start')
  for (const token of TOKENS) {
    const t0 = performance.now()
    flushSync(() => store.getState().appendPartDelta(target.messageID, target.partID, 'text', token))
    const t1 = performance.now()
    void stage.offsetHeight
    const t2 = performance.now()
    await nextTask()
    times.push(performance.now() - t0)
    updates.push(t1 - t0)
    layouts.push(t2 - t1)
  }
  performance.mark('timed-end')
  const messagesInDom = stage.querySelectorAll('[data-message-id]').length
  root.unmount()
  stage.replaceChildren()
  return { above, times, updates, layouts, messagesAtStart, messagesInDom }
}

// The jump scenario: `scrollTo` a message far from the view in a Transcript of `count` messages,
// frames counted until the message is at the top of the view, and frames whose view showed no row.
export interface JumpResult {
  /** Frames from the call until the message's top is at the view's top (within 2 px), per jump; -1: not within 30. */
  frames: number[]
  /** Frames, over all jumps, in which no rendered row covered the view (a blank view). */
  blank: number
}

async function runJump(count: number, jumps: number, virtualize: boolean): Promise<JumpResult> {
  stage.className = 'session'
  const store = createChatStore({ initial: sessionMessages(count), coalesce: false })
  const root = createRoot(stage)
  const handle: { current: TranscriptHandle | null } = { current: null }
  flushSync(() =>
    root.render(
      <Transcript
        {...renderers}
        store={store}
        virtualize={virtualize}
        handleRef={handle}
        style={{ height: '100%' }}
        timeZone="UTC"
      />,
    ),
  )
  await settle(300)
  const scroller = stage.querySelector<HTMLElement>('.cp-transcript__scroller') as HTMLElement
  const ids = store.getState().messageIds
  const frames: number[] = []
  let blank = 0
  for (let jump = 0; jump < jumps; jump++) {
    // Far from each other: spread over the session, alternating halves.
    const index = Math.floor(((jump * 0.618034) % 1) * (ids.length - 1))
    const id = ids[index] as string
    flushSync(() => handle.current?.scrollTo({ messageID: id }, { focus: false }))
    let landed = -1
    for (let n = 1; n <= 30; n++) {
      await frame()
      const view = scroller.getBoundingClientRect()
      const rows = [...scroller.querySelectorAll<HTMLElement>('.cp-transcript__row')]
      if (
        !rows.some(
          (row) =>
            row.getBoundingClientRect().bottom > view.top + 1 && row.getBoundingClientRect().top < view.bottom - 1,
        )
      )
        blank++
      const article = scroller.querySelector(`[data-message-id="${CSS.escape(id)}"]`)
      if (article && Math.abs(article.getBoundingClientRect().top - view.top) < 2) {
        landed = n
        break
      }
    }
    frames.push(landed)
    await settle(50)
  }
  root.unmount()
  stage.replaceChildren()
  return { frames, blank }
}

async function mountOnly(above: number, virtualize: boolean): Promise<number> {
  const { root, ms } = mountTranscript(above, virtualize)
  root.unmount()
  stage.replaceChildren()
  await settle(100)
  return ms
}

/** Draw times, in ms, in a page of finished replies: mermaid drawing in the page itself, and chatparts' renderer. */
interface DrawResult {
  elements: number
  /** Per draw, the page laid out since a word was added to it (as a page that changed since its last frame). */
  inPage: number[]
  chatparts: number[]
  /** The same with the page laid out before each draw. */
  inPageClean: number[]
  chatpartsClean: number[]
}

/**
 * Draws a sequence diagram `rounds` times each way, alternating, in a page of `count` finished
 * copies of the reply (formatted and highlighted first): mermaid in the page (`securityLevel:
 * 'strict'`, as chatparts drew before its renderer drew in a frame) and `createMermaidRenderer()`,
 * each draw with a source of its own and timed up to the page laid out again after it.
 */
async function runDraw(count: number, rounds: number): Promise<DrawResult> {
  stage.className = ''
  const root = createRoot(stage)
  flushSync(() => root.render(MOUNTERS.chatparts?.(count)))
  const start = performance.now()
  while (
    performance.now() - start < 60_000 &&
    (stage.querySelector(WAITING) !== null || codeLines(stage).highlighted < codeLines(stage).lines)
  )
    await settle(200)
  const mermaid = (await import('mermaid')).default
  const renderer = createMermaidRenderer()
  const options = { dark: false, link: (url: string) => url }
  const words = [...stage.querySelectorAll('.cp-markdown p')]
  const result: DrawResult = {
    elements: stage.querySelectorAll('*').length,
    inPage: [],
    chatparts: [],
    inPageClean: [],
    chatpartsClean: [],
  }
  let n = 0
  // Mermaid in the page, as chatparts drew before; and chatparts' renderer.
  const inPage = (source: string) => {
    mermaid.initialize({
      startOnLoad: false,
      securityLevel: 'strict',
      theme: 'default',
      htmlLabels: false,
      flowchart: { htmlLabels: false },
    })
    return mermaid.render(`bench-draw-${n}`, source)
  }
  const ours = (source: string) => renderer.render(source, options)
  const ways: [keyof DrawResult, boolean, (source: string) => Promise<unknown>][] = [
    ['inPage', true, inPage],
    ['chatparts', true, ours],
    ['inPageClean', false, inPage],
    ['chatpartsClean', false, ours],
  ]
  // One of each first: mermaid's diagram code loads on first use.
  for (const [, , draw] of ways) await draw(sequenceDiagram(1_000 + n++))
  for (let round = 0; round < rounds; round++)
    for (const [name, dirty, draw] of ways) {
      await settle(50)
      if (dirty) words[(round * 37) % words.length]?.append(' more')
      const t0 = performance.now()
      await draw(sequenceDiagram(n++))
      void stage.offsetHeight
      ;(result[name] as number[]).push(performance.now() - t0)
    }
  root.unmount()
  stage.replaceChildren()
  await settle(100)
  return result
}

/**
 * With long lines (`BENCH_MOUNT_LONG_LINES=1`), each reply also ends with a block of minified
 * JavaScript, one line of 20 KB (a slice of KaTeX's bundle, another for each reply), as agents
 * paste bundles and data on one line.
 */
let longLines = false
function setLongLines(on: boolean) {
  longLines = on
}
/**
 * With math (`BENCH_MOUNT_MATH=1`), each reply is the hard shapes' reply of formulas and diagrams
 * (24 display formulas, 48 inline, 3 sequence diagrams), its formulas and diagrams made its own
 * (a renderer keeps what it drew: copies of one reply would be drawn once).
 */
let mathReplies = false
function setMathReplies(on: boolean) {
  mathReplies = on
}
const mathReply = (i: number) =>
  (SHAPES['math and diagrams'] as string)
    .replace(/participant C as Client (\d+)/g, `participant C as Client $1 of reply ${i + 1}`)
    .replace(/^\$\$\n(.*)\n\$\$$/gm, `$$$$\n$1 \\quad (r_{${i + 1}})\n$$$$`)
/**
 * The bench reply as the `i`th reply of a saved session, its code its own: each block opens with a
 * line naming the reply (a comment, or a field of the JSON), as every reply of a real session has
 * code of its own. Copies of one reply would share their tokens (the highlighter keeps what it
 * tokenized, for a block mounted again): 199 replies of 200 would be coloured at once, with no
 * tokenizing, and would share their token objects. `BENCH_MOUNT_SAME_CODE=1`: the copies the same.
 */
let sameCode = false
function setSameCode(on: boolean) {
  sameCode = on
}
const ownCode = (i: number) =>
  reply.replace(/^```(\w+)\n(\{\n)?/gm, (_, lang: string, brace: string | undefined) => {
    const fence = `\`\`\`${lang}\n`
    return lang === 'json' && brace
      ? `${fence}{\n  "reply": ${i + 1},\n`
      : `${fence}${lang === 'python' || lang === 'bash' ? '#' : '//'} reply ${i + 1}\n${brace ?? ''}`
  })
const mountText = (i: number) =>
  mathReplies
    ? mathReply(i)
    : longLines
      ? `${reply}\n\n\`\`\`js\n${minified.slice((i * 1_000) % 200_000, ((i * 1_000) % 200_000) + 20_000)}\n\`\`\`\n`
      : sameCode
        ? reply
        : ownCode(i)

/**
 * The floor of opening: the DOM chatparts ends with for the first reply (formatted, highlighted,
 * its reserved height inline), copied `count` times into the page as HTML, with no React and no
 * script of the kit's. What the browser alone costs to lay out, paint and collect that page, and
 * to fling through it; made once, by rendering the reply and waiting until it is done.
 */
const SAME_DOM = 'the same DOM with no script'
// Made again when the first reply's text changes (BENCH_MOUNT_SAME_CODE).
let sameDom: { text: string; html: string } | null = null
async function sameDomHtml(): Promise<string> {
  const text = mountText(0)
  if (sameDom?.text === text) return sameDom.html
  const host = document.createElement('div')
  document.body.append(host)
  const root = createRoot(host)
  flushSync(() => root.render(MOUNTERS.chatparts?.(1)))
  const start = performance.now()
  while (performance.now() - start < 60_000 && !shownAsItWillBe(host, true)) await settle(100)
  sameDom = { text, html: host.innerHTML }
  root.unmount()
  host.remove()
  return sameDom.html
}

// The open-a-saved-session scenario: `count` finished copies of the reply mounted at once, as a
// plain React list (an app mapping its own messages), in the page's own scroll.
const MOUNTERS: Record<string, (count: number) => ReactNode> = {
  'streamdown+code': (count) =>
    Array.from({ length: count }, (_, i) => (
      <div className="mount-message" key={i}>
        <Streamdown mode="static" isAnimating={false} plugins={STREAMDOWN_PLUGINS}>
          {mountText(i)}
        </Streamdown>
      </div>
    )),
  'chatparts, no math or diagrams': (count) => (
    <ChatpartsProvider math={null} diagrams={null}>
      {Array.from({ length: count }, (_, i) => (
        <TextPart className="mount-message" key={i} part={{ ...part(mountText(i)), id: `prt_${i}` }} />
      ))}
    </ChatpartsProvider>
  ),
  'chatparts, no highlighter': (count) => (
    <ChatpartsProvider highlighter={null} {...renderers}>
      {Array.from({ length: count }, (_, i) => (
        <TextPart className="mount-message" key={i} part={{ ...part(mountText(i)), id: `prt_${i}` }} />
      ))}
    </ChatpartsProvider>
  ),
  chatparts: (count) => (
    <ChatpartsProvider {...renderers}>
      {Array.from({ length: count }, (_, i) => (
        <TextPart className="mount-message" key={i} part={{ ...part(mountText(i)), id: `prt_${i}` }} />
      ))}
    </ChatpartsProvider>
  ),
  // Mounted as HTML by runMount, not by React (see sameDomHtml).
  [SAME_DOM]: () => null,
}

const frame = () => new Promise<void>((resolve) => requestAnimationFrame(() => resolve()))

/**
 * Lines of code between `top` and `bottom` (viewport px) in `messages` (in page order; the first in
 * view found by bisection: cheap on a long page), how many of them are highlighted, and whether a
 * text there still waits to be formatted (chatparts, rendering progressively).
 */
function codeInView(messages: HTMLElement[], top: number, bottom: number) {
  let low = 0
  let high = messages.length - 1
  while (low < high) {
    const mid = (low + high) >> 1
    if ((messages[mid] as HTMLElement).getBoundingClientRect().bottom < top) low = mid + 1
    else high = mid
  }
  const lines: Element[] = []
  let pending = false
  for (let i = low; i < messages.length; i++) {
    const message = messages[i] as HTMLElement
    const box = message.getBoundingClientRect()
    if (box.top > bottom) break
    // Only what waits in the view: a long reply may wait for its blocks far below it.
    if (box.bottom > top)
      for (const waiting of message.querySelectorAll(WAITING)) {
        const place = waiting.getBoundingClientRect()
        if (place.bottom > top && place.top < bottom) pending = true
      }
    for (const line of message.querySelectorAll(LINE)) {
      const place = line.getBoundingClientRect()
      if (place.bottom > top && place.top < bottom && (line.textContent ?? '').trim() !== '') lines.push(line)
    }
  }
  return { lines: lines.length, highlighted: lines.filter(isHighlighted).length, pending }
}

/** What still waits to be shown as it will be: text not formatted yet, a diagram not drawn yet, a formula not typeset yet. */
const WAITING = '.cp-markdown--pending, .cp-diagram[data-state="source"], .cp-math--source[data-state="source"]'

/** Whether `root` has code, nothing waiting to be shown, and (`highlights`: a highlighter renders it) every code line highlighted. */
function shownAsItWillBe(root: Element, highlights: boolean): boolean {
  const code = codeLines(root)
  return code.lines > 0 && (code.highlighted === code.lines || !highlights) && root.querySelector(WAITING) === null
}

/** {@link codeInView} for the window's view. */
const visibleCode = () => codeInView([...stage.querySelectorAll<HTMLElement>('.mount-message')], 0, innerHeight)

export interface MountResult {
  renderer: string
  count: number
  /** The synchronous mount, committed and laid out. */
  mount: number
  /** From the mount's start until every code line in view is highlighted (-1: not within 60 s). */
  visibleHighlighted: number
  /** From the mount's start until every code line of the page is highlighted (-1: not within 60 s). */
  allHighlighted: number
  /** Long tasks (≥ 50 ms, the browser's own measure, less the time of the checks below) during the mount and until it settled. */
  mountTasks: number[]
  /** Long tasks while the page is scrolled from top to bottom, a view per frame. */
  scrollTasks: number[]
  /** Code lines that were highlighted and were plain again at a later check. */
  drops: number
  /** Height of the page after the mount, and after everything is highlighted (a layout shift shows as a difference). */
  heights: [number, number]
}

async function runMount(name: string, count: number): Promise<MountResult> {
  const mounter = MOUNTERS[name]
  if (!mounter) throw new Error(`unknown mounter ${name}`)
  // The reference without a highlighter is done when its text is formatted.
  const highlights = !name.includes('no highlighter')
  // The floor's HTML is made before anything is timed or observed (once, at the warm-up).
  const html = name === SAME_DOM ? (await sameDomHtml()).repeat(count) : null
  stage.className = ''
  scrollTo(0, 0)
  await settle(300)
  // The checks walk the whole page: their own time is taken out of the long tasks they fall in.
  const checks: [number, number][] = []
  const checked = <T,>(check: () => T): T => {
    const start = performance.now()
    const result = check()
    checks.push([start, performance.now()])
    return result
  }
  const tasks: number[] = []
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      const end = entry.startTime + entry.duration
      const spent = checks.reduce(
        (total, [a, b]) => total + Math.max(0, Math.min(b, end) - Math.max(a, entry.startTime)),
        0,
      )
      if (entry.duration - spent >= 50) tasks.push(entry.duration - spent)
    }
  })
  observer.observe({ type: 'longtask' })
  const root = html === null ? createRoot(stage) : null
  const t0 = performance.now()
  if (html !== null) stage.innerHTML = html
  else flushSync(() => root?.render(mounter(count)))
  void stage.offsetHeight
  const mount = performance.now() - t0
  // The reader looks at the middle of the session, 1,000 px into its middle reply (where its first code block starts).
  const middle = stage.querySelectorAll('.mount-message')[count >> 1]
  if (middle) scrollTo(0, middle.getBoundingClientRect().top + scrollY + 1000)
  const heightAtMount = stage.offsetHeight
  let visibleHighlighted = -1
  let allHighlighted = -1
  // A line is known by its element: blocks formatted later shift the others' places on the page.
  const coloured = new WeakSet<Element>()
  const plainAgain = () => {
    let count = 0
    for (const line of stage.querySelectorAll(LINE)) {
      const isColoured = isHighlighted(line)
      if (isColoured) coloured.add(line)
      else if (coloured.has(line)) count++
    }
    return count
  }
  let drops = 0
  let lastFull = 0
  while (performance.now() - t0 < 60_000) {
    await frame()
    const inView = checked(visibleCode)
    if (
      visibleHighlighted < 0 &&
      !inView.pending &&
      inView.lines > 0 &&
      (inView.highlighted === inView.lines || !highlights)
    )
      visibleHighlighted = performance.now() - t0
    if (performance.now() - lastFull < 250) continue
    lastFull = performance.now()
    const done = checked(() => {
      drops += plainAgain()
      return shownAsItWillBe(stage, highlights)
    })
    if (done) {
      allHighlighted = performance.now() - t0
      break
    }
  }
  await settle(300)
  const mountTasks = tasks.splice(0)
  const heightSettled = stage.offsetHeight
  // Scroll from top to bottom, one view per frame, as a reader flinging through the session.
  // The fling, for a trace (BENCH_TRACE).
  performance.mark('timed-start')
  for (let y = 0; y < document.documentElement.scrollHeight; y += innerHeight) {
    scrollTo(0, y)
    await frame()
  }
  await settle(500)
  performance.mark('timed-end')
  checked(() => {
    drops += plainAgain()
  })
  const scrollTasks = tasks.splice(0)
  observer.disconnect()
  root?.unmount()
  stage.replaceChildren()
  scrollTo(0, 0)
  return {
    renderer: name,
    count,
    mount,
    visibleHighlighted,
    allHighlighted,
    mountTasks,
    scrollTasks,
    drops,
    heights: [heightAtMount, heightSettled],
  }
}

/** Scrolls a transcript to its top as a reader does (a wheel turn first), so it stops following the bottom. */
function toTop(scroller: HTMLElement) {
  scroller.dispatchEvent(new WheelEvent('wheel', { deltaY: -scroller.scrollTop, bubbles: true }))
  scroller.scrollTop = 0
}

/**
 * The same saved session opened in a virtualized `Transcript` (900 px tall, its own scroll): `count`
 * finished answers, each the whole reply. Mount, the view formatted and highlighted, then a fling
 * from the top to the bottom a view per frame, with the browser's long tasks of each phase.
 */
async function runMountTranscript(count: number): Promise<MountResult> {
  stage.className = 'session'
  scrollTo(0, 0)
  await settle(300)
  const tasks: number[] = []
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) if (entry.duration >= 50) tasks.push(entry.duration)
  })
  observer.observe({ type: 'longtask' })
  const store = createChatStore({ initial: replyMessages(count, mountText), coalesce: false })
  const root = createRoot(stage)
  const t0 = performance.now()
  flushSync(() => root.render(<Transcript {...renderers} store={store} style={{ height: '100%' }} timeZone="UTC" />))
  void stage.offsetHeight
  const mount = performance.now() - t0
  const scroller = stage.querySelector('.cp-transcript__scroller') as HTMLElement
  /** Whether nothing in the scroller's view waits to be formatted and every code line there is highlighted. */
  const viewDone = () => {
    const view = scroller.getBoundingClientRect()
    const inView = codeInView([...scroller.querySelectorAll<HTMLElement>('.cp-transcript__row')], view.top, view.bottom)
    return !inView.pending && inView.highlighted === inView.lines
  }
  let visibleHighlighted = -1
  while (performance.now() - t0 < 60_000) {
    await frame()
    if (viewDone()) {
      visibleHighlighted = performance.now() - t0
      break
    }
  }
  await settle(500)
  const mountTasks = tasks.splice(0)
  const height = scroller.scrollHeight
  toTop(scroller)
  await settle(300)
  tasks.splice(0)
  performance.mark('timed-start')
  for (let y = 0; y < scroller.scrollHeight; y += scroller.clientHeight) {
    scroller.scrollTop = y
    await frame()
  }
  await settle(500)
  performance.mark('timed-end')
  const scrollTasks = tasks.splice(0)
  const settled = scroller.scrollHeight
  observer.disconnect()
  root.unmount()
  stage.replaceChildren()
  stage.className = ''
  return {
    renderer: 'chatparts Transcript',
    count,
    mount,
    visibleHighlighted,
    allHighlighted: -1,
    mountTasks,
    scrollTasks,
    drops: 0,
    heights: [height, settled],
  }
}

// The hard shapes: each shape streamed into the floor and into chatparts (math and diagrams on),
// with the same commit, layout and yield per token as above. Per commit, untimed: the token is on
// screen, and no element that had not changed for 50 commits was taken out of the page (finished
// content re-mounted); elements inside a removed one count too.
export interface ShapeResult {
  shape: string
  renderer: string
  tokens: number
  bytes: number
  times: number[]
  /** Per token: the synchronous update alone, and the forced layout alone. */
  commits: number[]
  layouts: number[]
  stale: number
  staleSamples: string[]
  /** Finished elements re-created while the reply streamed, and at its final commit. */
  remounted: number
  remountedAtFinish: number
  remountSamples: string[]
  /** Code lines highlighted at the end, of all code lines. */
  code: { lines: number; highlighted: number }
  /** Commits at which a block being written was held back, the text written since its last render shown as written (see RenderGate). */
  held: number
  /** The settled DOM equals a fresh render of the finished text (ids aside), and where it first differs if not. */
  sameAsFresh: boolean | null
  difference: string
}

// Each pass of a shape gets a math and a diagram renderer of its own: the page's shared ones keep
// the formulas they typeset and the diagrams they drew, and would bring the warm-up's results into
// the timed stream, which would then replay a reply it has seen rather than write a new one.
const chatpartsFresh: Factory = (stage) => {
  const math = createKatexRenderer()
  const diagrams = createMermaidRenderer()
  // Loaded by the warm-up already: ready within a task, before the first formula arrives.
  void math.load()
  return reactRenderer((text, done) => (
    <ChatpartsProvider math={math} diagrams={diagrams}>
      <TextPart part={part(text)} streaming={!done} />
    </ChatpartsProvider>
  ))(stage)
}

const SHAPE_RENDERERS: Record<string, Factory> = { floor, chatparts: chatpartsFresh }
/**
 * An element unchanged for this many commits, and painted (two frames since its last change), is
 * finished content: taken out of the page, it was re-mounted. (Painted: a code line completed
 * within a frame shows the tokens it had until the frame's callback colours it, before the frame is
 * painted; at 0.1 ms a token, 150 commits a frame, that state, never on screen, outlived 50 commits.)
 */
const STABLE = 50

/** The page's markup without generated ids (diagrams number their own, and a drawing shown again numbers its copy). */
const markup = (root: HTMLElement) =>
  root.innerHTML
    .replace(/cp-diagram-\d+(?:r\d+)?/g, 'cp-diagram')
    .replace(
      /\b(id|aria-labelledby|aria-describedby|href|xlink:href|marker-end|marker-start|clip-path|url)="[^"]*"/g,
      '$1=""',
    )
    .replace(/url\(#[^)]*\)/g, 'url()')

async function freshMarkup(shape: string): Promise<string> {
  const root = createRoot(stage)
  flushSync(() =>
    root.render(
      <ChatpartsProvider {...renderers}>
        <TextPart part={part(SHAPES[shape] as string)} />
      </ChatpartsProvider>,
    ),
  )
  await settle(3000)
  // Diagrams are drawn once near the view: each brought into it in turn, as a reader would, and
  // given time to be drawn (the stream's were drawn as they were written).
  for (const diagram of stage.querySelectorAll('.cp-diagram[data-state="source"]')) {
    diagram.scrollIntoView()
    for (
      let waited = 0;
      waited < 5000 && diagram.isConnected && diagram.getAttribute('data-state') === 'source';
      waited += 50
    )
      await settle(50)
  }
  scrollTo(0, 0)
  const html = markup(stage)
  root.unmount()
  stage.replaceChildren()
  return html
}

/**
 * `sliced`: each token's text is a slice of the finished reply rather than the text before it with
 * the token appended. An appended string is a pair of strings to V8, copied whole into one the first
 * time it is read; a slice is read where it is. The difference is what that copy costs.
 */
async function runShape(shape: string, name: string, sliced = false): Promise<ShapeResult> {
  const source = SHAPES[shape]
  const factory = SHAPE_RENDERERS[name]
  if (source === undefined || !factory) throw new Error(`unknown shape or renderer: ${shape}, ${name}`)
  const tokens = tokenize(source)
  // Formulas show as KaTeX draws them, not as their TeX: their letters are not looked for.
  const formulas = [...source.matchAll(/\\\([\s\S]*?\\\)|\$\$[\s\S]*?\$\$/g)].map((match): [number, number] => [
    match.index,
    match.index + match[0].length,
  ])
  const expect = expectations(source, tokens, formulas)
  stage.className = ''
  await warm(factory, tokens, source, 200, 2000)
  await settle(200)
  const renderer = factory(stage)
  const born = new WeakMap<Node, number>()
  const changed = new WeakMap<Node, number>()
  // The frame of each commit, counted by a callback of every frame.
  const frameOf: number[] = []
  let frames = 0
  let ticking = true
  const tick = () => {
    frames++
    if (ticking) requestAnimationFrame(tick)
  }
  requestAnimationFrame(tick)
  let commit = 0
  let remounted = 0
  let remountedAtFinish = 0
  const remountSamples: string[] = []
  const touch = (node: Node | null) => {
    for (let at = node; at && at !== stage; at = at.parentNode) changed.set(at, commit)
  }
  const observer = new MutationObserver(() => undefined)
  observer.observe(stage, { childList: true, subtree: true, characterData: true })
  const account = (done: boolean) => {
    for (const record of observer.takeRecords()) {
      touch(record.target)
      for (const node of record.addedNodes) {
        born.set(node, commit)
        if (node instanceof Element) for (const inner of node.querySelectorAll('*')) born.set(inner, commit)
      }
      for (const node of record.removedNodes) {
        // A diagram's source shows until its drawing takes its place: that is the drawing
        // arriving, not finished content made again (how long the source was there depends on
        // when the drawing is done).
        if (!(node instanceof Element) || node.matches('.cp-diagram[data-state="source"]')) continue
        for (const element of [node, ...node.querySelectorAll('*')]) {
          const last = changed.get(element) ?? born.get(element)
          if (last === undefined || commit - last < STABLE || frames - (frameOf[last] ?? frames) < 2) continue
          if (done) remountedAtFinish++
          else remounted++
          if (remountSamples.length < 3)
            remountSamples.push(
              `token ${commit}: <${element.tagName.toLowerCase()}> ${(element.textContent ?? '').slice(0, 40)}`,
            )
        }
      }
    }
  }
  const times: number[] = []
  const commits: number[] = []
  const layouts: number[] = []
  const staleSamples: string[] = []
  let stale = 0
  let held = 0
  let text = ''
  // The timed stream, for a trace (BENCH_TRACE).
  performance.mark('timed-start')
  for (let i = 0; i < tokens.length; i++) {
    text = sliced ? source.slice(0, text.length + (tokens[i] as string).length) : text + tokens[i]
    const done = i === tokens.length - 1
    commit = i
    frameOf[i] = frames
    const spent = commitToken(renderer, text, done, commits, layouts)
    account(done)
    if (stage.querySelector('.cp-md-held')) held++
    const expected = expect[i]
    if (expected && !alnum(tailText(stage)).includes(expected)) {
      stale++
      if (staleSamples.length < 3)
        staleSamples.push(
          `token ${i} ${JSON.stringify(tokens[i])} should show …${expected}, screen ends …${alnum(tailText(stage)).slice(-24)}`,
        )
    }
    const t2 = performance.now()
    await nextTask()
    times.push(spent + (performance.now() - t2))
  }
  performance.mark('timed-end')
  await settle(3000)
  commit = tokens.length
  account(true)
  observer.disconnect()
  ticking = false
  const code = codeLines(stage)
  const html = name === 'floor' ? null : markup(stage)
  renderer.unmount()
  stage.replaceChildren()
  const freshHtml = html === null ? null : await freshMarkup(shape)
  const sameAsFresh = html === null ? null : html === freshHtml
  let difference = ''
  if (html !== null && freshHtml !== null && !sameAsFresh) {
    let at = 0
    while (at < html.length && html[at] === freshHtml[at]) at++
    difference = `streamed …${html.slice(Math.max(0, at - 80), at + 120)}… fresh …${freshHtml.slice(Math.max(0, at - 80), at + 120)}…`
  }
  return {
    difference,
    staleSamples,
    shape,
    renderer: name,
    tokens: tokens.length,
    bytes: source.length,
    times,
    commits,
    layouts,
    stale,
    remounted,
    remountedAtFinish,
    held,
    remountSamples,
    code,
    sameAsFresh,
  }
}

// Many streams at once: `count` replies stream at the same time into one Transcript (parallel
// sub-agents), through the store with its default coalescing (one commit per frame), a token to
// each every `interval` ms; the page counts the frames it gets. The baseline in the same run: the
// same tokens appended as plain text to `count` blocks, with nothing parsed.
export interface ParallelResult {
  renderer: string
  streams: number
  tokensEach: number
  seconds: number
  frames: number
  /** Frames that did not come when the display wanted them (each gap of 1.5 frames or more, in missed frames). */
  dropped: number
  longestFrame: number
  longTasks: number[]
  /** The streams' last words were on screen at the end. */
  complete: boolean
}

async function runParallel(
  renderer: 'floor' | 'chatparts',
  count: number,
  tokensEach: number,
  interval: number,
): Promise<ParallelResult> {
  stage.className = 'session'
  const tokens = TOKENS.slice(0, tokensEach)
  let append: (stream: number, token: string) => void
  let cleanup: () => void
  if (renderer === 'chatparts') {
    const store = createChatStore({ initial: sessionMessages(20) })
    const root = createRoot(stage)
    flushSync(() => root.render(<Transcript {...renderers} store={store} style={{ height: '100%' }} timeZone="UTC" />))
    const targets = parallelTargets(store, count)
    append = (stream, token) => {
      const target = targets[stream] as { messageID: string; partID: string }
      store.getState().appendPartDelta(target.messageID, target.partID, 'text', token)
    }
    cleanup = () => root.unmount()
  } else {
    const blocks = Array.from({ length: count }, () => {
      const element = document.createElement('div')
      element.className = 'floor-block'
      const text = document.createTextNode('')
      element.append(text)
      stage.append(element)
      return text
    })
    append = (stream, token) => (blocks[stream] as Text).appendData(token)
    cleanup = () => undefined
  }
  await settle(500)
  const tasks: number[] = []
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) tasks.push(entry.duration)
  })
  observer.observe({ type: 'longtask' })
  const frames: number[] = []
  let running = true
  const onFrame = (time: number) => {
    frames.push(time)
    if (running) requestAnimationFrame(onFrame)
  }
  requestAnimationFrame(onFrame)
  const start = performance.now()
  // Tokens arrive on a clock, as from a network: each due token is appended when a task gets to run.
  let sent = 0
  while (sent < tokens.length) {
    const due = Math.min(tokens.length, Math.floor((performance.now() - start) / interval) + 1)
    for (; sent < due; sent++) for (let stream = 0; stream < count; stream++) append(stream, tokens[sent] as string)
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, start + sent * interval - performance.now())))
  }
  await settle(300)
  running = false
  const seconds = (performance.now() - start) / 1000
  observer.disconnect()
  const period = 1000 / 60
  let dropped = 0
  let longest = 0
  for (let i = 1; i < frames.length; i++) {
    const gap = (frames[i] as number) - (frames[i - 1] as number)
    longest = Math.max(longest, gap)
    if (gap >= 1.5 * period) dropped += Math.round(gap / period) - 1
  }
  // The streams reached the screen: the last words are shown (the Transcript follows the bottom and
  // virtualizes what is above the view, so only the last reply is sure to be in the DOM).
  const complete = alnum(stage.textContent ?? '').includes(alnum(tokens.slice(-8).join('')))
  cleanup()
  stage.replaceChildren()
  return {
    renderer,
    streams: count,
    tokensEach: tokens.length,
    seconds,
    frames: frames.length,
    dropped,
    longestFrame: longest,
    longTasks: tasks,
    complete,
  }
}

// Memory: a long session held by the store alone, then mounted virtualized and scrolled from end
// to end twice, then unmounted. The driver collects garbage and reads the heap between the steps.
const held: { store?: ReturnType<typeof createChatStore>; root?: Root; renderer?: Renderer } = {}
const memory = {
  /** Makes the store of `count` finished messages, not rendered. */
  /**
   * Makes the store of `count` finished messages, not rendered. The session's copies share their
   * strings; with `distinct`, every text and tool output is made a string of its own (as in a real
   * session, where no two replies are the same text).
   */
  load(count: number, distinct = false) {
    const messages = sessionMessages(count)
    const own = (text: string, i: number) => `${i} ${text.slice(0)}`.slice(String(i).length + 1)
    const initial = distinct
      ? messages.map((message, i) => ({
          ...message,
          parts: message.parts.map((item) => {
            if (item.type === 'text' || item.type === 'reasoning') return { ...item, text: own(item.text, i) }
            if (item.type === 'tool' && item.state.status === 'completed')
              return { ...item, state: { ...item.state, output: own(item.state.output, i) } }
            return item
          }),
        }))
      : messages
    held.store = createChatStore({ initial, coalesce: false })
  },
  async mount() {
    stage.className = 'session'
    const root = createRoot(stage)
    held.root = root
    flushSync(() =>
      root.render(
        <Transcript
          {...renderers}
          store={held.store as ReturnType<typeof createChatStore>}
          style={{ height: '100%' }}
          timeZone="UTC"
        />,
      ),
    )
    await settle(500)
    return document.querySelectorAll('*').length
  },
  /** Scrolls the transcript from its top to its bottom, a view per frame; gives the rows seen. */
  async scroll() {
    const scroller = stage.querySelector('.cp-transcript__scroller') as HTMLElement
    const seen = new Set<string>()
    toTop(scroller)
    await frame()
    for (let y = 0; y <= scroller.scrollHeight; y += scroller.clientHeight) {
      scroller.scrollTop = y
      await frame()
      for (const row of scroller.querySelectorAll('[data-row-id]')) seen.add(row.getAttribute('data-row-id') ?? '')
    }
    await settle(500)
    return { seen: seen.size, elements: document.querySelectorAll('*').length }
  },
  async unmount() {
    held.root?.unmount()
    delete held.root
    stage.replaceChildren()
    await settle(300)
    return document.querySelectorAll('*').length
  },
  drop() {
    delete held.store
  },
  /**
   * A hard shape's reply (the 100 KB reply unless named) into a TextPart, left mounted: streamed
   * token by token (each text the one before with the token appended, as a store gives it), or
   * opened finished.
   */
  async reply(streamed: boolean, shape: string = LONG) {
    const source = SHAPES[shape] as string
    stage.className = ''
    const renderer = chatpartsFresh(stage)
    held.renderer = renderer
    if (streamed) {
      let text = ''
      for (const token of tokenize(source)) {
        text += token
        renderer.update(text, false)
        await nextTask()
      }
    }
    renderer.update(source, true)
    await settle(3000)
    return stage.querySelectorAll('*').length
  },
  replyBytes(shape: string) {
    return new TextEncoder().encode(SHAPES[shape] ?? '').length
  },
  async replyUnmount() {
    held.renderer?.unmount()
    delete held.renderer
    stage.replaceChildren()
    await settle(300)
  },
  /** Nodes in the document, of every kind (as the browser's DOM node counter counts them). */
  elements() {
    const walker = document.createTreeWalker(document, NodeFilter.SHOW_ALL)
    let count = 1
    while (walker.nextNode()) count++
    return count
  },
}

declare global {
  interface Window {
    bench: {
      renderers: string[]
      tokens: number
      bytes: number
      runText: typeof runText
      runSession: typeof runSession
      runHistory: typeof runHistory
      holdReplies: typeof holdReplies
      releaseHeld: typeof releaseHeld
      runIngest: typeof runIngest
      runJump: typeof runJump
      mountOnly: typeof mountOnly
      runMount: typeof runMount
      runDraw: typeof runDraw
      setLongLines: typeof setLongLines
      setMathReplies: typeof setMathReplies
      setSameCode: typeof setSameCode
      runMountTranscript: typeof runMountTranscript
      runShape: typeof runShape
      runParallel: typeof runParallel
      memory: typeof memory
      shapes: string[]
      longFirstPart: number
      mounters: string[]
      ready: Promise<void>
    }
  }
}

window.bench = {
  renderers: Object.keys(RENDERERS),
  tokens: TOKENS.length,
  bytes: new TextEncoder().encode(reply).length,
  runText,
  runSession,
  runHistory,
  holdReplies,
  releaseHeld,
  runIngest,
  runJump,
  mountOnly,
  runMount,
  runDraw,
  setLongLines,
  setMathReplies,
  setSameCode,
  runMountTranscript,
  runShape,
  runParallel,
  memory,
  shapes: Object.keys(SHAPES),
  longFirstPart: LONG_FIRST_PART_TOKENS,
  mounters: Object.keys(MOUNTERS),
  // chatparts loads its Markdown engine after the first load, and grammars on first use; the
  // warm-up pass of each renderer triggers that too.
  ready: Promise.all([
    preloadMarkdown(),
    ...['typescript', 'python', 'json', 'bash'].map((lang) => defaultHighlighter().load(lang)),
  ]).then(() => undefined),
}
