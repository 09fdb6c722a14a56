export {
  AgentPart,
  CompactionPart,
  PatchPart,
  RetryPart,
  SnapshotPart,
  SubtaskPart,
  UnsupportedPart,
} from './CompactParts.js'
