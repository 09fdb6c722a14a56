import { render } from '@testing-library/react'
import { renderToStaticMarkup } from 'react-dom/server'
import ReactMarkdown from 'react-markdown'
import { it } from 'vitest'
import { ChatpartsProvider } from '../../src/components/config'
import { Markdown } from '../../src/components/Markdown/Markdown'
it('hr', () => {
  for (const text of ['- a\n- - -', '- a\n\n- - -', '* a\n* * *\n* b', '- a\n\n***']) {
    const ours = render(
      <ChatpartsProvider highlighter={null}>
        <Markdown text={text} streaming />
      </ChatpartsProvider>,
    ).container.querySelector('.cp-markdown')?.innerHTML
    console.log('CASE', JSON.stringify([text, ours, renderToStaticMarkup(<ReactMarkdown>{text}</ReactMarkdown>)]))
  }
})
