// Builds a benchmark with Vite (TypeScript, JSON imports) and runs it in Node with `--expose-gc`;
// the streaming benchmark is a page, built and driven in Chromium by bench/streaming/driver.mjs.
// Usage: node bench/run.mjs [store] [find] [hostile] [streaming] [streaming:text|history|ingest|session|jump|mount|shapes|parallel|memory] [bundle]   (default: all)
import { spawnSync } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { build } from 'vite'

const root = fileURLToPath(new URL('..', import.meta.url))
const benches = {
  store: 'bench/store/store.bench.ts',
  find: 'bench/find/find.bench.ts',
  hostile: 'bench/hostile/hostile.bench.ts',
  streaming: 'browser',
  bundle: 'build',
}
const args = process.argv.slice(2)
const wanted = args.length > 0 ? [...new Set(args.map((arg) => arg.split(':')[0]))] : Object.keys(benches)

for (const name of wanted) {
  if (benches[name] === 'browser') {
    // A page in Chromium, not a Node script; `streaming:text` or `streaming:session` picks one scenario.
    const { runStreaming } = await import('./streaming/driver.mjs')
    await runStreaming({
      only: args.filter((arg) => arg.startsWith(`${name}:`)).map((arg) => arg.slice(name.length + 1)),
    })
    continue
  }
  if (benches[name] === 'build') {
    // Builds apps with Vite and weighs them: nothing to run.
    await import('./bundle/measure.mjs')
    continue
  }
  const entry = benches[name]
  if (!entry) {
    console.error(`unknown benchmark "${name}"; known: ${Object.keys(benches).join(', ')}`)
    process.exit(2)
  }
  await build({
    root,
    configFile: false,
    logLevel: 'warn',
    build: {
      ssr: entry,
      outDir: `bench/.out/${name}`,
      emptyOutDir: true,
      minify: false,
      target: 'node20',
      rollupOptions: { output: { entryFileNames: 'index.mjs' } },
    },
  })
  // React as an app ships it (production), for the benchmarks that render.
  const run = spawnSync(process.execPath, ['--expose-gc', `bench/.out/${name}/index.mjs`], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  })
  if (run.status !== 0) process.exit(run.status ?? 1)
}
