import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { SseReader } from '../../src/protocols/sse'
import streams from '../fixtures/aisdk/ui-message-streams.json'
import { cutAt, replayAiSdk } from '../support/aisdk'

type Recorded = { name: string; chunks: unknown[] }
const recorded = streams as Recorded[]

/** Every event's data, reading `pieces` one after another with one reader. */
const read = (...pieces: (string | Uint8Array)[]) => {
  const reader = new SseReader()
  return pieces.flatMap((piece) => reader.push(piece)).map((event) => event.data)
}

describe('SseReader', () => {
  it('ends lines at \\r\\n, \\n or \\r, and events at a blank line', () => {
    expect(read('data: a\r\n\r\ndata: b\n\ndata: c\r\rdata: d\n')).toEqual(['a', 'b', 'c'])
    expect(read('data: a\r', '\n', '\r\n')).toEqual(['a'])
    // A `\r` at the end of a piece may be the first half of `\r\n`: the next piece says.
    expect(read('data: a\r', '\r')).toEqual([])
    expect(read('data: a\r', '\r', ': ping\n')).toEqual(['a'])
  })

  it('joins the data lines of one event, and skips comments, ids, retries and fields it does not know', () => {
    expect(read(': ping\n\nid: 7\nretry: 1000\nevent: delta\ndata: one\nfoo: bar\ndata:two\ndata\n\n')).toEqual([
      'one\ntwo\n',
    ])
    const reader = new SseReader()
    expect(reader.push('event: update\ndata: x\n\n')).toEqual([{ data: 'x', event: 'update' }])
    expect(reader.push('data: y\n\n')).toEqual([{ data: 'y', event: 'message' }])
  })

  it('ends an event at a data line that is whole JSON, so a missing blank line loses nothing', () => {
    expect(read('data: {"a":1}\ndata: {"b":2}\n')).toEqual(['{"a":1}', '{"b":2}'])
    // JSON over several data lines is read once it is whole.
    expect(read('data: {"a":\ndata: 1}\n')).toEqual(['{"a":\n1}'])
    // A line still being written waits, whatever it holds so far.
    expect(read('data: {"a":1}')).toEqual([])
    expect(read('data: {"a":1}', '\n')).toEqual(['{"a":1}'])
  })

  it('drops a byte order mark at the start of the stream only', () => {
    // Later, the mark is part of the line: here a field named "\uFEFFdata", which is not data.
    expect(read('\uFEFFdata: a\n\n', '\uFEFFdata: b\n\n')).toEqual(['a'])
    expect(read(new Uint8Array([0xef, 0xbb, 0xbf, ...new TextEncoder().encode('data: a\n\n')]))).toEqual(['a'])
  })

  it('decodes bytes cut inside a character', () => {
    const bytes = new TextEncoder().encode('data: é 中 😀\n\n')
    for (let cut = 0; cut <= bytes.length; cut++)
      expect(read(bytes.slice(0, cut), bytes.slice(cut)), String(cut)).toEqual(['é 中 😀'])
    // One byte at a time.
    expect(read(...[...bytes].map((byte) => new Uint8Array([byte])))).toEqual(['é 中 😀'])
  })

  it('puts back what it held with save and restore', () => {
    const reader = new SseReader()
    reader.push('data: {"a"')
    const saved = reader.save()
    reader.push(':1}\n')
    reader.restore(saved)
    expect(reader.pending).toBe(true)
    expect(reader.push(':2}\n').map((event) => event.data)).toEqual(['{"a":2}'])
    expect(reader.pending).toBe(false)
  })
})

/** The stream as the AI SDK's server sends it: each chunk a `data:` line and a blank line, then `[DONE]`. */
const sseOf = (chunks: readonly unknown[]) =>
  `${chunks.map((chunk) => `data: ${JSON.stringify(chunk)}\n\n`).join('')}data: [DONE]\n\n`

/** What a stream session makes of `pieces` pushed one by one: the transcript and the diagnostics' codes. */
function replay(pieces: readonly unknown[]) {
  const { messages, diagnostics } = replayAiSdk(pieces, { clock: () => 1_700_000_000_000, sessionID: 'ses_sse' })
  return { messages, codes: diagnostics.map((d) => d.code) }
}

describe('the AI SDK stream read as server-sent-event text cut anywhere', () => {
  const cuts = fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { maxLength: 40 })

  it('gives the same transcript and diagnostics as the chunks read one by one, for every recorded stream', () => {
    for (const stream of recorded) {
      const sse = sseOf(stream.chunks)
      const expected = replay(stream.chunks)
      expect(replay([sse]), stream.name).toEqual(expected)
      fc.assert(
        fc.property(cuts, (fractions) => {
          expect(replay(cutAt(sse, fractions)), stream.name).toEqual(expected)
        }),
        { numRuns: 20 },
      )
    }
  })

  it('gives the same from bytes cut anywhere, inside characters too', () => {
    const withText = recorded.filter((stream) => stream.chunks.some((chunk) => JSON.stringify(chunk).includes('delta')))
    const chunks = withText.flatMap((stream) =>
      stream.chunks.map((chunk) =>
        JSON.stringify(chunk).includes('"delta":"')
          ? JSON.parse(JSON.stringify(chunk).replace('"delta":"', '"delta":"é中😀'))
          : chunk,
      ),
    )
    const bytes = new TextEncoder().encode(sseOf(chunks))
    const expected = replay([sseOf(chunks)])
    expect(JSON.stringify(expected.messages)).toContain('é中😀')
    fc.assert(
      fc.property(cuts, (fractions) => {
        expect(replay(cutAt(bytes, fractions))).toEqual(expected)
      }),
      { numRuns: 100 },
    )
  })

  it('reports an event whose data is not JSON once its event ends, and goes on', () => {
    const result = replay(['data: {oops', '\n\n', sseOf([{ type: 'start', messageId: 'm1' }])])
    expect(result.codes).toEqual(['BAD_CHUNK'])
    expect(result.messages.map((message) => message.info.id)).toEqual(['m1'])
  })
})
