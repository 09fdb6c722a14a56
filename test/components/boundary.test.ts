// The conversion boundary: components know the canonical model only. No module under
// src/components reaches a protocol, directly or through the modules it imports (type-only
// imports aside: they leave nothing at run time).
import { mkdirSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'

const root = join(import.meta.dirname, '../..')

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    return statSync(path).isDirectory() ? sourceFiles(path) : /\.tsx?$/.test(name) ? [path] : []
  })
}

/** The relative modules a file imports at run time (not `import type` / `export type`), or at all. */
export function runtimeImports(file: string, types = false): string[] {
  const text = readFileSync(file, 'utf8')
  const found: string[] = []
  for (const match of text.matchAll(/^\s*(import|export)\s+(type\s+)?([^'";]*?\s+from\s+)?['"](\.[^'"]+)['"]/gm)) {
    if (match[2] && !types) continue
    const target = resolve(dirname(file), (match[4] as string).replace(/\.js$/, ''))
    const candidates = [`${target}.ts`, `${target}.tsx`, join(target, 'index.ts')]
    const hit = candidates.find((candidate) => {
      try {
        return statSync(candidate, { throwIfNoEntry: false })?.isFile()
      } catch {
        // A stylesheet import: `chatparts.css/index.ts` is no path.
        return false
      }
    })
    if (hit) found.push(hit)
  }
  return found
}

/** Every module `file` reaches at run time, with the chain that reaches it. */
export function reach(file: string): Map<string, string[]> {
  const seen = new Map<string, string[]>([[file, [file]]])
  const queue = [file]
  while (queue.length > 0) {
    const current = queue.shift() as string
    for (const next of runtimeImports(current)) {
      if (seen.has(next)) continue
      seen.set(next, [...(seen.get(current) as string[]), next])
      queue.push(next)
    }
  }
  return seen
}

/** The import cycles among `files` (type-only imports included), each as its chain of modules. */
function cycles(files: readonly string[]): string[] {
  const found: string[] = []
  const state = new Map<string, 'open' | 'done'>()
  const visit = (file: string, path: string[]) => {
    if (state.get(file) === 'done') return
    if (state.get(file) === 'open') {
      found.push([...path.slice(path.indexOf(file)), file].map((step) => relative(root, step)).join(' → '))
      return
    }
    state.set(file, 'open')
    for (const next of runtimeImports(file, true)) visit(next, [...path, file])
    state.set(file, 'done')
  }
  for (const file of files) visit(file, [])
  return found
}

describe('the layers', () => {
  it('have no import cycle anywhere in src, type-only imports included', () => {
    expect(cycles(sourceFiles(join(root, 'src')))).toEqual([])
  })

  it('the cycle check finds a cycle when there is one', () => {
    const dir = join(root, '.cache/cycle-check')
    mkdirSync(dir, { recursive: true })
    writeFileSync(join(dir, 'a.ts'), "import type { B } from './b.js'\nexport type A = B\n")
    writeFileSync(join(dir, 'b.ts'), "import { a } from './a.js'\nexport type B = typeof a\n")
    try {
      expect(cycles([join(dir, 'a.ts')])).toEqual([
        '.cache/cycle-check/a.ts → .cache/cycle-check/b.ts → .cache/cycle-check/a.ts',
      ])
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })

  it('the Markdown engine needs no React, component, store or protocol at run time', () => {
    const offenders: string[] = []
    for (const file of sourceFiles(join(root, 'src/markdown'))) {
      const text = readFileSync(file, 'utf8')
      if (/^import\s+(?!type\b)[^;\n]*from\s+['"](react|react-dom|react-markdown)['"]/m.test(text))
        offenders.push(`${relative(root, file)} imports React`)
      for (const [module, chain] of reach(file)) {
        if (/^src\/(components|store|react|protocols)\//.test(relative(root, module)))
          offenders.push(chain.map((step) => relative(root, step)).join(' → '))
      }
    }
    expect(offenders).toEqual([])
  })
})

describe('the conversion boundary', () => {
  it('no component imports a protocol, directly or through what it imports', () => {
    const offenders: string[] = []
    for (const file of sourceFiles(join(root, 'src/components'))) {
      for (const [module, chain] of reach(file)) {
        if (relative(root, module).startsWith('src/protocols/'))
          offenders.push(chain.map((step) => relative(root, step)).join(' → '))
      }
    }
    expect(offenders).toEqual([])
  })

  it('the check sees an import when there is one', () => {
    const store = join(root, 'src/store/chatStore.ts')
    const reached = [...reach(store).keys()].map((module) => relative(root, module))
    expect(reached.some((module) => module.startsWith('src/core/'))).toBe(true)
  })
})

describe('the store is React-free', () => {
  it('chatparts/store reaches no module that imports React, and no protocol', () => {
    const offenders: string[] = []
    for (const [module, chain] of reach(join(root, 'src/store/index.ts'))) {
      const name = relative(root, module)
      const text = readFileSync(module, 'utf8')
      if (/from\s+['"](react|react-dom)(\/[^'"]*)?['"]/.test(text) || module.endsWith('.tsx'))
        offenders.push(`react: ${chain.map((step) => relative(root, step)).join(' → ')}`)
      if (name.startsWith('src/protocols/'))
        offenders.push(`protocol: ${chain.map((step) => relative(root, step)).join(' → ')}`)
    }
    expect(offenders).toEqual([])
  })
})
