/**
 * The shallowest heading depth a Markdown text uses (`#` to `######`, and setext underlines),
 * outside fenced code: a reply whose sections are `###` headings has them right under the
 * message's own heading, not two levels down. Read line by line as the text grows: a complete line
 * is read once, the line being written each time.
 */
export class ShallowestHeading {
  private text = ''
  /** Where the first line not read for good starts. */
  private next = 0
  private fence: { char: string; length: number } | null = null
  /** The last line read was paragraph text (so `===` or `---` under it makes it a heading). */
  private paragraph = false
  private min = 7

  /** The shallowest depth (1–6), or 0 when the text has no heading. */
  read(text: string): number {
    if (!text.startsWith(this.text.slice(0, this.next))) this.reset()
    this.text = text
    let end = text.indexOf('\n', this.next)
    while (end !== -1) {
      this.line(text.slice(this.next, end))
      this.next = end + 1
      end = text.indexOf('\n', this.next)
    }
    // The line being written counts without moving the state on (it may still become something else).
    const state = { fence: this.fence, paragraph: this.paragraph, min: this.min }
    this.line(text.slice(this.next))
    const found = this.min
    Object.assign(this, state)
    return found === 7 ? 0 : found
  }

  private reset(): void {
    this.text = ''
    this.next = 0
    this.fence = null
    this.paragraph = false
    this.min = 7
  }

  private line(raw: string): void {
    const line = raw.endsWith('\r') ? raw.slice(0, -1) : raw
    const fence = /^ {0,3}(`{3,}|~{3,})/.exec(line)
    if (this.fence) {
      const closing = fence?.[1]
      if (
        closing &&
        closing[0] === this.fence.char &&
        closing.length >= this.fence.length &&
        /^ {0,3}[`~]+[ \t]*$/.test(line)
      )
        this.fence = null
      this.paragraph = false
      return
    }
    if (fence?.[1]) {
      this.fence = { char: fence[1][0] as string, length: fence[1].length }
      this.paragraph = false
      return
    }
    const atx = /^ {0,3}(#{1,6})(?:[ \t]|$)/.exec(line)
    if (atx?.[1]) {
      this.min = Math.min(this.min, atx[1].length)
      this.paragraph = false
      return
    }
    if (this.paragraph && /^ {0,3}(=+|-+)[ \t]*$/.test(line)) {
      this.min = Math.min(this.min, line.trim()[0] === '=' ? 1 : 2)
      this.paragraph = false
      return
    }
    const blank = line.trim() === ''
    // A thematic break, a list item or a quote is not paragraph text a setext line could underline.
    this.paragraph =
      !blank &&
      !/^ {0,3}([-*_])([ \t]*\1){2,}[ \t]*$/.test(line) &&
      !/^ {0,3}([-+*]|\d{1,9}[.)])([ \t]|$)/.test(line) &&
      !/^ {0,3}>/.test(line)
  }
}
