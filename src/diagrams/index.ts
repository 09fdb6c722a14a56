/**
 * `chatparts/mermaid`: ```` ```mermaid ```` blocks drawn by mermaid. mermaid is an optional peer:
 * install it beside chatparts (`npm install mermaid`) and give the kit a renderer:
 *
 *     import { defaultDiagramRenderer } from 'chatparts/mermaid'
 *     <Transcript store={store} diagrams={defaultDiagramRenderer()} />
 *
 * Without one, mermaid blocks stay code blocks, and mermaid is never part of the app.
 */
export { createMermaidRenderer, defaultDiagramRenderer } from './mermaid.js'
