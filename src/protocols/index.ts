/**
 * `chatparts/protocols`: pure converters from each wire protocol into the canonical model (and
 * back where a protocol needs it). No React, no DOM.
 */
export { InvalidDataError, type ConvertOptions, type Diagnostic } from './diagnostics.js'
export { aiSdkAdapter, builtInAdapters, chatAdapter, deltaAdapter, msgFileAdapter, openAIAdapter, opencodeAdapter, toolMessage2Adapter } from './adapters.js'
export * from './opencode/index.js'
export * from './toolmessage2/index.js'
export * from './delta/index.js'
export * from './chat/index.js'
export * from './msgfile/index.js'
export * from './aisdk/index.js'
export * from './openai/index.js'
