import type { ChatStore } from 'chatparts/store'

/** Posts the conversation to your AI SDK route and shows the reply in `store` as it streams. */
export async function streamReply(store: ChatStore, url: string, messages: unknown[]): Promise<void> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ messages }),
  })
  if (!response.ok || !response.body) throw new Error(`the chat route answered ${response.status}`)
  const reader = response.body.getReader()
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    // Bytes as they arrive, cut anywhere: the kit joins lines, events and characters across pieces.
    store.getState().ingest('aisdk', value)
  }
}
