export { StepStartPart, type StepStartPartProps } from './StepStartPart.js'
