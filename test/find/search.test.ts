import { describe, expect, it } from 'vitest'
import * as build from '../../src/core/build'
import type { WithParts } from '../../src/core/model/types'
import { createFinder, findAll, searchMessages } from '../../src/find/search'
import { opencodeCanonical } from '../fixtures/opencode'

const ids = (id: string, messageID = 'msg_a') => ({ id, sessionID: 'ses_1', messageID })

describe('findAll', () => {
  it('finds every occurrence, case-insensitive by default, none overlapping', () => {
    expect(findAll('Error: error ERROR', 'error')).toEqual([
      [0, 5],
      [7, 12],
      [13, 18],
    ])
    expect(findAll('aaaa', 'aa')).toEqual([
      [0, 2],
      [2, 4],
    ])
    expect(findAll('Error: error', 'error', { caseSensitive: true })).toEqual([[7, 12]])
    expect(findAll('anything', '')).toEqual([])
  })

  it('matches whole words only when asked: letters of any script, digits and _ join a word', () => {
    expect(findAll('test testing _test test.', 'test', { wholeWord: true })).toEqual([
      [0, 4],
      [19, 23],
    ])
    expect(findAll('测试test 测试 test', 'test', { wholeWord: true })).toEqual([[10, 14]])
    // A letter outside the BMP (two UTF-16 units) is a letter too.
    expect(findAll('𝒜test test', 'test', { wholeWord: true })).toEqual([[7, 11]])
  })

  it('keeps offsets right where lower-casing changes a length', () => {
    const text = 'İstanbul and istanbul'
    const found = findAll(text, 'istanbul')
    expect(found.map(([start, end]) => text.slice(start, end))).toEqual(['istanbul'])
    expect(findAll('İİ ok', 'ok')).toEqual([[3, 5]])
  })
})

describe('searching a transcript', () => {
  it('searches the real session: text, reasoning, a tool title, its input and its output, in order', () => {
    const messages = structuredClone(opencodeCanonical)
    const inInput = searchMessages(messages, 'whispers')
    expect(inInput).toHaveLength(1)
    const tool = messages[1]?.parts.find((part) => part.type === 'tool')
    expect(inInput[0]).toMatchObject({ messageID: messages[1]?.info.id, partID: tool?.id, field: 'input' })
    expect(searchMessages(messages, 'wrote file successfully')).toMatchObject([{ partID: tool?.id, field: 'output' }])
    const poem = searchMessages(messages, 'poem')
    expect(poem.map((match) => match.field)).toEqual(['text', 'reasoning', 'input', 'reasoning', 'text'])
    // In transcript order: each match after the one before it.
    const order = poem.map((match) => messages.findIndex((message) => message.info.id === match.messageID))
    expect(order).toEqual([...order].sort((a, b) => a - b))
  })

  it('finds errors, pending arguments still arriving, and file names', () => {
    const messages: WithParts[] = [
      {
        info: build.assistantInfo({ id: 'msg_a', sessionID: 'ses_1', created: 1 }),
        parts: [
          build.toolPart(ids('prt_1'), {
            callID: 'c1',
            tool: 'bash',
            state: build.toolResult({
              input: { command: 'make' },
              output: 'No rule to make target',
              isError: true,
              start: 1,
              end: 2,
            }),
          }),
          build.toolPart(ids('prt_2'), {
            callID: 'c2',
            tool: 'grep',
            state: build.pendingState({}, '{"pattern":"needle'),
          }),
          build.filePart(ids('prt_3'), {
            mime: 'image/png',
            url: 'https://example.com/x.png',
            filename: 'screenshot-final.png',
          }),
        ],
      },
    ]
    expect(searchMessages(messages, 'no rule')).toMatchObject([{ partID: 'prt_1', field: 'error' }])
    expect(searchMessages(messages, 'needle')).toMatchObject([{ partID: 'prt_2', field: 'input' }])
    expect(searchMessages(messages, 'final')).toMatchObject([{ partID: 'prt_3', field: 'file' }])
    expect(searchMessages(messages, 'bash')).toMatchObject([{ partID: 'prt_1', field: 'title' }])
  })

  it('reads again only the parts that changed, and follows them as they stream', () => {
    const finder = createFinder()
    const text = build.textPart(ids('prt_t'), 'one needle')
    const other = build.textPart(ids('prt_o'), 'a needle and a needle')
    const message = (part: typeof text): WithParts => ({
      info: build.assistantInfo({ id: 'msg_a', sessionID: 'ses_1', created: 1 }),
      parts: [part, other],
    })
    const first = finder.search([message(text)], 'needle')
    expect(first).toHaveLength(3)
    // A streamed token replaces the part: its matches are new, the untouched part's are the same objects.
    const grown = { ...text, text: `${text.text} and another needle` }
    const second = finder.search([message(grown)], 'needle')
    expect(second).toHaveLength(4)
    expect(second[2]).toBe(first[1])
    expect(second.slice(0, 2).map((match) => match.partID)).toEqual(['prt_t', 'prt_t'])
    // Another query, or other options, search again.
    expect(finder.search([message(grown)], 'NEEDLE', { caseSensitive: true })).toEqual([])
    expect(finder.search([message(grown)], 'needle')).toHaveLength(4)
  })

  it('skips what is not a part without throwing', () => {
    const broken = [
      {
        info: build.userInfo({ id: 'msg_u', sessionID: 's', created: 1 }),
        parts: [null, 'text', build.textPart(ids('prt_ok', 'msg_u'), 'fine')],
      },
    ] as unknown as WithParts[]
    expect(searchMessages(broken, 'fine')).toHaveLength(1)
  })
})

describe('a limit', () => {
  it('stops at the limit, in transcript order, and the parts it did not reach are read on the next search', () => {
    const finder = createFinder()
    const messages = structuredClone(opencodeCanonical)
    const all = finder.search(messages, 'e')
    expect(all.length).toBeGreaterThan(20)
    const first = finder.search(messages, 'e', { limit: 20 })
    expect(first).toEqual(all.slice(0, 20))
    // Typed on: the narrowed search still reads the parts the capped one never reached.
    expect(finder.search(messages, 'ee')).toEqual(searchMessages(messages, 'ee'))
    expect(finder.search(messages, 'the', { limit: 3 })).toEqual(searchMessages(messages, 'the').slice(0, 3))
  })
})
