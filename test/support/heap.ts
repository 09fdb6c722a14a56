// What a value keeps alive on the heap, for tests of memory held (Node only).
import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'

setFlagsFromString('--expose-gc')
const gc = runInNewContext('gc') as () => void

function collect(): number {
  for (let i = 0; i < 3; i++) gc()
  return process.memoryUsage().heapUsed
}

/**
 * The bytes the value `make` returns keeps alive once everything else it made is collected: the
 * heap after a full collection with the value held, less the heap before it was made.
 */
export function heapKeptBy(make: () => unknown): number {
  const before = collect()
  const held: unknown[] = [make()]
  const after = collect()
  // Read after the measure, so the value is alive until then.
  if (held.length !== 1) throw new Error('unreachable')
  return after - before
}
