import { FindBar, Transcript, TranscriptOutline, type TranscriptHandle } from 'chatparts'
import { useFind } from 'chatparts/react'
import type { ChatStore } from 'chatparts/store'
import { useRef, useState } from 'react'

/** A session with its outline beside it and the find box in its header. */
export function Session({ store }: { store: ChatStore }) {
  const find = useFind(store)
  const transcript = useRef<TranscriptHandle>(null)
  const [inView, setInView] = useState<string>()
  return (
    <div style={{ display: 'grid', gridTemplateColumns: '240px 1fr', height: 600 }}>
      <TranscriptOutline store={store} transcript={transcript} current={inView} />
      <div style={{ display: 'flex', flexDirection: 'column', minWidth: 0 }}>
        <header>{find.open ? <FindBar find={find} /> : <button onClick={() => find.openFind()}>Find</button>}</header>
        <Transcript store={store} find={find} handleRef={transcript} onViewChange={setInView} style={{ flex: 1 }} />
      </div>
    </div>
  )
}
