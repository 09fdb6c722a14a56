import { describe, expect, it } from 'vitest'
import * as main from '../src/index'
import * as core from '../src/core/index'
import * as protocols from '../src/protocols/index'
import * as aisdk from '../src/protocols/aisdk/index'
import * as opencode from '../src/protocols/opencode/index'
import * as openai from '../src/protocols/openai/index'
import * as toolmessage2 from '../src/protocols/toolmessage2/index'
import * as delta from '../src/protocols/delta/index'
import * as chat from '../src/protocols/chat/index'
import * as msgfile from '../src/protocols/msgfile/index'
import * as store from '../src/store/index'
import * as react from '../src/react/index'
import * as math from '../src/math/index'
import * as mermaid from '../src/diagrams/index'
import * as exporting from '../src/export/index'
import * as labels from '../src/labels/index'
import * as html from '../src/export/html'
import * as validate from '../src/core/validator'

/** The public API, pinned: adding or removing an export must change this list on purpose. */
export const publicApi = {
  core: [
    'InvalidDataError',
    'InvalidStateTransition',
    'KNOWN_PART_TYPES',
    'TOOL_STATUSES',
    'TOOL_TRANSITIONS',
    'addTotals',
    'assertTransition',
    'build',
    'canTransition',
    'createIdGenerator',
    'defaultIdGenerator',
    'formatPath',
    'isAgentPart',
    'isAssistantInfo',
    'isCompactionPart',
    'isDataPart',
    'isFilePart',
    'isFinalToolStatus',
    'isKnownPartType',
    'isPatchPart',
    'isReasoningPart',
    'isRetryPart',
    'isSnapshotPart',
    'isSourcePart',
    'isStepFinishPart',
    'isStepStartPart',
    'isSubtaskPart',
    'isTextPart',
    'isToolPart',
    'isUnsupportedPart',
    'isUserInfo',
    'messageTotals',
    'stepTotals',
    'timeoutToolState',
    'toCompleted',
    'toError',
    'toRunning',
    'tokenTotal',
    'transcriptTotals',
    'zeroTotals',
  ],
  protocols: ['builtInAdapters'],
  aisdk: ['aiSdkAdapter', 'aiSdkSessionID', 'createAiSdkStream', 'fromUIMessages'],
  opencode: ['createOpencodeStream', 'fromOpencodeEvent', 'fromOpencodeExport', 'opencodeAdapter'],
  openai: ['fromOpenAIMessages', 'openAIAdapter'],
  toolmessage2: ['createToolMessage2Stream', 'fromToolMessage2', 'toolMessage2Adapter', 'toolMessage2SessionID'],
  delta: [
    'assembleDeltas',
    'createDeltaStream',
    'deltaAdapter',
    'fromDeltaMessages',
    'fromDeltaStream',
    'toDeltaMessages',
  ],
  chat: [
    'TYPED_KEY',
    'chatAdapter',
    'fromChatMessages',
    'isRequestMessage',
    'isResponseMessage',
    'toChatMessage',
    'toTypedMessage',
  ],
  msgfile: ['fromMsgFile', 'msgFileAdapter', 'parseAttrs', 'toMsgFile'],
  store: [
    'applyOps',
    'createChatStore',
    'createFinder',
    'emptyTranscript',
    'frameScheduler',
    'messageTotalsSelector',
    'sameTotals',
    'searchMessages',
    'selectMessage',
    'selectMessageTotals',
    'selectTotals',
    'selectTranscript',
    'toMessages',
  ],
  react: [
    'ChatStoreProvider',
    'useChatStore',
    'useChatStoreApi',
    'useDiagnostics',
    'useFind',
    'useMessage',
    'useMessageIds',
    'useMessageTotals',
    'usePart',
    'usePartIds',
    'useParts',
    'useSourceParts',
    'useStatus',
    'useTotals',
  ],
  mainOnly: [
    'AgentPart',
    'ApprovalCard',
    'ChatpartsProvider',
    'CodeBlock',
    'CompactionPart',
    'DataPart',
    'Diagram',
    'DiffToolView',
    'FilePart',
    'FindBar',
    'FindRegion',
    'Formula',
    'GenericToolView',
    'Icon',
    'LabelsProvider',
    'Markdown',
    'Message',
    'MessageView',
    'PartErrorBoundary',
    'PartView',
    'PatchPart',
    'ReadToolView',
    'ReasoningPart',
    'RetryPart',
    'ShellToolView',
    'SnapshotPart',
    'SourceList',
    'SourcePart',
    'StepFinishPart',
    'StepStartPart',
    'StorePart',
    'SubtaskPart',
    'TaskToolView',
    'TextPart',
    'TodoToolView',
    'ToolGroup',
    'ToolPart',
    'ToolStatusBadge',
    'Transcript',
    'TranscriptOutline',
    'UnsupportedPart',
    'Usage',
    'builtInPartComponents',
    'createShikiHighlighter',
    'createUrlPolicy',
    'defaultHighlighter',
    'defaultUrlPolicy',
    'hasUsage',
    'messageText',
    'pickToolView',
    'preloadMarkdown',
    'toolViewsByDisplay',
    'useLabels',
    'useRenderConfig',
  ],
  export: ['toMarkdown'],
  html: ['toHTML'],
  validate: [
    'isValidMessage',
    'isValidPart',
    'isValidTranscript',
    'validateMessage',
    'validatePart',
    'validateToolState',
    'validateTranscript',
  ],
  labels: [
    'en',
    'fillCount',
    'fillLabel',
    'formatBytes',
    'formatCost',
    'formatDuration',
    'formatTokens',
    'locales',
    'mergeLabels',
    'zhCN',
  ],
  math: ['createKatexRenderer', 'defaultMathRenderer'],
  mermaid: ['createMermaidRenderer', 'defaultDiagramRenderer'],
}

describe('public API', () => {
  it('chatparts/core exports exactly the pinned list', () => {
    expect(Object.keys(core).sort()).toEqual(publicApi.core)
  })

  it('chatparts/protocols exports exactly the pinned list', () => {
    expect(Object.keys(protocols).sort()).toEqual(publicApi.protocols)
  })

  it('each protocol entry exports its converters and its adapter, and no two share a name', () => {
    const entries = { aisdk, opencode, openai, toolmessage2, delta, chat, msgfile }
    const seen = new Map<string, string>()
    for (const [entry, module] of Object.entries(entries)) {
      expect(Object.keys(module).sort(), entry).toEqual(publicApi[entry as keyof typeof entries])
      for (const name of Object.keys(module)) {
        expect(seen.get(name), `${name} in ${entry}`).toBeUndefined()
        seen.set(name, entry)
      }
    }
    // Each adapter is the one builtInAdapters knows by its own name.
    for (const module of Object.values(entries)) {
      const adapter = Object.entries(module).find(([name]) => name.endsWith('Adapter'))?.[1] as { name: string }
      expect(protocols.builtInAdapters[adapter.name]).toBe(adapter)
    }
  })

  it('chatparts/export exports exactly the pinned list', () => {
    expect(Object.keys(exporting).sort()).toEqual(publicApi.export)
  })

  it('chatparts/store exports exactly the pinned list', () => {
    expect(Object.keys(store).sort()).toEqual(publicApi.store)
  })

  it('chatparts/react exports exactly the pinned list', () => {
    expect(Object.keys(react).sort()).toEqual(publicApi.react)
  })

  it('exports each runtime name from exactly one entry', () => {
    const entries = {
      main,
      core,
      protocols,
      aisdk,
      opencode,
      openai,
      toolmessage2,
      delta,
      chat,
      msgfile,
      store,
      react,
      exporting,
      html,
      labels,
      validate,
      math,
      mermaid,
    }
    const homes = new Map<string, string[]>()
    for (const [entry, module] of Object.entries(entries))
      for (const name of Object.keys(module)) homes.set(name, [...(homes.get(name) ?? []), entry])
    expect([...homes].filter(([, found]) => found.length > 1)).toEqual([])
  })

  it('chatparts/html exports toHTML', () => {
    expect(Object.keys(html).sort()).toEqual(publicApi.html)
  })

  it('chatparts/validate exports the validators', () => {
    expect(Object.keys(validate).sort()).toEqual(publicApi.validate)
  })

  it('chatparts/labels exports the labels and their formatters, with no React', () => {
    expect(Object.keys(labels).sort()).toEqual(publicApi.labels)
  })

  it('chatparts exports the components, at most 60 names, and repeats no other entry', () => {
    expect(Object.keys(main).sort()).toEqual(publicApi.mainOnly)
    expect(Object.keys(main).length).toBeLessThanOrEqual(60)
    const elsewhere = [core, protocols, store, react, labels, validate, exporting, math, mermaid].flatMap((module) =>
      Object.keys(module),
    )
    for (const name of Object.keys(main)) expect(elsewhere, name).not.toContain(name)
  })

  it('chatparts/math and chatparts/mermaid export their renderers, and nothing else does', () => {
    expect(Object.keys(math).sort()).toEqual(publicApi.math)
    expect(Object.keys(mermaid).sort()).toEqual(publicApi.mermaid)
    for (const name of [...publicApi.math, ...publicApi.mermaid]) expect(Object.keys(main), name).not.toContain(name)
  })

  it('chatparts exports the part components, not the data types of the same names', () => {
    for (const name of ['StepFinishPart', 'TextPart', 'ReasoningPart', 'ToolPart', 'FilePart', 'PatchPart'] as const)
      expect(typeof main[name], name).toBe('function')
  })
})

describe('the entries', () => {
  it('each resolve to their source in the repository’s own typecheck, built or not', async () => {
    const { readFileSync } = await import('node:fs')
    const ts = await import('typescript')
    const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as { exports: Record<string, unknown> }
    const config = ts.parseConfigFileTextToJson('tsconfig.json', readFileSync('tsconfig.json', 'utf8')).config as {
      compilerOptions: { paths: Record<string, string[]> }
    }
    const entries = Object.keys(pkg.exports)
      .filter((key) => !key.endsWith('.css') && !key.endsWith('.json'))
      .map((key) => `chatparts${key.slice(1)}`)
    expect(Object.keys(config.compilerOptions.paths).sort()).toEqual(entries.sort())
  })
})
