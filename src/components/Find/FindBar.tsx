import { type ComponentPropsWithRef, type KeyboardEvent, type ReactNode, useEffect, useRef, useState } from 'react'
import { fillCount } from '../../labels/labels.js'
import { useLabels } from '../../labels/LabelsContext.js'
import type { FindController } from '../../react/useFind.js'
import { cx } from '../shared/cx.js'
import { Icon } from '../shared/Icon.js'

/** Props of {@link FindBar}. */
export interface FindBarProps extends Omit<ComponentPropsWithRef<'div'>, 'children'> {
  /** The find to show and move, from `useFind`. */
  find: FindController
  /** Called after Escape or the close button closed it: where the focus goes back to. */
  onClose?: (() => void) | undefined
}

/** A toggle of one search option: its mark shown, its name said and in its tooltip. */
function Option({
  find,
  option,
  name,
  children,
}: {
  find: FindController
  option: 'caseSensitive' | 'wholeWord'
  name: string
  children: ReactNode
}) {
  const on = find.options[option] === true
  return (
    <button
      type="button"
      className="cp-find__option"
      aria-pressed={on}
      title={name}
      onClick={() => find.setOptions({ ...find.options, [option]: !on })}
    >
      <span aria-hidden="true">{children}</span>
      <span className="cp-visually-hidden">{name}</span>
    </button>
  )
}

/**
 * The find box: a search field, the count ("3 of 41 matches", announced politely when it changes
 * at the reader's request), previous and next (Shift+Enter and Enter), match case, whole word, and
 * close (Escape). It takes the focus each time `find.openFind()` asks.
 */
export function FindBar({ find, onClose, className, ...rest }: FindBarProps) {
  const labels = useLabels()
  const input = useRef<HTMLInputElement>(null)
  const { query, matches, capped, ready, current, focusRequests, moves } = find
  useEffect(() => {
    if (focusRequests === 0) return
    input.current?.focus()
    input.current?.select()
  }, [focusRequests])

  const number = (value: number) => value.toLocaleString(labels.lang)
  const total = capped ? `${number(matches.length)}+` : number(matches.length)
  const count =
    query === '' || !ready
      ? ''
      : matches.length === 0
        ? labels.findNone
        : fillCount(labels.findCount, matches.length, labels.lang, { current: number(current + 1) }, total)
  // Announced when the reader moved or typed, not at each match a streaming reply adds.
  const [announced, setAnnounced] = useState({ moves: -1, ready: false, text: '' })
  if (announced.moves !== moves || announced.ready !== ready) setAnnounced({ moves, ready, text: count })

  const close = () => {
    find.close()
    onClose?.()
  }
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault()
      if (event.shiftKey) find.previous()
      else find.next()
    } else if (event.key === 'Escape') {
      event.preventDefault()
      close()
    }
  }
  return (
    <div {...rest} className={cx('cp-find', className)} role="search" aria-label={labels.find} lang={labels.lang}>
      <input
        ref={input}
        className="cp-find__field"
        type="search"
        aria-label={labels.findField}
        placeholder={labels.findField}
        value={query}
        onChange={(event) => find.setQuery(event.target.value)}
        onKeyDown={onKeyDown}
        autoComplete="off"
        spellCheck={false}
      />
      <span
        className="cp-find__count"
        aria-hidden="true"
        data-state={query !== '' && matches.length === 0 ? 'none' : undefined}
      >
        {count}
      </span>
      <Option find={find} option="caseSensitive" name={labels.findCase}>
        Aa
      </Option>
      <Option find={find} option="wholeWord" name={labels.findWholeWord}>
        <span className="cp-find__word">ab</span>
      </Option>
      <button
        type="button"
        className="cp-find__button"
        title={labels.findPrevious}
        aria-label={labels.findPrevious}
        disabled={matches.length === 0}
        onClick={find.previous}
      >
        <Icon name="arrow-up" />
      </button>
      <button
        type="button"
        className="cp-find__button"
        title={labels.findNext}
        aria-label={labels.findNext}
        disabled={matches.length === 0}
        onClick={find.next}
      >
        <Icon name="arrow-down" />
      </button>
      <button
        type="button"
        className="cp-find__button"
        title={labels.findClose}
        aria-label={labels.findClose}
        onClick={close}
      >
        <Icon name="x" />
      </button>
      <span className="cp-visually-hidden" role="status">
        {announced.text}
      </span>
    </div>
  )
}
