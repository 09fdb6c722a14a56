import { describe, expect, it } from 'vitest'
import * as main from '../src/index'
import * as core from '../src/core/index'
import * as protocols from '../src/protocols/index'
import * as store from '../src/store/index'

/** The public API, pinned: adding or removing an export must change this list on purpose. */
export const publicApi = {
  core: [
    'IdMap',
    'InvalidStateTransition',
    'KNOWN_PART_TYPES',
    'PartValidationError',
    'TOOL_STATUSES',
    'TOOL_TRANSITIONS',
    'addTotals',
    'applyOp',
    'applyOps',
    'assertTransition',
    'canTransition',
    'createAssistantInfo',
    'createCompleted',
    'createError',
    'createFilePart',
    'createIdGenerator',
    'createPending',
    'createReasoningPart',
    'createRunning',
    'createStepFinishPart',
    'createStepStartPart',
    'createTextPart',
    'createToolPart',
    'createUserInfo',
    'createWithParts',
    'defaultIdGenerator',
    'emptyTokens',
    'emptyTranscript',
    'formatCost',
    'formatDuration',
    'formatPath',
    'formatTokens',
    'isAgentPart',
    'isAssistantInfo',
    'isCompactionPart',
    'isFilePart',
    'isFinalToolStatus',
    'isKnownPartType',
    'isPatchPart',
    'isReasoningPart',
    'isRetryPart',
    'isSnapshotPart',
    'isStepFinishPart',
    'isStepStartPart',
    'isSubtaskPart',
    'isTextPart',
    'isToolPart',
    'isUnsupportedPart',
    'isUserInfo',
    'isValidMessage',
    'isValidPart',
    'isValidTranscript',
    'messageTotals',
    'pendingToRunning',
    'runningToCompleted',
    'runningToError',
    'timeoutToolState',
    'toCompleted',
    'toError',
    'toMessages',
    'toRunning',
    'tokenTotal',
    'transcriptFromMessages',
    'transcriptTotals',
    'validateMessage',
    'validatePart',
    'validateToolState',
    'validateTranscript',
    'zeroTotals',
  ],
  protocols: [
    'ConversionError',
    'TYPED_KEY',
    'assembleDelta',
    'assembleDeltas',
    'assemblyOps',
    'createDeltaAssembly',
    'deriveId',
    'fromChatMessages',
    'fromDeltaMessages',
    'fromMsgFile',
    'fromOpencodeEvent',
    'fromOpencodeExport',
    'fromToolMessage2',
    'isRequestMessage',
    'isResponseMessage',
    'parseAttrs',
    'toChatMessage',
    'toDeltaMessages',
    'toMsgFile',
    'toTypedMessage',
    'toolMessage2SessionID',
    'toolMessage2ToOps',
  ],
  store: [
    'ChatStoreProvider',
    'createChatStore',
    'frameScheduler',
    'sameTotals',
    'selectMessage',
    'selectMessageTotals',
    'selectTotals',
    'selectTranscript',
    'useChatStore',
    'useChatStoreApi',
    'useDiagnostics',
    'useMessage',
    'useMessageIds',
    'useMessageTotals',
    'usePart',
    'usePartIds',
    'useParts',
    'useStatus',
    'useTotals',
  ],
  mainOnly: ['LabelsProvider', 'StepFinishPart', 'en', 'locales', 'mergeLabels', 'useLabels', 'zhCN'],
}

describe('public API', () => {
  it('chatparts/core exports exactly the pinned list', () => {
    expect(Object.keys(core).sort()).toEqual(publicApi.core)
  })

  it('chatparts/protocols exports exactly the pinned list', () => {
    expect(Object.keys(protocols).sort()).toEqual(publicApi.protocols)
  })

  it('chatparts/store exports exactly the pinned list', () => {
    expect(Object.keys(store).sort()).toEqual(publicApi.store)
  })

  it('chatparts exports the core, the protocols, the store and the components, and nothing else', () => {
    expect(Object.keys(main).sort()).toEqual([...publicApi.core, ...publicApi.protocols, ...publicApi.store, ...publicApi.mainOnly].sort())
  })

  it('chatparts exports the StepFinishPart component, not the type of the same name', () => {
    expect(typeof main.StepFinishPart).toBe('function')
  })
})
