/**
 * `chatparts/export`: a transcript written out for reading elsewhere. `toMarkdown` needs no React and
 * no DOM; `toHTML` renders the kit's components to a static page (React on the server, no DOM).
 */
export { toMarkdown, type ToMarkdownOptions } from './markdown.js'
export { toHTML, type ToHTMLOptions } from './html.js'
