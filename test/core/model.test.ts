import { describe, expect, expectTypeOf, it } from 'vitest'
import {
  KNOWN_PART_TYPES,
  isAgentPart,
  isAssistantInfo,
  isCompactionPart,
  isFilePart,
  isSourcePart,
  isDataPart,
  isKnownPartType,
  isPatchPart,
  isReasoningPart,
  isRetryPart,
  isSnapshotPart,
  isStepFinishPart,
  isStepStartPart,
  isSubtaskPart,
  isTextPart,
  isToolPart,
  isUnsupportedPart,
  isUserInfo,
} from '../../src/core/model/guards'
import type { Part, PartType, TextPart, ToolPart, ToolState, ToolStatus, WithParts } from '../../src/core/model/types'
import { isValidTranscript, validateTranscript } from '../../src/core/validator'
import messagesJson from '../fixtures/opencode-t8v6Igr8/messages.json'
import { opencodeSession } from '../fixtures/opencode'
import { samplePartOfEveryType } from './samples'

describe('the canonical model against the real opencode export', () => {
  it('validates the whole session with zero issues', () => {
    expect(validateTranscript(messagesJson)).toEqual([])
    expect(isValidTranscript(messagesJson)).toBe(true)
  })

  it('types the session as WithParts[] once validated, keeping every message and part', () => {
    const raw: unknown = messagesJson
    if (!isValidTranscript(raw)) throw new Error('fixture does not validate')
    expectTypeOf(raw).toEqualTypeOf<WithParts[]>()
    expect(raw).toHaveLength(3)
    expect(raw.map((message) => message.parts.length)).toEqual([1, 5, 4])
    expect(raw.flatMap((message) => message.parts.map((part) => part.type))).toEqual([
      'text',
      'step-start',
      'reasoning',
      'tool',
      'step-finish',
      'patch',
      'step-start',
      'reasoning',
      'text',
      'step-finish',
    ])
  })

  it('keeps fields the model does not name (mode, snapshot, summary.diffs)', () => {
    const [user, assistant] = opencodeSession.messages
    expect(assistant?.info).toMatchObject({ mode: 'build', finish: 'tool-calls' })
    expect(user?.info.role === 'user' && user.info.summary?.diffs[0]?.status).toBe('added')
  })
})

describe('part types and guards', () => {
  it("names opencode's twelve part types and the kit's source and data", () => {
    expect([...KNOWN_PART_TYPES].sort()).toEqual([
      'agent',
      'compaction',
      'data',
      'file',
      'patch',
      'reasoning',
      'retry',
      'snapshot',
      'source',
      'step-finish',
      'step-start',
      'subtask',
      'text',
      'tool',
    ])
    expect(isKnownPartType('tool')).toBe(true)
    expect(isKnownPartType('unsupported')).toBe(false)
    expect(isKnownPartType('Text')).toBe(false)
    expect(isKnownPartType(undefined)).toBe(false)
  })

  it('has one guard per part type that accepts its own type only', () => {
    const guards: Record<PartType, (part: Part) => boolean> = {
      text: isTextPart,
      reasoning: isReasoningPart,
      tool: isToolPart,
      'step-start': isStepStartPart,
      'step-finish': isStepFinishPart,
      file: isFilePart,
      source: isSourcePart,
      data: isDataPart,
      snapshot: isSnapshotPart,
      patch: isPatchPart,
      agent: isAgentPart,
      retry: isRetryPart,
      compaction: isCompactionPart,
      subtask: isSubtaskPart,
      unsupported: isUnsupportedPart,
    }
    const parts = samplePartOfEveryType()
    for (const [type, guard] of Object.entries(guards)) {
      const accepted = parts.filter(guard).map((part) => part.type)
      expect(accepted, type).toEqual([type])
    }
  })

  it('narrows parts and infos by their discriminants', () => {
    const part = samplePartOfEveryType()[0] as Part
    if (isToolPart(part)) expectTypeOf(part).toEqualTypeOf<ToolPart>()
    if (isTextPart(part)) expectTypeOf(part.text).toBeString()
    expectTypeOf<ToolState['status']>().toEqualTypeOf<ToolStatus>()
    expectTypeOf<Extract<Part, { type: 'text' }>>().toEqualTypeOf<TextPart>()
    const [user, assistant] = opencodeSession.messages
    expect(user && isUserInfo(user.info)).toBe(true)
    expect(assistant && isAssistantInfo(assistant.info)).toBe(true)
    expect(user && isAssistantInfo(user.info)).toBe(false)
  })
})
