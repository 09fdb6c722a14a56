import { createHighlighterCore } from 'shiki/core'
import { createJavaScriptRegexEngine, defaultJavaScriptRegexConstructor } from 'shiki/engine/javascript'
import { describe, expect, it } from 'vitest'
import { createPatternCache } from '../../src/highlight/patternCache'

// A few lines of the kit's own TypeScript: classes, generics, JSX, a template string, a regex.
const CODE = `import { useState, type ReactNode } from 'react'
/** A counter. */
export function Counter<T extends number>({ start, label }: { start: T; label?: ReactNode }) {
  const [count, setCount] = useState<number>(start)
  const pattern = /^[a-z]+\\d{2,}$/giu
  return <button onClick={() => setCount(count + 1)}>{\`\${label ?? 'Count'}: \${count}\`}</button>
}
`

describe('patterns converted in a worker (Chromium)', () => {
  it('tokenizes TypeScript as shiki alone does, with the conversion done off the main thread', async () => {
    const typescript = (await import('shiki/langs/typescript.mjs')).default
    const theme = (await import('shiki/themes/github-light-default.mjs')).default
    let here = 0
    const cache = createPatternCache((pattern) => {
      here++
      return defaultJavaScriptRegexConstructor(pattern, { target: 'auto' })
    })
    await cache.prepare(typescript)
    const prepared = await createHighlighterCore({
      themes: [theme],
      langs: [typescript],
      engine: createJavaScriptRegexEngine({ regexConstructor: cache.construct }),
    })
    const alone = await createHighlighterCore({
      themes: [theme],
      langs: [typescript],
      engine: createJavaScriptRegexEngine(),
    })
    const options = { lang: 'typescript', theme: 'github-light-default' } as const
    const tokens = prepared.codeToTokensBase(CODE, options)
    expect(tokens).toEqual(alone.codeToTokensBase(CODE, options))
    expect(tokens.flat().length).toBeGreaterThan(50)
    // Every pattern those lines needed came back from the worker.
    expect(here).toBe(0)
  })
})
