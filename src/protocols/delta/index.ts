export {
  assembleDelta,
  assembleDeltas,
  assemblyOps,
  createDeltaAssembly,
  fromDeltaStream,
  type DeltaAssembly,
  type DeltaAssemblyOptions,
  type DeltaAssemblyStatus,
} from './assembler.js'
export { toDeltaMessages } from './fromCanonical.js'
export { fromDeltaMessages, type DeltaMessagesOptions, type ToolMessageOrigin } from './toCanonical.js'
export type * from './types.js'
