import { ownEntry } from '../core/record.js'
import type { HighlighterCore, LanguageInput } from 'shiki/core'
import type { CodeToken, Highlighter, TokenizedLines } from './types.js'

// Each grammar is its own chunk, fetched the first time a code block needs it.
const GRAMMARS: Record<string, () => LanguageInput> = {
  bash: () => import('shiki/langs/bash.mjs'),
  c: () => import('shiki/langs/c.mjs'),
  cpp: () => import('shiki/langs/cpp.mjs'),
  csharp: () => import('shiki/langs/csharp.mjs'),
  css: () => import('shiki/langs/css.mjs'),
  diff: () => import('shiki/langs/diff.mjs'),
  dockerfile: () => import('shiki/langs/dockerfile.mjs'),
  go: () => import('shiki/langs/go.mjs'),
  html: () => import('shiki/langs/html.mjs'),
  java: () => import('shiki/langs/java.mjs'),
  javascript: () => import('shiki/langs/javascript.mjs'),
  json: () => import('shiki/langs/json.mjs'),
  jsonc: () => import('shiki/langs/jsonc.mjs'),
  jsx: () => import('shiki/langs/jsx.mjs'),
  kotlin: () => import('shiki/langs/kotlin.mjs'),
  markdown: () => import('shiki/langs/markdown.mjs'),
  php: () => import('shiki/langs/php.mjs'),
  python: () => import('shiki/langs/python.mjs'),
  ruby: () => import('shiki/langs/ruby.mjs'),
  rust: () => import('shiki/langs/rust.mjs'),
  sql: () => import('shiki/langs/sql.mjs'),
  swift: () => import('shiki/langs/swift.mjs'),
  toml: () => import('shiki/langs/toml.mjs'),
  tsx: () => import('shiki/langs/tsx.mjs'),
  typescript: () => import('shiki/langs/typescript.mjs'),
  xml: () => import('shiki/langs/xml.mjs'),
  yaml: () => import('shiki/langs/yaml.mjs'),
}

const ALIASES: Record<string, string> = {
  sh: 'bash',
  shell: 'bash',
  shellscript: 'bash',
  zsh: 'bash',
  console: 'bash',
  'c++': 'cpp',
  cs: 'csharp',
  'c#': 'csharp',
  js: 'javascript',
  mjs: 'javascript',
  cjs: 'javascript',
  ts: 'typescript',
  mts: 'typescript',
  cts: 'typescript',
  py: 'python',
  rb: 'ruby',
  rs: 'rust',
  md: 'markdown',
  yml: 'yaml',
  kt: 'kotlin',
  patch: 'diff',
  golang: 'go',
  docker: 'dockerfile',
  svg: 'xml',
}

const THEMES = { light: 'github-light-default', dark: 'github-dark-default' } as const

/**
 * The default highlighter: shiki's fine-grained core with the JavaScript regex engine (no WASM),
 * the GitHub light and dark themes, and grammars loaded on first use.
 */
export function createShikiHighlighter(): Highlighter {
  let core: Promise<HighlighterCore> | undefined
  let ready: HighlighterCore | undefined
  const loaded = new Set<string>()
  const loading = new Map<string, Promise<boolean>>()

  const start = () => {
    core ??= (async () => {
      const [{ createHighlighterCore }, { createJavaScriptRegexEngine }] = await Promise.all([import('shiki/core'), import('shiki/engine/javascript')])
      ready = await createHighlighterCore({
        themes: [import('shiki/themes/github-light-default.mjs'), import('shiki/themes/github-dark-default.mjs')],
        langs: [],
        engine: createJavaScriptRegexEngine(),
      })
      return ready
    })()
    return core
  }

  const resolve = (lang: string): string | null => {
    const name = lang.trim().toLowerCase()
    // A fence's language is model output: only own entries count (`constructor` is no language).
    const canonical = ownEntry(ALIASES, name) ?? name
    return Object.hasOwn(GRAMMARS, canonical) ? canonical : null
  }

  return {
    resolve,
    ready(lang) {
      const name = resolve(lang)
      return name !== null && ready !== undefined && loaded.has(name)
    },
    tokenize(code, lang, state): TokenizedLines | null {
      const name = resolve(lang)
      if (!name || !ready || !loaded.has(name)) return null
      const result = ready.codeToTokens(code, {
        lang: name,
        themes: THEMES,
        defaultColor: false,
        ...(state ? { grammarState: state as never } : {}),
      })
      const lines = result.tokens.map((line) =>
        line.map((token): CodeToken => {
          const out: CodeToken = { content: token.content }
          const style = token.htmlStyle as Record<string, string> | undefined
          if (style?.['--shiki-light']) out.light = style['--shiki-light']
          if (style?.['--shiki-dark']) out.dark = style['--shiki-dark']
          if (token.fontStyle) out.fontStyle = token.fontStyle
          return out
        }),
      )
      return { lines, state: result.grammarState }
    },
    load(lang) {
      const name = resolve(lang)
      if (!name) return Promise.resolve(false)
      if (loaded.has(name)) return Promise.resolve(true)
      let pending = loading.get(name)
      if (!pending) {
        pending = start()
          .then(async (highlighter) => {
            await highlighter.loadLanguage(ownEntry(GRAMMARS, name)?.() as LanguageInput)
            loaded.add(name)
            return true
          })
          .catch(() => false)
        loading.set(name, pending)
      }
      return pending
    },
  }
}

let shared: Highlighter | undefined

/** The highlighter the components use unless given another: one per page, created on first use. */
export function defaultHighlighter(): Highlighter {
  shared ??= createShikiHighlighter()
  return shared
}
