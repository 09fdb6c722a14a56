import type { ReactElement } from 'react'

/**
 * The kit's icons: one set, drawn on a 16-unit grid with a 1.5 stroke in `currentColor`, so each
 * takes the colour and size of the text beside it (`1em`). Decorative: the text next to an icon
 * says what it means, so every icon is hidden from assistive technology.
 */
const SHAPES = {
  'chevron-right': <path d="M6 3.5 10.5 8 6 12.5" />,
  'chevron-down': <path d="M3.5 6 8 10.5 12.5 6" />,
  check: <path d="M3 8.5 6.5 12 13 4.5" />,
  x: <path d="M4 4l8 8M12 4l-8 8" />,
  circle: <circle cx="8" cy="8" r="5.25" />,
  'circle-dot': (
    <>
      <circle cx="8" cy="8" r="5.25" />
      <circle cx="8" cy="8" r="1.75" fill="currentColor" stroke="none" />
    </>
  ),
  'circle-half': (
    <>
      <circle cx="8" cy="8" r="5.25" />
      <path d="M8 2.75a5.25 5.25 0 0 1 0 10.5Z" fill="currentColor" stroke="none" />
    </>
  ),
  'circle-check': (
    <>
      <circle cx="8" cy="8" r="5.25" fill="currentColor" stroke="none" />
      <path d="M5.5 8.25 7.25 10 10.5 6.25" stroke="var(--_cp-bg, #fff)" />
    </>
  ),
  'circle-slash': (
    <>
      <circle cx="8" cy="8" r="5.25" />
      <path d="M4.3 11.7l7.4-7.4" />
    </>
  ),
  spinner: (
    <>
      <circle cx="8" cy="8" r="5.25" opacity="0.3" />
      <path d="M8 2.75A5.25 5.25 0 0 1 13.25 8" />
    </>
  ),
  question: (
    <>
      <circle cx="8" cy="8" r="5.75" />
      <path d="M6.25 6.5a1.75 1.75 0 1 1 2.5 1.6c-.5.25-.75.6-.75 1.15v.25" />
      <circle cx="8" cy="11.25" r=".6" fill="currentColor" stroke="none" />
    </>
  ),
  alert: (
    <>
      <path d="M8 2.5 14 13H2Z" />
      <path d="M8 6.5v3" />
      <circle cx="8" cy="11.25" r=".6" fill="currentColor" stroke="none" />
    </>
  ),
  pause: <path d="M6 4v8M10 4v8" />,
  // One path (the front sheet, then the one behind): an element fewer in every code block.
  copy: (
    <path d="M7 5.5h5A1.5 1.5 0 0 1 13.5 7v5a1.5 1.5 0 0 1-1.5 1.5H7A1.5 1.5 0 0 1 5.5 12V7A1.5 1.5 0 0 1 7 5.5zM10.5 3.5V3a1 1 0 0 0-1-1H4a1.5 1.5 0 0 0-1.5 1.5V9a1 1 0 0 0 1 1h.5" />
  ),
  'arrow-down': <path d="M8 3v10M3.5 8.5 8 13l4.5-4.5" />,
  'arrow-up': <path d="M8 13V3M3.5 7.5 8 3l4.5 4.5" />,
  link: (
    <path d="M6.8 9.2a2.6 2.6 0 0 0 3.7 0l2.2-2.2a2.6 2.6 0 0 0-3.7-3.7l-.9.9M9.2 6.8a2.6 2.6 0 0 0-3.7 0L3.3 9a2.6 2.6 0 0 0 3.7 3.7l.9-.9" />
  ),
  retry: (
    <>
      <path d="M13 8a5 5 0 1 1-1.5-3.55" />
      <path d="M12 2v3h-3" />
    </>
  ),
  diff: <path d="M8 2.5v5M5.5 5h5M5.5 12h5" />,
  camera: (
    <>
      <circle cx="8" cy="8" r="5.25" />
      <path d="M8 5v3l2 1.5" />
    </>
  ),
  at: (
    <>
      <circle cx="8" cy="8" r="2.25" />
      <path d="M10.25 8v1a1.75 1.75 0 0 0 3.5 0V8A5.75 5.75 0 1 0 11 12.9" />
    </>
  ),
  fold: <path d="M4 3l4 3.5L12 3M4 13l4-3.5 4 3.5" />,
  'arrow-corner': <path d="M4 3v5.5a1.5 1.5 0 0 0 1.5 1.5H12M9.5 7.5 12 10l-2.5 2.5" />,
  // "M↓": Markdown.
  markdown: <path d="M2 11V5l2.5 3L7 5v6M11.5 5v6M9.5 9l2 2 2-2" />,
  file: <path d="M4 2.5h5l3 3V13a.5.5 0 0 1-.5.5h-7A.5.5 0 0 1 4 13ZM9 2.5V6h3" />,
  tool: <path d="M9.5 3a3 3 0 0 0 3.4 4L7 13a1.4 1.4 0 0 1-2-2l6-5.9A3 3 0 0 0 9.5 3Z" />,
} satisfies Record<string, ReactElement>

/** The name of one of the kit's icons. */
export type IconName = keyof typeof SHAPES

/** One of the kit's icons, `1em` square, hidden from assistive technology. `data-icon` names it for styling. */
export function Icon({ name, className }: { name: IconName; className?: string | undefined }) {
  return (
    <svg
      className={className ? `cp-icon ${className}` : 'cp-icon'}
      data-icon={name}
      viewBox="0 0 16 16"
      width="1em"
      height="1em"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.5"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      {SHAPES[name]}
    </svg>
  )
}
