/**
 * A catalogue file read as it arrives: csv-parse streams the records, the format's reader
 * (src/domain/catalogue-formats.ts) turns them into products, and only the product being built is
 * held. Anything that makes the file unreadable is an ImportFileError naming the line.
 */
import type { Readable } from 'node:stream';
import { CsvError, parse } from 'csv-parse';
import {
  CATALOGUE_IMPORT_LIMITS,
  CATALOGUE_IMPORT_MESSAGES,
  type CatalogueFormat,
} from '#domain/catalogue-import.js';
import { readerFor } from '#domain/catalogue-formats.js';
import { ImportFileError, type ReaderEvent } from '#domain/catalogue-rows.js';

function lineOf(error: CsvError): number | null {
  const lines = (error as CsvError & { lines?: number }).lines;
  return typeof lines === 'number' ? lines : null;
}

/** csv-parse's errors in the words a seller can act on. */
function readableError(error: CsvError): ImportFileError {
  const line = lineOf(error);
  switch (error.code) {
    case 'CSV_RECORD_INCONSISTENT_FIELDS_LENGTH':
    case 'CSV_RECORD_INCONSISTENT_COLUMNS':
      return new ImportFileError(line, 'This line does not have as many fields as the header.');
    case 'CSV_QUOTE_NOT_CLOSED':
      return new ImportFileError(line, 'A quoted field is not closed.');
    case 'CSV_INVALID_CLOSING_QUOTE':
    case 'CSV_NON_TRIMABLE_CHAR_AFTER_CLOSING_QUOTE':
      return new ImportFileError(line, 'A quote inside a field is not doubled ("").');
    case 'CSV_MAX_RECORD_SIZE':
      return new ImportFileError(line, 'This line is too long to be a product row.');
    default:
      return new ImportFileError(line, 'This line cannot be read as CSV.');
  }
}

export interface ReadCatalogue {
  format: CatalogueFormat;
  events: AsyncGenerator<ReaderEvent>;
}

/** The file's format from its header, then its products one by one. */
export async function readCatalogue(file: Readable): Promise<ReadCatalogue> {
  const parser = parse({
    bom: true,
    info: true,
    skip_empty_lines: true,
    skip_records_with_empty_values: true,
    max_record_size: CATALOGUE_IMPORT_LIMITS.recordBytesMax,
  });
  file.on('error', (error) => parser.destroy(error));
  file.pipe(parser);
  const records = parser[Symbol.asyncIterator]() as AsyncIterator<{
    record: string[];
    info: { lines: number };
  }>;

  async function next() {
    try {
      return await records.next();
    } catch (error) {
      if (error instanceof CsvError) throw readableError(error);
      throw error;
    }
  }

  const first = await next();
  if (first.done) throw new ImportFileError(null, CATALOGUE_IMPORT_MESSAGES.empty);
  const reader = readerFor(first.value.record);
  if (!reader) {
    parser.destroy();
    file.resume();
    throw new ImportFileError(1, CATALOGUE_IMPORT_MESSAGES.unknownHeader);
  }

  async function* events(): AsyncGenerator<ReaderEvent> {
    try {
      for (;;) {
        const item = await next();
        if (item.done) break;
        const { record, info } = item.value;
        if (record.some((cell) => cell.includes('\uFFFD'))) {
          throw new ImportFileError(
            info.lines,
            'The file is not UTF-8 text: save it as “CSV UTF-8” and try again.',
          );
        }
        yield* reader!.push(record, info.lines);
      }
      yield* reader!.end();
    } finally {
      if (!parser.destroyed) parser.destroy();
    }
  }

  return { format: reader.format, events: events() };
}
