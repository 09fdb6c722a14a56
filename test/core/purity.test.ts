import { readFileSync, readdirSync, statSync } from 'node:fs'
import { join, relative } from 'node:path'
import { describe, expect, it, vi } from 'vitest'

const root = join(import.meta.dirname, '../..')

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    return statSync(path).isDirectory() ? sourceFiles(path) : /\.tsx?$/.test(name) ? [path] : []
  })
}

const frameworkFree = ['src/core', 'src/protocols'].filter((dir) => {
  try {
    return statSync(join(root, dir)).isDirectory()
  } catch {
    return false
  }
})

describe('the core is framework-free', () => {
  it('has no file that imports React, react-dom or a JSX runtime, or touches the DOM', () => {
    const offenders: string[] = []
    for (const dir of frameworkFree) {
      for (const file of sourceFiles(join(root, dir))) {
        const text = readFileSync(file, 'utf8')
        const name = relative(root, file)
        if (file.endsWith('.tsx')) offenders.push(`${name}: is a .tsx file`)
        if (/from\s+['"](react|react-dom)(\/[^'"]*)?['"]|import\(\s*['"]react/.test(text))
          offenders.push(`${name}: imports react`)
        if (/\b(document|window|navigator|HTMLElement|localStorage)\s*[.[]/.test(text))
          offenders.push(`${name}: touches the DOM`)
      }
    }
    expect(frameworkFree).toContain('src/core')
    expect(offenders).toEqual([])
  })

  it('loads and works with react and react-dom made unloadable', async () => {
    vi.resetModules()
    vi.doMock('react', () => {
      throw new Error('the core imported react')
    })
    vi.doMock('react-dom', () => {
      throw new Error('the core imported react-dom')
    })
    const core = await import('../../src/core/index')
    expect(core.build.tokens({ input: 2 }).input).toBe(2)
    expect((await import('../../src/core/validator')).validatePart({})).not.toEqual([])
    // The labels and their formatters too: a server writing a report needs no React.
    const labels = await import('../../src/labels/index')
    expect(labels.formatDuration(125_000, labels.zhCN)).toBe('2 分钟 5 秒')
    vi.doUnmock('react')
    vi.doUnmock('react-dom')
  })
})
