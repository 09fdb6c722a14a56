import type { TextPart } from '../../../src/core/model/types'
import { builtInAdapters } from '../../../src/protocols/adapters'
import { createChatStore } from '../../../src/store/chatStore'
import { opencodeSession } from '../../fixtures/opencode'
import conversation from '../../fixtures/toolmessage2/conversation.json'

/** Every block Markdown has: headings, emphasis, a table, a task list, code in two languages. */
export const markdown = [
  '# Release notes',
  'Some **bold**, *italic*, ~~struck~~ text and a [link](https://example.com).',
  '| Package | Size |\n|---|---:|\n| core | 12 KB |',
  '- [x] parser\n- [ ] renderer',
  '```ts\n// the answer\nexport const answer: number = 42\n```',
  '```python\n# entry point\ndef main():\n    return 0\n```',
].join('\n\n')

/** A store with every kind of part: the real opencode session, the toolmessage2 conversation, and the Markdown above. */
export function fullStore() {
  const store = createChatStore({
    adapters: builtInAdapters,
    initial: structuredClone(opencodeSession.messages),
    coalesce: false,
  })
  store.getState().ingest('toolmessage2', structuredClone(conversation))
  const last = opencodeSession.messages[2]?.parts.find((part): part is TextPart => part.type === 'text') as TextPart
  store.getState().upsertPart({ ...last, id: 'prt_zz_markdown', text: markdown })
  return store
}
