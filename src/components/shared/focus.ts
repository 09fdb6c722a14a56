/**
 * A ref that focuses its element as it mounts: for what replaces a control that held the focus
 * (a loaded image in place of its "load" button), so a keyboard user is not dropped to the page.
 */
export const focusOnMount = (element: HTMLElement | null): void => element?.focus()
