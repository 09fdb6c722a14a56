import type { Part } from '../../src/core/model/types'

const base = (id: string) => ({ id, sessionID: 'ses_1', messageID: 'msg_1' })

/** One valid part of each of the thirteen part types, in the model's order. */
export function samplePartOfEveryType(): Part[] {
  return [
    { ...base('p01'), type: 'text', text: 'Hello **world**', time: { start: 1, end: 2 } },
    { ...base('p02'), type: 'reasoning', text: 'Thinking', time: { start: 1, end: 3 } },
    {
      ...base('p03'),
      type: 'tool',
      callID: 'call_1',
      tool: 'bash',
      state: {
        status: 'completed',
        input: { command: 'ls' },
        output: 'a\nb',
        title: 'ls',
        metadata: { exit: 0 },
        time: { start: 1, end: 2 },
      },
    },
    { ...base('p04'), type: 'step-start', snapshot: 'abc' },
    {
      ...base('p05'),
      type: 'step-finish',
      reason: 'stop',
      cost: 0.5,
      tokens: { input: 10, output: 5, reasoning: 1, cache: { read: 2, write: 3 } },
    },
    { ...base('p06'), type: 'file', mime: 'image/png', url: 'data:image/png;base64,AAAA', filename: 'a.png' },
    {
      ...base('p14'),
      type: 'source',
      sourceID: 's1',
      source: { kind: 'url', url: 'https://example.com/', title: 'Example' },
    },
    { ...base('p15'), type: 'data', name: 'weather', data: { city: 'London', sky: 'sunny' } },
    { ...base('p07'), type: 'snapshot', snapshot: 'def' },
    { ...base('p08'), type: 'patch', hash: 'abc', files: ['/a.ts'] },
    { ...base('p09'), type: 'agent', name: 'explore', source: { value: '@explore', start: 0, end: 8 } },
    {
      ...base('p10'),
      type: 'retry',
      attempt: 2,
      error: { name: 'APIError', data: { message: 'Overloaded', isRetryable: true, statusCode: 529 } },
      time: { created: 5 },
    },
    { ...base('p11'), type: 'compaction', auto: true, overflow: false },
    { ...base('p12'), type: 'subtask', prompt: 'Find the bug', description: 'Investigate', agent: 'general' },
    { ...base('p13'), type: 'unsupported', originalType: 'hologram', original: { type: 'hologram', beam: 1 } },
  ]
}
