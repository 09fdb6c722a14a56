// A corpus of hostile URLs in every field model output reaches, rendered in Chromium with every
// request recorded: nothing leaves for another origin before a click, no link can run script or
// save an executable file, and each gate loads only from the host it names.
import { act, render } from '@testing-library/react'
import { cdp } from 'vitest/browser'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Transcript } from '../../src/components/Transcript/Transcript'
import { assistantInfo } from '../../src/core/build'
import type { FilePart, Part, WithParts } from '../../src/core/model/types'
import { createChatStore } from '../../src/store/chatStore'
import '../../src/styles/chatparts.css'
import { hostileHtml, hostileUrls } from '../fixtures/hostile/urls'

const session = { id: 'ses_hostile' }
const requests: string[] = []
const onRequest = (event: { request: { url: string } }) => requests.push(event.request.url)

beforeAll(async () => {
  const devtools = cdp()
  await devtools.send('Network.enable')
  // Nothing may leave the machine even if a test failed to stop it: remote requests are recorded, then refused.
  await devtools.send('Network.setBlockedURLs', { urls: ['*evil.example*', '*relative.invalid*', '*0x7f000001*'] })
  devtools.on('Network.requestWillBeSent', onRequest)
})

afterAll(() => {
  cdp().off('Network.requestWillBeSent', onRequest)
})

/** Requests to anywhere but this page's own origin, and not inline content. */
const remote = () => requests.filter((url) => !url.startsWith(location.origin) && !/^(data|blob):/i.test(url))

/** Every field model output reaches, holding `url`. */
function partsFor(url: string, index: number, messageID: string): Part[] {
  const base = { sessionID: session.id, messageID }
  const id = (kind: string) => `prt_${index}_${kind}`
  const markdown = [
    `[link ${index}](<${url}>)`,
    `![image ${index}](<${url}>)`,
    `<${url}>`,
    `[reference ${index}][r${index}]`,
    `[r${index}]: <${url}>`,
    `<img src="${url}"> <a href="${url}">raw ${index}</a>`,
  ].join('\n\n')
  const files = (['image/png', 'application/pdf', 'text/html', 'image/svg+xml'] as const).map((mime, n): FilePart => ({
    ...base,
    id: id(`file${n}`),
    type: 'file',
    mime,
    url,
    ...(n % 2 ? { filename: 'invoice.html' } : {}),
  }))
  return [
    { ...base, id: id('text'), type: 'text', text: markdown },
    { ...base, id: id('reasoning'), type: 'reasoning', text: markdown, time: { start: 1, end: 2 } },
    ...files,
    {
      ...base,
      id: id('tool'),
      type: 'tool',
      callID: `call_${index}`,
      tool: 'fetch',
      state: {
        status: 'completed',
        input: { url },
        output: markdown,
        title: url,
        metadata: {},
        time: { start: 1, end: 2 },
        attachments: files.map((file, n) => ({ ...file, id: id(`attachment${n}`) })),
      },
    },
  ]
}

/** Hostile HTML in every text field a view shows: text, reasoning, tool name, title, input, output, error, file name, agent, model, error banner. */
function htmlTranscript(): WithParts[] {
  return hostileHtml.map((html, index) => {
    const id = `msg_html_${index}`
    const base = { sessionID: session.id, messageID: id }
    const part = (kind: string) => `prt_html_${index}_${kind}`
    return {
      info: assistantInfo({
        sessionID: session.id,
        id,
        created: 1,
        modelID: html,
        providerID: html,
        agent: html,
        error: { name: html, data: { message: html } },
      }),
      parts: [
        { ...base, id: part('text'), type: 'text', text: `${html}\n\n\`${html}\`\n\n\`\`\`html\n${html}\n\`\`\`` },
        { ...base, id: part('reasoning'), type: 'reasoning', text: html, time: { start: 1, end: 2 } },
        {
          ...base,
          id: part('tool'),
          type: 'tool',
          callID: part('call'),
          tool: html,
          state: {
            status: 'completed',
            input: { html },
            output: html,
            title: html,
            metadata: {},
            time: { start: 1, end: 2 },
          },
        },
        {
          ...base,
          id: part('failed'),
          type: 'tool',
          callID: part('call2'),
          tool: 'bash',
          state: { status: 'error', input: { command: html }, error: html, time: { start: 1, end: 2 } },
        },
        { ...base, id: part('file'), type: 'file', mime: html, url: 'data:,x', filename: html },
        { ...base, id: part('agent'), type: 'agent', name: html },
        { ...base, id: part('subtask'), type: 'subtask', prompt: html, description: html, agent: html },
      ] as Part[],
    }
  })
}

function hostileTranscript(): WithParts[] {
  return hostileUrls.map((url, index) => {
    const id = `msg_${String(index).padStart(3, '0')}`
    return {
      info: assistantInfo({ sessionID: session.id, id, created: 1 }),
      parts: partsFor(url, index, id),
    }
  })
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 600))
const sentinels = /^https:\/\/evil\.example\/sentinel-\d+\.png$/
let sentinelCount = 0

/**
 * The remote requests made once the page has quietened: an image put after everything rendered is
 * waited for until the recorder sees it, so on a busy machine a request the page made before it is
 * not missed (a fixed wait alone can end before the browser gets to it). Sentinels are left out.
 */
async function quietRemote(): Promise<string[]> {
  await settle()
  const src = `https://evil.example/sentinel-${++sentinelCount}.png`
  const img = document.createElement('img')
  img.alt = ''
  img.src = src
  document.body.append(img)
  await expect.poll(() => requests.includes(src)).toBe(true)
  img.remove()
  return remote().filter((url) => !sentinels.test(url))
}

/** Links that could run script or save something executable. */
function executableLinks(root: ParentNode): string[] {
  const inert =
    /^data:(image\/(png|jpeg|gif|webp|avif|bmp|x-icon|vnd\.microsoft\.icon)|text\/plain|application\/pdf|audio\/[\w.+-]+|video\/[\w.+-]+)?[;,]/i
  const risky = /\.(html?|xhtml|svgz?|xml|js|mjs|exe|bat|cmd|com|sh|ps1|hta|msi|scr|vbs|jar|app|dmg|lnk|url|reg)$/i
  return [...root.querySelectorAll<HTMLAnchorElement>('a[href]')].flatMap((a) => {
    const href = a.href
    const protocol = href.slice(0, href.indexOf(':') + 1).toLowerCase()
    if (['http:', 'https:', 'mailto:', 'tel:'].includes(protocol) && !a.hasAttribute('download')) return []
    if (protocol === 'data:' && inert.test(href) && a.hasAttribute('download') && !risky.test(a.download)) return []
    return [`${a.outerHTML.slice(0, 160)}`]
  })
}

describe('hostile URLs in Chromium', () => {
  it('the recorder sees a remote request when one is made (so its silence below means something)', async () => {
    requests.length = 0
    const { unmount } = render(<img alt="" src="https://evil.example/probe.png" />)
    // Waited for, not timed: on a busy machine the request can come after any fixed wait.
    await expect.poll(remote).toEqual(['https://evil.example/probe.png'])
    unmount()
  })

  it(`${hostileHtml.length} HTML payloads in every text field render as text: no element, no handler, no request`, async () => {
    requests.length = 0
    const store = createChatStore({ initial: htmlTranscript(), coalesce: false })
    const { container, unmount } = render(
      <Transcript store={store} timeZone="UTC" virtualize={false} style={{ height: 2800 }} />,
    )
    for (const button of container.querySelectorAll<HTMLButtonElement>('button[aria-expanded="false"]'))
      act(() => button.click())
    expect(await quietRemote()).toEqual([])
    expect(
      container.querySelectorAll('script, iframe, object, embed, link, meta, base, form, style, math').length,
    ).toBe(0)
    const handlers = [...container.querySelectorAll('*')].flatMap((element) =>
      [...element.attributes]
        .filter((attribute) => attribute.name.startsWith('on'))
        .map((attribute) => `${element.tagName} ${attribute.name}`),
    )
    expect(handlers).toEqual([])
    // The payloads are on screen as text.
    expect(container.textContent).toContain('<script>alert(1)</script>')
    expect(container.textContent).toContain('<img src=x onerror=alert(1)>')
    unmount()
  })

  it(`${hostileUrls.length} URLs in every field: no request leaves the page before a click, no link runs script`, async () => {
    requests.length = 0
    const store = createChatStore({ initial: hostileTranscript(), coalesce: false })
    const { container, unmount } = render(
      <Transcript store={store} timeZone="UTC" virtualize={false} style={{ height: 2800 }} />,
    )
    // Open everything that folds, so what a reader can reach is checked too.
    for (let round = 0; round < 3; round++) {
      for (const button of container.querySelectorAll<HTMLButtonElement>('button[aria-expanded="false"]'))
        act(() => button.click())
    }
    expect(await quietRemote()).toEqual([])
    // Lazy images outside the view load later: none may even point elsewhere.
    const elsewhere = [...container.querySelectorAll('img')]
      .map((img) => img.src)
      .filter((src) => !src.startsWith(location.origin) && !/^(data|blob):/i.test(src))
    expect(elsewhere).toEqual([])
    expect(executableLinks(container)).toEqual([])
    expect(container.querySelectorAll('iframe, object, embed, script').length).toBe(0)

    // A click is consent, for the host the button names and no other.
    const gates = [...container.querySelectorAll<HTMLButtonElement>('.cp-image-gate')]
    expect(gates.length).toBeGreaterThan(20)
    const named = new Set(gates.map((gate) => /from (\S+?):?$/.exec(gate.firstChild?.textContent ?? '')?.[1] ?? ''))
    for (const gate of gates) act(() => gate.click())
    // The images asked for now load as the browser gets to them (later on a busy machine).
    await expect.poll(() => remote().length).toBeGreaterThan(0)
    const hosts = new Set((await quietRemote()).map((url) => new URL(url).host))
    for (const host of hosts) expect(named, host).toContain(host)
    unmount()
  })
})
