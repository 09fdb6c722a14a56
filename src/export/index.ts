/**
 * `chatparts/export`: a transcript written out for reading elsewhere, as Markdown. No React, no DOM.
 * The same as a page (`toHTML`, rendered by the kit's components) is `chatparts/html`.
 */
export { toMarkdown, type ToMarkdownOptions } from './markdown.js'
