/**
 * A selector for the element whose `attribute` is `value` (an id from data: any text). Quoted, so
 * only a quote and a backslash need escaping; it works where `CSS.escape` is missing (jsdom).
 */
export function byAttribute(attribute: string, value: string): string {
  return `[${attribute}="${String(value).replace(/["\\]/g, '\\$&').replace(/\n/g, '\\a ')}"]`
}
