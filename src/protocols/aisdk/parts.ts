/**
 * AI SDK values into canonical parts, for both the whole-message converter and the stream session:
 * one function per part kind, so a message read whole and the same message streamed chunk by chunk
 * give the same parts.
 */
import {
  approval as buildApproval,
  dataPart,
  filePart,
  type PartIds,
  pendingState,
  reasoningPart,
  runningState,
  sourcePart,
  textPart,
  tokens,
  toolPart,
  toolResult,
  unsupportedPart,
} from '../../core/build.js'
import type { Metadata, Part, TokenUsage, ToolApproval, ToolPart, ToolState } from '../../core/model/types.js'
import {
  type DiagnosticSink,
  describeValue,
  fields,
  isRecord,
  reportUnread,
  safeJson,
  stringField,
} from '../diagnostics.js'
import { inferDisplay } from '../display.js'
import { type DecodedTool, decodeToolInvocation, decodeToolPart } from './decode.js'
import type { UIUsage } from './types.js'

type Path = (string | number)[]

/** The text of a tool's output: text as it is, anything else as indented JSON, nothing as empty. */
export const outputText = (output: unknown): string =>
  typeof output === 'string' ? output : output === undefined || output === null ? '' : safeJson(output, 2)

/** Canonical token counts from SDK usage: input without cache, output without reasoning (opencode's split). */
export function tokensOf(usage: UIUsage | undefined): TokenUsage {
  if (!usage) return tokens()
  const cacheRead = usage.inputTokenDetails?.cacheReadTokens ?? usage.cachedInputTokens ?? 0
  const cacheWrite = usage.inputTokenDetails?.cacheWriteTokens ?? 0
  const reasoning = usage.outputTokenDetails?.reasoningTokens ?? usage.reasoningTokens ?? 0
  const input = usage.inputTokenDetails?.noCacheTokens ?? Math.max(0, (usage.inputTokens ?? 0) - cacheRead - cacheWrite)
  const output = usage.outputTokenDetails?.textTokens ?? Math.max(0, (usage.outputTokens ?? 0) - reasoning)
  return tokens({
    input,
    output,
    reasoning,
    cache: { read: cacheRead, write: cacheWrite },
    ...(usage.totalTokens !== undefined ? { total: usage.totalTokens } : {}),
  })
}

/** The approval a tool call carries, in the model's terms (a denied output is a denied approval). */
function approvalOf(tool: DecodedTool): ToolApproval | undefined {
  const given = tool.approval
  if (!given) return undefined
  // An automatic approval (v7 `isAutomatic`) was granted by a rule: nobody is asked.
  const status =
    tool.state === 'output-denied' || given.approved === false
      ? 'denied'
      : given.approved === true || given.isAutomatic === true
        ? 'approved'
        : 'requested'
  return buildApproval({
    id: given.id,
    status,
    ...(given.reason !== undefined ? { reason: given.reason } : {}),
    ...(given.isAutomatic !== undefined ? { automatic: given.isAutomatic } : {}),
  })
}

/** The tool state of a call, by the SDK's state; `start` and `end` are the call's times as known. */
function stateOf(tool: DecodedTool, start: number, end: number): ToolState {
  const { input } = tool
  const title = tool.title !== undefined ? { title: tool.title } : {}
  const kept: Metadata = tool.raw !== '' && tool.state !== 'input-streaming' ? { rawInput: tool.raw } : {}
  switch (tool.state) {
    case 'input-streaming':
      return pendingState(input, tool.raw || (Object.keys(input).length > 0 ? safeJson(input) : ''))
    case 'input-available':
    case 'approval-requested':
    case 'approval-responded': {
      const display = inferDisplay(tool.tool, input)
      return runningState({
        input,
        start,
        ...title,
        ...(Object.keys(kept).length > 0 ? { metadata: kept } : {}),
        ...(display ? { display } : {}),
      })
    }
    case 'output-available': {
      const output = outputText(tool.output)
      const display = inferDisplay(tool.tool, input, output)
      // A preliminary output is a progress report: the call still runs, and the report is kept.
      if (tool.preliminary)
        return runningState({
          input,
          start,
          ...title,
          metadata: { ...kept, preliminaryOutput: tool.output },
          ...(display ? { display } : {}),
        })
      return toolResult({
        input,
        start,
        end,
        output,
        title: tool.title ?? tool.tool,
        metadata: kept,
        ...(display ? { display } : {}),
      })
    }
    case 'output-error':
      return toolResult({ input, start, end, output: tool.errorText ?? '', isError: true, metadata: kept })
    case 'output-denied': {
      const reason = tool.approval?.reason
      return toolResult({
        input,
        start,
        end,
        output: reason ? `Denied: ${reason}` : 'Denied by the user',
        isError: true,
        metadata: kept,
      })
    }
  }
  return tool.state satisfies never
}

/** The canonical tool part of a call. */
export function toolPartOf(ids: PartIds, tool: DecodedTool, start: number, end: number): ToolPart {
  const approval = approvalOf(tool)
  return toolPart(ids, {
    callID: tool.callID,
    tool: tool.tool,
    state: stateOf(tool, start, end),
    ...(approval ? { approval } : {}),
    ...(Object.keys(tool.metadata).length > 0 ? { metadata: tool.metadata } : {}),
  })
}

/** How a part of a message is read: its canonical part, or a tool call to be made into one. */
export type ReadPart = { part: Part } | { tool: DecodedTool } | { step: true } | null

/** `providerMetadata` when a part or chunk has it, for the canonical part's metadata. */
export const providerOf = (raw: Record<string, unknown>): Metadata | undefined =>
  isRecord(raw.providerMetadata) ? { providerMetadata: raw.providerMetadata } : undefined

/**
 * The fields the SDK's `UIMessagePart` types define for the parts read field by field (tool parts
 * keep every field they carry; `data-*` and unknown parts are kept whole). Defined but not shown: a
 * part's streaming `state`.
 */
const PART_FIELDS = new Map<string, ReadonlySet<string>>([
  ['text', fields('type', 'text', 'state', 'providerMetadata')],
  // v4: `reasoning` for the text, and `details` that repeat it (or hold redacted data).
  ['reasoning', fields('type', 'text', 'state', 'providerMetadata', 'id', 'reasoning', 'details')],
  ['step-start', fields('type')],
  ['source-url', fields('type', 'sourceId', 'url', 'title', 'providerMetadata')],
  ['source-document', fields('type', 'sourceId', 'mediaType', 'title', 'filename', 'providerMetadata')],
  // v4: base64 `data` and its `mimeType`.
  ['file', fields('type', 'mediaType', 'filename', 'url', 'providerMetadata', 'providerReference', 'mimeType', 'data')],
  ['reasoning-file', fields('type', 'mediaType', 'filename', 'url', 'providerMetadata')],
  // v4's source part: the source under `source`.
  ['source', fields('type', 'source')],
])
const V4_SOURCE_FIELDS = fields('sourceType', 'id', 'url', 'title', 'providerMetadata')
const DATA_FIELDS = fields('type', 'id', 'data')

/**
 * Reads one `UIMessage` part (any version) into a canonical part, or a tool call, or a step start.
 * What it cannot read is kept as an unsupported part, with a diagnostic.
 */
export function readPart(raw: unknown, ids: PartIds, time: number, sink: DiagnosticSink, path: Path): ReadPart {
  if (!isRecord(raw) || typeof raw.type !== 'string') {
    sink.error(
      'BAD_PART',
      `a message part must be an object with a type (got ${describeValue(raw)}); kept as unsupported`,
      path,
    )
    return { part: unsupportedPart(ids, '', raw) }
  }
  const type = raw.type
  const known = PART_FIELDS.get(type) ?? (type.startsWith('data-') ? DATA_FIELDS : undefined)
  if (known) reportUnread(raw, known, sink, path, `a ${type} part`)
  const metadata = providerOf(raw)
  if (type === 'text')
    return { part: textPart(ids, stringField(raw, 'text', sink, path) ?? '', metadata ? { metadata } : {}) }
  if (type === 'reasoning') {
    const reasoning = stringField(raw, 'text', sink, path) ?? stringField(raw, 'reasoning', sink, path) ?? ''
    const kept = { ...(typeof raw.id === 'string' ? { id: raw.id } : {}), ...metadata }
    return {
      part: reasoningPart(
        ids,
        reasoning,
        raw.state === 'streaming' ? { start: time } : { start: time, end: time },
        Object.keys(kept).length > 0 ? kept : undefined,
      ),
    }
  }
  if (type === 'step-start') return { step: true }
  if (type === 'dynamic-tool' || type.startsWith('tool-')) {
    if (type === 'tool-invocation') {
      const tool = decodeToolInvocation(raw, sink, path)
      return tool ? { tool } : { part: unsupportedPart(ids, type, raw) }
    }
    const tool = decodeToolPart(raw, sink, path)
    return tool ? { tool } : { part: unsupportedPart(ids, type, raw) }
  }
  if (type === 'source-url') {
    const url = stringField(raw, 'url', sink, path, true)
    if (!url) return { part: unsupportedPart(ids, type, raw) }
    const title = stringField(raw, 'title', sink, path)
    return {
      part: sourcePart(
        ids,
        stringField(raw, 'sourceId', sink, path) ?? '',
        { kind: 'url', url, ...(title !== undefined ? { title } : {}) },
        metadata,
      ),
    }
  }
  if (type === 'source-document') {
    const filename = stringField(raw, 'filename', sink, path)
    const source = {
      kind: 'document' as const,
      mime: stringField(raw, 'mediaType', sink, path) || 'application/octet-stream',
      title: stringField(raw, 'title', sink, path) ?? '',
      ...(filename !== undefined ? { filename } : {}),
    }
    return { part: sourcePart(ids, stringField(raw, 'sourceId', sink, path) ?? '', source, metadata) }
  }
  const v4Source =
    type === 'source' && isRecord(raw.source) && typeof raw.source.url === 'string' ? raw.source : undefined
  if (v4Source) {
    // v4: `{ type: 'source', source: { sourceType: 'url', id, url, title } }`.
    const source = v4Source
    reportUnread(source, V4_SOURCE_FIELDS, sink, [...path, 'source'], 'a source')
    const title = stringField(source, 'title', sink, [...path, 'source'])
    const kept = providerOf(source)
    return {
      part: sourcePart(
        ids,
        typeof source.id === 'string' ? source.id : '',
        { kind: 'url', url: source.url as string, ...(title !== undefined ? { title } : {}) },
        kept,
      ),
    }
  }
  if (type === 'file' && raw.url === undefined && typeof raw.data === 'string') {
    // v4: base64 `data` with its `mimeType`.
    const mime = stringField(raw, 'mimeType', sink, path) || 'application/octet-stream'
    return { part: filePart(ids, { url: `data:${mime};base64,${raw.data}`, mime }) }
  }
  if (type === 'file' || type === 'reasoning-file') {
    const url = stringField(raw, 'url', sink, path, true)
    if (url === undefined) return { part: unsupportedPart(ids, type, raw) }
    const filename = stringField(raw, 'filename', sink, path)
    const mime = stringField(raw, 'mediaType', sink, path)
    // v7's `providerReference` (the provider's id of an uploaded file) is kept beside the provider metadata.
    const kept =
      raw.providerReference !== undefined ? { ...metadata, providerReference: raw.providerReference } : metadata
    return {
      part: filePart(ids, {
        url,
        ...(mime !== undefined ? { mime } : {}),
        ...(filename !== undefined ? { filename } : {}),
        ...(type === 'reasoning-file' ? { reasoning: true } : {}),
        ...(kept ? { metadata: kept } : {}),
      }),
    }
  }
  if (type.startsWith('data-')) return { part: dataPart(ids, type.slice('data-'.length), raw.data) }
  // `custom` is provider content the SDK itself does not interpret: kept whole, shown as unsupported.
  if (type !== 'custom')
    sink.warn('UNSUPPORTED_PART', `part type "${type}" is not one the AI SDK defines; kept as unsupported`, [
      ...path,
      'type',
    ])
  return { part: unsupportedPart(ids, type, raw) }
}
