import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { guide } from '../../stories/guides/guide'

const root = join(import.meta.dirname, '../..')

describe('the guides as Storybook pages', () => {
  it('link a guide to the page of another, and show other files of the repository as their path', () => {
    expect(guide('See [Theming](theming.md#layers).', 'docs/')).toBe(
      'See [Theming](?path=/docs/guides-theming--docs#layers).',
    )
    expect(guide('[docs/store.md](docs/store.md)', '')).toBe(
      '[docs/store.md](?path=/docs/guides-store-and-adapters--docs)',
    )
    expect(guide('The [method](../bench/README.md).', 'docs/')).toBe('The method (`bench/README.md`).')
    expect(guide('[CONTRIBUTING.md](CONTRIBUTING.md)', '')).toBe('`CONTRIBUTING.md`')
    expect(guide('[site](https://example.com/a.md)', '')).toBe('[site](https://example.com/a.md)')
  })

  it('have a page for the README and for every guide under docs', () => {
    const pages = readdirSync(join(root, 'stories/guides')).filter((name) => name.endsWith('.mdx'))
    const guides = readdirSync(join(root, 'docs')).filter((name) => name.endsWith('.md'))
    const sources = pages.map(
      (page) => /from '\.\.\/\.\.\/(.+)\?raw'/.exec(readFileSync(join(root, 'stories/guides', page), 'utf8'))?.[1],
    )
    expect(sources).toEqual(expect.arrayContaining(['README.md', ...guides.map((name) => `docs/${name}`)]))
  })
})
