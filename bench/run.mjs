// Builds a benchmark with Vite (TypeScript, JSON imports) and runs it in Node with `--expose-gc`.
// Usage: node bench/run.mjs [store]   (default: every Node benchmark)
import { spawnSync } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { build } from 'vite'

const root = fileURLToPath(new URL('..', import.meta.url))
const benches = { store: 'bench/store/store.bench.ts' }
const wanted = process.argv.slice(2).length > 0 ? process.argv.slice(2) : Object.keys(benches)

for (const name of wanted) {
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
  const run = spawnSync(process.execPath, ['--expose-gc', `bench/.out/${name}/index.mjs`], { cwd: root, stdio: 'inherit' })
  if (run.status !== 0) process.exit(run.status ?? 1)
}
