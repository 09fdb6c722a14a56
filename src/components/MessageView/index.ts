export {
  type HeadingLevel,
  Message,
  type MessageLayout,
  messageText,
  MessageView,
  type MessageProps,
  type MessageViewProps,
} from './MessageView.js'
