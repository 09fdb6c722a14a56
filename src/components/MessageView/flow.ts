import type { Part, SourcePart, StepFinishPart, ToolPart } from '../../core/model/types.js'

/**
 * Parts a message shows outside the flow of its reply: sources as one list under it, the steps'
 * cost and tokens in its footer, step starts not at all (the footer's rows number the steps).
 */
const GATHERED = new Set(['source', 'step-start', 'step-finish'])

/** Whether a part is shown in the flow of its message (see {@link GATHERED}). */
export const inFlow = (part: Part | undefined): boolean =>
  !GATHERED.has(typeof part?.type === 'string' ? part.type : '')

export const isSource = (part: Part | undefined): part is SourcePart => part?.type === 'source'
export const isStepFinish = (part: Part | undefined): part is StepFinishPart => part?.type === 'step-finish'
const isTool = (part: Part | undefined): part is ToolPart => part?.type === 'tool'

/** One item of a message's flow: a part, or a run of consecutive tool calls shown as one group. */
export type FlowItem = { kind: 'part'; id: string } | { kind: 'tools'; ids: readonly string[] }

/** How many consecutive tool calls make a group (default), and `false`: never group. */
export type ToolGrouping = number | false

/**
 * A message's flow: its parts in order, less the gathered ones, with each run of at least
 * `group` consecutive tool calls as one item. Gathered parts between two tools do not break a run.
 */
export function flowOf(
  ids: readonly string[],
  partOf: (id: string) => Part | undefined,
  group: ToolGrouping,
): FlowItem[] {
  const items: FlowItem[] = []
  let run: string[] = []
  const close = () => {
    if (group !== false && run.length >= Math.max(2, group)) items.push({ kind: 'tools', ids: run })
    else for (const id of run) items.push({ kind: 'part', id })
    run = []
  }
  for (const id of ids) {
    const part = partOf(id)
    if (!inFlow(part)) continue
    if (isTool(part)) run.push(id)
    else {
      close()
      items.push({ kind: 'part', id })
    }
  }
  close()
  return items
}

/** Whether two flows are the same (for a store selector's equality). */
export function sameFlow(a: readonly FlowItem[], b: readonly FlowItem[]): boolean {
  if (a === b) return true
  if (a.length !== b.length) return false
  return a.every((item, index) => {
    const other = b[index] as FlowItem
    if (item.kind === 'part') return other.kind === 'part' && other.id === item.id
    return (
      other.kind === 'tools' && other.ids.length === item.ids.length && other.ids.every((id, i) => id === item.ids[i])
    )
  })
}
