// The guides under docs/ shown as Storybook pages, so `npm start` shows them beside the stories.
// A link to another guide goes to its page; a link to another file of the repository, which
// Storybook does not serve, becomes that file's path as text.
const PAGES: Record<string, string> = {
  'README.md': 'guides-introduction--docs',
  'components.md': 'guides-components--docs',
  'store.md': 'guides-store-and-adapters--docs',
  'protocols.md': 'guides-protocols--docs',
  'theming.md': 'guides-theming--docs',
  'security.md': 'guides-urls-and-security--docs',
  'export.md': 'guides-export--docs',
  'model.md': 'guides-the-model--docs',
  'performance.md': 'guides-performance--docs',
}

/** A guide's text (from `folder`, `docs/` or the root) with its links made to work inside Storybook. */
export function guide(text: string, folder: 'docs/' | ''): string {
  return text.replace(/\[([^\]]*)\]\(([^)\s#]+)(#[^)\s]*)?\)/g, (whole, label: string, target: string, hash = '') => {
    if (/^[a-z]+:/i.test(target)) return whole
    const path = new URL(target, `https://repository/${folder}`).pathname.slice(1)
    const page = PAGES[path.startsWith('docs/') ? path.slice(5) : path]
    if (page) return `[${label}](?path=/docs/${page}${hash})`
    return label === path || label === `\`${path}\`` ? `\`${path}\`` : `${label} (\`${path}\`)`
  })
}
