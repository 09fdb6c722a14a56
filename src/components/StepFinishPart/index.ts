export { StepFinishPart, type StepFinishPartProps } from './StepFinishPart.js'
