/**
 * `chatparts/protocols`: what the kit's protocols share, and all their adapters at once. Each
 * protocol has its own entry with its converters and its adapter (`chatparts/aisdk`,
 * `chatparts/opencode`, `chatparts/openai`, `chatparts/toolmessage2`, `chatparts/delta`,
 * `chatparts/chat`, `chatparts/msgfile`), so an app ships only the ones it imports. No React, no DOM.
 */
export { InvalidDataError, type ConvertOptions, type Diagnostic } from './diagnostics.js'
export { builtInAdapters } from './adapters.js'
