import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
// @ts-expect-error: a plain script of the repository, without declarations.
import { budgets, measureFirstLoad, measureInstall } from '../../scripts/size.mjs'

type Load = Record<string, { gzip: number; text: string; engine: number; engineText: string }>

/**
 * The ceilings the kit holds today, under the budgets it aims at (`budgets` in scripts/size.mjs,
 * reported by `node scripts/size.mjs`): a change that adds weight fails here, on purpose.
 */
const ceilings = {
  transcriptOverMarkdown: 19 * 1024,
}

let load: Load

beforeAll(async () => {
  if (!existsSync(join(import.meta.dirname, '../../dist/index.js'))) throw new Error('dist/ is missing: run `npm run build` first')
  load = (await measureFirstLoad()) as Load
})

// What only one protocol's converter holds: a wire name no other protocol reads.
const markers = {
  opencode: 'message.part.updated',
  openai: 'function_call_output',
  toolmessage2: 'tool_result',
  aisdk: 'tool-input-available',
}

describe('the weight of the kit to an app', () => {
  it('ships only the protocols an app imports', () => {
    const one = load['transcript + aisdk']!.text
    expect(one).toContain(markers.aisdk)
    for (const marker of [markers.opencode, markers.openai]) expect(one, marker).not.toContain(marker)
    const every = load['transcript + every adapter']!.text
    for (const marker of Object.values(markers)) expect(every, marker).toContain(marker)
    // A page of components with no store ships no converter at all.
    for (const marker of Object.values(markers)) expect(load.message!.text, marker).not.toContain(marker)
  })

  it('loads no math or diagram library up front, and no highlighter', () => {
    for (const name of ['transcript + aisdk', 'message']) {
      const text = load[name]!.text
      expect(text, `${name}: KaTeX`).not.toMatch(/katex-mathml|KaTeX parse error/)
      expect(text, `${name}: mermaid`).not.toContain('mermaid-svg')
      expect(text, `${name}: a shiki grammar`).not.toContain('"scopeName"')
    }
  })

  it('loads the Markdown engine after the first load, in a chunk of its own', () => {
    for (const name of ['transcript + aisdk', 'message']) {
      // A class only the engine writes, and react-markdown's own diagnostic.
      expect(load[name]!.text, name).not.toContain('cp-markdown__group')
      expect(load[name]!.text, name).not.toContain('remarkjs/react-markdown/blob/main/changelog.md')
      expect(load[name]!.engineText, name).toContain('cp-markdown__group')
      expect(load[name]!.engineText, name).toContain('remarkjs/react-markdown/blob/main/changelog.md')
    }
  })

  it('keeps a Transcript with one adapter within its budget and its ceiling over react-markdown', () => {
    const over = load['transcript + aisdk']!.gzip - load['react-markdown']!.gzip
    expect(over).toBeGreaterThan(0)
    expect(over).toBeLessThanOrEqual(Math.min(ceilings.transcriptOverMarkdown, budgets.transcriptOverMarkdown))
  })

  it('keeps chatparts/core within its budget', () => {
    expect(load.core!.gzip).toBeGreaterThan(0)
    expect(load.core!.gzip).toBeLessThanOrEqual(budgets.core)
  })

  it('installs within its budget', () => {
    const install = measureInstall() as { bytes: number; dist: number }
    expect(install.dist).toBeGreaterThan(0)
    expect(install.bytes).toBeLessThanOrEqual(budgets.install)
  })
})
