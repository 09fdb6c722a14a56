import { opencodeSession } from '../../test/fixtures/opencode'
import { byWords, toEvents } from '../../test/fixtures/opencodeEvents'
import deltaStream from '../../test/fixtures/delta/stream.json'
import type { Recording } from './Replay'

const [user, ...answers] = opencodeSession.messages

/** The recorded MessageDelta stream: thinking, a tool call, a markdown answer with code. */
export const deltaRecording: Recording = { protocol: 'delta', events: deltaStream }

/** The real opencode session's answers as bus events, word by word, after its user message. */
export const opencodeRecording: Recording = {
  protocol: 'opencode-event',
  initial: user ? [user] : [],
  events: [
    { type: 'session.status', properties: { status: { type: 'busy' } } },
    ...toEvents(answers, byWords),
    { type: 'session.idle', properties: {} },
  ],
}
