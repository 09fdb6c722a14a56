export { deltaAdapter } from './adapter.js'
export {
  assembleDeltas,
  createDeltaStream,
  type DeltaRun,
  type DeltaRunStatus,
  type DeltaStream,
  type DeltaStreamOptions,
  fromDeltaStream,
} from './live.js'
export { toDeltaMessages } from './fromCanonical.js'
export { fromDeltaMessages, type DeltaMessagesOptions, type ToolMessageOrigin } from './toCanonical.js'
export type * from './types.js'
