export { opencodeAdapter } from './adapter.js'
export { createOpencodeStream, fromOpencodeEvent, fromOpencodeExport, type OpencodeEventResult, type OpencodeImport, type OpencodeStream } from './toCanonical.js'
export type { OpencodeEvent, OpencodePermissionRequest, OpencodeSessionExport, OpencodeSessionStatus } from './types.js'
