export { ReasoningPart, type ReasoningPartProps } from './ReasoningPart.js'
