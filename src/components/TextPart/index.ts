export { TextPart, type TextPartProps } from './TextPart.js'
