const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz'

/** Options of {@link createIdGenerator}. */
export interface IdGeneratorOptions {
  /** Clock in epoch milliseconds (default: `Date.now`). */
  now?: () => number
  /** Source of randomness in [0, 1) (default: `Math.random`). */
  random?: () => number
}

/** Makes an id: a prefix such as `prt`, then an underscore, then a sortable body. */
export type IdGenerator = (prefix: string) => string

/**
 * Creates an id generator in opencode's shape (`prt_e797b2a8d002B02xAvxkCt4WTl`): 12 hex digits of
 * `time * 4096 + counter`, so ids made later sort later, then 14 random base-62 characters. The
 * counter restarts every millisecond, so one generator never repeats itself.
 */
export function createIdGenerator(options: IdGeneratorOptions = {}): IdGenerator {
  const now = options.now ?? Date.now
  const random = options.random ?? Math.random
  let lastTime = 0
  let counter = 0
  return (prefix) => {
    const time = now()
    if (time !== lastTime) {
      lastTime = time
      counter = 0
    }
    counter += 1
    const sortable = (BigInt(Math.floor(time)) * 0x1000n + BigInt(counter)).toString(16).padStart(12, '0').slice(-12)
    let tail = ''
    for (let i = 0; i < 14; i += 1) tail += BASE62[Math.floor(random() * 62) % 62]
    return `${prefix}_${sortable}${tail}`
  }
}

/** The generator the factories use when no id is given. */
export const defaultIdGenerator: IdGenerator = createIdGenerator()
