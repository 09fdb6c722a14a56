import { type ComponentPropsWithRef, useState } from 'react'
import type { FilePart as FilePartData } from '../../core/model/types.js'
import { formatBytes } from '../../labels/format.js'
import { useLabels } from '../../labels/LabelsContext.js'
import { useRenderConfig } from '../shared/config.js'
import { cx } from '../shared/cx.js'
import { focusOnMount } from '../shared/focus.js'
import { ImageGate } from '../shared/ImageGate.js'
import { Icon } from '../shared/Icon.js'
import { labelText } from '../shared/displayText.js'

/** Props of {@link FilePart}. */
export interface FilePartProps extends Omit<ComponentPropsWithRef<'div'>, 'children' | 'part'> {
  part: FilePartData
  streaming?: boolean | undefined
}

/** The last path segment of a URL that has paths (never of a `data:` or `blob:` URL, whose "path" is its content). */
function lastSegment(url: string): string {
  if (typeof url !== 'string' || /^\s*(data|blob):/i.test(url)) return ''
  const segment = url.split(/[?#]/)[0]?.split('/').pop() ?? ''
  try {
    return decodeURIComponent(segment)
  } catch {
    return segment
  }
}

/** The name a file is shown under: its filename, its source path, its URL's last segment, or its type; never a payload (see {@link labelText}). */
const nameOf = (part: FilePartData) => {
  const mime = labelText(part.mime, 'file', 60)
  return labelText(
    part.filename || (part.source && 'path' in part.source ? part.source.path : '') || lastSegment(part.url),
    mime,
  )
}

/**
 * An attached file. Images show as a preview (with alt text) that opens full size on click, once
 * the URL policy allows loading them; other files show as a chip with icon, name, mime and size.
 * A `file:` URL or one the policy refuses is shown but not linked.
 */
export function FilePart({ part, className, streaming: _streaming, ...rest }: FilePartProps) {
  const labels = useLabels()
  const { urlPolicy } = useRenderConfig()
  const [opened, setOpened] = useState(false)
  const [broken, setBroken] = useState(false)
  const name = nameOf(part)
  const image = part.mime.startsWith('image/') ? urlPolicy.image(part.url) : undefined
  const link = urlPolicy.file(part.url, name, part.mime)
  // The full-size view opens only for web URLs; an inline image is not opened as a page of its own.
  const preview = image ? urlPolicy.link(image.url) : null
  const source = part.source
    ? labelText(
        part.source.type === 'symbol'
          ? `${part.source.path} · ${part.source.name}`
          : part.source.type === 'file'
            ? part.source.path
            : part.source.uri,
        '',
      ) || undefined
    : undefined
  const showImage = image && !broken && (image.action === 'load' || (image.action === 'click' && opened))
  return (
    <div
      {...rest}
      className={cx('cp-file', className)}
      data-part="file"
      data-kind={showImage ? 'image' : 'chip'}
      data-mime={part.mime}
    >
      {showImage && preview ? (
        <a
          className="cp-file__preview"
          href={preview}
          target="_blank"
          rel="noopener noreferrer"
          aria-label={`${labels.openImage}: ${name}`}
          ref={opened ? focusOnMount : undefined}
        >
          <img src={image.url} alt={name} loading="lazy" referrerPolicy="no-referrer" onError={() => setBroken(true)} />
        </a>
      ) : showImage ? (
        <span className="cp-file__preview" {...(opened ? { tabIndex: -1, ref: focusOnMount } : {})}>
          <img src={image.url} alt={name} loading="lazy" referrerPolicy="no-referrer" onError={() => setBroken(true)} />
        </span>
      ) : null}
      {image?.action === 'click' && !opened ? <ImageGate host={image.host} onOpen={() => setOpened(true)} /> : null}
      <div className="cp-file__chip">
        <Icon name="file" className="cp-file__icon" />
        {part.reasoning === true ? (
          <span className="cp-file__reasoning" lang={labels.lang}>
            {labels.fileReasoning}
          </span>
        ) : null}
        {link && !(showImage && preview) ? (
          <a
            className="cp-file__name"
            href={link.url}
            target="_blank"
            rel="noopener noreferrer"
            download={link.download}
          >
            {name}
          </a>
        ) : (
          <span className="cp-file__name">{name}</span>
        )}
        <span className="cp-file__mime">{labelText(part.mime, '', 60)}</span>
        {part.size !== undefined ? <span className="cp-file__size">{formatBytes(part.size, labels)}</span> : null}
        {broken ? (
          <span className="cp-file__blocked" lang={labels.lang}>
            {labels.fileUnavailable}
          </span>
        ) : null}
        {!broken && (image?.action === 'block' || (!link && !image && !part.url.startsWith('file:'))) ? (
          <span className="cp-file__blocked" lang={labels.lang}>
            {labels.blockedUrl}
          </span>
        ) : null}
      </div>
      {source ? (
        <div className="cp-file__source">
          {labels.source}: <code>{source}</code>
        </div>
      ) : null}
    </div>
  )
}
