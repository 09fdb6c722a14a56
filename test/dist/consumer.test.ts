import { execFileSync } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { createRequire } from 'node:module'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { publicApi } from '../index.test'

const root = join(import.meta.dirname, '../..')
const protocolEntries = ['aisdk', 'opencode', 'openai', 'toolmessage2', 'delta', 'chat', 'msgfile'] as const
const require = createRequire(import.meta.url)
let consumer = ''

/**
 * Imports the built package from a separate folder, through `node_modules/chatparts`, the way an
 * app that installed it would: node resolves `exports`, TypeScript resolves the declarations.
 */
beforeAll(() => {
  if (!existsSync(join(root, 'dist/index.js'))) {
    throw new Error('dist/ is missing: run `npm run build` before the dist tests (scripts/test.sh does).')
  }
  consumer = mkdtempSync(join(tmpdir(), 'chatparts-consumer-'))
  mkdirSync(join(consumer, 'node_modules'))
  symlinkSync(root, join(consumer, 'node_modules/chatparts'), 'dir')
  // The app's own React and its types, as it would have installed them beside chatparts.
  mkdirSync(join(consumer, 'node_modules/@types'))
  for (const name of ['react', '@types/react']) symlinkSync(join(root, 'node_modules', name), join(consumer, 'node_modules', name), 'dir')
  writeFileSync(join(consumer, 'package.json'), JSON.stringify({ name: 'consumer', type: 'module', private: true }))
})

afterAll(() => {
  if (consumer) rmSync(consumer, { recursive: true, force: true })
})

/** Every file of dist/ an entry reaches through its relative imports, static and dynamic, with its text. */
function reached(entry: string): { file: string; text: string }[] {
  const seen = new Map<string, string>()
  const visit = (file: string) => {
    if (seen.has(file)) return
    const text = readFileSync(join(root, 'dist', file), 'utf8')
    seen.set(file, text)
    for (const [, next] of text.matchAll(/(?:from|import\()\s*["'](\.{1,2}\/.+?\.js)["']/g)) visit(join(dirname(file), next as string))
  }
  visit(entry)
  return [...seen].map(([file, text]) => ({ file, text }))
}

function runNode(source: string): unknown {
  const file = join(consumer, `probe-${Math.random().toString(36).slice(2)}.mjs`)
  writeFileSync(file, source)
  return JSON.parse(execFileSync(process.execPath, [file], { cwd: consumer, encoding: 'utf8' }))
}

/** Compiles a TypeScript file for node the way an app's build would, then runs it in the consumer folder. */
function runTypeScript(path: string): unknown {
  const ts = require(join(root, 'node_modules/typescript')) as typeof import('typescript')
  const out = ts.transpileModule(readFileSync(path, 'utf8'), { compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 } })
  const file = join(consumer, `probe-${Math.random().toString(36).slice(2)}.mjs`)
  writeFileSync(file, out.outputText)
  return JSON.parse(execFileSync(process.execPath, [file], { cwd: consumer, encoding: 'utf8' }))
}

describe('the built package, as a consumer sees it', () => {
  it("runs the store guide's adapter for a format the kit does not ship, from chatparts/store alone", () => {
    const example = join(root, 'test/readme/customAdapter.ts')
    expect(readFileSync(join(root, 'docs/store.md'), 'utf8')).toContain(readFileSync(example, 'utf8').trim())
    expect(runTypeScript(example)).toEqual({ messages: 2, issues: 0 })
  })

  it('resolves every entry in plain node and exports the pinned API', () => {
    const keys = runNode(`
      const entries = {}
      for (const name of ['chatparts', 'chatparts/core', 'chatparts/protocols', ${protocolEntries.map((name) => `'chatparts/${name}'`).join(', ')}, 'chatparts/store', 'chatparts/react', 'chatparts/export', 'chatparts/html', 'chatparts/labels', 'chatparts/validate', 'chatparts/math', 'chatparts/mermaid']) {
        entries[name] = Object.keys(await import(name)).sort()
      }
      console.log(JSON.stringify(entries))
    `) as Record<string, string[]>
    expect(keys['chatparts/core']).toEqual(publicApi.core)
    expect(keys['chatparts/protocols']).toEqual(publicApi.protocols)
    for (const name of protocolEntries) expect(keys[`chatparts/${name}`], name).toEqual(publicApi[name])
    expect(keys['chatparts/store']).toEqual(publicApi.store)
    expect(keys['chatparts/react']).toEqual(publicApi.react)
    expect(keys['chatparts/export']).toEqual(publicApi.export)
    expect(keys['chatparts/html']).toEqual(publicApi.html)
    expect(keys['chatparts/labels']).toEqual(publicApi.labels)
    expect(keys['chatparts/validate']).toEqual(publicApi.validate)
    expect(keys['chatparts/math']).toEqual(publicApi.math)
    expect(keys['chatparts/mermaid']).toEqual(publicApi.mermaid)
    expect(keys.chatparts).toEqual(publicApi.mainOnly)
  })

  it('keeps every dependency external: no React or zustand copy inside dist', () => {
    for (const file of ['index.js', 'core.js', 'protocols.js', 'store.js', 'react.js']) {
      const text = readFileSync(join(root, 'dist', file), 'utf8')
      expect(text, file).not.toMatch(/react\.production|__SECRET_INTERNALS|ReactCurrentDispatcher/)
      expect(text, file).not.toMatch(/function createStoreImpl|const createStoreImpl/)
    }
    const chunks = readdirSync(join(root, 'dist'), { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.js'))
    expect(chunks.some((file) => /from ["']zustand\/vanilla["']/.test(readFileSync(join(root, 'dist', file), 'utf8')))).toBe(true)
  })

  it('writes a session as a page in plain node: chatparts/html with the styles inlined and code coloured', () => {
    const session = join(root, 'test/fixtures/opencode-t8v6Igr8/messages.json')
    const probe = [
      "import { readFileSync } from 'node:fs'",
      "import { toHTML } from 'chatparts/html'",
      "import { fromOpencodeExport } from 'chatparts/opencode'",
      `const { messages } = fromOpencodeExport(JSON.parse(readFileSync(${JSON.stringify(session)}, 'utf8')))`,
      "const fence = String.fromCharCode(96).repeat(3)",
      "messages[2].parts.push({ id: 'prt_code', sessionID: 's', messageID: messages[2].info.id, type: 'text', text: fence + 'python\\nprint(1)\\n' + fence })",
      "const html = await toHTML(messages, { title: 'Session' })",
      "console.log(JSON.stringify({ articles: html.split('<article ').length - 1, tokens: html.split('cp-code__token').length - 1, script: html.includes('<script'), imports: html.includes('@import'), styled: html.includes('.cp-message__header {') }))",
    ].join('\n')
    const result = runNode(probe) as { articles: number; tokens: number; script: boolean; imports: boolean; styled: boolean }
    expect(result).toMatchObject({ articles: 3, script: false, imports: false, styled: true })
    expect(result.tokens).toBeGreaterThan(0)
  })

  it('keeps React out of the core and protocol entries entirely', () => {
    for (const entry of ['core.js', 'validate.js', 'labels.js', 'protocols.js', 'export.js', ...protocolEntries.map((name) => `${name}.js`)]) {
      const files = reached(entry)
      expect(files.length).toBeGreaterThan(0)
      for (const { file, text } of files) expect(text, file).not.toMatch(/from ["']react/)
    }
  })

  it('leaves KaTeX and mermaid out of every entry but chatparts/math and chatparts/mermaid, which load them on first use', () => {
    const code = (entry: string) => reached(entry).map(({ text }) => text).join('\n')
    for (const entry of ['index.js', 'core.js', 'protocols.js', 'store.js', 'react.js']) {
      // An app that does not install them must build: no entry of its imports them, even lazily.
      expect(code(entry), entry).not.toMatch(/(?:from|import\(?)\s*["'](katex|mermaid|dompurify)["']/)
    }
    // Their own entries import them only when a formula or diagram is shown.
    expect(code('math.js')).toMatch(/import\(["']katex["']\)/)
    expect(code('math.js')).not.toMatch(/from\s*["']katex["']/)
    expect(code('mermaid.js')).toMatch(/import\(["']mermaid["']\)/)
    expect(code('mermaid.js')).not.toMatch(/from\s*["'](mermaid|dompurify)["']/)
    const all = readdirSync(join(root, 'dist'), { recursive: true, encoding: 'utf8' })
      .filter((file) => file.endsWith('.js'))
      .map((file) => readFileSync(join(root, 'dist', file), 'utf8'))
      .join('\n')
    expect(all).not.toContain('KaTeX parse error')
  })

  it('imports no package it does not declare: what the Next.js app resolves from the repository, an install gives', () => {
    const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { dependencies?: Record<string, string>; peerDependencies?: Record<string, string> }
    const declared = new Set([...Object.keys(pkg.dependencies ?? {}), ...Object.keys(pkg.peerDependencies ?? {})])
    const files = readdirSync(join(root, 'dist'), { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.js'))
    const imported = new Set<string>()
    for (const file of files) {
      const text = readFileSync(join(root, 'dist', file), 'utf8')
      for (const [, specifier] of text.matchAll(/(?:\bfrom|\bimport\(?)\s*["']((?:@[a-z0-9-~][\w.~-]*\/)?[a-z0-9-~][\w.~-]*(?:\/[^"']*)?)["']/g)) {
        const parts = (specifier as string).split('/')
        imported.add(parts[0]?.startsWith('@') ? parts.slice(0, 2).join('/') : (parts[0] ?? ''))
      }
    }
    expect(imported.has('react')).toBe(true)
    expect([...imported].filter((name) => !declared.has(name))).toEqual([])
  })

  it('resolves chatparts/styles.css to the one stylesheet with the theme variables', () => {
    const path = runNode(`console.log(JSON.stringify(import.meta.resolve('chatparts/styles.css')))`) as string
    const css = readFileSync(new URL(path), 'utf8')
    expect(css).toContain('--cp-bg')
    expect(css).toMatch(/\[data-theme=['"]dark['"]\]/)
    expect(css).toContain('@layer chatparts')
    expect(css).toContain('.cp-step-finish')
  })

  it('resolves chatparts/styles.unlayered.css to the same rules outside any layer', () => {
    const layered = readFileSync(new URL(runNode(`console.log(JSON.stringify(import.meta.resolve('chatparts/styles.css')))`) as string), 'utf8')
    const unlayered = readFileSync(new URL(runNode(`console.log(JSON.stringify(import.meta.resolve('chatparts/styles.unlayered.css')))`) as string), 'utf8')
    expect(unlayered).not.toMatch(/@layer|@import/)
    const selectors = (css: string) => new Set(css.replace(/\/\*[\s\S]*?\*\//g, '').match(/\.cp-[\w-]+/g))
    expect(selectors(unlayered)).toEqual(selectors(layered))
    expect(selectors(unlayered).size).toBeGreaterThan(100)
  })

  it('type-checks a consumer against the emitted declarations', () => {
    writeFileSync(
      join(consumer, 'app.tsx'),
      `import { StepFinishPart, type Model } from 'chatparts'
import { type StepFinishPart as StepData, transcriptTotals, type WithParts } from 'chatparts/core'
import { validateTranscript } from 'chatparts/validate'
import { fromOpencodeExport } from 'chatparts/opencode'
import type { Diagnostic } from 'chatparts/core'
import { createChatStore, type ChatStore } from 'chatparts/store'
const messages: WithParts[] = []
const store: ChatStore = createChatStore({ initial: messages })
const step: StepData | Model.StepFinishPart | undefined = undefined
export const issues = validateTranscript(messages)
export const diagnostics: Diagnostic[] = fromOpencodeExport(messages).diagnostics
export const cost: number = transcriptTotals(messages).cost
export const view = step ? <StepFinishPart part={step} /> : null
export { store }
`,
    )
    writeFileSync(
      join(consumer, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          strict: true,
          module: 'nodenext',
          moduleResolution: 'nodenext',
          jsx: 'react-jsx',
          noEmit: true,
          skipLibCheck: false,
          types: [],
        },
        files: ['app.tsx', 'adapter.ts'],
      }),
    )
    // The store guide's adapter example type-checks against the declarations too.
    writeFileSync(join(consumer, 'adapter.ts'), readFileSync(join(root, 'test/readme/customAdapter.ts'), 'utf8'))
    const tsc = join(root, 'node_modules/typescript/bin/tsc')
    let output = ''
    try {
      execFileSync(process.execPath, [tsc, '-p', consumer], { cwd: consumer, encoding: 'utf8' })
    } catch (error) {
      output = String((error as { stdout?: string }).stdout ?? error)
    }
    expect(output).toBe('')
  })
})
