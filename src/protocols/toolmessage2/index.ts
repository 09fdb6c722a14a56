export {
  fromToolMessage2,
  toolMessage2SessionID,
  toolMessage2ToOps,
  type ToolMessage2Context,
  type ToolMessage2Import,
  type ToolMessage2Options,
} from './toCanonical.js'
export type * from './types.js'
