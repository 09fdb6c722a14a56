export { fromOpencodeEvent, fromOpencodeExport, type OpencodeEventResult, type OpencodeImport } from './toCanonical.js'
export type { OpencodeEvent, OpencodeSessionExport, OpencodeSessionStatus } from './types.js'
