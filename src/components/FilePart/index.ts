export { FilePart, type FilePartProps } from './FilePart.js'
