export { StepFinishPart, type StepFinishPartProps } from './StepFinishPart/index.js'
