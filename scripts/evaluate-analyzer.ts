/**
 * Scores the offline analyzer against hand-written labels (by default eval/photo-labels.json for
 * the fixture photos in ../shared/fixtures/photos; eval/holdout/README.md describes a held-out set
 * scored with --photos and --labels): top-1 and top-3 category accuracy, the share of
 * titles with a correct product word, and the share of fields with invented facts (brand,
 * material or size the evidence does not show; must be 0), and a copy audit of the listing
 * fields (./copy-audit.ts: notes to the seller and grammar errors, both must be 0; generic and
 * empty titles; median description length). Prints the figures and a per-photo table
 * (`--markdown` prints the table as Markdown for docs/analyzer-evaluation.md).
 *
 * Category accuracy is reported twice. STRICT: the draft's category is exactly a labelled one.
 * BROADER/NARROWER: it is also counted when it is an ancestor of a labelled category that is at
 * least two levels deep ('Cameras & Optics > Cameras' for a film camera) or a descendant of one
 * ('Film Cameras > Instant Film Cameras' for a film camera): right in kind, not in detail.
 *
 * `tsx scripts/evaluate-analyzer.ts [--markdown] [--evidence <file.json>] [--save-evidence
 * <file.json>] [--photos <dir>] [--labels <file.json>] [--seller-sequence]`; with --evidence the
 * drafts are built from saved evidence ([{ file, evidence }], as --save-evidence writes it)
 * instead of running the analyzer, which re-scores a change to the draft rules in seconds.
 * --seller-sequence drafts each photo as if the seller had confirmed the earlier ones (below).
 * Labels are [{ file, categories, titleWords }], `file` relative to the photo directory (an
 * extra `stamp` field is allowed).
 */
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { ListingDraft } from '#domain/listing-draft.js';
import { createEvidenceAnalyzer } from '#server/vision/providers/local/analyzer/index.js';
import { buildDraft } from '#server/vision/providers/local/draft-builder.js';
import { inventedFacts } from '#server/vision/providers/local/draft-audit.js';
import type { ListingEvidence } from '#server/vision/providers/local/evidence.js';
import { createDraftContext } from '#server/vision/providers/local/local-provider.js';
import type { SellerCategoryExample } from '#server/vision/providers/vision-provider.js';
import { auditCopy, copyFigures } from './copy-audit.js';
import {
  hasWord,
  readLabels,
  readSavedEvidence,
  relatedCategory,
  type PhotoLabel,
} from './eval-labels.js';
import { readinessFigures } from './readiness-figures.js';

const DEFAULT_PHOTOS_DIR = '../shared/fixtures/photos';
const DEFAULT_LABELS_FILE = 'eval/photo-labels.json';
/** Fields the invented-facts check reads per photo (title, description, tags, alt text, attributes). */
const AUDITED_FIELDS = 5;

const args = process.argv.slice(2);
const markdown = args.includes('--markdown');
const sellerSequence = args.includes('--seller-sequence');
const optionValue = (name: string) =>
  args.includes(name) ? args[args.indexOf(name) + 1] : undefined;
const evidenceFile = optionValue('--evidence');
const saveEvidenceFile = optionValue('--save-evidence');
const photosDir = path.resolve(optionValue('--photos') ?? DEFAULT_PHOTOS_DIR);
const labelsFile = path.resolve(optionValue('--labels') ?? DEFAULT_LABELS_FILE);

const context = createDraftContext();
const labels = await readLabels(labelsFile);
for (const label of labels) {
  for (const name of label.categories) {
    if (!context.taxonomy.categories.some((category) => category.fullName === name)) {
      throw new Error(`${label.file}: "${name}" is not a taxonomy category`);
    }
  }
}

async function evidenceOf(): Promise<Map<string, ListingEvidence>> {
  const found = new Map<string, ListingEvidence>();
  if (evidenceFile) return readSavedEvidence(evidenceFile);
  const analyzer = createEvidenceAnalyzer();
  try {
    const analysed = await Promise.all(
      labels.map(async ({ file }) => {
        const { evidence } = await analyzer.analyze(await readFile(path.join(photosDir, file)));
        return [file, evidence] as const;
      }),
    );
    for (const [file, evidence] of analysed) found.set(file, evidence);
  } finally {
    await analyzer.close();
  }
  return found;
}

interface Row {
  label: PhotoLabel;
  draft: ListingDraft;
  top1: boolean;
  top3: boolean;
  /** Top-1 and top-3 counting broader or narrower categories too. */
  top1Related: boolean;
  top3Related: boolean;
  titleWord: boolean;
  invented: string[];
  evidence: ListingEvidence;
}

const evidence = await evidenceOf();
if (saveEvidenceFile) {
  const saved = [...evidence].map(([file, found]) => ({ file, evidence: found }));
  await writeFile(saveEvidenceFile, JSON.stringify(saved));
}
// With --seller-sequence, each photo is drafted as if the seller had confirmed every earlier
// photo (in the labels' order) under its first labelled category: what the analyzer learns from
// a seller listing their catalogue (category/lookalikes.ts).
const earlier: SellerCategoryExample[] = [];
const rows: Row[] = labels.map((label) => {
  const found = evidence.get(label.file);
  if (!found) throw new Error(`no evidence for ${label.file}`);
  const draft = buildDraft(
    found,
    sellerSequence ? { ...context, hints: { sellerExamples: [...earlier] } } : context,
  );
  if (sellerSequence && found.appearance) {
    const confirmed = context.taxonomy.categories.find(
      (category) => category.fullName === label.categories[0],
    )!;
    earlier.push({
      title: label.titleWords[0]!,
      categoryId: confirmed.gid,
      appearance: found.appearance,
    });
  }
  const ranked = [draft.category, ...draft.categoryAlternatives].slice(0, 3);
  const invented = inventedFacts(draft, found, context.classMap);
  return {
    label,
    draft,
    top1: label.categories.includes(draft.category.fullName),
    top3: ranked.some((category) => label.categories.includes(category.fullName)),
    top1Related: relatedCategory(draft.category.fullName, label.categories),
    top3Related: ranked.some((category) => relatedCategory(category.fullName, label.categories)),
    titleWord: label.titleWords.some((word) => hasWord(draft.title, word)),
    invented: invented.map((fact) => `${fact.field}: ${fact.kind} "${fact.text}"`),
    evidence: found,
  };
});

const audits = await Promise.all(rows.map((row) => auditCopy(row.draft)));
const share = (count: number, of: number) => `${count}/${of} = ${((100 * count) / of).toFixed(1)}%`;
const n = rows.length;
const inventedFields = rows.reduce(
  (sum, row) => sum + new Set(row.invented.map((fact) => fact.split(':')[0])).size,
  0,
);
const figures = [
  `photos: ${n}`,
  `top-1 category, strict: ${share(rows.filter((row) => row.top1).length, n)}`,
  `top-3 category, strict: ${share(rows.filter((row) => row.top3).length, n)}`,
  `top-1 category, broader/narrower also counted: ${share(rows.filter((row) => row.top1Related).length, n)}`,
  `top-3 category, broader/narrower also counted: ${share(rows.filter((row) => row.top3Related).length, n)}`,
  `title with a correct product word: ${share(rows.filter((row) => row.titleWord).length, n)}`,
  `fields with invented facts: ${share(inventedFields, n * AUDITED_FIELDS)}`,
  `uncategorized: ${rows.filter((row) => row.draft.category.confidence === 0).length}`,
  ...copyFigures(audits),
  ...readinessFigures(rows, context.baseline, context.taxonomy),
];

const mark = (ok: boolean) => (ok ? 'yes' : '-');
/** 'yes' strict, '~' right only as a broader or narrower category, '-' wrong. */
const markRelated = (strict: boolean, related: boolean) => (strict ? 'yes' : related ? '~' : '-');
const rule =
  'strict = exactly a labelled category; ~ = a broader (≥ 2 levels deep) or narrower category of one';
const lastTwo = (fullName: string) => fullName.split(' > ').slice(-2).join(' > ');
if (markdown) {
  console.log(figures.map((line) => `- ${line}`).join('\n'));
  console.log(`\n${rule}`);
  console.log('\n| photo | category (confidence) | top-1 | top-3 | title | title word |');
  console.log('| --- | --- | --- | --- | --- | --- |');
  for (const row of rows) {
    const { draft } = row;
    console.log(
      `| ${row.label.file} | ${lastTwo(draft.category.fullName)} (${draft.category.confidence}) | ${markRelated(row.top1, row.top1Related)} | ${markRelated(row.top3, row.top3Related)} | ${draft.title.replace(/\|/g, '/')} | ${mark(row.titleWord)} |`,
    );
  }
} else {
  for (const [i, row] of rows.entries()) {
    const { draft } = row;
    const audit = audits[i]!;
    console.log(
      [
        row.label.file.padEnd(40),
        `${markRelated(row.top1, row.top1Related).padEnd(3)} ${markRelated(row.top3, row.top3Related).padEnd(3)} ${mark(row.titleWord).padEnd(3)}`,
        `${lastTwo(draft.category.fullName)} (${draft.category.confidence})`.padEnd(52),
        draft.title,
        row.invented.length > 0 ? `  INVENTED: ${row.invented.join('; ')}` : '',
        audit.sellerNotes.length > 0 ? `  SELLER NOTE in ${audit.sellerNotes.join(', ')}` : '',
        audit.grammar.length > 0 ? `  GRAMMAR: ${audit.grammar.join('; ')}` : '',
      ].join(' '),
    );
  }
  console.log(`\n${rule}\n${figures.join('\n')}`);
}
