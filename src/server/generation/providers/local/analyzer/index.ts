/** The offline evidence analyzer: photo → ListingEvidence, in process or in a worker pool. */
export {
  analyzePhotoInProcess,
  analyzePhotoWith,
  loadAnalyzerModels,
  type AnalyzedPhoto,
  type AnalyzerModels,
  type AnalyzerTimings,
} from './analyze-photo.js';
export {
  createEvidenceAnalyzer,
  defaultAnalyzerWorkers,
  type EvidenceAnalyzer,
  type EvidenceAnalyzerOptions,
} from './analyzer-pool.js';
export { createBarcodeReader, type BarcodeReader } from './barcode-reader.js';
export { createClassifier, type Classifier } from './classifier.js';
export { createTextReader, type TextReader } from './text-reader.js';
export {
  ANALYSIS_MAX_SIDE,
  READING_MAX_SIDE,
  classifierInputs,
  decodeWorkingCopies,
  type WorkingCopies,
} from './working-copies.js';
