/**
 * Find benchmark: what a keystroke in the find box costs on a 50-message and a 2,000-message session
 * and on 200 long replies, typed a letter at a time, and what a streamed token costs while the find
 * is open. The baseline, measured in the same run, is the naive search: every part's fields read and
 * lower-cased again at each keystroke. The goal is one frame (16.7 ms) per keystroke.
 */
import type { Part, WithParts } from '../../src/core/model/types'
import { createFinder, findAll } from '../../src/find/search'
import { FIND_LIMIT } from '../../src/react/useFind'
import reply from '../../test/fixtures/streaming/reply.md?raw'
import { repeatSession } from '../../test/fixtures/generate'

const FRAME = 1000 / 60
const ROUNDS = 15

/** The naive search: no cache, every field rebuilt and folded per keystroke. */
function naive(messages: readonly WithParts[], query: string): number {
  let count = 0
  for (const message of messages) {
    for (const part of message.parts) {
      const texts: string[] = []
      if (part.type === 'text' || part.type === 'reasoning') texts.push(part.text)
      if (part.type === 'tool') {
        texts.push(part.tool, JSON.stringify(part.state.input, null, 2))
        if (part.state.status === 'completed') texts.push(part.state.output)
        if (part.state.status === 'error') texts.push(part.state.error)
      }
      for (const text of texts) count += findAll(text, query).length
    }
  }
  return count
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] as number

/** Milliseconds per keystroke: `query` typed a letter at a time into a find that stays open. */
function typing(
  messages: readonly WithParts[],
  query: string,
  search: (messages: readonly WithParts[], query: string) => unknown,
): number {
  const start = performance.now()
  for (let i = 1; i <= query.length; i++) search(messages, query.slice(0, i))
  return (performance.now() - start) / query.length
}

/** The search as the find box runs it: up to its limit, plus one to know there are more. */
const BOX = { limit: FIND_LIMIT + 1 }

function scenario(label: string, messages: readonly WithParts[], query: string) {
  const finder = createFinder()
  // The finder that stays open across keystrokes keeps its fields: warm it once, as the first keystroke does.
  finder.search(messages, query.slice(0, 1), BOX)
  const kit: number[] = []
  const base: number[] = []
  for (let round = 0; round < ROUNDS; round++) {
    if (round % 2 === 0) {
      kit.push(typing(messages, query, (list, text) => finder.search(list, text, BOX)))
      base.push(typing(messages, query, naive))
    } else {
      base.push(typing(messages, query, naive))
      kit.push(typing(messages, query, (list, text) => finder.search(list, text, BOX)))
    }
  }
  const first = performance.now()
  createFinder().search(messages, query.slice(0, 1), BOX)
  const cold = performance.now() - first
  const ms = median(kit)
  const naiveMs = median(base)
  console.log(
    `${label.padEnd(36)} ${ms.toFixed(2).padStart(7)} ms/keystroke (${(ms / FRAME).toFixed(2)} frame)   naive ${naiveMs.toFixed(2).padStart(7)} ms   ratio ${(ms / naiveMs).toFixed(2)}   first keystroke ${cold.toFixed(1)} ms   ${finder.search(messages, query, BOX).length} matches`,
  )
}

/** A find left open on `query` while a reply streams at the end of `messages`: ms per token. */
function streaming(label: string, messages: WithParts[], query: string) {
  const finder = createFinder()
  const last = messages.at(-1) as WithParts
  let part = {
    id: 'prt_bench_find',
    sessionID: last.info.sessionID,
    messageID: last.info.id,
    type: 'text',
    text: '',
  } as Part & { text: string }
  const list = [...messages.slice(0, -1), { ...last, parts: [...last.parts, part] }]
  finder.search(list, query, BOX)
  const times: number[] = []
  for (let i = 0; i < 2000; i++) {
    part = { ...part, text: `${part.text}word${i % 7 === 0 ? ` ${query}` : ''} ` }
    list[list.length - 1] = { ...last, parts: [...last.parts, part] }
    const start = performance.now()
    finder.search(list, query, BOX)
    times.push(performance.now() - start)
  }
  console.log(
    `${label.padEnd(36)} ${median(times).toFixed(3).padStart(7)} ms/token (median), slowest ${Math.max(...times).toFixed(2)} ms`,
  )
}

const long = Array.from({ length: 200 }, (_, i): WithParts => {
  const base = repeatSession(2)[1] as WithParts
  const id = `msg_reply_${i}`
  return {
    info: { ...base.info, id },
    parts: [{ id: `prt_reply_${i}`, sessionID: base.info.sessionID, messageID: id, type: 'text', text: reply }],
  }
})

console.log(
  'find: a query typed a letter at a time (median of rounds; the naive search rebuilds every field per keystroke)',
)
scenario('50 messages (the real session)', repeatSession(50), 'whispers')
scenario('2,000 messages', repeatSession(2000), 'whispers')
scenario('200 replies of 15 KB', long, 'function')
// One letter: hundreds of thousands of matches in the replies; the box stops at its limit.
scenario('200 replies of 15 KB, one letter', long, 'e')
console.log('find left open while a reply streams below the session')
streaming('2,000 messages above', repeatSession(2000), 'word3')
