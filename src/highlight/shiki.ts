import { ownEntry } from '../core/record.js'
import type { HighlighterCore, LanguageInput, LanguageRegistration } from 'shiki/core'
import { systemScheme } from './systemScheme.js'
import type { PatternCache } from './patternCache.js'
import { mergeTokens } from './tokenLook.js'
import type { CodeToken, ColorScheme, Highlighter, ThemeColors, TokenizedLines } from './types.js'

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

const THEMES: Record<ColorScheme, string> = { light: 'github-light-default', dark: 'github-dark-default' }
const THEME_MODULES = {
  light: () => import('shiki/themes/github-light-default.mjs'),
  dark: () => import('shiki/themes/github-dark-default.mjs'),
} as const

/**
 * The longest line highlighted by default, in characters. A line is tokenized in one call, and a
 * line of dense code (minified JavaScript, data) this long already takes most of a frame: a long
 * line of a bundle would hold the page for a second. A longer line is shown plain.
 */
export const MAX_LINE_LENGTH = 2_000

/** One language of shiki's full bundle: its id, and what loads its grammar. */
interface BundledLanguage {
  id: string
  load: () => LanguageInput
}

/**
 * Every language shiki ships, by id and alias: its index is loaded (a few KB) the first
 * time a block asks for a language outside the common ones above, and each grammar only when used.
 */
let bundledIndex: Promise<Map<string, BundledLanguage>> | undefined
function loadBundledIndex(): Promise<Map<string, BundledLanguage>> {
  bundledIndex ??= import('shiki/langs').then(({ bundledLanguagesInfo }) => {
    const index = new Map<string, BundledLanguage>()
    for (const info of bundledLanguagesInfo) {
      const language = { id: info.id, load: info.import as () => LanguageInput }
      index.set(info.id, language)
      for (const alias of info.aliases ?? []) if (!index.has(alias)) index.set(alias, language)
    }
    return index
  })
  return bundledIndex
}

/** What a fence may name: letters, digits and `+#._-`, as language ids and aliases are written. */
const LANGUAGE_NAME = /^[a-z0-9][a-z0-9+#._-]{0,39}$/

/** A TextMate grammar as shiki registers it (its `LanguageRegistration`): a name, a scope, and the grammar's rules. */
export interface GrammarRegistration {
  name: string
  scopeName: string
  [key: string]: unknown
}

/** A grammar, several (one embedding the others, last), or a module whose default export is one of those. */
export type GrammarInput =
  GrammarRegistration | GrammarRegistration[] | { default: GrammarRegistration | GrammarRegistration[] }

/** Options of {@link createShikiHighlighter}. */
export interface ShikiHighlighterOptions {
  /**
   * Grammars of your own, by the name a fence uses (`{ mylang: () => import('./mylang.tmLanguage.json') }`):
   * a grammar, or a function that loads one. They win over shiki's own of the same name.
   */
  langs?: Record<string, GrammarInput | (() => GrammarInput | Promise<GrammarInput>)> | undefined
  /** More names for a language: `{ tsx: 'typescript', 'my-sql': 'sql' }`, to one of shiki's or of `langs`. */
  aliases?: Record<string, string> | undefined
  /** The longest line highlighted, in characters (default {@link MAX_LINE_LENGTH}); a longer one is shown plain. */
  maxLineLength?: number | undefined
  /**
   * The colour schemes whose themes are fetched, with the first block. By default a theme is
   * fetched once a code block shows in its scheme (the kit follows the page, and the reader's
   * system setting, as they change). A page that switches its scheme on an element of its own,
   * below `<body>`, passes `['light', 'dark']`; a page that is always light passes `['light']`.
   */
  schemes?: readonly ColorScheme[] | undefined
}

/**
 * The default highlighter: shiki's fine-grained core with the JavaScript regex engine (no WASM),
 * the GitHub light and dark themes (each fetched once a block shows in its scheme), and grammars
 * loaded on first use: every language shiki ships, and any grammar or alias you register.
 */
export function createShikiHighlighter(options: ShikiHighlighterOptions = {}): Highlighter {
  let core: Promise<HighlighterCore> | undefined
  let ready: HighlighterCore | undefined
  const maxLineLength = Math.max(1, options.maxLineLength ?? MAX_LINE_LENGTH)
  // Fixed schemes, or null: each theme fetched once a block shows in its scheme.
  const fixed = options.schemes
    ? (['light', 'dark'] as const).filter((scheme) => options.schemes?.includes(scheme))
    : null
  if (fixed?.length === 0) fixed.push('light')
  // The schemes asked for, and the themes loaded (those tokens are coloured for).
  const wanted = new Set<ColorScheme>(fixed ?? [])
  const themes: Partial<Record<ColorScheme, string>> = {}
  // The themes' foreground: tokens in it are left without colours (the block shows them in it).
  let plain: ThemeColors | null = null
  let version = 0
  const listeners = new Set<() => void>()
  let themesLoading: Promise<void> | undefined
  const loaded = new Set<string>()
  const loading = new Map<string, Promise<boolean>>()
  const own = new Map(Object.entries(options.langs ?? {}).map(([name, input]) => [name.toLowerCase(), input]))
  const ownAliases = new Map(
    Object.entries(options.aliases ?? {}).map(([name, target]) => [name.toLowerCase(), target.toLowerCase()]),
  )
  // What a name turned out to be once shiki's index was read (`gql` → `graphql`), or null for none.
  const found = new Map<string, string | null>()
  let index: Map<string, BundledLanguage> | undefined
  // The name shiki knows a grammar of your own by (its registration's `name`), by the name you gave it.
  const grammarName = new Map<string, string>()

  let patterns: PatternCache | undefined

  const start = () => {
    core ??= (async () => {
      const [{ createHighlighterCore }, { createJavaScriptRegexEngine }, { createPatternCache }] = await Promise.all([
        import('shiki/core'),
        import('shiki/engine/javascript'),
        import('./patternCache.js'),
      ])
      patterns = createPatternCache()
      // Its worker starts while the themes and the first grammar load.
      patterns.warm()
      // Blocks ask for their scheme before they ask for a grammar; code highlighted with none asked
      // (an app's own call) is coloured for the reader's system scheme.
      if (wanted.size === 0) wanted.add(systemScheme())
      const engine = createJavaScriptRegexEngine({ regexConstructor: patterns.construct })
      const highlighter = await createHighlighterCore({ themes: [], langs: [], engine })
      // Each theme on its own: one that fails to load leaves code coloured for the others.
      await addThemes(highlighter, [...wanted])
      if (Object.keys(themes).length === 0) throw new Error('no code theme could be loaded')
      ready = highlighter
      // A scheme asked for while the core loaded is added now.
      await loadThemes().catch(() => undefined)
      return highlighter
    })()
    return core
  }

  /** Loads the themes of `schemes`; those that load colour tokens from now on. Whether any did. */
  const addThemes = async (highlighter: HighlighterCore, schemes: readonly ColorScheme[]): Promise<boolean> => {
    const results = await Promise.allSettled(
      schemes.map(async (scheme) => {
        await highlighter.loadTheme(await THEME_MODULES[scheme]())
        themes[scheme] = THEMES[scheme]
        plain = { ...plain, [scheme]: highlighter.getTheme(THEMES[scheme]).fg.toLowerCase() }
      }),
    )
    return results.some((result) => result.status === 'fulfilled')
  }

  /** Loads the themes asked for and not loaded yet; tokens made before are then out of date. */
  const loadThemes = (): Promise<void> => {
    const highlighter = ready
    if (!highlighter || [...wanted].every((scheme) => themes[scheme] !== undefined))
      return themesLoading ?? Promise.resolve()
    // One load after another, so each sees what the one before added.
    themesLoading = (themesLoading ?? Promise.resolve()).then(async () => {
      const missing = [...wanted].filter((scheme) => themes[scheme] === undefined)
      if (missing.length === 0 || !(await addThemes(highlighter, missing))) return
      version++
      for (const listener of [...listeners]) listener()
    })
    return themesLoading
  }

  const resolve = (lang: string): string | null => {
    const written = lang.trim().toLowerCase()
    // A fence's language is model output: only own entries count (`constructor` is no language).
    const name = ownAliases.get(written) ?? written
    if (own.has(name)) return name
    const canonical = ownEntry(ALIASES, name) ?? name
    if (Object.hasOwn(GRAMMARS, canonical)) return canonical
    if (found.has(canonical)) return found.get(canonical) ?? null
    const bundled = index?.get(canonical)
    if (index) return bundled?.id ?? null
    // Not read yet: a name that could be a language is one until the index says otherwise.
    return LANGUAGE_NAME.test(canonical) ? canonical : null
  }

  /** The grammar of a resolved name, loaded: yours, the common table's, or shiki's full bundle. */
  const grammarOf = async (name: string): Promise<LanguageRegistration[] | null> => {
    const mine = own.get(name)
    if (mine !== undefined) {
      const registrations = await registrationsOf(mine)
      // The grammar's own name, which shiki tokenizes by.
      const id = registrations.at(-1)?.name
      if (typeof id !== 'string') return null
      grammarName.set(name, id)
      return registrations
    }
    const common = ownEntry(GRAMMARS, name)
    if (common) return registrationsOf(common)
    index ??= await loadBundledIndex()
    const bundled = index.get(name)
    found.set(name, bundled?.id ?? null)
    return bundled ? registrationsOf(bundled.load) : null
  }

  return {
    resolve,
    plainColor: () => plain,
    showScheme(scheme) {
      if (fixed || (scheme !== 'light' && scheme !== 'dark')) return Promise.resolve()
      wanted.add(scheme)
      if (!core) return Promise.resolve()
      return core.then(loadThemes).catch(() => undefined)
    },
    version: () => version,
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    ready(lang) {
      const name = resolve(lang)
      return name !== null && ready !== undefined && loaded.has(name)
    },
    tokenize(code, lang, state): TokenizedLines | null {
      const name = resolve(lang)
      if (!name || !ready || !loaded.has(name)) return null
      const result = ready.codeToTokens(code, {
        lang: grammarName.get(name) ?? name,
        themes,
        defaultColor: false,
        // shiki gives up on a line after half a second and leaves the rest plain, for good: a busy
        // machine compiling a grammar's rules on first use can take that long. A line is kept once
        // highlighted, so the limit is raised rather than a line left plain forever.
        tokenizeTimeLimit: 5000,
        // A longer line stays plain (shiki's limit counts from that many characters: hence + 1).
        tokenizeMaxLineLength: maxLineLength + 1,
        ...(state ? { grammarState: state as never } : {}),
      })
      const lines = result.tokens.map((line) =>
        mergeTokens(
          line.map((token): CodeToken => {
            const out: CodeToken = { content: token.content }
            const style = token.htmlStyle
            const light = style?.['--shiki-light']
            const dark = style?.['--shiki-dark']
            // Text in the themes' own foreground (a third of a line's tokens: punctuation,
            // names) needs no colour of its own: on the page it is text, not an element.
            if (light?.toLowerCase() !== plain?.light || dark?.toLowerCase() !== plain?.dark) {
              if (light) out.light = light
              if (dark) out.dark = dark
            }
            if (token.fontStyle) out.fontStyle = token.fontStyle
            return out
          }),
        ),
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
            const registrations = await grammarOf(name)
            if (registrations === null) return false
            // Its patterns converted off the main thread before its first line is tokenized.
            await patterns?.prepare(registrations)
            await highlighter.loadLanguage(registrations)
            loaded.add(name)
            // An alias of shiki's (`gql`) is served under the language's id (`graphql`) too.
            const id = found.get(name)
            if (id) loaded.add(id)
            return true
          })
          .catch(() => false)
        loading.set(name, pending)
      }
      return pending
    },
  }
}

/** The registrations a grammar input stands for (a module, a function that loads one, one or several). */
async function registrationsOf(input: unknown): Promise<LanguageRegistration[]> {
  const value: unknown = await (typeof input === 'function' ? (input as () => unknown)() : input)
  const module = typeof value === 'object' && value !== null && 'default' in value ? value.default : value
  return (Array.isArray(module) ? module : [module]) as LanguageRegistration[]
}

let shared: Highlighter | undefined

/** The highlighter the components use unless given another: one per page, created on first use. */
export function defaultHighlighter(): Highlighter {
  shared ??= createShikiHighlighter()
  return shared
}
