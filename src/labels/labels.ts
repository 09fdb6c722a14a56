import { textOf } from '../core/text.js'

/**
 * A label that says a count: one text, or one per plural category of the labels' language
 * (`{ one: '{count} line', other: '{count} lines' }`, chosen with `Intl.PluralRules`).
 */
export type CountLabel = string | ({ other: string } & Partial<Record<Intl.LDMLPluralRule, string>>)

/**
 * Every piece of text the components show, so a host app can translate or reword any of it.
 * `{name}` in a label is replaced by a value (see {@link fillLabel}, {@link fillCount}).
 */
export interface Labels {
  /** The language of these labels (BCP 47), set as `lang` on the kit's own text so a screen reader speaks it in that voice. */
  lang: string
  stepFinished: string
  stepStarted: string
  cost: string
  tokensInput: string
  tokensOutput: string
  tokensReasoning: string
  cacheRead: string
  cacheWrite: string
  tokensTotal: string
  /** Label for the reason a step ended, by reason; unknown reasons show as they are. */
  finishReasons: Record<string, string>
  /** Tool states, as badge text. */
  toolStatus: Record<'pending' | 'running' | 'completed' | 'error', string>
  /** Message roles. */
  roles: Record<'user' | 'assistant' | 'system', string>
  thinking: string
  /** `{seconds}`: how long the model thought. */
  thoughtFor: string
  reasoning: string
  input: string
  output: string
  /** A tool that completed without returning any text. */
  noOutput: string
  error: string
  showMore: string
  showLess: string
  /** `{count}`: how many lines are hidden. */
  linesHidden: CountLabel
  truncated: string
  copy: string
  copied: string
  copyCode: string
  /** `{code}`: the exit status of a command. */
  exitCode: string
  /** `{added}`, `{removed}`: line counts of a diff. */
  diffCounts: string
  newFile: string
  todos: string
  todoStatus: Record<'pending' | 'in_progress' | 'completed' | 'cancelled', string>
  /** `{count}`: how many lines were read. */
  readLines: CountLabel
  attachments: string
  synthetic: string
  /** The flag on a system or developer prompt. */
  systemPrompt: string
  ignored: string
  /** `{host}`: where a remote image would be loaded from. */
  loadImage: string
  blockedUrl: string
  /** Above text whose markup nests or repeats too deeply to be laid out, shown as written instead. */
  unformatted: string
  fileUnavailable: string
  openImage: string
  download: string
  source: string
  /** The list of sources under a reply. */
  sources: string
  /** A cited document without a title. */
  document: string
  /** `{name}`: an app's data part shown by the neutral view. */
  dataPart: string
  /** The question of an approval card. */
  approvalAsk: string
  /** Approval choices, as button text. */
  approvalChoices: Record<'once' | 'always' | 'reject', string>
  /** Where an approval stands, as badge text. */
  approvalStatus: Record<'requested' | 'approved' | 'denied', string>
  /** `{choice}`: what the user chose, shown once answered. */
  approvalChosen: string
  /** An approval answered by a rule, not by the user. */
  approvalAutomatic: string
  /** `{count}`: files changed. */
  patch: CountLabel
  snapshot: string
  agent: string
  /** `{attempt}`: retry number. */
  retry: string
  compaction: string
  compactionAuto: string
  subtask: string
  /** `{type}`: the part type the kit does not know. */
  unsupportedPart: string
  /** Shown when a part failed to render. */
  partFailed: string
  /** Shown in place of a message that could not be rendered. */
  messageFailed: string
  messageError: string
  /** After an error whose cause the server did not send (the AI SDK's default "An error occurred."). */
  messageErrorMasked: string
  /** On a file that is part of the model's reasoning. */
  fileReasoning: string
  jumpToLatest: string
  responding: string
  responseDone: string
  transcript: string
  totals: string
  /** `{count}`: tokens used, in the quiet usage line. */
  tokensCount: CountLabel
  /** The table of cost and tokens per step. */
  usageDetails: string
  /** `{n}`: a step's number in the usage table. */
  stepNumber: string
  /** A message's place in its transcript, ending its accessible name: `{n}` is 1-based. */
  messageNumber: string
  /** The sum row of the usage table. */
  total: string
  /** `{reason}`: a reply that ended other than normally (length limit, content filter). */
  stoppedBy: string
  /** A reasoning shorter than a second. */
  thoughtBriefly: string
  /** A tool that never finished because the reply failed or was stopped. */
  interrupted: string
  /** `{count}`: consecutive tool calls folded into one group. */
  toolGroup: CountLabel
  /** The button that copies a whole message. */
  copyMessage: string
  copyMarkdown: string
  copyLink: string
  /** The group of a message's action buttons. */
  messageActions: string
  /** `{language}`: the name of a scrollable code block. */
  codeRegion: string
  /** A code block whose language is not known. */
  plainText: string
  /** `{error}`: why a finished formula could not be typeset (its title). */
  mathError: string
  /** The name of a display formula that scrolls. */
  formula: string
  /** The name of a table that scrolls sideways. */
  table: string
  /** The name of a drawn diagram. */
  diagram: string
  /** The toggle that shows a drawn diagram's source. */
  diagramSource: string
  /** `{error}`: why a diagram could not be drawn. */
  diagramError: string
  /** The find box: its name, its field, and its buttons. */
  find: string
  findField: string
  findPrevious: string
  findNext: string
  findClose: string
  findCase: string
  findWholeWord: string
  /** `{current}` of `{count}` matches, shown and announced. */
  findCount: CountLabel
  findNone: string
  /** The outline of a session: its name, a turn with no prompt, and what a turn's line counts. */
  outline: string
  outlineStart: string
  outlineTools: CountLabel
  outlineErrors: CountLabel
  /** A call waiting for the user's approval, `{tool}` its name. */
  outlineApproval: string
  /** Units of a duration, each with `{n}` for the number; `join` goes between two units (`2 min 5 s`). */
  durationUnits: { ms: string; s: string; min: string; h: string; join: string }
}

/** English labels (the default). */
export const en: Labels = {
  lang: 'en',
  stepFinished: 'Step finished',
  stepStarted: 'Step',
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
  toolStatus: { pending: 'Pending', running: 'Running', completed: 'Done', error: 'Failed' },
  roles: { user: 'You', assistant: 'Assistant', system: 'System' },
  thinking: 'Thinking…',
  thoughtFor: 'Thought for {seconds}',
  reasoning: 'Reasoning',
  input: 'Input',
  output: 'Output',
  noOutput: 'No output',
  error: 'Error',
  showMore: 'Show all',
  showLess: 'Show less',
  linesHidden: { one: '{count} more line', other: '{count} more lines' },
  truncated: 'Output truncated by the tool',
  copy: 'Copy',
  copied: 'Copied',
  copyCode: 'Copy code',
  exitCode: 'exit {code}',
  diffCounts: '+{added} −{removed}',
  newFile: 'new file',
  todos: 'Todos',
  todoStatus: { pending: 'to do', in_progress: 'in progress', completed: 'done', cancelled: 'cancelled' },
  readLines: { one: '{count} line', other: '{count} lines' },
  attachments: 'Attachments',
  synthetic: 'Added by the agent',
  systemPrompt: 'System prompt',
  ignored: 'Ignored',
  loadImage: 'Load image from {host}',
  blockedUrl: 'Link blocked',
  unformatted: 'Shown as written: its markup nests or repeats too deeply to lay out',
  fileUnavailable: 'Could not load',
  openImage: 'Open image',
  download: 'Download',
  source: 'Source',
  sources: 'Sources',
  document: 'Document',
  dataPart: 'Data: {name}',
  approvalAsk: 'Allow this tool call?',
  approvalChoices: { once: 'Allow once', always: 'Always allow', reject: 'Reject' },
  approvalStatus: { requested: 'Waiting for approval', approved: 'Approved', denied: 'Denied' },
  approvalChosen: 'Chosen: {choice}',
  approvalAutomatic: 'by a rule',
  patch: { one: 'Changed {count} file', other: 'Changed {count} files' },
  snapshot: 'Snapshot',
  agent: 'Agent',
  retry: 'Retry {attempt}',
  compaction: 'Conversation compacted',
  compactionAuto: 'automatically',
  subtask: 'Subtask',
  unsupportedPart: 'Unsupported part: {type}',
  partFailed: 'This part could not be shown',
  messageFailed: 'This message could not be shown',
  messageError: 'The response failed',
  messageErrorMasked: 'The server did not send the cause.',
  fileReasoning: 'Reasoning',
  jumpToLatest: 'Jump to latest',
  responding: 'Assistant is responding',
  responseDone: 'Response complete',
  transcript: 'Conversation',
  totals: 'Session total',
  tokensCount: { one: '{count} token', other: '{count} tokens' },
  usageDetails: 'Usage details',
  stepNumber: 'Step {n}',
  messageNumber: 'message {n}',
  total: 'Total',
  stoppedBy: 'stopped: {reason}',
  thoughtBriefly: 'Thought briefly',
  interrupted: 'Interrupted',
  toolGroup: { one: '{count} tool call', other: '{count} tool calls' },
  copyMessage: 'Copy message',
  copyMarkdown: 'Copy as Markdown',
  copyLink: 'Copy link to this message',
  messageActions: 'Message actions',
  codeRegion: '{language} code',
  plainText: 'Plain text',
  mathError: 'This formula could not be typeset: {error}',
  formula: 'Formula',
  table: 'Table',
  diagram: 'Diagram',
  diagramSource: 'Diagram source',
  diagramError: 'This diagram could not be drawn: {error}',
  durationUnits: { ms: '{n} ms', s: '{n} s', min: '{n} min', h: '{n} h', join: ' ' },
  find: 'Find in the conversation',
  findField: 'Find',
  findPrevious: 'Previous match',
  findNext: 'Next match',
  findClose: 'Close find',
  findCase: 'Match case',
  findWholeWord: 'Match whole word',
  findCount: { one: '{current} of {count} match', other: '{current} of {count} matches' },
  findNone: 'No matches',
  outline: 'Outline',
  outlineStart: 'Start of the session',
  outlineTools: { one: '{count} tool', other: '{count} tools' },
  outlineErrors: { one: '{count} error', other: '{count} errors' },
  outlineApproval: '{tool} waits for approval',
}

/** Simplified Chinese labels. */
export const zhCN: Labels = {
  lang: 'zh-CN',
  stepFinished: '步骤完成',
  stepStarted: '步骤',
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
  toolStatus: { pending: '等待中', running: '运行中', completed: '完成', error: '失败' },
  roles: { user: '你', assistant: '助手', system: '系统' },
  thinking: '思考中…',
  thoughtFor: '思考了 {seconds}',
  reasoning: '推理',
  input: '输入',
  output: '输出',
  noOutput: '无输出',
  error: '错误',
  showMore: '显示全部',
  showLess: '收起',
  linesHidden: '还有 {count} 行',
  truncated: '输出已被工具截断',
  copy: '复制',
  copied: '已复制',
  copyCode: '复制代码',
  exitCode: '退出码 {code}',
  diffCounts: '+{added} −{removed}',
  newFile: '新文件',
  todos: '待办事项',
  todoStatus: { pending: '待办', in_progress: '进行中', completed: '已完成', cancelled: '已取消' },
  readLines: '{count} 行',
  attachments: '附件',
  synthetic: '由智能体添加',
  systemPrompt: '系统提示词',
  ignored: '已忽略',
  loadImage: '从 {host} 加载图片',
  blockedUrl: '链接已拦截',
  unformatted: '按原文显示：标记嵌套或重复过深，无法排版',
  fileUnavailable: '无法加载',
  openImage: '打开图片',
  download: '下载',
  source: '来源',
  sources: '来源',
  document: '文档',
  dataPart: '数据：{name}',
  approvalAsk: '允许这次工具调用吗？',
  approvalChoices: { once: '允许一次', always: '始终允许', reject: '拒绝' },
  approvalStatus: { requested: '等待批准', approved: '已批准', denied: '已拒绝' },
  approvalChosen: '已选择：{choice}',
  approvalAutomatic: '由规则决定',
  patch: '已更改 {count} 个文件',
  snapshot: '快照',
  agent: '智能体',
  retry: '第 {attempt} 次重试',
  compaction: '对话已压缩',
  compactionAuto: '自动',
  subtask: '子任务',
  unsupportedPart: '不支持的部分：{type}',
  partFailed: '此部分无法显示',
  messageFailed: '此消息无法显示',
  messageError: '回复失败',
  messageErrorMasked: '服务器未发送失败原因。',
  fileReasoning: '推理',
  jumpToLatest: '跳到最新',
  responding: '助手正在回复',
  responseDone: '回复完成',
  transcript: '对话',
  totals: '会话合计',
  tokensCount: '{count} 令牌',
  usageDetails: '用量明细',
  stepNumber: '第 {n} 步',
  messageNumber: '第 {n} 条消息',
  total: '合计',
  stoppedBy: '已停止：{reason}',
  thoughtBriefly: '简短思考',
  interrupted: '已中断',
  toolGroup: '{count} 次工具调用',
  copyMessage: '复制消息',
  copyMarkdown: '复制为 Markdown',
  copyLink: '复制此消息的链接',
  messageActions: '消息操作',
  codeRegion: '{language} 代码',
  plainText: '纯文本',
  mathError: '此公式无法排版：{error}',
  formula: '公式',
  table: '表格',
  diagram: '图表',
  diagramSource: '图表源码',
  diagramError: '此图表无法绘制：{error}',
  durationUnits: { ms: '{n} 毫秒', s: '{n} 秒', min: '{n} 分钟', h: '{n} 小时', join: ' ' },
  find: '在对话中查找',
  findField: '查找',
  findPrevious: '上一个匹配',
  findNext: '下一个匹配',
  findClose: '关闭查找',
  findCase: '区分大小写',
  findWholeWord: '全词匹配',
  findCount: '第 {current} 个，共 {count} 个匹配',
  findNone: '无匹配',
  outline: '大纲',
  outlineStart: '会话开始',
  outlineTools: '{count} 个工具',
  outlineErrors: '{count} 个错误',
  outlineApproval: '{tool} 等待批准',
}

/** Replaces each `{name}` in `label` with `values[name]`. */
export function fillLabel(label: string, values: Record<string, string | number>): string {
  return label.replace(/\{(\w+)\}/g, (whole, name: string) =>
    Object.hasOwn(values, name) ? textOf(values[name]) : whole,
  )
}

/**
 * A count label filled in: the form of `count`'s plural category in `lang` (else `other`), with
 * `{count}` and any other `{name}` replaced. `display` is the count as shown (`12.3k`), when not the number itself.
 */
export function fillCount(
  label: CountLabel,
  count: number,
  lang: string,
  values: Record<string, string | number> = {},
  display?: string,
): string {
  let text: string
  if (typeof label === 'string') text = label
  else {
    let category: Intl.LDMLPluralRule = 'other'
    try {
      category = new Intl.PluralRules(lang).select(count)
    } catch {
      // A language tag the runtime does not know: its `other` form.
    }
    text = label[category] ?? label.other
  }
  return fillLabel(text, { ...values, count: display ?? count })
}

/** Label sets shipped with the kit, by locale. */
export const locales = { en, 'zh-CN': zhCN } as const

/** A locale shipped with the kit. */
export type Locale = keyof typeof locales

/** Merges overrides over a base label set; nested maps merge key by key. */
export function mergeLabels(base: Labels, overrides?: Partial<Labels>): Labels {
  if (!overrides) return base
  return {
    ...base,
    ...overrides,
    finishReasons: { ...base.finishReasons, ...overrides.finishReasons },
    toolStatus: { ...base.toolStatus, ...overrides.toolStatus },
    roles: { ...base.roles, ...overrides.roles },
    todoStatus: { ...base.todoStatus, ...overrides.todoStatus },
    durationUnits: { ...base.durationUnits, ...overrides.durationUnits },
  }
}
