// A server component: converts on the server (chatparts/aisdk and /core import here), renders
// chatparts' components directly (a client module) and through a client component of the app's.
import { Message } from 'chatparts'
import { validateTranscript } from 'chatparts/validate'
import { fromUIMessages } from 'chatparts/aisdk'
import { Live } from './live'

const { messages } = fromUIMessages([
  { id: 'u1', role: 'user', metadata: { createdAt: 1763900000000 }, parts: [{ type: 'text', text: 'Weather in London?' }] },
  {
    id: 'a1',
    role: 'assistant',
    metadata: { createdAt: 1763900005000, model: 'openai/gpt-5', usage: { inputTokens: 10, outputTokens: 5 } },
    parts: [
      { type: 'text', text: 'It is **sunny**, 21 °C.' },
      { type: 'tool-getWeather', toolCallId: 'c1', state: 'approval-requested', input: { city: 'London' }, approval: { id: 'ap1' } },
      { type: 'source-url', sourceId: 's1', url: 'https://weather.example/london', title: 'London weather' },
    ],
  },
])

export default function Page() {
  return (
    <main>
      <p id="server-check">{validateTranscript(messages).filter((issue) => issue.severity === 'error').length} errors</p>
      <section id="direct">
        {messages.map((message) => (
          <Message key={message.info.id} message={message} />
        ))}
      </section>
      <Live messages={messages} />
    </main>
  )
}
