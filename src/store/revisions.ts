// Which messages a write touched, so that what is read of one message is not read again while no
// write touches it: with every message of a long session rendered, each write would otherwise run
// the selectors of every message.
import type { TranscriptOp, TranscriptState } from '../core/transcript.js'

/**
 * A revision per message, valid for the maps it was made with: a state whose maps are others (one
 * written by `setState` directly, say) has none, and every selector runs as usual.
 */
export interface MessageRevisions {
  readonly messages: TranscriptState['messages']
  readonly partIds: TranscriptState['partIds']
  readonly parts: TranscriptState['parts']
  /** The revision of a message no write has touched since the transcript was loaded. */
  readonly base: number
  /** The latest revision given out when this state was made: one above it is a later state's. */
  readonly version: number
  /** Revisions of the messages writes touched; shared and written in place by the next writes. */
  readonly touched: Map<string, number>
}

/** The revisions of a transcript just loaded: every message at a revision no earlier one had. */
export function freshRevisions(state: TranscriptState, clock: () => number): MessageRevisions {
  const base = clock()
  return {
    messages: state.messages,
    partIds: state.partIds,
    parts: state.parts,
    base,
    version: base,
    touched: new Map(),
  }
}

/**
 * The revisions after `ops` took `before` to `after`: each message an op names, or that held a
 * part an op names, gets a new revision. An op of a kind not known here renews them all.
 */
export function nextRevisions(
  revisions: MessageRevisions | undefined,
  before: TranscriptState,
  after: TranscriptState,
  ops: readonly TranscriptOp[],
  clock: () => number,
): MessageRevisions {
  if (!revisions) return freshRevisions(after, clock)
  const touched = revisions.touched
  // (A write the state refused may name no message: its key is never read.)
  const bump = (messageID: unknown) => touched.set(messageID as string, clock())
  // The message that held the part: a write keeps a part in its message, but for an upsert that
  // names another, whose new message the op names itself.
  const bumpPart = (partID: unknown) => {
    if (typeof partID === 'string') bump(before.parts.get(partID)?.messageID)
  }
  for (const op of ops) {
    switch (op.op) {
      case 'upsertMessage':
        bump(op.info?.id)
        break
      case 'upsertPart':
        bump(op.part?.messageID)
        bumpPart(op.part?.id)
        break
      case 'appendPartDelta':
      case 'removePart':
      case 'patchPart':
        bump(op.messageID)
        bumpPart(op.partID)
        break
      case 'removeMessage':
        bump(op.messageID)
        break
      case 'setStatus':
        break
      default:
        return freshRevisions(after, clock)
    }
  }
  return {
    messages: after.messages,
    partIds: after.partIds,
    parts: after.parts,
    base: revisions.base,
    version: clock(),
    touched,
  }
}

/**
 * The revision of message `id` in `state`, or `undefined` when the state's revisions are not those
 * of its maps, or when a later write touched the message (an earlier state set back: the revisions
 * are shared between states, written in place). Then nothing may be assumed. Equal revisions: no
 * write touched the message between.
 */
export function revisionOf(
  state: TranscriptState & { revisions?: MessageRevisions | undefined },
  id: string,
): number | undefined {
  const revisions = state.revisions
  if (
    !revisions ||
    revisions.messages !== state.messages ||
    revisions.partIds !== state.partIds ||
    revisions.parts !== state.parts
  )
    return undefined
  const revision = revisions.touched.get(id) ?? revisions.base
  return revision > revisions.version ? undefined : revision
}
