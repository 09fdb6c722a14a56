import { render, screen } from '@testing-library/react'
import { createRef } from 'react'
import { Transcript, type TranscriptHandle, type TranscriptProps } from '../../../src/components/Transcript/Transcript'
import type { ChatStore } from '../../../src/store/chatStore'

/**
 * A `Transcript` 600 px tall in a flex box, code plain and times in UTC, as the long-session tests
 * in Chromium mount it: its handle and its scroller (the log).
 */
export function mountTall(store: ChatStore, props: Partial<TranscriptProps> = {}) {
  const handle = createRef<TranscriptHandle>()
  render(
    <div style={{ height: 600, display: 'flex' }}>
      <Transcript store={store} handleRef={handle} highlighter={null} timeZone="UTC" style={{ flex: 1 }} {...props} />
    </div>,
  )
  return { store, handle, log: screen.getByRole('log') }
}

/**
 * Scrolls `log` to `top` as a reader does: a wheel turn first (the transcript tells the reader's
 * moves from layout shifts by their input), then the move and its scroll event.
 */
export function readerScroll(log: HTMLElement, top: number) {
  log.dispatchEvent(new WheelEvent('wheel', { deltaY: top - log.scrollTop, bubbles: true }))
  log.scrollTop = top
  log.dispatchEvent(new Event('scroll'))
}
