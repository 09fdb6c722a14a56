export { opencodeAdapter } from './adapter.js'
export { createOpencodeStream, fromOpencodeEvent, type OpencodeEventResult, type OpencodeStream } from './live.js'
export { fromOpencodeExport, type OpencodeImport } from './toCanonical.js'
export type { OpencodeEvent, OpencodePermissionRequest, OpencodeSessionExport, OpencodeSessionStatus } from './types.js'
