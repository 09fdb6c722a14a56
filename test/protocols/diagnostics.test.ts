import { describe, expect, it } from 'vitest'
import { DiagnosticSink, fields, reportUnread } from '../../src/protocols/diagnostics'

describe('reportUnread', () => {
  it('names each field the format does not define, at its path, as a warning', () => {
    const sink = new DiagnosticSink()
    reportUnread(
      { kind: 'text', text: 'a', content: 'b', note: undefined },
      fields('kind', 'text'),
      sink,
      [2, 'parts', 0],
      'a text part',
    )
    expect(sink.list).toEqual([
      {
        code: 'UNREAD_FIELD',
        severity: 'warning',
        path: [2, 'parts', 0, 'content'],
        message: 'a text part has no field "content" in its format; it is not shown',
      },
    ])
  })

  it('names the fields of built-in names JSON can make own fields, and never throws in strict mode', () => {
    const sink = new DiagnosticSink({ strict: true })
    reportUnread(
      JSON.parse('{"__proto__": "x", "constructor": "y", "text": "z"}') as Record<string, unknown>,
      fields('text'),
      sink,
      [],
      'a part',
    )
    expect(sink.list.map((diagnostic) => diagnostic.path)).toEqual([['__proto__'], ['constructor']])
  })

  it('names five fields one by one and counts the rest in one warning at the object', () => {
    const sink = new DiagnosticSink()
    const raw = Object.fromEntries(Array.from({ length: 12 }, (_, n) => [`f${n}`, n]))
    reportUnread(raw, fields('f0'), sink, ['payload'], 'a payload')
    expect(sink.list.map((diagnostic) => diagnostic.path)).toEqual([
      ['payload', 'f1'],
      ['payload', 'f2'],
      ['payload', 'f3'],
      ['payload', 'f4'],
      ['payload', 'f5'],
      ['payload'],
    ])
    expect(sink.list.at(-1)?.message).toBe('a payload has 6 more fields its format does not define; they are not shown')
  })
})
