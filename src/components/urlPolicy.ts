/**
 * What model output may link to or load. Model output is untrusted: a prompt injection can write a
 * `javascript:` link, or an image whose URL carries stolen data to an attacker's server the moment
 * it loads. Links and files pass {@link UrlPolicy.link}; images pass {@link UrlPolicy.image}.
 */
export interface UrlPolicy {
  /** The URL to use for a link, or `null` to show the text without a link. */
  link(url: string): string | null
  /**
   * What to do with an image: `load` it, show a button that loads it on `click`, or `block` it.
   * Remote images are `click` unless their origin is allowed.
   */
  image(url: string): { action: 'load' | 'click' | 'block'; url: string; host?: string }
}

/** Options of {@link createUrlPolicy}. */
export interface UrlPolicyOptions {
  /** Origins whose images load without a click, e.g. `https://cdn.example.com` (default: none). */
  imageOrigins?: readonly string[]
  /** Load remote images without a click: turns the exfiltration guard off (default: false). */
  allowAllImages?: boolean
}

const LINK_PROTOCOLS = new Set(['http:', 'https:', 'mailto:', 'tel:'])
// A base that cannot be a real page, so relative URLs parse and are told apart from absolute ones.
const BASE = 'https://relative.invalid/'

function parse(url: string): URL | null {
  try {
    // The URL parser drops tabs and newlines and lowercases the scheme, so `java\tscript:` is caught.
    return new URL(url.trim(), BASE)
  } catch {
    return null
  }
}

const isRelative = (parsed: URL) => parsed.origin === new URL(BASE).origin

/** Creates a URL policy; the default one allows web links and keeps remote images behind a click. */
export function createUrlPolicy(options: UrlPolicyOptions = {}): UrlPolicy {
  const origins = new Set((options.imageOrigins ?? []).flatMap((origin) => parse(origin)?.origin ?? []))
  return {
    link(url) {
      const parsed = parse(url)
      if (!parsed) return null
      if (isRelative(parsed)) return url.trim()
      return LINK_PROTOCOLS.has(parsed.protocol) ? parsed.href : null
    },
    image(url) {
      const parsed = parse(url)
      if (!parsed) return { action: 'block', url }
      if (isRelative(parsed)) return { action: 'load', url: url.trim() }
      if (parsed.protocol === 'data:') {
        return /^data:image\/[\w.+-]+[;,]/i.test(parsed.href) ? { action: 'load', url: parsed.href } : { action: 'block', url }
      }
      if (parsed.protocol === 'blob:') return { action: 'load', url: parsed.href }
      if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return { action: 'block', url }
      if (options.allowAllImages || origins.has(parsed.origin)) return { action: 'load', url: parsed.href }
      return { action: 'click', url: parsed.href, host: parsed.host }
    },
  }
}

/** The policy used when none is given. */
export const defaultUrlPolicy: UrlPolicy = createUrlPolicy()
