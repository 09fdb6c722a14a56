export { Message, MessageView, type MessageProps, type MessageViewProps } from './MessageView.js'
