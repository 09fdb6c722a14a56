// The long-session scenario's transcript: `count` finished messages of mixed parts (the real
// opencode session's user text, reasoning, `write` tool and step-finish, plus an answer with a
// code block and a `bash` tool with 150 lines of output), then the reply streamed below them.
import type { AssistantInfo, Part, WithParts } from '../../src/core/model/types'
import type { ChatStore } from '../../src/store/index'
import { repeatSession } from '../../test/fixtures/generate'
import { opencodeSession } from '../../test/fixtures/opencode'
import reply from '../../test/fixtures/streaming/reply.md?raw'

const base = opencodeSession.messages
const assistant = base[1]?.info as AssistantInfo
const stepFinish = base[1]?.parts.find((part) => part.type === 'step-finish') as Part
const section = reply.slice(reply.indexOf('### Step 1'), reply.indexOf('### Step 2'))
const output = Array.from(
  { length: 150 },
  (_, i) => `notes/${String(i).padStart(3, '0')}.md: ${i * 37} bytes, version ${1000 + i}`,
).join('\n')

/** An assistant answer with text and code, a long-output tool, and its step-finish. */
function answer(index: number, parentID: string): WithParts {
  const id = `msg_bench_${index}`
  const common = { sessionID: assistant.sessionID, messageID: id }
  return {
    info: { ...assistant, id, parentID, finish: 'stop' },
    parts: [
      { ...common, id: `prt_bench_${index}_start`, type: 'step-start' },
      {
        ...common,
        id: `prt_bench_${index}_tool`,
        type: 'tool',
        callID: `call_bench_${index}`,
        tool: 'bash',
        state: {
          status: 'completed',
          input: { command: 'ls -l notes/', description: 'List the notes' },
          output,
          title: 'ls -l notes/',
          metadata: {},
          time: { start: 1, end: 2 },
        },
      },
      { ...common, id: `prt_bench_${index}_text`, type: 'text', text: section },
      { ...stepFinish, ...common, id: `prt_bench_${index}_finish` },
    ] as Part[],
  }
}

/** `count` finished messages: copies of the real session, every fourth message a long answer. */
export function sessionMessages(count: number): WithParts[] {
  const real = repeatSession(Math.ceil((count * 3) / 4) + 3, base)
  const out: WithParts[] = []
  let r = 0
  while (out.length < count) {
    if (out.length % 4 === 3) out.push(answer(out.length, out[out.length - 1]?.info.id ?? ''))
    else out.push(real[r++] as WithParts)
  }
  return out
}

/** Adds a user question and an empty streaming answer below the session; returns where to append. */
export function streamTarget(store: ChatStore, above: number): { messageID: string; partID: string } {
  const state = store.getState()
  const user = base[0] as WithParts
  const userID = `msg_bench_question_${above}`
  const messageID = `msg_bench_reply_${above}`
  const partID = `prt_bench_reply_${above}`
  state.upsertMessage({ ...user.info, id: userID } as WithParts['info'])
  state.upsertPart({ ...(user.parts[0] as Part), id: `prt_bench_question_${above}`, messageID: userID } as Part)
  const { completed: _completed, ...time } = assistant.time
  const { finish: _finish, ...reply } = assistant
  state.upsertMessage({ ...reply, id: messageID, parentID: userID, time } as WithParts['info'])
  state.upsertPart({ id: partID, sessionID: assistant.sessionID, messageID, type: 'text', text: '' })
  state.apply([{ op: 'setStatus', status: 'streaming' }])
  state.flush()
  return { messageID, partID }
}

/** Adds a user question and `count` empty streaming answers to it (parallel sub-agents); returns where to append. */
export function parallelTargets(store: ChatStore, count: number): { messageID: string; partID: string }[] {
  const state = store.getState()
  const user = base[0] as WithParts
  const userID = 'msg_bench_parallel_question'
  state.upsertMessage({ ...user.info, id: userID } as WithParts['info'])
  state.upsertPart({ ...(user.parts[0] as Part), id: 'prt_bench_parallel_question', messageID: userID } as Part)
  const { completed: _completed, ...time } = assistant.time
  const { finish: _finish, ...reply } = assistant
  const targets = Array.from({ length: count }, (_, i) => {
    const messageID = `msg_bench_parallel_${i}`
    const partID = `prt_bench_parallel_${i}`
    state.upsertMessage({ ...reply, id: messageID, parentID: userID, time } as WithParts['info'])
    state.upsertPart({ id: partID, sessionID: assistant.sessionID, messageID, type: 'text', text: '' })
    return { messageID, partID }
  })
  state.apply([{ op: 'setStatus', status: 'streaming' }])
  state.flush()
  return targets
}

/** `count` finished answers, each the whole bench reply as one text: the open-a-saved-session list, as a session. */
export function replyMessages(count: number, text: string | ((i: number) => string)): WithParts[] {
  return Array.from({ length: count }, (_, i) => {
    const id = `msg_bench_saved_${i}`
    return {
      info: { ...assistant, id, parentID: `msg_bench_saved_${i - 1}`, finish: 'stop' },
      parts: [
        {
          id: `prt_bench_saved_${i}`,
          sessionID: assistant.sessionID,
          messageID: id,
          type: 'text',
          text: typeof text === 'string' ? text : text(i),
        },
      ] as Part[],
    }
  })
}
