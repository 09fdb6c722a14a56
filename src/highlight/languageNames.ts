import { ownEntry } from '../core/record.js'

/** How the common languages are written, by fence name or alias. */
const NAMES: Record<string, string> = {
  bash: 'Bash',
  sh: 'Shell',
  shell: 'Shell',
  shellscript: 'Shell',
  zsh: 'Zsh',
  console: 'Console',
  powershell: 'PowerShell',
  c: 'C',
  cpp: 'C++',
  'c++': 'C++',
  csharp: 'C#',
  cs: 'C#',
  'c#': 'C#',
  css: 'CSS',
  scss: 'SCSS',
  diff: 'Diff',
  patch: 'Diff',
  dockerfile: 'Dockerfile',
  docker: 'Dockerfile',
  go: 'Go',
  golang: 'Go',
  graphql: 'GraphQL',
  html: 'HTML',
  java: 'Java',
  javascript: 'JavaScript',
  js: 'JavaScript',
  mjs: 'JavaScript',
  cjs: 'JavaScript',
  json: 'JSON',
  jsonc: 'JSON with comments',
  jsx: 'JSX',
  kotlin: 'Kotlin',
  kt: 'Kotlin',
  latex: 'LaTeX',
  tex: 'TeX',
  lua: 'Lua',
  makefile: 'Makefile',
  markdown: 'Markdown',
  md: 'Markdown',
  mermaid: 'Mermaid',
  php: 'PHP',
  python: 'Python',
  py: 'Python',
  r: 'R',
  ruby: 'Ruby',
  rb: 'Ruby',
  rust: 'Rust',
  rs: 'Rust',
  scala: 'Scala',
  sql: 'SQL',
  swift: 'Swift',
  toml: 'TOML',
  tsx: 'TSX',
  typescript: 'TypeScript',
  ts: 'TypeScript',
  mts: 'TypeScript',
  cts: 'TypeScript',
  vue: 'Vue',
  svelte: 'Svelte',
  xml: 'XML',
  svg: 'SVG',
  yaml: 'YAML',
  yml: 'YAML',
  zig: 'Zig',
  elixir: 'Elixir',
  haskell: 'Haskell',
  ocaml: 'OCaml',
  dart: 'Dart',
  nix: 'Nix',
  proto: 'Protocol Buffers',
  ini: 'INI',
  text: '',
  txt: '',
  plaintext: '',
}

/**
 * How a code block's language is shown: `TypeScript` for `ts`; a language the table does not know
 * as the fence wrote it; `undefined` for none (or plain text), which a block labels "Plain text".
 */
export function languageName(lang: string): string | undefined {
  const key = lang.trim().toLowerCase()
  if (key === '') return undefined
  const known = ownEntry(NAMES, key)
  if (known !== undefined) return known || undefined
  // A fence's language is model output: a label, never markup, and never a whole paragraph.
  return lang.trim().slice(0, 40)
}
