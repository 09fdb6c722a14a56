export { FilePart, formatBytes, type FilePartProps } from './FilePart.js'
