export { toolMessage2Adapter } from './adapter.js'
export { createToolMessage2Stream, fromToolMessage2, toolMessage2SessionID, type ToolMessage2Import, type ToolMessage2Options, type ToolMessage2Stream } from './toCanonical.js'
export type * from './types.js'
