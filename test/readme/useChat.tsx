// The README's AI SDK example, as written there (the transport is a parameter here so a test can
// point it at its own route; the README leaves useChat its default).
import { useChat } from '@ai-sdk/react'
import { type ChatTransport, lastAssistantMessageIsCompleteWithApprovalResponses, type UIMessage } from 'ai'
import { useEffect, useState } from 'react'
import { Transcript } from '../../src/index'
import { aiSdkAdapter } from '../../src/protocols/aisdk/index'
import { createChatStore } from '../../src/store/index'

export function Chat({
  transport,
  send,
}: {
  transport?: ChatTransport<UIMessage>
  send?: (sendMessage: (message: { text: string }) => void) => void
}) {
  const { messages, status, sendMessage, addToolApprovalResponse } = useChat({
    ...(transport ? { transport } : {}),
    // Once every approval is answered, send the answers: the server then runs (or skips) the tools.
    sendAutomaticallyWhen: lastAssistantMessageIsCompleteWithApprovalResponses,
  })
  const [store] = useState(() => createChatStore({ adapters: [aiSdkAdapter] }))
  useEffect(() => {
    store.getState().ingest('aisdk', messages, { replace: true })
    store
      .getState()
      .apply([{ op: 'setStatus', status: status === 'streaming' || status === 'submitted' ? 'streaming' : 'idle' }])
  }, [store, messages, status])
  useEffect(() => send?.((message) => void sendMessage(message)), [send, sendMessage])
  return (
    <Transcript
      store={store}
      onApproval={({ approvalId, approved }) => addToolApprovalResponse({ id: approvalId, approved })}
    />
  )
}
