import { build } from 'chatparts/core'
import { validateTranscript } from 'chatparts/validate'
import { type Adapter, createChatStore, selectTranscript } from 'chatparts/store'

// An app's own format, which chatparts does not ship: lines of a support bot's log.
type LogLine = { who: 'user' | 'bot'; text: string; at: number }

const logAdapter: Adapter = {
  name: 'support-log',
  snapshot(input) {
    const lines = Array.isArray(input) ? (input as LogLine[]) : []
    const sessionID = 'ses_support'
    const messages = lines.map((line, index) => {
      const id = `msg_support_${index}`
      const info =
        line.who === 'user'
          ? build.userInfo({ id, sessionID, created: line.at })
          : build.assistantInfo({ id, sessionID, created: line.at, completed: line.at })
      return { info, parts: [build.textPart({ id: `prt_support_${index}`, sessionID, messageID: id }, line.text)] }
    })
    return { messages, diagnostics: [] }
  },
}

const store = createChatStore()
store.getState().ingest(logAdapter, [
  { who: 'user', text: 'Is the build green?', at: 1_780_000_000_000 },
  { who: 'bot', text: 'Yes: **412 passed**.', at: 1_780_000_002_000 },
])

const transcript = selectTranscript(store.getState())
console.log(JSON.stringify({ messages: transcript.length, issues: validateTranscript(transcript).length }))
