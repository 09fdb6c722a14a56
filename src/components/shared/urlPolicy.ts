/**
 * What model output may link to or load. Model output is untrusted: a prompt injection can write a
 * `javascript:` link, an image whose URL carries stolen data to an attacker's server the moment it
 * loads, or a file whose `data:` URL downloads as a script. Links pass {@link UrlPolicy.link},
 * images {@link UrlPolicy.image}, files {@link UrlPolicy.file}; no component adds a rule of its own.
 *
 * Every decision is taken on the URL the browser would load: the text resolved against the
 * document's base URL (or the `baseUrl` option), so `https:evil.example` on an `http:` page,
 * `//evil.example` on a `file:` page and `HTTPS://EVIL.EXAMPLE:443/` are all seen as the remote
 * URLs they are.
 */
export interface UrlPolicy {
  /** The URL to use for a link, or `null` to show the text without a link. */
  link(url: string): string | null
  /**
   * What to do with an image: `load` it, show a button that loads it on `click`, or `block` it.
   * Remote images are `click` unless their origin is allowed.
   */
  image(url: string): ImageDecision
  /**
   * The link for a file attachment named `name` of type `mime`, or `null` to show it unlinked.
   * `download` is set for inline (`data:`, `blob:`) files: a name whose extension fits the content,
   * so no attachment can save itself as `.html`, `.svg` or `.exe`.
   */
  file(url: string, name: string, mime?: string): FileLink | null
}

/** What {@link UrlPolicy.image} decided. */
export interface ImageDecision {
  action: 'load' | 'click' | 'block'
  /** The URL to load (resolved), or the text as given when blocked. */
  url: string
  /** The host a `click` image would be loaded from, shown on its button. */
  host?: string
}

/** What {@link UrlPolicy.file} allows: the `href`, and the name to save an inline file under. */
export interface FileLink {
  url: string
  download?: string
}

/** Options of {@link createUrlPolicy}. */
export interface UrlPolicyOptions {
  /** Origins whose images load without a click, e.g. `https://cdn.example.com` (default: none). */
  imageOrigins?: readonly string[]
  /** Load remote images without a click: turns the exfiltration guard off (default: false). */
  allowAllImages?: boolean
  /** Load images from the page's own origin without a click (default: true; only for `http:` and `https:` pages). */
  sameOriginImages?: boolean
  /**
   * What relative URLs resolve against (default: the document's base URL, read at each decision).
   * Set it where there is no document, e.g. when rendering on a server, so both sides decide alike.
   */
  baseUrl?: string | URL | undefined
}

const LINK_PROTOCOLS = new Set(['http:', 'https:', 'mailto:', 'tel:'])
const WEB_PROTOCOLS = new Set(['http:', 'https:'])
// Only to tell a relative reference from an absolute URL; never used to decide what loads.
const PROBE = 'http://relative.invalid/'

/** File types that cannot run script when opened or saved, with the extensions they may be saved under (the first is the default). */
const INERT_TYPES: Record<string, readonly string[]> = {
  'text/plain': ['.txt', '.text', '.log', '.md', '.csv'],
  'application/pdf': ['.pdf'],
  'image/png': ['.png'],
  'image/jpeg': ['.jpg', '.jpeg'],
  'image/gif': ['.gif'],
  'image/webp': ['.webp'],
  'image/avif': ['.avif'],
  'image/bmp': ['.bmp'],
  'image/x-icon': ['.ico'],
  'image/vnd.microsoft.icon': ['.ico'],
  'audio/mpeg': ['.mp3'],
  'audio/mp4': ['.m4a'],
  'audio/ogg': ['.ogg', '.oga'],
  'audio/wav': ['.wav'],
  'audio/webm': ['.weba', '.webm'],
  'audio/flac': ['.flac'],
  'video/mp4': ['.mp4', '.m4v'],
  'video/webm': ['.webm'],
  'video/ogg': ['.ogv'],
  'video/quicktime': ['.mov'],
}

/** The base relative URLs resolve against: the option, else the document's, else none (a server). */
function baseOf(option: string | URL | undefined): string | undefined {
  if (option !== undefined) return String(option)
  return typeof document === 'undefined' ? undefined : document.baseURI
}

function parse(url: string, base?: string): URL | null {
  try {
    // The URL parser drops tabs and newlines and lowercases the scheme, so `java\tscript:` is caught.
    return base === undefined ? new URL(url) : new URL(url, base)
  } catch {
    return null
  }
}

/** Whether `url` is a relative reference (no scheme of its own), as the URL parser reads it. */
function isRelative(url: string): boolean {
  return parse(url) === null && parse(url, PROBE) !== null
}

/** The type of a `data:` URL, lowercased without parameters (`text/plain` when it names none). */
function dataType(href: string): string {
  const head = /^data:([^,]*),/i.exec(href)?.[1] ?? ''
  return (head.split(';')[0] ?? '').trim().toLowerCase() || 'text/plain'
}

const DOT_OR_SPACE = /[.\s]/

/** `name` without the dots and spaces at either end (a loop: `/[.\s]+$/` tries each of a long run as a start). */
function trimDotsAndSpaces(name: string): string {
  let start = 0
  let end = name.length
  while (start < end && DOT_OR_SPACE.test(name[start] as string)) start++
  while (end > start && DOT_OR_SPACE.test(name[end - 1] as string)) end--
  return name.slice(start, end)
}

/** A name safe to save a file of `type` under: no path, no control characters, an extension that fits the type. */
function downloadName(name: string, type: string): string {
  const allowed = INERT_TYPES[type] ?? []
  // eslint-disable-next-line no-control-regex -- control characters are exactly what must not reach a file name
  const base = trimDotsAndSpaces(name.replace(/[\\/:*?"<>|\u0000-\u001f\u007f]+/g, '_')) || 'file'
  const dot = base.lastIndexOf('.')
  const extension = dot > 0 ? base.slice(dot).toLowerCase() : ''
  return allowed.includes(extension) ? base : `${base}${allowed[0] ?? '.bin'}`
}

/** Creates a URL policy; the default one allows web links and keeps remote images behind a click. */
export function createUrlPolicy(options: UrlPolicyOptions = {}): UrlPolicy {
  const origins = new Set((options.imageOrigins ?? []).flatMap((origin) => parse(origin)?.origin ?? []))
  const sameOrigin = options.sameOriginImages ?? true

  /** The URL the browser would load for `raw`, with the page's own URL (none without a base). */
  const resolve = (raw: string): { url: URL | null; page: URL | null } => {
    const base = baseOf(options.baseUrl)
    const page = base === undefined ? null : parse(base)
    return { url: parse(raw.trim(), base), page }
  }

  /** An inline (`data:` or own `blob:`) file of an inert type, with a safe name to save it under. */
  const inlineFile = (url: URL, page: URL | null, name: string, mime: string | undefined): FileLink | null => {
    if (url.protocol === 'data:') {
      const type = dataType(url.href)
      return Object.hasOwn(INERT_TYPES, type) ? { url: url.href, download: downloadName(name, type) } : null
    }
    // A blob: URL is made by the page itself; its type is only known from the part's own mime.
    const type = (mime ?? '').split(';')[0]?.trim().toLowerCase() ?? ''
    if (url.protocol === 'blob:' && page !== null && url.origin === page.origin && Object.hasOwn(INERT_TYPES, type)) {
      return { url: url.href, download: downloadName(name, type) }
    }
    return null
  }

  const policy: UrlPolicy = {
    link(raw) {
      if (typeof raw !== 'string') return null
      const text = raw.trim()
      // A link within the page loads nothing, whatever the page's scheme.
      if (text.startsWith('#')) return text
      const { url } = resolve(text)
      if (url === null) {
        // No base (a server): a relative reference keeps the page's own web scheme when the browser resolves it.
        return isRelative(text) ? text : null
      }
      if (!LINK_PROTOCOLS.has(url.protocol)) return null
      // A relative reference is kept as written (the browser resolves it alike), so server and client agree.
      return isRelative(text) ? text : url.href
    },
    image(raw) {
      if (typeof raw !== 'string') return { action: 'block', url: '' }
      const { url, page } = resolve(raw)
      if (url === null)
        return isRelative(raw.trim()) ? { action: 'click', url: raw.trim() } : { action: 'block', url: raw }
      if (url.protocol === 'data:')
        return dataType(url.href).startsWith('image/')
          ? { action: 'load', url: url.href }
          : { action: 'block', url: raw }
      if (url.protocol === 'blob:')
        return page !== null && url.origin === page.origin
          ? { action: 'load', url: url.href }
          : { action: 'block', url: raw }
      if (!WEB_PROTOCOLS.has(url.protocol)) return { action: 'block', url: raw }
      const own = sameOrigin && page !== null && WEB_PROTOCOLS.has(page.protocol) && url.origin === page.origin
      if (options.allowAllImages || own || origins.has(url.origin)) return { action: 'load', url: url.href }
      return { action: 'click', url: url.href, host: url.host }
    },
    file(raw, name, mime) {
      if (typeof raw !== 'string') return null
      const { url, page } = resolve(raw)
      if (url !== null && (url.protocol === 'data:' || url.protocol === 'blob:'))
        return inlineFile(url, page, typeof name === 'string' ? name : '', mime)
      const href = policy.link(raw)
      // A file is fetched, not mailed or dialled.
      return href !== null && !/^(mailto|tel):/i.test(href) ? { url: href } : null
    },
  }
  return policy
}

/** The policy used when none is given. */
export const defaultUrlPolicy: UrlPolicy = createUrlPolicy()
