/** The offline evidence analyzer: photo → ListingEvidence, in process or in a worker pool. */
export {
  analyzePhotoInProcess,
  type AnalyzedPhoto,
  type AnalyzerTimings,
} from './analyze-photo.js';
export { createEvidenceAnalyzer } from './analyzer-pool.js';
export { classifierInputs } from './working-copies.js';
