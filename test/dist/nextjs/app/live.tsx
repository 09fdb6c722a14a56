'use client'
import { Transcript } from 'chatparts'
import { createChatStore } from 'chatparts/store'
import type { WithParts } from 'chatparts/core'
import { useState } from 'react'

export function Live({ messages }: { messages: WithParts[] }) {
  const [store] = useState(() => createChatStore({ initial: messages }))
  const [answer, setAnswer] = useState('')
  return (
    <section id="live">
      <Transcript store={store} virtualize={false} onApproval={({ choice }) => setAnswer(choice)} />
      <p id="answer">{answer}</p>
    </section>
  )
}
