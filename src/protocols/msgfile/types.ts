/** One percent cell of a Message File: `# %%` (message) or `# %%%` (output). */
export interface MsgCell {
  kind: 'message' | 'output'
  /** How many `#` (1–5). */
  level: number
  /** The optional title before the `[^id]` reference. */
  title: string
  /** The footnote id, e.g. `3`, `3.a1b2`, `3.a1b2.1`. */
  id?: string
  /** The bracketed type of the metadata, e.g. `markdown`, `tool`, `python`, an agent name. */
  type?: string
  /** The link target after the type, as in `[async](file_name)`. */
  target?: string
  /** The metadata attributes in the order written; values unquoted. */
  attrs: [string, string][]
  /** The cell's content without the heading and the metadata line(s). */
  body: string
  /** 1-based line of the heading. */
  line: number
}

/** A parsed Message File. */
export interface MsgFile {
  /** The frontmatter text between the `---` lines, and what it says. */
  frontmatter?: { raw: string; data: Record<string, unknown> }
  /** Everything before the first cell (or before the messages section of a `.md` file). */
  preamble: string
  cells: MsgCell[]
}

/** An agent declared in the frontmatter (`agents:`) or by a `definition="agent"` cell. */
export interface MsgAgent {
  name: string
  models?: string[]
  context_window?: number
  max_output_tokens?: number
  reasoning?: boolean
  use_temperature?: boolean
  temperature?: number
  system_prompt?: string
  [key: string]: unknown
}
