import type { Meta, StoryObj } from '@storybook/react-vite'
import { type ReactNode, useLayoutEffect, useState } from 'react'
import { expect, waitFor } from 'storybook/test'
import { Transcript } from '../src/components/Transcript'
import { builtInAdapters } from '../src/protocols/adapters'
import { createChatStore } from '../src/store/chatStore'
import unlayered from '../src/styles/unlayered.css?inline'
import chatConversation from '../test/fixtures/chat/conversation.json'
import nextGlobals from '../test/fixtures/hosts/create-next-app-globals.css?inline'
import conversation from '../test/fixtures/toolmessage2/conversation.json'
import preflight from 'tailwindcss/preflight.css?inline'
import { highlighted, rendered } from './support/matrix'

/** A session with a system prompt, reasoning, tools, code and a failed call: what a chat shows. */
function Session({ width, height = 640 }: { width: number | string; height?: number }) {
  const [store] = useState(() => {
    const created = createChatStore({ adapters: builtInAdapters })
    created.getState().ingest('chat', structuredClone(chatConversation))
    created.getState().ingest('toolmessage2', structuredClone(conversation))
    return created
  })
  return (
    <div style={{ width, maxWidth: '100%' }}>
      <Transcript store={store} timeZone="UTC" style={{ height }} />
    </div>
  )
}

/** The host page's own stylesheets, for as long as the story is shown. */
function HostStyles({ css, children }: { css: readonly string[]; children: ReactNode }) {
  useLayoutEffect(() => {
    const sheets = css.map((text) => {
      const sheet = document.createElement('style')
      sheet.textContent = text
      document.head.append(sheet)
      return sheet
    })
    return () => sheets.forEach((sheet) => sheet.remove())
  }, [css])
  return children
}

const meta = {
  title: 'Transcript/In a host',
  component: Session,
  args: { width: 390 },
  play: async ({ canvasElement }) => {
    await highlighted(canvasElement)
    await rendered()
    // Nothing sticks out sideways, whatever the width; a finished session opens at its end.
    const scroller = canvasElement.querySelector('.cp-transcript__scroller') as HTMLElement
    await expect(scroller.scrollWidth).toBeLessThanOrEqual(scroller.clientWidth)
    await waitFor(() => expect(scroller.scrollHeight - scroller.scrollTop - scroller.clientHeight).toBeLessThan(2))
    await expect(canvasElement.querySelector('.cp-transcript__jump')).toBeNull()
  },
} satisfies Meta<typeof Session>

export default meta

type Story = StoryObj<typeof meta>

/** A phone: 390 px. */
export const Phone: Story = {}

/** A phone, dark. */
export const PhoneDark: Story = { globals: { theme: 'dark' } }

/** A wide column: the bubbles keep a readable measure. */
export const Wide: Story = { args: { width: 760, height: 560 } }

/** In a fresh create-next-app app: its unlayered reset (`* { margin: 0; padding: 0 }`), with the kit's unlayered stylesheet. */
export const CreateNextApp: Story = {
  args: { width: 600 },
  render: (args) => (
    <HostStyles css={[nextGlobals, unlayered]}>
      <Session {...args} />
    </HostStyles>
  ),
  play: async (context) => {
    await meta.play(context)
    // The host's reset is in force around the kit, and the kit keeps its spacing.
    const message = context.canvasElement.querySelector('.cp-message') as HTMLElement
    await expect(getComputedStyle(message).paddingTop).not.toBe('0px')
  },
}

/** In a Tailwind v4 app: its reset in the `base` layer, with the kit's layered stylesheet. */
export const Tailwind: Story = {
  args: { width: 600 },
  render: (args) => (
    <HostStyles css={[`@layer theme, base, components, utilities;\n@layer base {\n${preflight}\n}`]}>
      <Session {...args} />
    </HostStyles>
  ),
}
