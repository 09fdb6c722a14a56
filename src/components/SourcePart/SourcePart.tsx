import { labelText } from '../shared/displayText.js'
import type { ComponentPropsWithRef } from 'react'
import type { SourcePart as SourcePartData } from '../../core/model/types.js'
import { useLabels } from '../../labels/LabelsContext.js'
import { useRenderConfig } from '../shared/config.js'
import { cx } from '../shared/cx.js'
import type { UrlPolicy } from '../shared/urlPolicy.js'

/** The host of a URL, to name a source without a title (the URL itself when it has none). */
function hostOf(url: string): string {
  try {
    return new URL(url).host || url
  } catch {
    return url
  }
}

/** One source: a link the URL policy allows (text otherwise), or a document's title, file name and type. */
function Source({ part, policy }: { part: SourcePartData; policy: UrlPolicy }) {
  const labels = useLabels()
  const source = part.source
  if (source?.kind === 'url') {
    const url = typeof source.url === 'string' ? source.url : ''
    const href = policy.link(url)
    const title = labelText(source.title, labelText(hostOf(url), labels.source))
    const body = <span className="cp-sources__title">{title}</span>
    // No favicon, no preview: nothing is fetched for a source until the reader follows its link.
    return href === null || href.startsWith('#') ? (
      <span className="cp-sources__link" title={labels.blockedUrl}>
        {body}
      </span>
    ) : (
      // The chip cuts a long title with an ellipsis: its tooltip has the whole title and where it goes.
      <a
        className="cp-sources__link"
        href={href}
        title={title === href ? href : `${title}\n${href}`}
        target="_blank"
        rel="noopener noreferrer"
      >
        {body}
      </a>
    )
  }
  const title = labelText(source?.title, labels.document)
  const filename = source?.kind === 'document' ? labelText(source.filename, '') : ''
  const mime = source?.kind === 'document' && typeof source.mime === 'string' ? source.mime : ''
  return (
    <span className="cp-sources__link" title={[title, filename, mime].filter(Boolean).join('\n')}>
      <span className="cp-sources__title">{title}</span>
      {source?.kind === 'document' && labelText(source.filename, '') ? (
        <span className="cp-sources__host">{labelText(source.filename, '')}</span>
      ) : null}
    </span>
  )
}

/** Props of {@link SourceList}. */
export interface SourceListProps extends Omit<ComponentPropsWithRef<'nav'>, 'children'> {
  sources: readonly SourcePartData[]
}

/** The sources a reply cites, as a compact numbered list (links through the URL policy, favicon-free). */
export function SourceList({ sources, className, ...rest }: SourceListProps) {
  const labels = useLabels()
  const { urlPolicy } = useRenderConfig()
  if (sources.length === 0) return null
  return (
    <nav
      {...rest}
      className={cx('cp-sources', className)}
      data-part="sources"
      aria-label={labels.sources}
      lang={labels.lang}
    >
      <span className="cp-sources__label" aria-hidden="true" lang={labels.lang}>
        {labels.sources}
      </span>
      <ol className="cp-sources__list">
        {sources.map((part) => (
          <li key={part.id} className="cp-sources__item" data-kind={part.source?.kind}>
            <Source part={part} policy={urlPolicy} />
          </li>
        ))}
      </ol>
    </nav>
  )
}

/** Props of {@link SourcePart}. */
export interface SourcePartProps {
  part: SourcePartData
  streaming?: boolean | undefined
}

/**
 * A single source part, where a part is rendered on its own. `Message` and `Transcript` gather a
 * reply's sources into one {@link SourceList} under it instead.
 */
export function SourcePart({ part }: SourcePartProps) {
  return <SourceList sources={[part]} />
}
