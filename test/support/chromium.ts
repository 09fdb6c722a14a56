import { playwright } from '@vitest/browser-playwright'
import type { BrowserCommand, BrowserConfigOptions } from 'vitest/node'
import { SCREENSHOT_DEADLINE } from './deadlines.ts'

/** A test's way to switch the reader's system colour scheme (`prefers-color-scheme`): `commands.setColorScheme('dark')`. */
const setColorScheme: BrowserCommand<['light' | 'dark']> = async (context, scheme) => {
  if (context.provider.name !== 'playwright') throw new Error('setColorScheme needs the playwright provider')
  await (
    context as unknown as { page: { emulateMedia(options: { colorScheme: 'light' | 'dark' }): Promise<void> } }
  ).page.emulateMedia({ colorScheme: scheme })
}

/** A test's way to lay the page out as printed (`@media print`) or back on screen: `commands.setMedia('print')`. */
const setMedia: BrowserCommand<['print' | 'screen']> = async (context, media) => {
  if (context.provider.name !== 'playwright') throw new Error('setMedia needs the playwright provider')
  await (
    context as unknown as { page: { emulateMedia(options: { media: 'print' | 'screen' }): Promise<void> } }
  ).page.emulateMedia({ media })
}

/**
 * A full garbage collection in the page (the DevTools protocol's), so a test can see what is still
 * kept alive: `commands.collectGarbage()`.
 */
const collectGarbage: BrowserCommand<[]> = async (context) => {
  if (context.provider.name !== 'playwright') throw new Error('collectGarbage needs the playwright provider')
  const page = (
    context as unknown as {
      page: {
        context(): {
          newCDPSession(page: unknown): Promise<{ send(method: string): Promise<unknown>; detach(): Promise<void> }>
        }
      }
    }
  ).page
  const session = await page.context().newCDPSession(page)
  for (let i = 0; i < 3; i++) await session.send('HeapProfiler.collectGarbage')
  await session.detach()
}

/**
 * Where Debian's Chromium lives; `CHROMIUM_PATH` overrides it. No tool may download a browser here:
 * scripts/setup.sh installs it, or explains how, before any test runs.
 */
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'

/** Flags that keep Chromium offline and its pixels the same from run to run. */
export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
  '--font-render-hinting=none',
  '--force-color-profile=srgb',
  '--hide-scrollbars',
]

/**
 * A fresh browser config for one vitest project (vitest mutates `instances`, so never share one):
 * Debian's Chromium, headless, fixed viewport, scale, colour scheme, locale and time zone; screenshot
 * baselines under `test/__screenshots__/<project>/`.
 */
export function chromiumBrowser(project: string): BrowserConfigOptions {
  return {
    enabled: true,
    headless: true,
    screenshotFailures: false,
    commands: { setColorScheme, setMedia, collectGarbage },
    provider: playwright({
      launchOptions: { executablePath: chromiumPath, args: chromiumArgs },
      contextOptions: {
        deviceScaleFactor: 1,
        // Larger than the tester iframe below, so vitest does not scale the iframe (and its screenshots) down.
        viewport: { width: 1280, height: 4400 },
        reducedMotion: 'reduce',
        colorScheme: 'light',
        locale: 'en-US',
        timezoneId: 'UTC',
      },
    }),
    // Tall enough that a whole state matrix is painted: parts of a page outside the viewport are not.
    instances: [{ browser: 'chromium', viewport: { width: 800, height: 3000 } }],
    expect: {
      toMatchScreenshot: {
        comparatorName: 'pixelmatch',
        comparatorOptions: { threshold: 0.1, allowedMismatchedPixelRatio: 0 },
        // Two screenshots of a tall matrix alike take longer while another worker runs; a page that
        // keeps changing still fails.
        timeout: SCREENSHOT_DEADLINE,
        resolveScreenshotPath: ({ arg, browserName, platform, ext, root }) =>
          `${root}/test/__screenshots__/${project}/${arg}-${browserName}-${platform}${ext}`,
      },
    },
  }
}
