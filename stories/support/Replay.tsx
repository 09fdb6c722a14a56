import { useEffect, useMemo, useRef, useState } from 'react'
import { Transcript } from '../../src/components/Transcript'
import type { WithParts } from '../../src/core/model/types'
import { builtInAdapters } from '../../src/protocols/adapters'
import { createChatStore } from '../../src/store/chatStore'
import type { ChatStore } from '../../src/store/chatStore'

/** A recorded stream: what it feeds the store, and what was there before it. */
export interface Recording {
  protocol: 'delta' | 'opencode-event'
  events: readonly unknown[]
  initial?: readonly WithParts[]
}

/** A store holding `initial` with the first `count` events applied, at once. */
export function storeAfter(recording: Recording, count: number): ChatStore {
  const store = createChatStore({
    adapters: builtInAdapters,
    initial: structuredClone(recording.initial ?? []),
    coalesce: false,
  })
  for (const event of recording.events.slice(0, count))
    store.getState().ingest(recording.protocol, structuredClone(event))
  return store
}

/** The state of the transcript after event `count`: a frozen frame of a stream. */
export function Frame({ recording, count, height }: { recording: Recording; count: number; height?: number }) {
  const store = useMemo(() => storeAfter(recording, count), [recording, count])
  return <Transcript store={store} timeZone="UTC" showTotals={false} style={height ? { height } : undefined} />
}

const SPEEDS = [1, 4, 16] as const

/** Replays a recording through a live store, with play, pause, step, speed and restart. */
export function Replay({ recording, interval = 120 }: { recording: Recording; interval?: number }) {
  const [store, setStore] = useState(() => storeAfter(recording, 0))
  const [position, setPosition] = useState(0)
  const [playing, setPlaying] = useState(false)
  const [speed, setSpeed] = useState<(typeof SPEEDS)[number]>(1)
  const [generation, setGeneration] = useState(0)
  const next = useRef(0)
  const done = position >= recording.events.length

  const step = () => {
    const event = recording.events[next.current]
    if (event === undefined) return false
    store.getState().ingest(recording.protocol, structuredClone(event))
    next.current += 1
    setPosition(next.current)
    return true
  }

  useEffect(() => {
    if (!playing) return
    const timer = setInterval(() => {
      if (!step()) setPlaying(false)
    }, interval / speed)
    return () => clearInterval(timer)
  })

  const restart = () => {
    setPlaying(false)
    next.current = 0
    setPosition(0)
    setStore(storeAfter(recording, 0))
    setGeneration(generation + 1)
  }

  return (
    <div className="story-replay">
      <div className="story-replay__controls" role="toolbar" aria-label="Replay">
        <button type="button" className="cp-button" onClick={() => setPlaying(!playing)} disabled={done}>
          {playing ? 'Pause' : 'Play'}
        </button>
        <button type="button" className="cp-button" onClick={() => step()} disabled={playing || done}>
          Step
        </button>
        <button type="button" className="cp-button" onClick={restart}>
          Restart
        </button>
        <label className="story-replay__speed">
          Speed{' '}
          <select value={speed} onChange={(event) => setSpeed(Number(event.target.value) as (typeof SPEEDS)[number])}>
            {SPEEDS.map((value) => (
              <option key={value} value={value}>
                {value}×
              </option>
            ))}
          </select>
        </label>
        <output className="story-replay__position" aria-label="Events applied">
          {position} / {recording.events.length}
        </output>
      </div>
      <Transcript key={generation} store={store} timeZone="UTC" style={{ height: 520 }} />
    </div>
  )
}
