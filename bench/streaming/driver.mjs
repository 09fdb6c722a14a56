// Builds the streaming page with Vite, serves it on loopback, drives it in Debian's Chromium and
// prints the results. Run through `node bench/run.mjs streaming` (or `npm run bench`).
import { createReadStream, existsSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:http'
import { extname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import react from '@vitejs/plugin-react'
import { chromium } from 'playwright-core'
import { build } from 'vite'

const root = fileURLToPath(new URL('../..', import.meta.url))
const outDir = join(root, 'bench/.out/streaming')
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
const FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
]

const TYPES = {
  '.html': 'text/html',
  '.js': 'text/javascript',
  '.mjs': 'text/javascript',
  '.css': 'text/css',
  '.wasm': 'application/wasm',
  '.json': 'application/json',
}

function serve(dir) {
  const server = createServer((request, response) => {
    const path = decodeURIComponent(new URL(request.url ?? '/', 'http://localhost').pathname)
    const file = join(dir, path === '/' ? 'index.html' : path)
    if (!file.startsWith(dir) || !existsSync(file)) {
      response.writeHead(404).end()
      return
    }
    // Cross-origin isolated, so performance.now() has microseconds instead of 0.1 ms steps.
    response.writeHead(200, {
      'content-type': TYPES[extname(file)] ?? 'application/octet-stream',
      'cross-origin-opener-policy': 'same-origin',
      'cross-origin-embedder-policy': 'require-corp',
    })
    createReadStream(file).pipe(response)
  })
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)))
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b)
  const mid = sorted.length >> 1
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2
}
const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]
}
const sum = (values) => values.reduce((a, b) => a + b, 0)
const ms = (value, digits = 2) => `${value.toFixed(digits)} ms`
const pad = (text, width) => String(text).padEnd(width)
const left = (text, width) => String(text).padStart(width)

/** Prints the functions with the most self time in a CPU profile. */
function summarize(profile) {
  const self = new Map()
  const byId = new Map(profile.nodes.map((node) => [node.id, node]))
  const dt = new Map()
  profile.samples.forEach((id, i) => dt.set(id, (dt.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)))
  for (const [id, time] of dt) {
    const frame = byId.get(id).callFrame
    const key = `${frame.functionName || '(anonymous)'} ${frame.url.split('/').pop()}:${frame.lineNumber}`
    self.set(key, (self.get(key) ?? 0) + time)
  }
  const total = [...self.values()].reduce((a, b) => a + b, 0)
  for (const [key, time] of [...self].sort((a, b) => b[1] - a[1]).slice(0, 30))
    console.log(`${((100 * time) / total).toFixed(1).padStart(5)}%  ${key}`)
}

/** Prints a sampled allocation profile's bytes by allocating function (self) and by call path's top frames. */
function summarizeAllocations(profile) {
  const self = new Map()
  let total = 0
  const visit = (node, path) => {
    const frame = node.callFrame
    const name = `${frame.functionName || '(anon)'} ${frame.url.split('/').at(-1)}:${frame.lineNumber}`
    const here = [...path, name]
    if (node.selfSize > 0) {
      const key = here.slice(-3).join(' < ')
      self.set(key, (self.get(key) ?? 0) + node.selfSize)
      total += node.selfSize
    }
    for (const child of node.children) visit(child, here)
  }
  visit(profile.head, [])
  console.log(`    allocated (sampled) ${(total / 1e6).toFixed(1)} MB`)
  for (const [key, size] of [...self].sort((a, b) => b[1] - a[1]).slice(0, 30))
    console.log(`    ${(size / 1e6).toFixed(1).padStart(7)} MB  ${key}`)
}

/** Writes a heap snapshot of the page to `file` (open it in DevTools' Memory panel). */
async function writeHeapSnapshot(cdp, file) {
  const chunks = []
  const take = (event) => chunks.push(event.chunk)
  cdp.on('HeapProfiler.addHeapSnapshotChunk', take)
  await cdp.send('HeapProfiler.takeHeapSnapshot', { reportProgress: false })
  cdp.off('HeapProfiler.addHeapSnapshotChunk', take)
  writeFileSync(file, chunks.join(''))
  console.log(`heap snapshot: ${file}`)
}

/** Starts a Chromium trace of the page's timeline; the function it returns stops it and gives the events. */
async function startTrace(page) {
  const cdp = await page.context().newCDPSession(page)
  const events = []
  cdp.on('Tracing.dataCollected', ({ value }) => events.push(...value))
  await cdp.send('Tracing.start', {
    transferMode: 'ReportEvents',
    traceConfig: {
      includedCategories: [
        'devtools.timeline',
        'disabled-by-default-devtools.timeline',
        'v8',
        'blink',
        'blink.user_timing',
      ],
    },
  })
  return async () => {
    const done = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve))
    await cdp.send('Tracing.end')
    await done
    return events
  }
}

/** The main thread's busy time between the page's marks: the union of its trace slices, in ms. */
function busyTime(events) {
  const main = events.find((event) => event.name === 'thread_name' && event.args?.name === 'CrRendererMain')
  const mark = (name) => events.find((event) => event.name === name)?.ts
  const from = mark('timed-start') ?? 0
  const to = mark('timed-end') ?? Infinity
  const slices = events
    .filter((event) => main && event.pid === main.pid && event.tid === main.tid && event.ph === 'X' && event.dur > 0)
    .map((event) => [Math.max(event.ts, from), Math.min(event.ts + event.dur, to)])
    .filter(([start, end]) => end > start)
    .sort((a, b) => a[0] - b[0])
  let busy = 0
  let end = -Infinity
  for (const [start, stop] of slices) {
    if (stop <= end) continue
    busy += stop - Math.max(start, end)
    end = stop
  }
  return busy / 1000
}

/** Self time by event name of trace slices sorted by start (a slice's time less that of the slices inside it), longest first. */
function selfTimes(slices) {
  const self = new Map()
  const stack = []
  for (const event of slices) {
    while (stack.length && stack.at(-1).ts + stack.at(-1).dur <= event.ts) stack.pop()
    const parent = stack.at(-1)
    if (parent)
      self.set(parent.name, (self.get(parent.name) ?? 0) - Math.min(event.dur, parent.ts + parent.dur - event.ts))
    self.set(event.name, (self.get(event.name) ?? 0) + event.dur)
    stack.push(event)
  }
  return [...self].sort((a, b) => b[1] - a[1])
}

/** Writes a trace and prints the self time of the renderer's main thread by kind of work. */
function summarizeTrace(events, file) {
  writeFileSync(file, JSON.stringify({ traceEvents: events }))
  const main = events.find((event) => event.name === 'thread_name' && event.args?.name === 'CrRendererMain')
  // Only the timed stream, between the page's marks.
  const mark = (name) => events.find((event) => event.name === name)?.ts
  // BENCH_TRACE_WINDOW=all: the whole trace (a mount, say), not only between the marks.
  const whole = process.env.BENCH_TRACE_WINDOW === 'all'
  const from = whole ? 0 : (mark('timed-start') ?? 0)
  const to = whole ? Infinity : (mark('timed-end') ?? Infinity)
  const slices = events
    .filter(
      (event) =>
        main &&
        event.pid === main.pid &&
        event.tid === main.tid &&
        event.ph === 'X' &&
        event.dur !== undefined &&
        event.ts >= from &&
        event.ts <= to,
    )
    .sort((a, b) => a.ts - b.ts || b.dur - a.dur)
  for (const [name, time] of selfTimes(slices).slice(0, 25))
    console.log(`    ${(time / 1000).toFixed(0).padStart(7)} ms  ${name}`)
  // The longest tasks, each with what took its time.
  const tasks = slices.filter((event) => event.name === 'RunTask').sort((a, b) => b.dur - a.dur)
  for (const task of tasks.slice(0, Number(process.env.BENCH_TRACE_TASKS ?? 0))) {
    const within = slices.filter(
      (event) => event.ts >= task.ts && event.ts + event.dur <= task.ts + task.dur && event !== task,
    )
    const top = selfTimes(within).slice(0, 6)
    console.log(
      `    task of ${(task.dur / 1000).toFixed(0)} ms: ${top.map(([name, time]) => `${name} ${(time / 1000).toFixed(0)}`).join(', ')}`,
    )
  }
  const paints = slices.filter((event) => event.name === 'Paint').map((event) => event.dur / 1000)
  console.log(
    `    frames painted ${paints.length}, paint ${(sum(paints) / 1000).toFixed(2)} s, median ${ms(paints.length ? median(paints) : 0, 3)} (the trace slows everything down)`,
  )
}

export async function runStreaming({ only = [] } = {}) {
  await build({
    root: join(root, 'bench/streaming'),
    configFile: false,
    logLevel: 'error',
    plugins: [react()],
    base: './',
    build: {
      outDir,
      emptyOutDir: true,
      target: 'es2022',
      chunkSizeWarningLimit: 10_000,
      minify: !process.env.BENCH_PROFILE,
    },
  })
  const server = await serve(outDir)
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: FLAGS })
  try {
    const page = await browser.newPage({ viewport: { width: 1000, height: 1000 }, deviceScaleFactor: 1 })
    const errors = []
    page.on('pageerror', (error) => errors.push(String(error)))
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text())
    })
    await page.goto(`http://127.0.0.1:${server.address().port}/`)
    await page
      .waitForFunction(() => window.bench !== undefined, null, { timeout: 20_000 })
      .catch((error) => {
        throw new Error(`the benchmark page did not start: ${errors.join('\n') || error}`)
      })
    await page.evaluate(() => window.bench.ready)
    const info = await page.evaluate(() => ({
      renderers: window.bench.renderers,
      mounters: window.bench.mounters,
      shapes: window.bench.shapes,
      longFirstPart: window.bench.longFirstPart,
      tokens: window.bench.tokens,
      bytes: window.bench.bytes,
    }))
    const version = await browser.version()
    const scenarios =
      only.length > 0
        ? only
        : ['text', 'history', 'ingest', 'session', 'jump', 'mount', 'draw', 'shapes', 'parallel', 'memory']

    if (scenarios.includes('text')) {
      console.log(
        `\nstreaming: one reply of ${info.bytes.toLocaleString('en')} bytes in ${info.tokens.toLocaleString('en')} tokens of 4 characters, Chromium ${version}, headless`,
      )
      console.log(
        'per token: update committed synchronously + layout forced + yield to the next task (deferred work counted)\n',
      )
      // Rounds alternate the renderers so that a slow moment of the machine hits them alike; each
      // renderer's round with the median total is reported. The whole-text baseline takes a minute
      // a round and runs once.
      const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3)
      // References, not peers: the floor and React rendering plain text (neither parses markdown).
      const REFERENCES = ['floor', 'react, plain text']
      // BENCH_RENDERERS=chatparts runs only those (the references always run: ratios need them).
      const renderers = process.env.BENCH_RENDERERS
        ? info.renderers.filter(
            (name) => REFERENCES.includes(name) || process.env.BENCH_RENDERERS.split(',').includes(name),
          )
        : info.renderers
      const runs = new Map(renderers.map((name) => [name, []]))
      for (let round = 0; round < ROUNDS; round++) {
        for (const name of renderers) {
          if (name === 'react-markdown+shiki' && round > 0) continue
          // BENCH_PROFILE=<renderer> writes a CPU profile of that renderer's first round to bench/.out/.
          const profile =
            process.env.BENCH_PROFILE === name && round === 0 ? await page.context().newCDPSession(page) : null
          if (profile) {
            await profile.send('Profiler.enable')
            await profile.send('Profiler.setSamplingInterval', { interval: 100 })
            await profile.send('Profiler.start')
          }
          // BENCH_TRACE=<renderer> traces that renderer's first round.
          const trace = process.env.BENCH_TRACE === name && round === 0 ? await startTrace(page) : null
          // BENCH_ALLOC=<renderer> prints what that renderer's first round allocated, by function (sampled, collected objects too).
          const alloc =
            process.env.BENCH_ALLOC === name && round === 0 ? await page.context().newCDPSession(page) : null
          if (alloc)
            await alloc.send('HeapProfiler.startSampling', {
              samplingInterval: 16384,
              includeObjectsCollectedByMajorGC: true,
              includeObjectsCollectedByMinorGC: true,
            })
          // BENCH_COLD=1: the first round streams with no warm-up, as a page's first reply.
          const cold = process.env.BENCH_COLD === '1' && round === 0
          runs
            .get(name)
            .push(await page.evaluate(([renderer, first]) => window.bench.runText(renderer, first), [name, cold]))
          if (alloc) summarizeAllocations((await alloc.send('HeapProfiler.stopSampling')).profile)
          if (trace) summarizeTrace(await trace(), join(root, `bench/.out/${name}-text.trace.json`))
          if (profile) {
            const { profile: data } = await profile.send('Profiler.stop')
            writeFileSync(join(root, `bench/.out/${name}.cpuprofile`), JSON.stringify(data))
            summarize(data)
          }
        }
      }
      if (process.env.BENCH_DUMP) writeFileSync(process.env.BENCH_DUMP, JSON.stringify(Object.fromEntries(runs)))
      const results = renderers.map((name) => {
        const all = [...runs.get(name)].sort((a, b) => sum(a.times) - sum(b.times))
        return { ...all[(all.length - 1) >> 1], rounds: all.map((run) => sum(run.times)) }
      })
      const floor = results.find((result) => result.renderer === 'floor')
      const peers = results.filter((result) => !REFERENCES.includes(result.renderer) && result.renderer !== 'chatparts')
      console.log(
        `${pad('renderer', 22)}${left('total', 11)}${left('first-200 med', 15)}${left('last-200 med', 14)}${left('p95', 10)}${left('growth', 8)}${left('x floor', 9)}${left('stale', 7)}  highlighted lines (at final commit / settled / code lines), drops`,
      )
      const rows = {}
      for (const result of results) {
        const total = sum(result.times)
        const first = median(result.times.slice(0, 200))
        const last = median(result.times.slice(-200))
        rows[result.renderer] = { total, first, last, growth: last / first }
        const code = REFERENCES.includes(result.renderer)
          ? 'n/a'
          : `${result.highlightedAtFinalCommit} / ${result.highlightedSettled} / ${result.codeLines}, ${result.highlightDrops}`
        console.log(
          `${pad(result.renderer, 22)}${left(`${(total / 1000).toFixed(2)} s`, 11)}${left(ms(first, 3), 15)}${left(ms(last, 3), 14)}${left(ms(percentile(result.times, 95)), 10)}${left((last / first).toFixed(2), 8)}${left((total / sum(floor.times)).toFixed(1), 9)}${left(result.stale, 7)}  ${code}`,
        )
      }
      console.log(
        `\ntotals of the rounds: ${results.map((result) => `${result.renderer} ${result.rounds.map((total) => (total / 1000).toFixed(2)).join(' / ')} s`).join('; ')}`,
      )
      // Where each renderer's time went: its synchronous updates, the layout forced after them, and the rest (the yield).
      for (const result of results)
        console.log(
          `${pad(result.renderer, 22)} update ${(sum(result.commits) / 1000).toFixed(2)} s (median ${ms(median(result.commits), 3)}), layout ${(sum(result.layouts) / 1000).toFixed(2)} s (median ${ms(median(result.layouts), 3)}), yield ${((sum(result.times) - sum(result.commits) - sum(result.layouts)) / 1000).toFixed(2)} s`,
        )
      // How the update is spread over the tokens: what the slowest tenth and hundredth of them took.
      for (const result of results) {
        const sorted = [...result.commits].sort((a, b) => b - a)
        const share = (part) => sum(sorted.slice(0, Math.ceil(sorted.length * part))) / sum(sorted)
        console.log(
          `${pad(result.renderer, 22)} update in the slowest tenth of tokens ${(share(0.1) * 100).toFixed(0)} %, the slowest hundredth ${(share(0.01) * 100).toFixed(0)} %`,
        )
      }
      // The slowest single tokens (the whole of each: commit, layout and the work after it): one
      // over 50 ms is a frame the reader sees dropped.
      for (const result of results) {
        const slow = result.times
          .map((time, i) => [time, i])
          .sort((a, b) => b[0] - a[0])
          .slice(0, 3)
        console.log(
          `${pad(result.renderer, 22)} slowest tokens ${slow.map(([time, i]) => `#${i} ${ms(time, 1)}`).join(', ')}`,
        )
      }
      // Tasks a renderer asked for itself during the stream (messages posted; a task each, run in the yields).
      console.log(
        `tasks posted during the stream: ${results.map((result) => `${result.renderer} ${result.posted.toLocaleString('en')}`).join('; ')} (${info.tokens.toLocaleString('en')} tokens)`,
      )
      for (const result of results) {
        for (const sample of result.staleSamples)
          console.log(
            `  stale in ${result.renderer}: token ${sample.token} ${JSON.stringify(sample.text)} should show …${sample.expected}, screen ends …${sample.shown}`,
          )
      }
      const ours = results.find((result) => result.renderer === 'chatparts')
      const bestPeer = peers.reduce(
        (best, result) => (best === null || sum(result.times) < sum(best.times) ? result : best),
        null,
      )
      const chat = rows.chatparts
      const floorRow = rows.floor
      const checks = [
        ...(bestPeer
          ? [
              [
                `whole reply under half the best peer's (${bestPeer.renderer})`,
                chat.total / rows[bestPeer.renderer].total,
                '< 0.5',
                chat.total < rows[bestPeer.renderer].total / 2,
              ],
            ]
          : []),
        ['whole reply within 2x the floor', chat.total / floorRow.total, '≤ 2', chat.total <= 2 * floorRow.total],
        ['flat: last-200 median / first-200 median', chat.growth, '≤ 1.3', chat.growth <= 1.3],
        ['stale tokens at commit', ours.stale, '= 0', ours.stale === 0],
        [
          'code highlighted at the final commit',
          ours.highlightedAtFinalCommit / Math.max(1, ours.codeLines),
          '= 1',
          ours.highlightedAtFinalCommit === ours.codeLines && ours.codeLines > 0,
        ],
        ['highlighted lines that went back to plain', ours.highlightDrops, '= 0', ours.highlightDrops === 0],
      ]
      console.log('\nchatparts against the goals:')
      for (const [label, value, goal, ok] of checks)
        console.log(
          `  ${ok ? 'ok  ' : 'MISS'} ${pad(label, 52)} ${left(Number.isInteger(value) ? value : value.toFixed(2), 6)}  (goal ${goal})`,
        )
      const react = rows['react, plain text']
      if (react)
        console.log(
          `  for scale, no goal: React rendering the text as plain blocks takes ${(react.total / floorRow.total).toFixed(2)}x the floor; chatparts ${(chat.total / react.total).toFixed(2)}x that`,
        )
    }

    if (scenarios.includes('history')) {
      console.log(
        '\nwith history: the reply streamed below 0 and 200 finished copies of it, each rendered by the same renderer,',
      )
      console.log('in a view 900 px tall that follows the bottom; per token as in the text rows\n')
      const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3)
      const ABOVE = Number(process.env.BENCH_HISTORY_ABOVE ?? 200)
      const PEERS = ['streamdown', 'markstream', 'x-markdown']
      const names = process.env.BENCH_RENDERERS
        ? info.renderers.filter((name) => name === 'floor' || process.env.BENCH_RENDERERS.split(',').includes(name))
        : ['floor', ...PEERS, 'chatparts']
      const runs = new Map(names.flatMap((name) => [0, ABOVE].map((above) => [`${name}@${above}`, []])))
      for (let round = 0; round < ROUNDS; round++)
        for (const name of names)
          for (const above of [0, ABOVE])
            runs
              .get(`${name}@${above}`)
              .push(await page.evaluate(([n, a]) => window.bench.runHistory(n, a), [name, above]))
      const pick = (name, above) => {
        const list = runs.get(`${name}@${above}`)
        return [...list].sort((a, b) => sum(a.times) - sum(b.times))[(list.length - 1) >> 1]
      }
      console.log(
        `${pad('renderer', 14)}${left('total @0', 10)}${left(`total @${ABOVE}`, 12)}${left('med @0', 10)}${left(`med @${ABOVE}`, 11)}${left('med ratio', 11)}${left('p95 @' + ABOVE, 11)}${left('>50 ms', 8)}${left('elements', 11)}${left('all nodes', 11)}`,
      )
      const totals = new Map()
      for (const name of names) {
        const empty = pick(name, 0)
        const full = pick(name, ABOVE)
        totals.set(name, sum(full.times))
        console.log(
          `${pad(name, 14)}${left(`${(sum(empty.times) / 1000).toFixed(2)} s`, 10)}${left(`${(sum(full.times) / 1000).toFixed(2)} s`, 12)}${left(ms(median(empty.times), 3), 10)}${left(ms(median(full.times), 3), 11)}${left((median(full.times) / median(empty.times)).toFixed(2), 11)}${left(ms(percentile(full.times, 95)), 11)}${left(String(full.times.filter((time) => time > 50).length), 8)}${left(full.nodes.toLocaleString('en'), 11)}${left(full.allNodes.toLocaleString('en'), 11)}`,
        )
      }
      // The heap the finished replies hold: mounted alone, after a full collection, less the page
      // after they are gone (each renderer warmed by the rounds above).
      const cdp = await page.context().newCDPSession(page)
      await cdp.send('HeapProfiler.enable')
      const heapNow = async () => {
        for (let i = 0; i < 3; i++) await cdp.send('HeapProfiler.collectGarbage')
        return (await cdp.send('Runtime.getHeapUsage')).usedSize
      }
      console.log(`\nheld by ${ABOVE} finished replies (JS heap after a full collection, less the page without them):`)
      const heaps = new Map()
      for (const name of names) {
        const samples = []
        for (let round = 0; round < Math.max(1, Math.min(ROUNDS, 3)); round++) {
          const { elements: nodes, nodes: allNodes } = await page.evaluate(
            ([n, a]) => window.bench.holdReplies(n, a),
            [name, ABOVE],
          )
          const full = await heapNow()
          if (process.env.BENCH_HEAP_SNAPSHOT && round === 0)
            await writeHeapSnapshot(cdp, `${process.env.BENCH_HEAP_SNAPSHOT}-${name}.heapsnapshot`)
          await page.evaluate(() => window.bench.releaseHeld())
          const empty = await heapNow()
          samples.push({ heap: full - empty, nodes, allNodes })
        }
        const heap = median(samples.map((sample) => sample.heap))
        heaps.set(name, heap)
        console.log(
          `${pad(name, 14)}${left(`${(heap / 1024 / 1024).toFixed(1)} MB`, 10)}${left(`${samples[0].nodes.toLocaleString('en')} elements`, 18)}${left(`${samples[0].allNodes.toLocaleString('en')} nodes`, 16)}`,
        )
      }
      const peers = PEERS.filter((name) => totals.has(name))
      if (heaps.has('chatparts') && peers.length > 0) {
        const least = peers.reduce((a, b) => (heaps.get(a) <= heaps.get(b) ? a : b))
        console.log(
          `chatparts' heap: ${(heaps.get('chatparts') / heaps.get(least)).toFixed(2)} of the least peer's (${least}); elements ${(runs.get('chatparts@' + ABOVE)[0].nodes / runs.get('streamdown@' + ABOVE)?.[0]?.nodes || NaN).toFixed(2)} of Streamdown's, all nodes ${(runs.get('chatparts@' + ABOVE)[0].allNodes / runs.get('streamdown@' + ABOVE)?.[0]?.allNodes || NaN).toFixed(2)}`,
        )
      }
      if (totals.has('chatparts') && peers.length > 0) {
        const best = peers.reduce((a, b) => (totals.get(a) <= totals.get(b) ? a : b))
        console.log(
          `\nchatparts' total with ${ABOVE} above: ${(totals.get('chatparts') / totals.get(best)).toFixed(2)} of the best peer's (${best}); ${(totals.get('chatparts') / totals.get('floor')).toFixed(2)} of the floor's`,
        )
      }
    }

    if (scenarios.includes('ingest')) {
      // BENCH_INGEST_PER_FRAME=1: a token a frame, so both paths render as often (the path's own cost).
      const PER_FRAME = Number(process.env.BENCH_INGEST_PER_FRAME ?? 4)
      console.log(
        "\nthe store path: the reply streamed into a Transcript through ingest('aisdk', chunk) (applied once a frame),",
      )
      console.log(
        `against appendPartDelta committed at each token; ${PER_FRAME} tokens a frame; main-thread busy time from a trace\n`,
      )
      const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3)
      const busy = { direct: [], aisdk: [] }
      const shown = { direct: 0, aisdk: 0 }
      for (let round = 0; round < ROUNDS; round++)
        for (const mode of ['direct', 'aisdk']) {
          const trace = await startTrace(page)
          const result = await page.evaluate(([m, n]) => window.bench.runIngest(m, n), [mode, PER_FRAME])
          busy[mode].push(busyTime(await trace()))
          shown[mode] = result.shown
        }
      for (const mode of ['direct', 'aisdk'])
        console.log(
          `${pad(mode, 10)} busy ${(median(busy[mode]) / 1000).toFixed(2)} s (rounds ${busy[mode].map((value) => (value / 1000).toFixed(2)).join(', ')}), text shown ${shown[mode].toLocaleString('en')} characters`,
        )
      console.log(`ingest / direct: ${(median(busy.aisdk) / median(busy.direct)).toFixed(2)} (goal ≤ 1.2)`)
    }

    if (scenarios.includes('session')) {
      console.log(
        '\nlong session: the same reply streamed through the store (one delta per token, committed synchronously) into a',
      )
      console.log(
        'virtualized Transcript, 900 px tall and following the bottom, below N finished messages of mixed parts',
      )
      // A discarded warm-up run, then rounds alternating the sizes; the median round of each is kept.
      // BENCH_SESSION_VIRTUALIZE=0: every message rendered (virtualize={false}), 0 and 200 above.
      const virtualize = process.env.BENCH_SESSION_VIRTUALIZE !== '0'
      if (!virtualize) console.log('(BENCH_SESSION_VIRTUALIZE=0: every message rendered)')
      await page.evaluate((v) => window.bench.runSession(0, v), virtualize)
      const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3)
      const byAbove = new Map((virtualize ? [0, 200, 2000] : [0, 200]).map((above) => [above, []]))
      for (let round = 0; round < ROUNDS; round++) {
        for (const above of byAbove.keys()) {
          // BENCH_TRACE=session-<N> traces the first round below N messages (BENCH_TRACE_TASKS=n: its n longest tasks).
          const trace = process.env.BENCH_TRACE === `session-${above}` && round === 0 ? await startTrace(page) : null
          byAbove.get(above).push(await page.evaluate(([n, v]) => window.bench.runSession(n, v), [above, virtualize]))
          if (trace) summarizeTrace(await trace(), join(root, `bench/.out/session-${above}.trace.json`))
        }
      }
      const sessions = [...byAbove.values()].map(
        (runs) => [...runs].sort((a, b) => median(a.times) - median(b.times))[(runs.length - 1) >> 1],
      )
      const empty = sessions[0]
      const splitOf = ({ times, updates, layouts }) => {
        const after = times.map((time, i) => time - updates[i] - layouts[i])
        return [updates, layouts, after].map((values) => median(values).toFixed(3)).join(' / ')
      }
      console.log(
        `${pad('messages above', 16)}${left('total', 10)}${left('first-200 med', 15)}${left('last-200 med', 14)}${left('p95', 10)}${left('x empty', 9)}${left('update/layout/after med', 26)}${left('messages in DOM (start/end)', 30)}`,
      )
      for (const result of sessions) {
        const total = sum(result.times)
        console.log(
          `${pad(result.above.toLocaleString('en'), 16)}${left(`${(total / 1000).toFixed(2)} s`, 10)}${left(ms(median(result.times.slice(0, 200)), 3), 15)}${left(ms(median(result.times.slice(-200)), 3), 14)}${left(ms(percentile(result.times, 95)), 10)}${left((median(result.times) / median(empty.times)).toFixed(2), 9)}${left(splitOf(result), 26)}${left(`${result.messagesAtStart} / ${result.messagesInDom}`, 30)}`,
        )
      }
      // The slowest tokens under each history, and how many took over 3 ms (the tail that the median hides).
      for (const result of sessions) {
        const slow = result.times
          .map((time, i) => [time, i])
          .sort((a, b) => b[0] - a[0])
          .slice(0, 5)
        const over = result.times.filter((time) => time > 3).length
        console.log(
          `${pad(result.above.toLocaleString('en'), 16)}slowest tokens ${slow.map(([time, i]) => `#${i} ${ms(time, 1)}`).join(', ')}; ${over} over 3 ms`,
        )
      }
      const mounts = { virtual: [], all: [] }
      for (let i = 0; i < 3; i++) {
        mounts.virtual.push(await page.evaluate(() => window.bench.mountOnly(2000, true)))
        mounts.all.push(await page.evaluate(() => window.bench.mountOnly(2000, false)))
      }
      const virtual = median(mounts.virtual)
      const all = median(mounts.all)
      console.log(
        `\nmounting 2,000 messages (median of 3): virtualized ${ms(virtual, 1)}, everything rendered ${ms(all, 1)}, ratio ${(virtual / all).toFixed(3)}`,
      )
      const last = sessions.at(-1)
      const perToken = median(last.times) / median(empty.times)
      console.log('\nTranscript against the goals:')
      console.log(
        `  ${perToken <= 1.3 ? 'ok  ' : 'MISS'} ${pad(`per-token median, ${last.above.toLocaleString('en')} above / empty page`, 52)} ${left(perToken.toFixed(2), 6)}  (goal ≤ 1.3)`,
      )
      console.log(
        `  ${virtual / all < 0.1 ? 'ok  ' : 'MISS'} ${pad('mount 2,000 virtualized / everything rendered', 52)} ${left((virtual / all).toFixed(3), 6)}  (goal < 0.1)`,
      )
    }
    if (scenarios.includes('jump')) {
      // scrollTo a message far from the view: frames until it is at the top, and blank frames on the way.
      const jumps = 20
      console.log(
        `\njump: scrollTo ${jumps} messages spread over a Transcript of 2,000, frames until each is at the top of the view`,
      )
      for (const [label, virtualize] of [
        ['virtualized', true],
        ['every row rendered (baseline)', false],
      ]) {
        const run = await page.evaluate(([n, j, v]) => window.bench.runJump(n, j, v), [2000, jumps, virtualize])
        const landed = run.frames.filter((n) => n > 0).sort((a, b) => a - b)
        console.log(
          `  ${label.padEnd(30)} frames to land: median ${landed[landed.length >> 1] ?? '-'}, max ${landed.at(-1) ?? '-'}, not landed ${run.frames.length - landed.length}; blank frames ${run.blank}`,
        )
      }
    }

    if (scenarios.includes('mount')) {
      const COUNT = Number(process.env.BENCH_MOUNT ?? 200)
      const longLines = process.env.BENCH_MOUNT_LONG_LINES === '1'
      const mathReplies = process.env.BENCH_MOUNT_MATH === '1'
      await page.evaluate((on) => window.bench.setLongLines(on), longLines)
      await page.evaluate((on) => window.bench.setMathReplies(on), mathReplies)
      const sameCode = process.env.BENCH_MOUNT_SAME_CODE === '1'
      await page.evaluate((on) => window.bench.setSameCode(on), sameCode)
      console.log(
        `\nopening a saved session: ${COUNT} finished copies of the reply mounted at once as a plain React list, in a page 1000 px tall`,
      )
      if (!longLines && !mathReplies)
        console.log(
          sameCode
            ? 'the copies the same, code too (BENCH_MOUNT_SAME_CODE=1: the code of 199 replies is coloured from the tokens kept for the first)'
            : "each reply's code its own (a line naming the reply opens each block), as in a real session",
        )
      if (longLines)
        console.log(
          'each reply ending with a block of minified JavaScript, one line of 20 KB (BENCH_MOUNT_LONG_LINES=1; the Transcript row is left out)',
        )
      if (mathReplies)
        console.log(
          "each reply the hard shapes' reply of formulas and diagrams, with formulas and diagrams of its own (BENCH_MOUNT_MATH=1; Streamdown, without\nmath or diagrams in this bench, is left out; the reference renders the same replies with math and diagrams off); in view = text, code, formulas and diagrams",
        )
      console.log(
        'mount = the synchronous render, committed and laid out; long tasks as the browser reports them (≥ 50 ms)\n',
      )
      const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3)
      // BENCH_MOUNTERS=chatparts runs only those (the goals need all three: they are not checked then).
      // The last, 'chatparts Transcript', opens the same replies as a session in a virtualized Transcript.
      // The same DOM with no script is the floor of the plain list of the bench reply only.
      const plainMounters = info.mounters.filter(
        (name) => name !== 'chatparts, no math or diagrams' && !(longLines && name === 'the same DOM with no script'),
      )
      const all = mathReplies
        ? ['chatparts', 'chatparts, no math or diagrams', 'chatparts Transcript']
        : longLines
          ? plainMounters
          : [...plainMounters, 'chatparts Transcript']
      const mounters = process.env.BENCH_MOUNTERS
        ? all.filter((name) => process.env.BENCH_MOUNTERS.split(',').includes(name))
        : all
      const open = (name, count) =>
        name === 'chatparts Transcript'
          ? page.evaluate((n) => window.bench.runMountTranscript(n), count)
          : page.evaluate(([renderer, n]) => window.bench.runMount(renderer, n), [name, count])
      const runs = new Map(mounters.map((name) => [name, []]))
      // A discarded warm-up of each, then rounds alternating them; the round with the median mount is kept.
      for (const name of mounters) await open(name, 10)
      for (let round = 0; round < ROUNDS; round++)
        for (const name of mounters) {
          // BENCH_PROFILE=<renderer> prints where that renderer's first round spent its time.
          const profile =
            process.env.BENCH_PROFILE === name && round === 0 ? await page.context().newCDPSession(page) : null
          if (profile) {
            await profile.send('Profiler.enable')
            await profile.send('Profiler.setSamplingInterval', { interval: 200 })
            await profile.send('Profiler.start')
          }
          // BENCH_TRACE=<renderer> traces that renderer's first fling through the page (BENCH_TRACE_TASKS=n: its n longest tasks).
          const trace = process.env.BENCH_TRACE === name && round === 0 ? await startTrace(page) : null
          runs.get(name).push(await open(name, COUNT))
          const file = join(root, `bench/.out/${name.replace(/\W+/g, '-')}-mount`)
          if (trace) summarizeTrace(await trace(), `${file}.trace.json`)
          if (profile) {
            const { profile: data } = await profile.send('Profiler.stop')
            writeFileSync(`${file}.cpuprofile`, JSON.stringify(data))
            summarize(data)
          }
        }
      const results = mounters.map((name) => {
        const all = [...runs.get(name)].sort((a, b) => a.mount - b.mount)
        return { ...all[(all.length - 1) >> 1], rounds: all.map((run) => run.mount) }
      })
      const seconds = (value) => (value < 0 ? 'never' : `${(value / 1000).toFixed(2)} s`)
      const longest = (tasks) => (tasks.length ? ms(Math.max(...tasks), 0) : '< 50 ms')
      console.log(
        `${pad('renderer', 27)}${left('mount', 11)}${left('code in view', 14)}${left('all code', 11)}${left('longest task (mount)', 22)}${left('tasks ≥ 50 ms', 15)}${left('longest (scroll)', 18)}${left('≥ 50 ms (scroll)', 18)}${left('drops', 7)}  height at mount / settled`,
      )
      for (const result of results)
        console.log(
          `${pad(result.renderer, 27)}${left(seconds(result.mount), 11)}${left(seconds(result.visibleHighlighted), 14)}${left(seconds(result.allHighlighted), 11)}${left(longest(result.mountTasks), 22)}${left(result.mountTasks.length, 15)}${left(longest(result.scrollTasks), 18)}${left(result.scrollTasks.length, 18)}${left(result.drops, 7)}  ${result.heights.join(' / ')}`,
        )
      for (const result of results)
        if (result.scrollTasks.length)
          console.log(
            `long tasks while scrolling, ${result.renderer}: ${result.scrollTasks.length}, the longest ${[
              ...result.scrollTasks,
            ]
              .sort((a, b) => b - a)
              .slice(0, 8)
              .map((time) => time.toFixed(0))
              .join(', ')} ms`,
          )
      console.log(
        `\nmounts of the rounds: ${results.map((result) => `${result.renderer} ${result.rounds.map((value) => (value / 1000).toFixed(2)).join(' / ')} s`).join('; ')}`,
      )
      // The median round is the one reported above; a long task in any round is listed here.
      const worstTask = (tasks) => (tasks.length ? `${Math.max(...tasks).toFixed(0)} ms` : '-')
      for (const name of mounters)
        console.log(
          `long tasks of the rounds, ${name} (mount | scroll): ${runs
            .get(name)
            .map((run) => `${worstTask(run.mountTasks)} | ${worstTask(run.scrollTasks)}`)
            .join(' / ')}`,
        )
      const ours = results.find((result) => result.renderer === 'chatparts')
      if (mathReplies && ours && mounters.length === all.length) {
        const worstOf = (name) =>
          Math.max(0, ...runs.get(name).flatMap((run) => [...run.mountTasks, ...run.scrollTasks]))
        const reference = results.find((result) => result.renderer === 'chatparts, no math or diagrams')
        console.log(
          `\nfor scale, no goal: mount / the same with math and diagrams off ${(ours.mount / reference.mount).toFixed(2)}`,
        )
        const checks = [
          [
            'longest task during mount or scroll, any round (ms; 0: none ≥ 50)',
            worstOf('chatparts'),
            '≤ 50',
            worstOf('chatparts') <= 50,
          ],
          [
            'in view: formulas typeset, diagrams drawn, code highlighted (s)',
            ours.visibleHighlighted / 1000,
            '> 0',
            ours.visibleHighlighted >= 0,
          ],
          [
            'the same in a virtualized Transcript: longest task, any round (ms)',
            worstOf('chatparts Transcript'),
            '≤ 50',
            worstOf('chatparts Transcript') <= 50,
          ],
        ]
        console.log('\nchatparts against the goals:')
        for (const [label, value, goal, ok] of checks)
          console.log(
            `  ${ok ? 'ok  ' : 'MISS'} ${pad(label, 56)} ${left(Number.isInteger(value) ? value : value.toFixed(2), 7)}  (goal ${goal})`,
          )
      }
      const peer = results.find((result) => result.renderer === 'streamdown+code')
      const plain = results.find((result) => result.renderer === 'chatparts, no highlighter')
      if (ours && peer && plain) {
        // Long tasks are rare events: the goal holds for every round, not only the median one.
        const worstOf = (name) =>
          Math.max(0, ...runs.get(name).flatMap((run) => [...run.mountTasks, ...run.scrollTasks]))
        const worst = worstOf('chatparts')
        const checks = [
          ['mount / streamdown+code', ours.mount / peer.mount, '≤ 0.5', ours.mount <= peer.mount / 2],
          ['longest task during mount or scroll, any round (ms; 0: none ≥ 50)', worst, '≤ 50', worst <= 50],
          [
            'text and code in view formatted and highlighted (s)',
            ours.visibleHighlighted / 1000,
            '> 0',
            ours.visibleHighlighted >= 0,
          ],
          ['highlighted lines that went back to plain', ours.drops, '= 0', ours.drops === 0],
          [
            'page height with colour − without (px)',
            ours.heights[1] - plain.heights[1],
            '= 0',
            ours.heights[1] === plain.heights[1],
          ],
        ]
        const session = results.find((result) => result.renderer === 'chatparts Transcript')
        if (session) {
          const longest = worstOf('chatparts Transcript')
          checks.push([
            'the same in a virtualized Transcript: longest task, any round (ms)',
            longest,
            '≤ 50',
            longest <= 50,
          ])
        }
        console.log('\nchatparts against the goals:')
        for (const [label, value, goal, ok] of checks)
          console.log(
            `  ${ok ? 'ok  ' : 'MISS'} ${pad(label, 56)} ${left(Number.isInteger(value) ? value : value.toFixed(2), 7)}  (goal ${goal})`,
          )
      }
      if (ours && runs.has('the same DOM with no script')) {
        // What the browser alone costs for the page chatparts ends with: the floor of the long tasks.
        const worst = (name, key) => Math.max(0, ...runs.get(name).flatMap((run) => run[key]))
        console.log(
          `\nfor scale, no goal: the longest task in any round, mount | fling (ms; 0: none ≥ 50): chatparts ${worst('chatparts', 'mountTasks').toFixed(0)} | ${worst('chatparts', 'scrollTasks').toFixed(0)}, the same DOM with no script ${worst('the same DOM with no script', 'mountTasks').toFixed(0)} | ${worst('the same DOM with no script', 'scrollTasks').toFixed(0)}`,
        )
      }
    }
    if (scenarios.includes('draw')) {
      const COUNT = Number(process.env.BENCH_DRAW_REPLIES ?? 50)
      const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3) * 5
      console.log(
        `\ndrawing a diagram in a long page: a mermaid sequence diagram drawn ${ROUNDS} times each way, alternating, in a page of ${COUNT} finished replies,`,
      )
      console.log(
        `each draw timed up to the page laid out again; mermaid in the page (securityLevel 'strict', as chatparts drew before) against`,
      )
      console.log(`chatparts' renderer (createMermaidRenderer, which draws in a frame of its own); medians\n`)
      console.log(
        `${pad('page', 58)}${left('elements', 10)}${left('in the page', 13)}${left('chatparts', 11)}${left('ratio', 8)}`,
      )
      const worst = []
      // The bench reply's page, then the math replies' (formulas and diagrams: KaTeX's markup is most of its elements).
      for (const [name, math] of [
        ['bench reply', false],
        ['formulas and diagrams', true],
      ]) {
        await page.evaluate((on) => window.bench.setMathReplies(on), math)
        const run = await page.evaluate(([n, r]) => window.bench.runDraw(n, r), [COUNT, ROUNDS])
        for (const [state, before, ours] of [
          ['a word added since last laid out', run.inPage, run.chatparts],
          ['laid out', run.inPageClean, run.chatpartsClean],
        ]) {
          console.log(
            `${pad(`${name}, ${state}`, 58)}${left(run.elements.toLocaleString('en'), 10)}${left(ms(median(before), 1), 13)}${left(ms(median(ours), 1), 11)}${left((median(ours) / median(before)).toFixed(2), 8)}`,
          )
          worst.push(median(ours))
        }
      }
      await page.evaluate(() => window.bench.setMathReplies(false))
      const longest = Math.max(...worst)
      console.log(
        `\n  ${longest < 50 ? 'ok  ' : 'MISS'} ${pad('a drawing, median, in either page (ms)', 52)} ${left(longest.toFixed(1), 6)}  (goal < 50)`,
      )
    }
    if (scenarios.includes('parallel')) {
      const STREAMS = 4
      const TOKENS_EACH = Number(process.env.BENCH_PARALLEL_TOKENS ?? 1500)
      const INTERVAL = 4
      console.log(
        `\nmany streams at once: ${STREAMS} replies streaming together into one Transcript (store coalescing on), a token of 4 characters`,
      )
      console.log(
        `to each every ${INTERVAL} ms (${Math.round(1000 / INTERVAL)} tokens a second each), ${TOKENS_EACH} tokens each; frames counted with requestAnimationFrame\n`,
      )
      const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3)
      const runs = { floor: [], chatparts: [] }
      await page.evaluate(([n, t, i]) => window.bench.runParallel('chatparts', n, t, i), [STREAMS, 200, INTERVAL])
      for (let round = 0; round < ROUNDS; round++)
        for (const name of ['floor', 'chatparts'])
          runs[name].push(
            await page.evaluate(
              ([r, n, t, i]) => window.bench.runParallel(r, n, t, i),
              [name, STREAMS, TOKENS_EACH, INTERVAL],
            ),
          )
      console.log(
        `${pad('renderer', 12)}${left('time', 9)}${left('frames', 8)}${left('fps', 7)}${left('dropped', 9)}${left('longest frame', 15)}${left('tasks ≥ 50 ms', 15)}  all on screen`,
      )
      const pick = (list) => [...list].sort((a, b) => a.dropped - b.dropped)[(list.length - 1) >> 1]
      const rows = {}
      for (const name of ['floor', 'chatparts']) {
        const run = pick(runs[name])
        rows[name] = run
        console.log(
          `${pad(name, 12)}${left(`${run.seconds.toFixed(2)} s`, 9)}${left(run.frames, 8)}${left((run.frames / run.seconds).toFixed(1), 7)}${left(run.dropped, 9)}${left(ms(run.longestFrame, 1), 15)}${left(run.longTasks.length, 15)}  ${run.complete ? 'yes' : 'NO'}`,
        )
      }
      console.log(
        `dropped frames of the rounds: ${['floor', 'chatparts'].map((name) => `${name} ${runs[name].map((run) => run.dropped).join(' / ')}`).join('; ')}`,
      )
      const ours = rows.chatparts
      const fps = ours.frames / ours.seconds
      console.log('\nchatparts against the goals:')
      console.log(
        `  ${fps >= 58 ? 'ok  ' : 'MISS'} ${pad('frames a second, four streams at once', 52)} ${left(fps.toFixed(1), 6)}  (goal ≥ 58; floor ${(rows.floor.frames / rows.floor.seconds).toFixed(1)})`,
      )
      console.log(
        `  ${ours.dropped <= rows.floor.dropped + 2 ? 'ok  ' : 'MISS'} ${pad('dropped frames (floor in the same run)', 52)} ${left(ours.dropped, 6)}  (floor ${rows.floor.dropped})`,
      )
    }
    if (scenarios.includes('memory')) {
      const COUNT = 2000
      console.log(
        `\nmemory: ${COUNT.toLocaleString('en')} finished messages (the session scenario's mix) held by the store, then mounted in a virtualized`,
      )
      console.log(
        'Transcript 900 px tall and scrolled from end to end twice, then unmounted; heap after a full garbage collection (CDP)',
      )
      const cdp = await page.context().newCDPSession(page)
      const measure = async () => {
        for (let i = 0; i < 3; i++) await cdp.send('HeapProfiler.collectGarbage')
        const { usedSize } = await cdp.send('Runtime.getHeapUsage')
        const { nodes } = await cdp.send('Memory.getDOMCounters')
        const attached = await page.evaluate(() => window.bench.memory.elements())
        return { heap: usedSize, nodes, attached }
      }
      await cdp.send('HeapProfiler.enable')
      const mb = (bytes) => `${(bytes / 1024 / 1024).toFixed(1)} MB`
      for (const distinct of [false, true]) {
        console.log(
          `\n${distinct ? 'every text and tool output a string of its own, as in a real session' : "the session's copies sharing their strings"}`,
        )
        // A first pass loads what any session needs once (grammars, the highlight cache, compiled
        // code); the page after it, store dropped, is the baseline.
        await page.evaluate(([n, d]) => window.bench.memory.load(n, d), [COUNT, distinct])
        await page.evaluate(() => window.bench.memory.mount())
        await page.evaluate(() => window.bench.memory.scroll())
        await page.evaluate(() => window.bench.memory.unmount())
        await page.evaluate(() => window.bench.memory.drop())
        const empty = await measure()
        await page.evaluate(([n, d]) => window.bench.memory.load(n, d), [COUNT, distinct])
        const loaded = await measure()
        await page.evaluate(() => window.bench.memory.mount())
        const mounted = await measure()
        const first = await page.evaluate(() => window.bench.memory.scroll())
        const scrolled = await measure()
        const second = await page.evaluate(() => window.bench.memory.scroll())
        const again = await measure()
        await page.evaluate(() => window.bench.memory.unmount())
        const unmounted = await measure()
        await page.evaluate(() => window.bench.memory.drop())
        const dropped = await measure()
        const store = loaded.heap - empty.heap
        console.log(
          `${pad('step', 40)}${left('heap − empty page', 19)}${left('DOM nodes alive', 17)}${left('in the document', 17)}`,
        )
        for (const [label, at] of [
          ['store loaded, nothing rendered', loaded],
          ['Transcript mounted', mounted],
          [`scrolled end to end (${first.seen.toLocaleString('en')} rows seen)`, scrolled],
          [`scrolled again (${second.seen.toLocaleString('en')} rows seen)`, again],
          ['unmounted (store kept)', unmounted],
          ['store dropped', dropped],
        ])
          console.log(
            `${pad(label, 40)}${left(mb(at.heap - empty.heap), 19)}${left(at.nodes, 17)}${left(at.attached, 17)}`,
          )
        const ratio = (again.heap - empty.heap) / store
        const detachedGrowth = again.nodes - again.attached - (scrolled.nodes - scrolled.attached)
        console.log('chatparts against the goals:')
        console.log(
          `  ${ratio <= 1.5 ? 'ok  ' : 'MISS'} ${pad("heap, mounted and scrolled twice / the store's own", 56)} ${left(ratio.toFixed(2), 6)}  (goal ≤ 1.5)`,
        )
        console.log(
          `  ${detachedGrowth <= 0 ? 'ok  ' : 'MISS'} ${pad('DOM nodes alive outside the document: growth, 2nd pass', 56)} ${left(detachedGrowth, 6)}  (goal ≤ 0; after the 1st pass ${scrolled.nodes - scrolled.attached})`,
        )
        console.log(
          `  ${dropped.heap - empty.heap <= store * 0.1 ? 'ok  ' : 'MISS'} ${pad('heap with the store dropped − before it was loaded', 56)} ${left(mb(dropped.heap - empty.heap), 6)}  (goal ≤ 10 % of the store)`,
        )
      }
      // A reply streamed and left on the page keeps what it was streamed with (the elements of its
      // pieces, lines and items); it must not keep the texts it was streamed as. Each token's text
      // is a new string, and a slice of it, kept, keeps all of it.
      const shapes = process.env.BENCH_MEMORY_SHAPES?.split(';') ?? [
        'a 100 KB reply',
        'code, 2,000 lines',
        'table, 200 rows',
        'one 20 KB paragraph',
      ]
      console.log(
        '\na reply streamed into a TextPart (each token its text before with the token appended) and left on the page, against the',
      )
      console.log(
        'same reply opened finished; heap after a full garbage collection, less the page without it (BENCH_MEMORY_SHAPES=<shape>;<shape>)',
      )
      console.log(
        `${pad('reply', 28)}${left('bytes', 9)}${left('opened', 10)}${left('streamed', 10)}${left('streamed − opened, per byte', 29)}`,
      )
      const verdicts = []
      for (const shape of shapes) {
        // A first pass of each loads what any reply needs once (grammars, KaTeX, the highlight cache).
        for (const streamed of [false, true]) {
          await page.evaluate(([s, name]) => window.bench.memory.reply(s, name), [streamed, shape])
          await page.evaluate(() => window.bench.memory.replyUnmount())
        }
        const heldBy = {}
        for (const streamed of [false, true]) {
          const without = await measure()
          await page.evaluate(([s, name]) => window.bench.memory.reply(s, name), [streamed, shape])
          const withReply = await measure()
          await page.evaluate(() => window.bench.memory.replyUnmount())
          heldBy[streamed ? 'streamed' : 'opened'] = withReply.heap - without.heap
        }
        const bytes = await page.evaluate((name) => window.bench.memory.replyBytes(name), shape)
        const perByte = (heldBy.streamed - heldBy.opened) / bytes
        verdicts.push([shape, perByte])
        console.log(
          `${pad(shape, 28)}${left(bytes.toLocaleString('en'), 9)}${left(mb(heldBy.opened), 10)}${left(mb(heldBy.streamed), 10)}${left(perByte.toFixed(0), 29)}`,
        )
      }
      console.log(
        'chatparts against the goals (no more than linear in the reply: a streamed reply that kept its texts kept 1,270-1,450 bytes a byte at 65-100 KB):',
      )
      for (const [shape, perByte] of verdicts)
        console.log(
          `  ${perByte <= 200 ? 'ok  ' : 'MISS'} ${pad(`${shape}: heap kept streamed beyond opened, per byte`, 56)} ${left(perByte.toFixed(0), 6)}  (goal ≤ 200)`,
        )
    }
    if (scenarios.includes('shapes')) {
      console.log(
        '\nhard shapes: each reply streamed in tokens of 4 characters, committed synchronously + layout forced + yield (as above)',
      )
      console.log(
        're-mounted = elements unchanged for 50 commits that were taken out of the page (while streaming / at the final commit)\n',
      )
      const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3)
      const SLICED = process.env.BENCH_SLICED === '1'
      if (SLICED)
        console.log(
          "each token's text a slice of the finished reply, not the text before it with the token appended (BENCH_SLICED=1)\n",
        )
      const wanted = process.env.BENCH_SHAPE
        ? info.shapes.filter((shape) => shape.includes(process.env.BENCH_SHAPE))
        : info.shapes.filter((shape) => !shape.startsWith('hostile'))
      console.log(
        `${pad('shape', 26)}${left('bytes', 8)}${left('tokens', 8)}${left('floor', 9)}${left('chatparts', 11)}${left('x floor', 9)}${left('first-200', 11)}${left('last-200', 10)}${left('growth', 8)}${left('floor growth', 14)}${left('stale', 7)}${left('re-mounted', 12)}  code lines highlighted, same as a fresh render`,
      )
      const verdicts = []
      for (const shape of wanted) {
        const runs = { floor: [], chatparts: [] }
        for (let round = 0; round < ROUNDS; round++)
          for (const name of ['floor', 'chatparts']) {
            const profile =
              process.env.BENCH_PROFILE === name && round === 0 ? await page.context().newCDPSession(page) : null
            if (profile) {
              await profile.send('Profiler.enable')
              await profile.send('Profiler.setSamplingInterval', { interval: 200 })
              await profile.send('Profiler.start')
            }
            const trace = process.env.BENCH_TRACE === name && round === 0 ? await startTrace(page) : null
            runs[name].push(
              await page.evaluate(([s, r, sliced]) => window.bench.runShape(s, r, sliced), [shape, name, SLICED]),
            )
            if (trace)
              summarizeTrace(await trace(), join(root, `bench/.out/${name}-${shape.split(/[ ,]/)[0]}.trace.json`))
            if (profile) {
              const { profile: data } = await profile.send('Profiler.stop')
              writeFileSync(join(root, `bench/.out/${name}-${shape.split(/[ ,]/)[0]}.cpuprofile`), JSON.stringify(data))
              summarize(data)
            }
          }
        const pick = (list) => [...list].sort((a, b) => sum(a.times) - sum(b.times))[(list.length - 1) >> 1]
        if (process.env.BENCH_DUMP) writeFileSync(process.env.BENCH_DUMP, JSON.stringify(runs))
        const floorRun = pick(runs.floor)
        const ours = pick(runs.chatparts)
        const total = sum(ours.times)
        const first = median(ours.times.slice(0, 200))
        const last = median(ours.times.slice(-200))
        const xFloor = total / sum(floorRun.times)
        const floorGrowth = median(floorRun.times.slice(-200)) / median(floorRun.times.slice(0, 200))
        console.log(
          `${pad(shape, 26)}${left(ours.bytes.toLocaleString('en'), 8)}${left(ours.tokens.toLocaleString('en'), 8)}${left(`${(sum(floorRun.times) / 1000).toFixed(2)} s`, 9)}${left(`${(total / 1000).toFixed(2)} s`, 11)}${left(xFloor.toFixed(2), 9)}${left(ms(first, 3), 11)}${left(ms(last, 3), 10)}${left((last / first).toFixed(2), 8)}${left(floorGrowth.toFixed(2), 14)}${left(ours.stale, 7)}${left(`${ours.remounted} / ${ours.remountedAtFinish}`, 12)}  ${ours.code.highlighted} / ${ours.code.lines}, ${ours.sameAsFresh ? 'yes' : 'NO'}`,
        )
        if (ours.held > 0)
          console.log(
            `    held back (the text written since a slow block's last render shown as written) at ${ours.held} of ${ours.tokens} commits`,
          )
        for (const sample of ours.remountSamples) console.log(`    re-mounted: ${sample}`)
        for (const sample of ours.staleSamples) console.log(`    stale: ${sample}`)
        if (ours.difference) console.log(`    not as a fresh render: ${ours.difference}`)
        if (process.env.BENCH_PROFILE) {
          const slow = ours.times
            .map((time, i) => [time, i])
            .sort((a, b) => b[0] - a[0])
            .slice(0, 8)
          console.log(
            `    slowest tokens: ${slow.map(([time, i]) => `#${i} ${ms(time, 1)}`).join(', ')}; sum of the 1 % slowest ${ms(sum([...ours.times].sort((a, b) => b - a).slice(0, Math.ceil(ours.times.length / 100))), 0)}`,
          )
        }
        if (process.env.BENCH_PROFILE)
          for (const run of [floorRun, ours])
            console.log(
              `    ${pad(run.renderer, 10)} update ${(sum(run.commits) / 1000).toFixed(2)} s (last-200 median ${ms(median(run.commits.slice(-200)), 3)}), layout ${(sum(run.layouts) / 1000).toFixed(2)} s (last-200 median ${ms(median(run.layouts.slice(-200)), 3)}), yield ${((sum(run.times) - sum(run.commits) - sum(run.layouts)) / 1000).toFixed(2)} s`,
            )
        if (process.env.BENCH_PROFILE)
          for (const run of [floorRun, ours]) {
            const yields = run.times.map((time, i) => time - run.commits[i] - run.layouts[i])
            const long = yields.filter((time) => time >= 8)
            console.log(
              `    ${pad(run.renderer, 10)} yields of 8 ms or more: ${long.length}, ${(sum(long) / 1000).toFixed(2)} s; the others ${((sum(yields) - sum(long)) / 1000).toFixed(2)} s (median ${ms(median(yields), 3)})`,
            )
          }
        // The long reply's parts are the same text: its last 200 tokens against the first part's.
        const samePart = shape.includes('100 KB')
          ? last / median(ours.times.slice(info.longFirstPart - 200, info.longFirstPart))
          : null
        const floorSamePart = shape.includes('100 KB')
          ? median(floorRun.times.slice(-200)) /
            median(floorRun.times.slice(info.longFirstPart - 200, info.longFirstPart))
          : null
        if (samePart !== null)
          console.log(
            `    the same 200 tokens, at the end of the 7th part / of the 1st: chatparts ${samePart.toFixed(2)}, floor ${floorSamePart.toFixed(2)}`,
          )
        if (samePart !== null && process.env.BENCH_PROFILE)
          for (const run of [floorRun, ours]) {
            const at = (list, from, to) => median(list.slice(from, to))
            const parts = (from, to) => {
              const yields = run.times.map((time, i) => time - run.commits[i] - run.layouts[i])
              return `update ${ms(at(run.commits, from, to), 3)}, layout ${ms(at(run.layouts, from, to), 3)}, yield ${ms(at(yields, from, to), 3)}`
            }
            console.log(
              `    ${pad(run.renderer, 10)} the same 200 tokens' medians, 1st part: ${parts(info.longFirstPart - 200, info.longFirstPart)}; 7th: ${parts(-200)}`,
            )
          }
        verdicts.push([shape, xFloor, last / first, floorGrowth, ours, samePart])
      }
      console.log(
        '\nchatparts against the goals (each shape: within 3x the floor; flat: last-200 / first-200 ≤ 1.1, or, where the floor itself',
      )
      console.log(
        "grows (the browser lays out a growing block again at every token), no more than 1.1x the floor's growth; nothing finished re-mounted;",
      )
      console.log(
        'the 100 KB reply, seven parts of the same text: flat, the last 200 tokens / the same 200 of the first part ≤ 1.1, whatever the floor does):',
      )
      for (const [shape, xFloor, growth, floorGrowth, ours, samePart] of verdicts) {
        const long = samePart !== null
        const flat = long ? samePart <= 1.1 : growth <= Math.max(1.1, 1.1 * floorGrowth)
        const ok =
          (long || xFloor <= 3) &&
          flat &&
          ours.remounted === 0 &&
          ours.stale === 0 &&
          ours.sameAsFresh &&
          ours.code.highlighted === ours.code.lines
        console.log(
          `  ${ok ? 'ok  ' : 'MISS'} ${pad(shape, 26)} x floor ${xFloor.toFixed(2)}, growth ${growth.toFixed(2)} (floor ${floorGrowth.toFixed(2)})${long ? `, same text 7th part / 1st ${samePart.toFixed(2)}` : ''}, re-mounted ${ours.remounted}, stale ${ours.stale}, same as fresh ${ours.sameAsFresh ? 'yes' : 'no'}`,
        )
      }
    }
    if (errors.length > 0) {
      console.error(`\npage errors:\n${errors.join('\n')}`)
      process.exitCode = 1
    }
  } finally {
    await browser.close()
    server.close()
  }
}
