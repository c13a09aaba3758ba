/**
 * The offline evidence analyzer as the server runs it: photo → ListingEvidence in a pool of
 * worker threads. The analysis itself (analyze-photo.ts, which loads onnxruntime and the OCR
 * engine) is imported by the workers, and by tests that run it in process, not by the server.
 */
export type { AnalyzedPhoto, AnalyzerTimings } from './analyze-photo.js';
export { createEvidenceAnalyzer } from './analyzer-pool.js';
