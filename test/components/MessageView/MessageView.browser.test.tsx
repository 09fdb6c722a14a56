import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { Message } from '../../../src/components/MessageView/MessageView'
import * as build from '../../../src/core/build'
import '../../../src/styles/chatparts.css'

const sessionID = 'ses_hover'
const message = {
  info: build.userInfo({ id: 'msg_u', sessionID, created: 1_780_000_000_000 }),
  parts: [build.textPart({ id: 'prt_u', sessionID, messageID: 'msg_u' }, 'Rename getUser.')],
}

describe('the actions of a chat message', () => {
  it('show on hover or focus where the reader can hover, and always where they cannot', async () => {
    render(<Message message={message} timeZone="UTC" />)
    const actions = screen.getByRole('group', { name: 'Message actions' })
    const canHover = matchMedia('(hover: hover)').matches
    expect(getComputedStyle(actions).opacity).toBe(canHover ? '0' : '1')
    // Reached by the keyboard, they show.
    screen.getByRole('button', { name: 'Copy message' }).focus()
    await expect.poll(() => getComputedStyle(actions).opacity).toBe('1')
  })
})
