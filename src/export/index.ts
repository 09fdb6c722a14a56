/**
 * `chatparts/export`: a transcript written out for reading elsewhere. No React, no DOM.
 */
export { toMarkdown, type ToMarkdownOptions } from './markdown.js'
