import type { Part, WithParts } from '../../core/model/types.js'
import { isRecord } from '../../core/record.js'
import { addTotals, messageTotals, type Totals } from '../../core/totals.js'
import { isSystemPrompt } from '../MessageView/MessageView.js'
import { oneLine } from '../ToolPart/summary.js'

/** A place to go to from the outline: an error, or a call waiting for approval. */
export interface OutlineMark {
  kind: 'error' | 'approval'
  messageID: string
  /** The failed or waiting call's part; absent for an error of the message itself. */
  partID?: string | undefined
  /** What it is about: the tool's name, or the error's. */
  title: string
  /** The error's first line. */
  detail?: string | undefined
}

/** One turn of the session: a prompt of the user and everything answered to it. */
export interface OutlineEntry {
  /** The prompt's message, or the first message of a session that starts without one. */
  messageID: string
  /** Every message of the turn, the prompt's first. */
  messageIDs: string[]
  /** The prompt's first line (empty for a turn with no prompt: the session's start). */
  title: string
  tools: number
  totals: Totals
  /** From the prompt to the end of its last answer, in milliseconds, when the data says. */
  duration?: number | undefined
  /** Errors and calls waiting for approval, in order. */
  marks: OutlineMark[]
  /** An answer of the turn is still being written. */
  streaming: boolean
}

/** The first line of `text` as read, without the marks of Markdown that would show as written. */
function firstLine(text: string): string {
  const line = (text.trim().split('\n', 1)[0] ?? '').replace(/^(#{1,6}|>)\s+/, '').replace(/`+|\*\*|__/g, '')
  return oneLine(line, 90)
}

function textOf(parts: readonly Part[]): string {
  for (const part of parts)
    if (part?.type === 'text' && !part.synthetic && typeof part.text === 'string' && part.text.trim() !== '')
      return part.text
  for (const part of parts) if (part?.type === 'file') return part.filename || part.url
  return ''
}

function marksOf(message: WithParts): OutlineMark[] {
  const marks: OutlineMark[] = []
  const messageID = message.info.id
  for (const part of message.parts) {
    if (part?.type !== 'tool' || !isRecord(part.state)) continue
    const approval = isRecord(part.approval) ? part.approval : undefined
    if (approval?.status === 'requested') marks.push({ kind: 'approval', messageID, partID: part.id, title: part.tool })
    else if (part.state.status === 'error' && approval?.status !== 'denied') {
      marks.push({
        kind: 'error',
        messageID,
        partID: part.id,
        title: part.tool,
        detail: typeof part.state.error === 'string' ? firstLine(part.state.error) : undefined,
      })
    }
  }
  const info = message.info
  if (info.role === 'assistant' && isRecord(info.error)) {
    const data = isRecord(info.error.data) ? info.error.data : {}
    marks.push({
      kind: 'error',
      messageID,
      title: typeof info.error.name === 'string' ? info.error.name : 'Error',
      detail: typeof data.message === 'string' ? firstLine(data.message) : undefined,
    })
  }
  return marks
}

/**
 * The session as turns: each prompt of the user with its answers' tool calls, errors, cost and
 * duration summed, and the errors and open approvals named, so "where did it fail" is one step.
 * A system prompt belongs to the turn it opens; a session that starts with an answer has a first
 * turn without a prompt.
 */
export function outlineOf(messages: readonly WithParts[], streamingID?: string): OutlineEntry[] {
  const entries: OutlineEntry[] = []
  const totals: Totals[][] = []
  let last: { entry: OutlineEntry; start: number; end: number | undefined } | undefined
  const close = () => {
    if (!last) return
    const { entry, start, end } = last
    if (end !== undefined && end > start) entry.duration = end - start
  }
  for (const message of messages) {
    if (!isRecord(message) || !isRecord(message.info) || !Array.isArray(message.parts)) continue
    const info = message.info
    const opens = info.role === 'user' && !isSystemPrompt(message.parts)
    if (opens || !last) {
      close()
      const entry: OutlineEntry = {
        messageID: info.id,
        messageIDs: [],
        title: opens ? firstLine(textOf(message.parts)) : '',
        tools: 0,
        totals: messageTotals({ info, parts: [] }),
        marks: [],
        streaming: false,
      }
      entries.push(entry)
      totals.push([])
      last = { entry, start: typeof info.time?.created === 'number' ? info.time.created : Number.NaN, end: undefined }
    }
    const { entry } = last
    entry.messageIDs.push(info.id)
    entry.tools += message.parts.filter((part) => part?.type === 'tool').length
    entry.marks.push(...marksOf(message))
    if (info.id === streamingID) entry.streaming = true
    if (info.role === 'assistant') {
      totals[totals.length - 1]?.push(messageTotals(message))
      const end = typeof info.time?.completed === 'number' ? info.time.completed : undefined
      if (end !== undefined) last.end = Math.max(last.end ?? end, end)
    }
  }
  close()
  entries.forEach((entry, index) => {
    entry.totals = addTotals(totals[index] ?? [])
  })
  return entries
}

/** Whether two outlines show the same: a streamed token that changes nothing in them renders nothing. */
export function sameOutline(a: readonly OutlineEntry[], b: readonly OutlineEntry[]): boolean {
  if (a.length !== b.length) return false
  return a.every((entry, index) => {
    const other = b[index] as OutlineEntry
    return (
      entry.messageID === other.messageID &&
      entry.title === other.title &&
      entry.tools === other.tools &&
      entry.duration === other.duration &&
      entry.streaming === other.streaming &&
      entry.totals.cost === other.totals.cost &&
      entry.totals.costKnown === other.totals.costKnown &&
      entry.totals.tokens.total === other.totals.tokens.total &&
      entry.messageIDs.length === other.messageIDs.length &&
      entry.messageIDs.every((id, at) => id === other.messageIDs[at]) &&
      entry.marks.length === other.marks.length &&
      entry.marks.every(
        (mark, at) =>
          mark.kind === other.marks[at]?.kind &&
          mark.partID === other.marks[at]?.partID &&
          mark.detail === other.marks[at]?.detail,
      )
    )
  })
}
