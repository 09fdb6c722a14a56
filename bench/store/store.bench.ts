/**
 * Store benchmark: what one streamed delta costs with 1 and with 1,000 messages already in the
 * store (the goal is a flat cost, ratio ≤ 1.1), ingest throughput, and the memory a 10,000-message
 * transcript takes. Both sizes are measured in the same run, alternating, and compared as ratios.
 */
import { textPart } from '../../src/core/build'
import type { WithParts } from '../../src/core/model/types'
import { builtInAdapters } from '../../src/protocols/adapters'
import { createChatStore } from '../../src/store/chatStore'
import { type ChatStore } from '../../src/store/chatStore'
import { repeatSession } from '../../test/fixtures/generate'

declare const gc: (() => void) | undefined

const ROUNDS = 40
const TOKEN = 'lorem ipsum dolor sit amet '.match(/\S+\s/g) as string[]

/** A store holding `count` messages of the real session plus an assistant message to stream into. */
function storeWith(count: number, coalesce = false): { store: ChatStore; messageID: string; partID: string } {
  const messages = repeatSession(count + 2)
  const streaming = messages.at(-1) as WithParts
  // Coalesced stores flush by hand below, like one frame every 32 tokens.
  const store = createChatStore({
    adapters: builtInAdapters,
    initial: messages.slice(0, count),
    coalesce,
    scheduler: () => () => {},
  })
  store.getState().upsertMessage(streaming.info)
  const part = textPart(
    { id: 'prt_bench_stream', sessionID: streaming.info.sessionID, messageID: streaming.info.id },
    '',
  )
  store.getState().upsertPart(part)
  return { store, messageID: streaming.info.id, partID: part.id }
}

type Feed = (target: ReturnType<typeof storeWith>, i: number) => void

const direct: Feed = ({ store, messageID, partID }, i) =>
  store.getState().appendPartDelta(messageID, partID, 'text', TOKEN[i % TOKEN.length] as string)
const framed: Feed = (target, i) => {
  direct(target, i)
  if (i % 32 === 31) target.store.getState().flush()
}
const viaEvent: Feed = ({ store, messageID, partID }, i) =>
  void store.getState().ingest('opencode-event', {
    type: 'message.part.delta',
    properties: { sessionID: 's', messageID, partID, field: 'text', delta: TOKEN[i % TOKEN.length] },
  })

// The AI SDK's path: the session opens its message and text part once (see `aiSdkReady`).
const AISDK_TEXT = 'bench-text'
const aiSdkReady = (target: ReturnType<typeof storeWith>) => {
  target.store.getState().ingest('aisdk', { type: 'start', messageId: 'msg_bench_aisdk' })
  target.store.getState().ingest('aisdk', { type: 'text-start', id: AISDK_TEXT })
  target.store.getState().flush()
}
const viaAiSdkChunk: Feed = (target, i) => {
  target.store.getState().ingest('aisdk', { type: 'text-delta', id: AISDK_TEXT, delta: TOKEN[i % TOKEN.length] })
  if (i % 32 === 31) target.store.getState().flush()
}
const encoder = new TextEncoder()
const SSE = TOKEN.map((token) =>
  encoder.encode(`data: ${JSON.stringify({ type: 'text-delta', id: AISDK_TEXT, delta: token })}\n\n`),
)
const viaAiSdkBytes: Feed = (target, i) => {
  target.store.getState().ingest('aisdk', SSE[i % SSE.length])
  if (i % 32 === 31) target.store.getState().flush()
}
const viaEventFramed: Feed = (target, i) => {
  viaEvent(target, i)
  if (i % 32 === 31) target.store.getState().flush()
}

const BATCH = 1000

/** Nanoseconds for one batch of deltas. */
function time(target: ReturnType<typeof storeWith>, feed: Feed, offset: number): number {
  const start = process.hrtime.bigint()
  for (let i = 0; i < BATCH; i++) feed(target, offset + i)
  return Number(process.hrtime.bigint() - start) / BATCH
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)] as number
}

/**
 * Streams into a 1-message and a 1,000-message store in alternating batches, so JIT warm-up, GC
 * and a growing text hit both alike; reports the median batch of each and their ratio.
 */
function compare(label: string, feed: Feed, coalesce = false, ready?: (target: ReturnType<typeof storeWith>) => void) {
  const small = storeWith(1, coalesce)
  const large = storeWith(1000, coalesce)
  ready?.(small)
  ready?.(large)
  // Warm-up rounds, not measured.
  for (let i = 0; i < 3; i++) {
    time(small, feed, i * BATCH)
    time(large, feed, i * BATCH)
  }
  const a: number[] = []
  const b: number[] = []
  for (let round = 0; round < ROUNDS; round++) {
    const offset = (round + 3) * BATCH
    if (round % 2 === 0) {
      a.push(time(small, feed, offset))
      b.push(time(large, feed, offset))
    } else {
      b.push(time(large, feed, offset))
      a.push(time(small, feed, offset))
    }
  }
  const one = median(a)
  const thousand = median(b)
  console.log(
    `${label.padEnd(42)} ${(one / 1000).toFixed(2).padStart(6)} µs/delta @1   ${(thousand / 1000).toFixed(2).padStart(6)} µs/delta @1000   ` +
      `${Math.round(1e9 / thousand)
        .toLocaleString('en')
        .padStart(10)} deltas/s   ratio 1000/1 = ${(thousand / one).toFixed(2)}`,
  )
  return { ratio: thousand / one, thousand }
}

function memory() {
  const all = repeatSession(10_000)
  const chunk = 500
  // Loaded in chunks, the way a session arrives page by page; each parsed page is dropped after use.
  const pages: string[] = []
  for (let start = 0; start < all.length; start += chunk) pages.push(JSON.stringify(all.slice(start, start + chunk)))
  const bytes = pages.reduce((sum, page) => sum + page.length, 0)
  const mb = (bytes: number) => `${(bytes / 2 ** 20).toFixed(1)} MB`
  gc?.()
  const before = process.memoryUsage().heapUsed
  let peak = before
  const store = createChatStore({ adapters: builtInAdapters, coalesce: false })
  for (const page of pages) {
    store.getState().ingest('opencode', JSON.parse(page))
    peak = Math.max(peak, process.memoryUsage().heapUsed)
  }
  gc?.()
  const retained = process.memoryUsage().heapUsed - before
  console.log(
    `10,000 messages, ${store.getState().parts.size.toLocaleString('en')} parts (${mb(bytes)} of JSON): ` +
      `retained heap ${mb(retained)} (${(retained / bytes).toFixed(2)}x the JSON), peak heap during load +${mb(peak - before)}, ` +
      `process peak RSS ${mb(process.resourceUsage().maxRSS * 1024)}`,
  )
}

if (typeof gc !== 'function') console.log('(run with --expose-gc for steadier numbers)')
console.log(
  `store: median of ${ROUNDS} alternating batches of ${BATCH.toLocaleString('en')} deltas, Node ${process.version}`,
)
const rows = [
  compare('appendPartDelta, not coalesced', direct),
  compare("ingest('opencode-event', delta)", viaEvent),
  compare('appendPartDelta, 32 per frame', framed, true),
  compare("ingest('opencode-event'), 32 per frame", viaEventFramed, true),
  compare("ingest('aisdk', chunk), 32 per frame", viaAiSdkChunk, true, aiSdkReady),
  compare("ingest('aisdk', SSE bytes), 32 per frame", viaAiSdkBytes, true, aiSdkReady),
]
memory()
console.log(`flat per-delta cost (ratio ≤ 1.1): ${rows.every((row) => row.ratio <= 1.1) ? 'yes' : 'NO'}`)
// The public path apps use against the direct write, both coalesced per frame, at 1,000 messages.
const [, , framedRow, ...ingestRows] = rows as [unknown, unknown, { thousand: number }, ...{ thousand: number }[]]
console.log(
  `ingest per frame against appendPartDelta per frame @1000: ${ingestRows.map((row) => (row.thousand / framedRow.thousand).toFixed(2)).join(', ')} (opencode event, AI SDK chunk, AI SDK SSE bytes)`,
)
