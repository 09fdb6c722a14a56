export { aiSdkAdapter } from './adapter.js'
export { aiSdkSessionID, fromUIMessages, type AiSdkImport, type AiSdkOptions } from './toCanonical.js'
export { createAiSdkStream, type AiSdkStream, type AiSdkStreamOptions } from './live.js'
export type * from './types.js'
