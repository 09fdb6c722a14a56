export { Transcript, type TranscriptProps } from './Transcript.js'
