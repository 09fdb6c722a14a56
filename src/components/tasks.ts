/** The time, in ms, for budgets of work (performance.now where there is one). */
export const now = () => (typeof performance === 'undefined' ? Date.now() : performance.now())

/**
 * Runs `run` in a task of its own, soon: after the current task and its rendering, through a
 * message rather than a timer (no 4 ms clamping, no throttling while in view).
 */
export function queueTask(run: () => void): void {
  if (typeof MessageChannel === 'undefined') {
    setTimeout(run, 0)
    return
  }
  const channel = new MessageChannel()
  channel.port1.onmessage = () => {
    channel.port1.close()
    run()
  }
  channel.port2.postMessage(null)
}
