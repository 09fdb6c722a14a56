// What an app downloads for chatparts, built the way an app builds it (Vite, minified, from src):
// the JavaScript loaded to show a reply with no math, and what a formula, a diagram and a code
// block add on first use (lazy chunks). Printed as gzip sizes and as ratios to the first.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { gzipSync } from 'node:zlib'
import { build } from 'vite'

const root = fileURLToPath(new URL('../..', import.meta.url))
const out = join(root, 'bench/.out/bundle')

/** Builds an app whose page renders `markdown` with the kit's Message; returns its chunks and their import graph. */
async function buildApp(name, source) {
  const dir = join(out, name)
  rmSync(dir, { recursive: true, force: true })
  mkdirSync(dir, { recursive: true })
  writeFileSync(join(dir, 'main.tsx'), source)
  writeFileSync(
    join(dir, 'index.html'),
    '<!doctype html><div id="root"></div><script type="module" src="./main.tsx"></script>',
  )
  await build({
    root: dir,
    configFile: false,
    logLevel: 'warn',
    resolve: { alias: { chatparts: join(root, 'src/index.ts') } },
    build: {
      outDir: join(dir, 'dist'),
      emptyOutDir: true,
      manifest: true,
      target: 'es2022',
      modulePreload: false,
      chunkSizeWarningLimit: 100_000,
    },
  })
  const manifest = JSON.parse(readFileSync(join(dir, 'dist/.vite/manifest.json'), 'utf8'))
  const size = (file) => gzipSync(readFileSync(join(dir, 'dist', file))).length
  // The entry and what it imports statically: what loads before anything is shown.
  const entry = Object.values(manifest).find((chunk) => chunk.isEntry)
  const statics = new Set()
  const visit = (key) => {
    const chunk = manifest[key] ?? Object.values(manifest).find((item) => item.file === key)
    if (!chunk || statics.has(chunk.file)) return
    statics.add(chunk.file)
    for (const next of chunk.imports ?? []) visit(next)
  }
  visit(Object.keys(manifest).find((key) => manifest[key] === entry))
  const total = [...statics].reduce((sum, file) => sum + size(file), 0)
  /** What loading the dynamic import of a package adds: its chunk and what that imports statically, less what is loaded already. */
  const lazy = (...packages) => {
    const added = new Set()
    const walk = (key) => {
      const chunk = manifest[key]
      if (!chunk || statics.has(chunk.file) || added.has(chunk.file)) return
      added.add(chunk.file)
      for (const next of chunk.imports ?? []) walk(next)
    }
    // The dynamic imports the kit's own code makes (`import('katex')`), not those inside the packages.
    const own = [...statics].flatMap(
      (file) => Object.values(manifest).find((chunk) => chunk.file === file)?.dynamicImports ?? [],
    )
    for (const name of packages) for (const key of own) if (key.includes(`node_modules/${name}/`)) walk(key)
    return [...added].reduce((sum, file) => sum + size(file), 0)
  }
  return { total, lazy }
}

const app = (props) => `import { createRoot } from 'react-dom/client'
import { Message } from 'chatparts'
const message = { info: { id: 'm', sessionID: 's', role: 'assistant', time: { created: 1 }, parentID: '', modelID: '', providerID: '', agent: '', path: { cwd: '', root: '' }, cost: 0, tokens: { input: 0, output: 0, reasoning: 0, cache: { read: 0, write: 0 } } }, parts: [{ id: 'p', sessionID: 's', messageID: 'm', type: 'text', text: 'Hello' }] }
createRoot(document.getElementById('root')).render(<Message message={message} ${props} />)
`

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`
const withAll = await buildApp('default', app(''))
const without = await buildApp(
  'off',
  `import { ChatpartsProvider } from 'chatparts'\n${app('').replace('render(<Message message={message}  />)', 'render(<ChatpartsProvider math={null} diagrams={null} highlighter={null}><Message message={message} /></ChatpartsProvider>)')}`,
)
const katex = withAll.lazy('katex')
// mermaid's core and DOMPurify; each kind of diagram then loads its own chunk (a flowchart's, a sequence's).
const mermaid = withAll.lazy('mermaid', 'dompurify')
console.log('bundle: gzip sizes of a Vite app that renders one message with chatparts (minified, from src)')
console.log(`loaded before anything shows, math and diagrams on (default)   ${kb(withAll.total)}`)
console.log(
  `loaded before anything shows, math, diagrams, highlighter off  ${kb(without.total)}   ratio default/off = ${(withAll.total / without.total).toFixed(2)}`,
)
console.log(
  `added by the first formula (KaTeX, lazy)                        ${kb(katex)}   ratio to the page = ${(katex / withAll.total).toFixed(2)}`,
)
console.log(
  `added by the first diagram (mermaid core + DOMPurify, lazy)       ${kb(mermaid)}   ratio to the page = ${(mermaid / withAll.total).toFixed(2)}`,
)
