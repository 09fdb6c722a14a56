/**
 * `chatparts/validate`: the model's rules (BR-01…BR-14) checked on any value, as a list of issues.
 * Every converter's output passes them; an app checks data it built or received by other means.
 */
import { APPROVAL_CHOICES, APPROVAL_STATUSES, isApprovalChoice } from './approval.js'
import { type IssueCode, InvalidDataError, type Diagnostic } from './errors.js'
import type { Part, PartType, ToolDisplayKind, WithParts } from './model/types.js'
import { isRecord } from './record.js'
import { TOOL_STATUSES } from './toolState.js'

/** Options of the validators. */
export interface ValidateOptions {
  /** Throw a {@link InvalidDataError} when any issue of severity `error` is found (default: false). */
  strict?: boolean
  /** Path prefix for the issues, e.g. `[3, 'parts', 0]` (default: `[]`). */
  path?: (string | number)[]
}

type Path = (string | number)[]
type Rec = Record<string, unknown>

const isFiniteNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value)

/** Collects issues while walking one value; every check names its rule code. */
class Checker {
  readonly issues: Diagnostic[] = []

  add(code: IssueCode, message: string, path: Path, severity: Diagnostic['severity'] = 'error'): void {
    this.issues.push({ code, message, path, severity })
  }

  /** A required or optional string; `nonEmpty` also rejects ''. Returns the value when it is a string. */
  string(obj: Rec, key: string, path: Path, code: IssueCode, opts: { optional?: boolean; nonEmpty?: boolean } = {}) {
    const value = obj[key]
    if (value === undefined && opts.optional) return undefined
    if (typeof value !== 'string') {
      this.add(code, `${key} must be a ${opts.nonEmpty ? 'non-empty ' : ''}string (got ${describe(value)})`, [
        ...path,
        key,
      ])
      return undefined
    }
    if (opts.nonEmpty && value.length === 0) this.add(code, `${key} must not be empty`, [...path, key])
    return value
  }

  number(obj: Rec, key: string, path: Path, code: IssueCode, opts: { optional?: boolean; nonNegative?: boolean } = {}) {
    const value = obj[key]
    if (value === undefined && opts.optional) return undefined
    if (!isFiniteNumber(value)) {
      this.add(code, `${key} must be a finite number (got ${describe(value)})`, [...path, key])
      return undefined
    }
    if (opts.nonNegative && value < 0) this.add(code, `${key} must not be negative (got ${value})`, [...path, key])
    return value
  }

  boolean(obj: Rec, key: string, path: Path, code: IssueCode, opts: { optional?: boolean } = {}) {
    const value = obj[key]
    if (value === undefined && opts.optional) return
    if (typeof value !== 'boolean') this.add(code, `${key} must be a boolean (got ${describe(value)})`, [...path, key])
  }

  record(obj: Rec, key: string, path: Path, code: IssueCode, opts: { optional?: boolean } = {}): Rec | undefined {
    const value = obj[key]
    if (value === undefined && opts.optional) return undefined
    if (!isRecord(value)) {
      this.add(code, `${key} must be an object (got ${describe(value)})`, [...path, key])
      return undefined
    }
    return value
  }

  array(obj: Rec, key: string, path: Path, code: IssueCode, opts: { optional?: boolean } = {}): unknown[] | undefined {
    const value = obj[key]
    if (value === undefined && opts.optional) return undefined
    if (!Array.isArray(value)) {
      this.add(code, `${key} must be an array (got ${describe(value)})`, [...path, key])
      return undefined
    }
    return value as unknown[]
  }

  /** Token counts (BR-13): input, output, reasoning, cache.read and cache.write, all finite and ≥ 0. */
  /** `costUnknown`, when present, is `true` and goes with a cost of 0 (BR-12). */
  costUnknown(obj: Rec, path: Path): void {
    const value = obj.costUnknown
    if (value === undefined) return
    if (value !== true)
      this.add('BR-12', `costUnknown must be true when present (got ${describe(value)})`, [...path, 'costUnknown'])
    else if (obj.cost !== 0)
      this.add('BR-12', `a cost marked unknown must be 0 (got ${describe(obj.cost)})`, [...path, 'cost'])
  }

  tokens(obj: Rec, path: Path): void {
    const tokens = this.record(obj, 'tokens', path, 'BR-13')
    if (!tokens) return
    const at = [...path, 'tokens']
    for (const key of ['input', 'output', 'reasoning'] as const)
      this.number(tokens, key, at, 'BR-13', { nonNegative: true })
    this.number(tokens, 'total', at, 'BR-13', { optional: true, nonNegative: true })
    const cache = this.record(tokens, 'cache', at, 'BR-13')
    if (!cache) return
    this.number(cache, 'read', [...at, 'cache'], 'BR-13', { nonNegative: true })
    this.number(cache, 'write', [...at, 'cache'], 'BR-13', { nonNegative: true })
  }

  /** `{ start, end? }` where a present end is not before the start. */
  span(obj: Rec, key: string, path: Path, opts: { optional?: boolean }): void {
    const time = this.record(obj, key, path, 'SHAPE', opts)
    if (!time) return
    const start = this.number(time, 'start', [...path, key], 'SHAPE')
    const end = this.number(time, 'end', [...path, key], 'SHAPE', { optional: true })
    if (start !== undefined && end !== undefined && end < start) {
      this.add('SHAPE', `time.end (${end}) is before time.start (${start})`, [...path, key, 'end'])
    }
  }

  messageError(obj: Rec, key: string, path: Path, opts: { optional?: boolean }): void {
    const error = this.record(obj, key, path, 'SHAPE', opts)
    if (!error) return
    this.string(error, 'name', [...path, key], 'SHAPE', { nonEmpty: true })
    this.record(error, 'data', [...path, key], 'SHAPE')
  }
}

function describe(value: unknown): string {
  if (value === null) return 'null'
  if (Array.isArray(value)) return 'an array'
  if (typeof value === 'string') return value.length > 40 ? `a string "${value.slice(0, 37)}…"` : `"${value}"`
  // Neither null nor an object here: a primitive (or a function), which String writes as itself.
  const primitive = value as string | number | boolean | bigint | symbol | undefined
  return typeof value === 'object' ? 'an object' : String(primitive)
}

function finish(issues: Diagnostic[], options: ValidateOptions | undefined): Diagnostic[] {
  if (options?.strict && issues.some((issue) => issue.severity === 'error')) {
    throw new InvalidDataError(issues.filter((issue) => issue.severity === 'error'))
  }
  return issues
}

function checkToolState(c: Checker, state: Rec, path: Path): void {
  const status = state.status
  if (typeof status !== 'string' || !TOOL_STATUSES.some((s) => s === status)) {
    c.add('BR-05', `state.status must be one of ${TOOL_STATUSES.join(', ')} (got ${describe(status)})`, [
      ...path,
      'status',
    ])
    return
  }
  c.record(state, 'input', path, 'SHAPE')
  c.record(state, 'metadata', path, 'SHAPE', { optional: status !== 'completed' })
  const display = c.record(state, 'display', path, 'SHAPE', { optional: true })
  if (display) checkDisplay(c, display, [...path, 'display'])
  if (status === 'pending') {
    c.string(state, 'raw', path, 'BR-06')
    return
  }
  const time = c.record(state, 'time', path, status === 'running' ? 'BR-07' : 'BR-08')
  const start = time ? c.number(time, 'start', [...path, 'time'], 'BR-07') : undefined
  if (status === 'running') {
    c.string(state, 'title', path, 'SHAPE', { optional: true })
    return
  }
  const end = time ? c.number(time, 'end', [...path, 'time'], 'BR-08') : undefined
  if (start !== undefined && end !== undefined && end < start) {
    c.add('BR-08', `time.end (${end}) is before time.start (${start})`, [...path, 'time', 'end'])
  }
  if (status === 'completed') {
    // Real tools finish silently: empty output is a warning, shown as "no output".
    if (c.string(state, 'output', path, 'BR-09') === '')
      c.add('BR-09', 'output is empty; shown as no output', [...path, 'output'], 'warning')
    c.string(state, 'title', path, 'SHAPE')
    if (time) c.number(time, 'compacted', [...path, 'time'], 'SHAPE', { optional: true })
    c.boolean(state, 'truncated', path, 'SHAPE', { optional: true })
    const attachments = c.array(state, 'attachments', path, 'SHAPE', { optional: true })
    attachments?.forEach((attachment, index) => checkPart(c, attachment, [...path, 'attachments', index]))
  } else {
    c.string(state, 'error', path, 'BR-10', { nonEmpty: true })
  }
}

/** The kinds of tool display, each with what its view cannot do without. */
const DISPLAY_CHECKS = {
  diff: () => {},
  todos: (c, display, path) => {
    const todos = c.array(display, 'todos', path, 'SHAPE')
    todos?.forEach((todo, index) => {
      if (!isRecord(todo) || typeof todo.content !== 'string' || typeof todo.status !== 'string')
        c.add('SHAPE', 'a todo needs content and status text', [...path, 'todos', index])
    })
  },
  read: () => {},
  shell: (c, display, path) => {
    c.string(display, 'command', path, 'SHAPE')
  },
  task: () => {},
} satisfies Record<ToolDisplayKind, (c: Checker, display: Rec, path: Path) => void>

function checkDisplay(c: Checker, display: Rec, path: Path): void {
  const kind = display.kind
  if (typeof kind !== 'string' || !Object.hasOwn(DISPLAY_CHECKS, kind)) {
    c.add('SHAPE', `display.kind must be one of ${Object.keys(DISPLAY_CHECKS).join(', ')} (got ${describe(kind)})`, [
      ...path,
      'kind',
    ])
    return
  }
  DISPLAY_CHECKS[kind as ToolDisplayKind](c, display, path)
}

function checkApproval(c: Checker, approval: Rec, path: Path): void {
  c.string(approval, 'id', path, 'SHAPE', { nonEmpty: true })
  if (!APPROVAL_STATUSES.some((status) => status === approval.status))
    c.add(
      'SHAPE',
      `approval.status must be one of ${APPROVAL_STATUSES.join(', ')} (got ${describe(approval.status)})`,
      [...path, 'status'],
    )
  const choices = c.array(approval, 'choices', path, 'SHAPE')
  choices?.forEach((choice, index) => {
    if (!isApprovalChoice(choice))
      c.add('SHAPE', `an approval choice must be one of ${APPROVAL_CHOICES.join(', ')} (got ${describe(choice)})`, [
        ...path,
        'choices',
        index,
      ])
  })
  if (approval.choice !== undefined && !isApprovalChoice(approval.choice))
    c.add('SHAPE', `approval.choice must be one of ${APPROVAL_CHOICES.join(', ')} (got ${describe(approval.choice)})`, [
      ...path,
      'choice',
    ])
  if (approval.status === 'requested' && approval.choice !== undefined)
    c.add('SHAPE', 'an approval still requested has no choice yet', [...path, 'choice'])
  c.string(approval, 'reason', path, 'SHAPE', { optional: true })
  c.string(approval, 'title', path, 'SHAPE', { optional: true })
  c.boolean(approval, 'automatic', path, 'SHAPE', { optional: true })
}

function checkPart(c: Checker, part: unknown, path: Path): void {
  if (!isRecord(part)) {
    c.add('BR-01', `a part must be an object (got ${describe(part)})`, path)
    return
  }
  for (const key of ['id', 'sessionID', 'messageID']) {
    if (typeof part[key] !== 'string') c.add('BR-01', `part.${key} is required and must be a string`, [...path, key])
    else if (part[key] === '') c.add('BR-04', `part.${key} must be a non-empty string`, [...path, key])
  }
  const type = part.type
  if (typeof type !== 'string' || type === '') {
    c.add('BR-03', `part.type must be a string literal naming the part type (got ${describe(type)})`, [...path, 'type'])
    return
  }
  if (!Object.hasOwn(PART_CHECKS, type)) {
    c.add(
      'UNSUPPORTED_PART',
      `part type "${type}" is not supported; it is kept and shown as unsupported`,
      [...path, 'type'],
      'warning',
    )
    return
  }
  PART_CHECKS[type as PartType](c, part, path)
}

type PartCheck = (c: Checker, part: Rec, path: Path) => void

/** The checks of each part type: a new part type cannot be added to the model without its own. */
const PART_CHECKS = {
  text(c, part, path) {
    c.string(part, 'text', path, 'SHAPE')
    c.boolean(part, 'synthetic', path, 'SHAPE', { optional: true })
    c.boolean(part, 'ignored', path, 'SHAPE', { optional: true })
    c.boolean(part, 'system', path, 'SHAPE', { optional: true })
    c.span(part, 'time', path, { optional: true })
    c.record(part, 'metadata', path, 'SHAPE', { optional: true })
  },
  reasoning(c, part, path) {
    c.string(part, 'text', path, 'SHAPE')
    c.span(part, 'time', path, { optional: false })
    c.record(part, 'metadata', path, 'SHAPE', { optional: true })
  },
  tool(c, part, path) {
    c.string(part, 'callID', path, 'SHAPE', { nonEmpty: true })
    c.string(part, 'tool', path, 'SHAPE', { nonEmpty: true })
    c.record(part, 'metadata', path, 'SHAPE', { optional: true })
    const state = c.record(part, 'state', path, 'BR-05')
    if (state) checkToolState(c, state, [...path, 'state'])
    const approval = c.record(part, 'approval', path, 'SHAPE', { optional: true })
    if (approval) checkApproval(c, approval, [...path, 'approval'])
  },
  source(c, part, path) {
    c.string(part, 'sourceID', path, 'SHAPE')
    c.record(part, 'metadata', path, 'SHAPE', { optional: true })
    const source = c.record(part, 'source', path, 'SHAPE')
    if (!source) return
    const at = [...path, 'source']
    if (source.kind === 'url') {
      c.string(source, 'url', at, 'SHAPE', { nonEmpty: true })
      c.string(source, 'title', at, 'SHAPE', { optional: true })
    } else if (source.kind === 'document') {
      c.string(source, 'mime', at, 'SHAPE', { nonEmpty: true })
      c.string(source, 'title', at, 'SHAPE')
      c.string(source, 'filename', at, 'SHAPE', { optional: true })
    } else c.add('SHAPE', `source.kind must be url or document (got ${describe(source.kind)})`, [...at, 'kind'])
  },
  data(c, part, path) {
    c.string(part, 'name', path, 'SHAPE', { nonEmpty: true })
    if (!('data' in part)) c.add('SHAPE', 'a data part needs its data (null is data)', [...path, 'data'])
  },
  'step-start'(c, part, path) {
    c.string(part, 'snapshot', path, 'SHAPE', { optional: true })
  },
  'step-finish'(c, part, path) {
    c.string(part, 'reason', path, 'SHAPE')
    c.string(part, 'snapshot', path, 'SHAPE', { optional: true })
    c.number(part, 'cost', path, 'BR-12', { nonNegative: true })
    c.costUnknown(part, path)
    c.tokens(part, path)
  },
  file(c, part, path) {
    c.string(part, 'mime', path, 'SHAPE', { nonEmpty: true })
    c.string(part, 'url', path, 'SHAPE')
    c.string(part, 'filename', path, 'SHAPE', { optional: true })
    c.number(part, 'size', path, 'SHAPE', { optional: true, nonNegative: true })
    const source = c.record(part, 'source', path, 'SHAPE', { optional: true })
    if (source && !['file', 'symbol', 'resource'].includes(source.type as string)) {
      c.add('SHAPE', `source.type must be file, symbol or resource (got ${describe(source.type)})`, [
        ...path,
        'source',
        'type',
      ])
    }
  },
  snapshot(c, part, path) {
    c.string(part, 'snapshot', path, 'SHAPE')
  },
  patch(c, part, path) {
    c.string(part, 'hash', path, 'SHAPE')
    const files = c.array(part, 'files', path, 'SHAPE')
    files?.forEach((file, index) => {
      if (typeof file !== 'string')
        c.add('SHAPE', `files must hold strings (got ${describe(file)})`, [...path, 'files', index])
    })
  },
  agent(c, part, path) {
    c.string(part, 'name', path, 'SHAPE', { nonEmpty: true })
    c.record(part, 'source', path, 'SHAPE', { optional: true })
  },
  retry(c, part, path) {
    c.number(part, 'attempt', path, 'SHAPE', { nonNegative: true })
    c.messageError(part, 'error', path, { optional: false })
    const time = c.record(part, 'time', path, 'SHAPE')
    if (time) c.number(time, 'created', [...path, 'time'], 'SHAPE')
  },
  compaction(c, part, path) {
    c.boolean(part, 'auto', path, 'SHAPE')
    c.boolean(part, 'overflow', path, 'SHAPE', { optional: true })
    c.string(part, 'tail_start_id', path, 'SHAPE', { optional: true })
  },
  subtask(c, part, path) {
    c.string(part, 'prompt', path, 'SHAPE')
    c.string(part, 'description', path, 'SHAPE')
    c.string(part, 'agent', path, 'SHAPE', { nonEmpty: true })
    c.record(part, 'model', path, 'SHAPE', { optional: true })
    c.string(part, 'command', path, 'SHAPE', { optional: true })
  },
  unsupported(c, part, path) {
    c.add(
      'UNSUPPORTED_PART',
      `part type "${typeof part.originalType === 'string' ? part.originalType : ''}" is not supported; it is kept and shown as unsupported`,
      [...path, 'type'],
      'warning',
    )
  },
} satisfies Record<PartType, PartCheck>

function checkInfo(c: Checker, info: unknown, path: Path): void {
  if (!isRecord(info)) {
    c.add('SHAPE', `message info must be an object (got ${describe(info)})`, path)
    return
  }
  c.string(info, 'id', path, 'BR-04', { nonEmpty: true })
  c.string(info, 'sessionID', path, 'BR-04', { nonEmpty: true })
  c.record(info, 'metadata', path, 'SHAPE', { optional: true })
  const time = c.record(info, 'time', path, 'SHAPE')
  const created = time ? c.number(time, 'created', [...path, 'time'], 'SHAPE') : undefined
  if (info.role === 'user') {
    c.string(info, 'agent', path, 'SHAPE')
    const model = c.record(info, 'model', path, 'SHAPE')
    if (model) {
      c.string(model, 'providerID', [...path, 'model'], 'SHAPE')
      c.string(model, 'modelID', [...path, 'model'], 'SHAPE')
    }
    const summary = c.record(info, 'summary', path, 'BR-11', { optional: true })
    if (summary) {
      const at = [...path, 'summary']
      c.string(summary, 'title', at, 'BR-11', { optional: true })
      c.string(summary, 'body', at, 'BR-11', { optional: true })
      const diffs = c.array(summary, 'diffs', at, 'BR-11', { optional: true })
      diffs?.forEach((diff, index) => {
        if (!isRecord(diff)) return c.add('BR-11', 'summary.diffs must hold objects', [...at, 'diffs', index])
        c.string(diff, 'file', [...at, 'diffs', index], 'BR-11')
        c.number(diff, 'additions', [...at, 'diffs', index], 'BR-11', { nonNegative: true })
        c.number(diff, 'deletions', [...at, 'diffs', index], 'BR-11', { nonNegative: true })
      })
    }
    return
  }
  if (info.role !== 'assistant') {
    c.add('SHAPE', `role must be "user" or "assistant" (got ${describe(info.role)})`, [...path, 'role'])
    return
  }
  for (const key of ['parentID', 'modelID', 'providerID', 'agent']) c.string(info, key, path, 'SHAPE')
  const where = c.record(info, 'path', path, 'SHAPE')
  if (where) {
    c.string(where, 'cwd', [...path, 'path'], 'SHAPE')
    c.string(where, 'root', [...path, 'path'], 'SHAPE')
  }
  c.number(info, 'cost', path, 'BR-12', { nonNegative: true })
  c.costUnknown(info, path)
  c.tokens(info, path)
  c.messageError(info, 'error', path, { optional: true })
  c.string(info, 'finish', path, 'SHAPE', { optional: true })
  const completed = time ? c.number(time, 'completed', [...path, 'time'], 'BR-14', { optional: true }) : undefined
  if (typeof info.finish === 'string' && completed === undefined && time) {
    c.add('BR-14', `the message finished ("${info.finish}") but time.completed is not set`, [
      ...path,
      'time',
      'completed',
    ])
  }
  if (completed !== undefined && created !== undefined && completed < created) {
    c.add('BR-14', `time.completed (${completed}) is before time.created (${created})`, [...path, 'time', 'completed'])
  }
}

function checkMessage(c: Checker, message: unknown, path: Path): void {
  if (!isRecord(message)) {
    c.add('SHAPE', `a message must be an object with info and parts (got ${describe(message)})`, path)
    return
  }
  checkInfo(c, message.info, [...path, 'info'])
  const parts = c.array(message, 'parts', path, 'SHAPE')
  if (!parts) return
  const info = isRecord(message.info) ? message.info : {}
  const seen = new Map<string, number>()
  parts.forEach((part, index) => {
    const at = [...path, 'parts', index]
    checkPart(c, part, at)
    if (!isRecord(part)) return
    if (typeof part.id === 'string' && part.id !== '') {
      const first = seen.get(part.id)
      if (first !== undefined)
        c.add('BR-02', `part id "${part.id}" is already used by part ${first} of this message`, [...at, 'id'])
      else seen.set(part.id, index)
    }
    if (
      typeof info.id === 'string' &&
      typeof part.messageID === 'string' &&
      part.messageID !== '' &&
      part.messageID !== info.id
    ) {
      c.add('BR-01', `part.messageID "${part.messageID}" does not match its message "${info.id}"`, [...at, 'messageID'])
    }
    if (
      typeof info.sessionID === 'string' &&
      typeof part.sessionID === 'string' &&
      part.sessionID !== '' &&
      part.sessionID !== info.sessionID
    ) {
      c.add('BR-01', `part.sessionID "${part.sessionID}" does not match its message's "${info.sessionID}"`, [
        ...at,
        'sessionID',
      ])
    }
  })
}

/** Validates one part (any of the twelve types) against the model and BR-01…BR-10. */
export function validatePart(part: unknown, options?: ValidateOptions): Diagnostic[] {
  const c = new Checker()
  checkPart(c, part, options?.path ?? [])
  return finish(c.issues, options)
}

/** Validates a tool state (BR-05…BR-10). */
export function validateToolState(state: unknown, options?: ValidateOptions): Diagnostic[] {
  const c = new Checker()
  const path = options?.path ?? []
  if (isRecord(state)) checkToolState(c, state, path)
  else c.add('BR-05', `a tool state must be an object (got ${describe(state)})`, path)
  return finish(c.issues, options)
}

/** Validates one `WithParts` message: its info (BR-11…BR-14), its parts and their ids (BR-01…BR-04). */
export function validateMessage(message: unknown, options?: ValidateOptions): Diagnostic[] {
  const c = new Checker()
  checkMessage(c, message, options?.path ?? [])
  return finish(c.issues, options)
}

/** Validates a whole transcript (`WithParts[]`), including that message ids are not repeated. */
export function validateTranscript(messages: unknown, options?: ValidateOptions): Diagnostic[] {
  const c = new Checker()
  const path = options?.path ?? []
  if (!Array.isArray(messages)) {
    c.add('SHAPE', `a transcript must be an array of messages (got ${describe(messages)})`, path)
    return finish(c.issues, options)
  }
  const seen = new Map<string, number>()
  messages.forEach((message, index) => {
    checkMessage(c, message, [...path, index])
    const id = isRecord(message) && isRecord(message.info) ? message.info.id : undefined
    if (typeof id !== 'string' || id === '') return
    const first = seen.get(id)
    if (first !== undefined)
      c.add('BR-02', `message id "${id}" is already used by message ${first}`, [...path, index, 'info', 'id'])
    else seen.set(id, index)
  })
  return finish(c.issues, options)
}

const hasNoErrors = (issues: Diagnostic[]) => !issues.some((issue) => issue.severity === 'error')

/** Whether `value` is a part of the model with no rule broken (warnings allowed). */
export function isValidPart(value: unknown): value is Part {
  return hasNoErrors(validatePart(value))
}

/** Whether `value` is a `WithParts` message of the model with no rule broken (warnings allowed). */
export function isValidMessage(value: unknown): value is WithParts {
  return hasNoErrors(validateMessage(value))
}

/** Whether `value` is a transcript (`WithParts[]`) of the model with no rule broken (warnings allowed). */
export function isValidTranscript(value: unknown): value is WithParts[] {
  return hasNoErrors(validateTranscript(value))
}
