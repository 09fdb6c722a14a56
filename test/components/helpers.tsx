import { onTestFinished, vi } from 'vitest'
import type { ReactNode } from 'react'
import { ChatpartsProvider, type ChatpartsProviderProps } from '../../src/components/shared/config'
import type { CodeToken, Highlighter } from '../../src/highlight/types'
import { defaultDiagramRenderer } from '../../src/diagrams/index'
import { defaultMathRenderer } from '../../src/math/index'

/**
 * A highlighter for tests: "loads" a language when told to, marks every word as a token, and
 * records what it was asked to tokenize, so tests can see incremental work.
 */
export function fakeHighlighter(langs = ['typescript', 'python']) {
  const loaded = new Set<string>()
  const calls: string[] = []
  let release: (() => void) | undefined
  const gate = new Promise<void>((resolve) => {
    release = resolve
  })
  const highlighter: Highlighter = {
    resolve: (lang) => {
      const name = { ts: 'typescript', py: 'python' }[lang] ?? lang
      return langs.includes(name) ? name : null
    },
    ready: (lang) => loaded.has(lang),
    tokenize(code, lang, state) {
      if (!loaded.has(lang)) return null
      calls.push(code)
      const lines = code
        .replace(/\n$/, '')
        .split('\n')
        .map((line) =>
          line
            .split(/(\s+)/)
            .filter(Boolean)
            .map((content): CodeToken => ({ content, light: '#123456', dark: '#abcdef' })),
        )
      return { lines, state: (typeof state === 'number' ? state : 0) + lines.length }
    },
    async load(lang) {
      await gate
      loaded.add(lang)
      return true
    },
  }
  return { highlighter, calls, release: () => release?.() }
}

/** A {@link fakeHighlighter} with `langs` (TypeScript unless given) loaded already. */
export async function loadedHighlighter(...langs: string[]) {
  const fake = fakeHighlighter()
  fake.release()
  await Promise.all((langs.length > 0 ? langs : ['typescript']).map((lang) => fake.highlighter.load(lang)))
  return fake
}

/** Wraps children in a render config (fake highlighter, KaTeX and mermaid unless given). */
export function withConfig(config: Omit<ChatpartsProviderProps, 'children'> = {}) {
  const { highlighter } = fakeHighlighter()
  return ({ children }: { children: ReactNode }) => (
    <ChatpartsProvider
      highlighter={highlighter}
      math={defaultMathRenderer()}
      diagrams={defaultDiagramRenderer()}
      {...config}
    >
      {children}
    </ChatpartsProvider>
  )
}

/**
 * For the rest of the test, React runs as in a browser rather than in a test's `act` environment:
 * an update outside `act` is left to React's scheduler, as a page's is, not flushed for the test.
 * What a frame's callback commits before the frame is painted is then in the DOM when it returns.
 */
export function asInABrowser() {
  const env = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean | undefined }
  const before = env.IS_REACT_ACT_ENVIRONMENT
  env.IS_REACT_ACT_ENVIRONMENT = false
  onTestFinished(() => {
    env.IS_REACT_ACT_ENVIRONMENT = before
  })
}

/**
 * For the rest of the test, frames come only when the test says (`vi.advanceTimersToNextFrame`):
 * what a test does between two is done within one frame. `stillClock`: the clock stands still too.
 */
export function framesOnRequest(stillClock = false) {
  vi.useFakeTimers({
    toFake: stillClock
      ? ['performance', 'requestAnimationFrame', 'cancelAnimationFrame']
      : ['requestAnimationFrame', 'cancelAnimationFrame'],
  })
  onTestFinished(() => {
    vi.useRealTimers()
  })
}
