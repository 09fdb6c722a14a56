export { type ScrollTarget, Transcript, type TranscriptHandle, type TranscriptProps } from './Transcript.js'
