export { toMsgFile, type ToMsgFileOptions } from './fromCanonical.js'
export { parseAttrs, type ParseMsgFileOptions } from './parse.js'
export { fromMsgFile, type CellOrigin, type MsgFileImport, type MsgFileOptions } from './toCanonical.js'
export type { MsgAgent, MsgCell, MsgFile } from './types.js'
