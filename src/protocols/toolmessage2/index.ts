export { toolMessage2Adapter } from './adapter.js'
export { createToolMessage2Stream, type ToolMessage2Stream } from './live.js'
export {
  fromToolMessage2,
  toolMessage2SessionID,
  type ToolMessage2Import,
  type ToolMessage2Options,
} from './toCanonical.js'
export type * from './types.js'
