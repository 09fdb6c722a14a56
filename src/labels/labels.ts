/** Every piece of text the components show, so a host app can translate or reword any of it. */
export interface Labels {
  stepFinished: string
  cost: string
  tokensInput: string
  tokensOutput: string
  tokensReasoning: string
  cacheRead: string
  cacheWrite: string
  tokensTotal: string
  /** Label for the reason a step ended, by reason; unknown reasons show as they are. */
  finishReasons: Record<string, string>
}

/** English labels (the default). */
export const en: Labels = {
  stepFinished: 'Step finished',
  cost: 'Cost',
  tokensInput: 'Input',
  tokensOutput: 'Output',
  tokensReasoning: 'Reasoning',
  cacheRead: 'Cache read',
  cacheWrite: 'Cache write',
  tokensTotal: 'Total tokens',
  finishReasons: {
    stop: 'stop',
    'tool-calls': 'tool calls',
    length: 'length limit',
    'content-filter': 'content filter',
    error: 'error',
    unknown: 'unknown',
  },
}

/** Simplified Chinese labels. */
export const zhCN: Labels = {
  stepFinished: '步骤完成',
  cost: '费用',
  tokensInput: '输入',
  tokensOutput: '输出',
  tokensReasoning: '推理',
  cacheRead: '缓存读取',
  cacheWrite: '缓存写入',
  tokensTotal: '总令牌数',
  finishReasons: {
    stop: '结束',
    'tool-calls': '工具调用',
    length: '长度上限',
    'content-filter': '内容过滤',
    error: '错误',
    unknown: '未知',
  },
}

/** Label sets shipped with the kit, by locale. */
export const locales = { en, 'zh-CN': zhCN } as const

/** A locale shipped with the kit. */
export type Locale = keyof typeof locales

/** Merges overrides over a base label set; nested maps merge key by key. */
export function mergeLabels(base: Labels, overrides?: Partial<Labels>): Labels {
  if (!overrides) return base
  return { ...base, ...overrides, finishReasons: { ...base.finishReasons, ...overrides.finishReasons } }
}
