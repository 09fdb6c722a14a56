/**
 * A reader of server-sent-event text that arrives in pieces cut anywhere: inside an event, inside a
 * `data:` line, between a `\r` and its `\n`, inside a UTF-8 character (for bytes). It keeps what is
 * not finished yet and gives each event's data once it is whole, so a stream read piece by piece
 * gives the same events as the same text read at once.
 *
 * It follows the event-stream format: lines end in `\r\n`, `\n` or `\r`; a blank line ends an event;
 * a line starting with `:` is a comment (a heartbeat such as `: ping`); `data:` lines of one event
 * join with `\n`; `event:`, `id:` and `retry:` are read and have no effect on the data. One step
 * beyond the format, for JSON streams: a `data:` line whose data so far is a whole JSON value ends
 * its event at once, so a producer that leaves out the blank line loses nothing.
 */

/** One event's data, and the name its `event:` field gave it (default `message`). */
export interface SseEvent {
  data: string
  event: string
  /** The data read as JSON, when the reader already did (a `data:` line that was whole JSON). */
  json?: unknown
}

const NOT_WHOLE = Symbol('not whole JSON')

/** The value of data that is a whole JSON object or array: what a JSON stream's producer sends as one event. */
function wholeJson(data: string): unknown {
  const first = data.trimStart()[0]
  // Only objects and arrays: a bare number or word may still be cut (`12` of `123`).
  if (first !== '{' && first !== '[') return NOT_WHOLE
  try {
    return JSON.parse(data) as unknown
  } catch {
    return NOT_WHOLE
  }
}

/** How many bytes at the end of `bytes` begin a UTF-8 character that the next piece finishes. */
function unfinishedTail(bytes: Uint8Array): number {
  for (let back = 1; back <= Math.min(3, bytes.length); back++) {
    const byte = bytes[bytes.length - back] ?? 0
    // A continuation byte: the character began further back.
    if ((byte & 0xc0) === 0x80) continue
    const length = byte >= 0xf0 ? 4 : byte >= 0xe0 ? 3 : byte >= 0xc0 ? 2 : 1
    return length > back ? back : 0
  }
  return 0
}

/** What a reader holds between pieces: plain values, so a strict caller can put it back. */
export interface SseReaderState {
  /** Text after the last whole line. */
  buffer: string
  /** The `data:` lines of the event being read. */
  data: string[]
  event: string
  started: boolean
  /** The first bytes of a character cut at the end of the last piece. */
  bytes: Uint8Array
}

const decoder = new TextDecoder('utf-8')

/** Reads server-sent-event text (strings or bytes) piece by piece. */
export class SseReader {
  private state: SseReaderState = { buffer: '', data: [], event: '', started: false, bytes: new Uint8Array(0) }

  /** Whether text is held that no event has used yet (an unfinished line, event or character). */
  get pending(): boolean {
    return this.state.buffer !== '' || this.state.data.length > 0 || this.state.bytes.length > 0
  }

  /** A copy of what the reader holds. */
  save(): SseReaderState {
    return { ...this.state, data: [...this.state.data] }
  }

  /** Puts back what {@link save} gave. */
  restore(state: SseReaderState): void {
    this.state = { ...state, data: [...state.data] }
  }

  /** Reads one piece and gives the events it finishes, in order. */
  push(piece: string | Uint8Array): SseEvent[] {
    const state = this.state
    let text: string
    if (typeof piece === 'string') text = piece
    else {
      let bytes = piece
      if (state.bytes.length > 0) {
        bytes = new Uint8Array(state.bytes.length + piece.length)
        bytes.set(state.bytes)
        bytes.set(piece, state.bytes.length)
      }
      const tail = unfinishedTail(bytes)
      state.bytes = bytes.slice(bytes.length - tail)
      text = decoder.decode(bytes.subarray(0, bytes.length - tail))
    }
    if (!state.started && text !== '') {
      state.started = true
      if (text.startsWith('\uFEFF')) text = text.slice(1)
    }
    const buffer = state.buffer + text
    const events: SseEvent[] = []
    let start = 0
    for (;;) {
      const cr = buffer.indexOf('\r', start)
      const lf = buffer.indexOf('\n', start)
      const end = cr === -1 ? lf : lf === -1 ? cr : Math.min(cr, lf)
      if (end === -1) break
      // A `\r` last in the piece may be the first half of `\r\n`: wait for the next piece.
      if (end === cr && cr === buffer.length - 1) break
      this.line(buffer.slice(start, end), events)
      start = end + (end === cr && buffer[cr + 1] === '\n' ? 2 : 1)
    }
    state.buffer = buffer.slice(start)
    return events
  }

  private line(line: string, events: SseEvent[]): void {
    if (line === '') return this.dispatch(events)
    if (line.startsWith(':')) return
    const colon = line.indexOf(':')
    const field = colon === -1 ? line : line.slice(0, colon)
    let value = colon === -1 ? '' : line.slice(colon + 1)
    if (value.startsWith(' ')) value = value.slice(1)
    if (field === 'data') {
      this.state.data.push(value)
      const json = wholeJson(this.state.data.join('\n'))
      if (json !== NOT_WHOLE) this.dispatch(events, json)
    } else if (field === 'event') this.state.event = value
    // `id` and `retry` steer a browser's reconnection; they carry nothing of the message.
  }

  private dispatch(events: SseEvent[], json: unknown = NOT_WHOLE): void {
    const state = this.state
    if (state.data.length > 0)
      events.push({
        data: state.data.join('\n'),
        event: state.event || 'message',
        ...(json !== NOT_WHOLE ? { json } : {}),
      })
    state.data = []
    state.event = ''
  }
}
