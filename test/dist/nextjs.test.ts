// A Next.js App Router app (Next.js pinned in the kit's dev dependencies, chatparts from its packed
// tarball) built with `next build` and served with `next start`, its page loaded in Chromium: server
// components import chatparts (core and protocols on the server, the components as client modules),
// the page hydrates without a warning, an approval answers, and the app's create-next-app stylesheet
// leaves the kit's spacing alone.
import { type ChildProcess, execFile, execFileSync, spawn } from 'node:child_process'
import { cpSync, mkdirSync, rmSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { chromium } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { chromiumArgs, chromiumPath } from '../support/chromium'

const root = join(import.meta.dirname, '../..')
// Inside the repository, so the app resolves Next.js and React from the kit's own node_modules (no
// install from the registry inside a test); chatparts itself comes from the tarball, in the app's own.
const app = join(root, '.cache/next-consumer')
const next = join(root, 'node_modules/next/dist/bin/next')
let server: ChildProcess | undefined
let port = 0
const env = { ...process.env, NEXT_TELEMETRY_DISABLED: '1' }
/** How long `next build` may take: generous, so a busy machine finishes it. */
const BUILD_DEADLINE = 8 * 60_000

beforeAll(async () => {
  rmSync(app, { recursive: true, force: true })
  cpSync(join(import.meta.dirname, 'nextjs'), app, { recursive: true })
  cpSync(join(root, 'test/fixtures/hosts/create-next-app-globals.css'), join(app, 'app/globals.css'))
  const tarball = execFileSync('npm', ['pack', '--silent', '--pack-destination', app], { cwd: root, encoding: 'utf8' }).trim().split('\n').at(-1) ?? ''
  // What `npm install chatparts` puts in an app: the tarball's files, nothing else of the repository.
  mkdirSync(join(app, 'node_modules/chatparts'), { recursive: true })
  execFileSync('tar', ['-xzf', join(app, tarball), '-C', join(app, 'node_modules/chatparts'), '--strip-components=1'])
  writeFileSync(join(app, 'package.json'), JSON.stringify({ name: 'next-consumer', private: true }))
  writeFileSync(
    join(app, 'tsconfig.json'),
    JSON.stringify({
      compilerOptions: { target: 'ES2022', lib: ['dom', 'esnext'], jsx: 'react-jsx', module: 'esnext', moduleResolution: 'bundler', strict: true, skipLibCheck: true, noEmit: true, isolatedModules: true, plugins: [{ name: 'next' }] },
      include: ['**/*.ts', '**/*.tsx'],
      exclude: ['node_modules'],
    }),
  )
  // Asynchronous, so vitest's own deadline (not a blocked event loop) ends a build that hangs.
  await promisify(execFile)(process.execPath, [next, 'build'], { cwd: app, env, timeout: BUILD_DEADLINE, maxBuffer: 16 * 1024 * 1024 })
  // A port can be taken between asking for it and `next start` binding it (another test run, a dev
  // server): a second free port is tried before the suite fails.
  for (let attempt = 1; ; attempt++) {
    port = await freePort()
    try {
      server = await start(port)
      break
    } catch (error) {
      if (attempt === 2 || !String(error).includes('EADDRINUSE')) throw error
    }
  }
}, BUILD_DEADLINE + 3 * 60_000)

/** A port the system has just given out, so two runs on one machine never pick the same one. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer()
    probe.once('error', reject)
    probe.listen(0, () => {
      const address = probe.address()
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port given'))))
    })
  })
}

/** `next start` on `port`, once it says it is ready; if it exits first, the error carries what it printed. */
function start(port: number): Promise<ChildProcess> {
  const child = spawn(process.execPath, [next, 'start', '-p', String(port)], { cwd: app, env, stdio: 'pipe' })
  let output = ''
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`next start did not become ready in 2 minutes:\n${output}`)), 120_000)
    child.stderr?.on('data', (data: Buffer) => (output += data.toString()))
    child.stdout?.on('data', (data: Buffer) => {
      output += data.toString()
      if (/ready|started|localhost/i.test(data.toString())) {
        clearTimeout(timer)
        resolve(child)
      }
    })
    // 'close' rather than 'exit': by then everything it printed has been read.
    child.on('close', (code) => {
      clearTimeout(timer)
      reject(new Error(`next start exited with ${code}:\n${output}`))
    })
  })
}

afterAll(async () => {
  if (server && server.exitCode === null) {
    const exited = new Promise((resolve) => server?.once('exit', resolve))
    server.kill()
    await exited
  }
  // Removed, so lint and format checks never read a built app.
  rmSync(app, { recursive: true, force: true })
})

describe('a Next.js app built from the packed tarball', () => {
  it('renders on the server, hydrates without a warning, and answers an approval', async () => {
    const html = await (await fetch(`http://127.0.0.1:${port}/`)).text()
    // Server-rendered: the converted transcript, with times in UTC until hydration.
    expect(html).toMatch(/id="server-check">0(<!-- -->)? errors/)
    expect(html).toContain('Weather in London?')
    expect(html).toContain('2025-11-23 12:13 UTC')
    // The server waited for the Markdown engine's chunk: the reply is formatted, not shown as written.
    expect(html).toContain('<strong>sunny</strong>')
    expect(html).not.toContain('cp-markdown--pending')

    const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs })
    try {
      const page = await browser.newPage({ locale: 'de-DE', timezoneId: 'Asia/Tokyo' })
      const problems: string[] = []
      page.on('console', (message) => {
        if (message.type() === 'error' || message.type() === 'warning') problems.push(message.text())
      })
      page.on('pageerror', (error) => problems.push(error.message))
      // The app has no favicon; any other failed request is a problem.
      const failed: string[] = []
      page.on('response', (response) => {
        if (response.status() >= 400 && !response.url().endsWith('/favicon.ico')) failed.push(`${response.status()} ${response.url()}`)
      })
      await page.goto(`http://127.0.0.1:${port}/`)
      const live = page.locator('#live')
      await live.getByRole('button', { name: 'Allow once' }).click()
      await expect.poll(() => page.locator('#answer').textContent()).toBe('once')
      await expect.poll(() => page.locator('#direct strong').first().textContent()).toBe('sunny')
      // After hydration the times are in the reader's zone (Tokyo), in the page's language (lang="en").
      await expect.poll(() => page.locator('#live .cp-message__time').first().textContent()).toMatch(/^9:13\sPM$/)
      // The date once, above the day's first message, in the same zone.
      expect(await page.locator('#live .cp-transcript__day').first().textContent()).toBe('Sunday, November 23, 2025')
      expect(await page.locator('#direct nav[aria-label="Sources"] a').getAttribute('href')).toBe('https://weather.example/london')
      // create-next-app's reset (`* { margin: 0; padding: 0 }`) does not reach the kit.
      expect(await page.locator('#direct .cp-message').first().evaluate((message) => getComputedStyle(message).paddingTop)).not.toBe('0px')
      const chip = await page.locator('#direct nav[aria-label="Sources"] a').evaluate((anchor) => getComputedStyle(anchor).paddingLeft)
      expect(chip).toBe('8px')
      expect(problems.filter((text) => /hydrat|did not match|mismatch/i.test(text))).toEqual([])
      expect(failed).toEqual([])
      expect(problems.filter((text) => !text.startsWith('Failed to load resource'))).toEqual([])
    } finally {
      await browser.close()
    }
  })
})
