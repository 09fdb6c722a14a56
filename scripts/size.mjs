#!/usr/bin/env node
/**
 * What the kit weighs to an app, from the built package (`dist/`, run `npm run build` first):
 * - first load: a probe app is bundled by Vite, minified, and the JavaScript the page loads before
 *   anything lazy (its entry and the chunks the entry imports statically) is gzipped and summed; the
 *   Markdown engine, which the kit loads right after, is summed apart;
 * - install: the files of `dist/` plus every package the kit's `dependencies` pull in (peers are
 *   the app's own, optional ones are not installed).
 * `node scripts/size.mjs` prints the figures and the budgets; `test/dist/size.test.ts` enforces them.
 */
import { mkdirSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync, existsSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { gzipSync } from 'node:zlib'

const root = join(import.meta.dirname, '..')

/** The budgets the issue of weight set; each is checked on the packed build. */
export const budgets = {
  /** Install of the kit alone, in bytes. */
  install: 40e6,
  /** First load of a `Transcript` with one adapter, over react-markdown's own first load (gzip bytes). */
  transcriptOverMarkdown: 25 * 1024,
  /** The whole of `chatparts/core`, gzip bytes. */
  core: 5 * 1024,
}

/** The probe apps: each an entry module, its imports resolved as an app's would be. */
export const probes = {
  react: `import { createElement } from 'react'
import { createRoot } from 'react-dom/client'
createRoot(document.getElementById('root')).render(createElement('p', null, 'hello'))`,
  'react-markdown': `import { createElement } from 'react'
import { createRoot } from 'react-dom/client'
import Markdown from 'react-markdown'
createRoot(document.getElementById('root')).render(createElement(Markdown, null, '# hello'))`,
  'transcript + aisdk': `import { createElement } from 'react'
import { createRoot } from 'react-dom/client'
import { Transcript } from 'chatparts'
import { aiSdkAdapter } from 'chatparts/aisdk'
import { createChatStore } from 'chatparts/store'
const store = createChatStore({ adapters: [aiSdkAdapter] })
createRoot(document.getElementById('root')).render(createElement(Transcript, { store }))`,
  'transcript + every adapter': `import { createElement } from 'react'
import { createRoot } from 'react-dom/client'
import { Transcript } from 'chatparts'
import { builtInAdapters } from 'chatparts/protocols'
import { createChatStore } from 'chatparts/store'
const store = createChatStore({ adapters: builtInAdapters })
createRoot(document.getElementById('root')).render(createElement(Transcript, { store }))`,
  message: `import { createElement } from 'react'
import { createRoot } from 'react-dom/client'
import { Message } from 'chatparts'
createRoot(document.getElementById('root')).render(createElement(Message, { message: window.message }))`,
  core: `import * as core from 'chatparts/core'
console.log(core)`,
}

/**
 * Bundles each probe with Vite in production mode and returns, per probe, the gzip bytes of its
 * first load and the text of that JavaScript (to check what it holds).
 */
export async function measureFirstLoad(names = Object.keys(probes)) {
  const { build } = await import('vite')
  const dir = join(root, '.cache/size-probe')
  rmSync(dir, { recursive: true, force: true })
  mkdirSync(join(dir, 'node_modules'), { recursive: true })
  // The app resolves chatparts as an installed package: its `exports`, its `dist/`.
  symlinkSync(root, join(dir, 'node_modules/chatparts'), 'dir')
  const results = {}
  try {
    for (const name of names) {
      const file = join(dir, `${name.replace(/\W+/g, '-')}.js`)
      writeFileSync(file, probes[name])
      const output = await build({
        root: dir,
        configFile: false,
        logLevel: 'silent',
        mode: 'production',
        build: { write: false, minify: true, modulePreload: false, rolldownOptions: { input: file } },
      })
      const chunks = new Map(
        (Array.isArray(output) ? output[0] : output).output
          .filter((item) => item.type === 'chunk')
          .map((chunk) => [chunk.fileName, chunk]),
      )
      const entry = [...chunks.values()].find((chunk) => chunk.isEntry)
      const loaded = new Set()
      const visit = (fileName) => {
        if (loaded.has(fileName)) return
        loaded.add(fileName)
        for (const next of chunks.get(fileName)?.imports ?? []) visit(next)
      }
      visit(entry.fileName)
      const code = [...loaded].map((fileName) => chunks.get(fileName).code)
      // The Markdown engine, loaded just after the first load: its chunk and what it alone imports.
      const first = new Set(loaded)
      const engine = [...chunks.values()].find(
        (chunk) => chunk.isDynamicEntry && chunk.name.startsWith('MarkdownEngine'),
      )
      if (engine) visit(engine.fileName)
      const later = [...loaded].filter((fileName) => !first.has(fileName)).map((fileName) => chunks.get(fileName).code)
      results[name] = {
        gzip: code.reduce((sum, text) => sum + gzipSync(text).length, 0),
        text: code.join('\n'),
        engine: later.reduce((sum, text) => sum + gzipSync(text).length, 0),
        engineText: later.join('\n'),
      }
    }
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
  return results
}

function sizeOf(path) {
  const stat = statSync(path)
  if (!stat.isDirectory()) return stat.size
  return readdirSync(path).reduce((sum, name) => sum + sizeOf(join(path, name)), 0)
}

/** Bytes an app's install adds for the kit: dist/ and the closure of its `dependencies`. */
export function measureInstall() {
  const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'))
  const packages = new Map()
  const visit = (name, from) => {
    // Node's lookup: the nearest node_modules up from the package that depends on it.
    let found
    for (let dir = from; ; dir = dirname(dir)) {
      const candidate = join(dir, 'node_modules', name)
      if (existsSync(join(candidate, 'package.json'))) {
        found = candidate
        break
      }
      if (dirname(dir) === dir) throw new Error(`${name} (a dependency) is not installed`)
    }
    if (packages.has(found)) return
    packages.set(found, sizeOf(found))
    const manifest = JSON.parse(readFileSync(join(found, 'package.json'), 'utf8'))
    for (const dependency of Object.keys(manifest.dependencies ?? {})) visit(dependency, found)
  }
  for (const dependency of Object.keys(pkg.dependencies)) visit(dependency, root)
  const dist = sizeOf(join(root, 'dist'))
  const dependencies = [...packages.values()].reduce((sum, size) => sum + size, 0)
  return {
    bytes: dist + dependencies,
    dist,
    packages: packages.size,
    largest: [...packages].sort((a, b) => b[1] - a[1]).slice(0, 5),
  }
}

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`

if (process.argv[1] === import.meta.filename) {
  createRequire(import.meta.url)
  const load = await measureFirstLoad()
  const install = measureInstall()
  console.log('first load (gzip, JavaScript the page loads before anything lazy):')
  for (const [name, { gzip, engine }] of Object.entries(load))
    console.log(
      `  ${name.padEnd(28)} ${kb(gzip).padStart(9)}${engine ? `, then the Markdown engine ${kb(engine)}` : ''}`,
    )
  const over = load['transcript + aisdk'].gzip - load['react-markdown'].gzip
  console.log(
    `Transcript + one adapter over react-markdown: ${kb(over)} (budget ${kb(budgets.transcriptOverMarkdown)})`,
  )
  console.log(`chatparts/core: ${kb(load.core.gzip)} (budget ${kb(budgets.core)})`)
  console.log(
    `install: ${(install.bytes / 1e6).toFixed(1)} MB in ${install.packages} packages + dist (budget ${(budgets.install / 1e6).toFixed(0)} MB)`,
  )
}
