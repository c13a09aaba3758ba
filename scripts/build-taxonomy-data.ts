/**
 * Builds the trimmed Shopify taxonomy the server ships (src/server/vision/shopify-taxonomy/)
 * from the shared copy of Shopify's Standard Product Taxonomy, and copies its MIT LICENSE along,
 * as the licence asks.
 *
 *   npx tsx scripts/build-taxonomy-data.ts [path/to/shopify-taxonomy]
 *
 * The source folder defaults to ../shared/data/shopify-taxonomy (resolved from the working
 * directory). Only [short id, name] pairs are kept: the parent id is the id without its last
 * segment and the full name is the ancestors' names joined with ' > ', which the script checks
 * for every category, so nothing is lost and the file is a third of the size.
 *
 * It also writes attributes.json: each category's few most useful attributes with a bounded list
 * of values (see below). Run `npx prettier --write` on it afterwards, as `prettier --check` wants.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

const sourceDir = path.resolve(process.argv[2] ?? '../shared/data/shopify-taxonomy');
const targetDir = path.resolve('src/server/vision/shopify-taxonomy');

const derivedSchema = z.object({
  version: z.string(),
  source: z.string(),
  categories: z.array(
    z.object({
      id: z.string().regex(/^[a-z]{2}(-\d+)*$/),
      gid: z.string(),
      name: z.string().min(1),
      full_name: z.string().min(1),
      parent_id: z.string().nullable(),
    }),
  ),
});

function parentOf(id: string): string | null {
  const cut = id.lastIndexOf('-');
  return cut === -1 ? null : id.slice(0, cut);
}

const derived = derivedSchema.parse(
  JSON.parse(readFileSync(path.join(sourceDir, 'derived/categories.json'), 'utf8')),
);

const fullNames = new Map<string, string>();
for (const category of derived.categories) {
  const parent = parentOf(category.id);
  if (parent !== category.parent_id) {
    throw new Error(`${category.id}: parent ${category.parent_id} is not derivable from the id`);
  }
  if (category.gid !== `gid://shopify/TaxonomyCategory/${category.id}`) {
    throw new Error(`${category.id}: unexpected gid ${category.gid}`);
  }
  // Parents come before children in the source; a miss here means they did not.
  const rebuilt = parent === null ? category.name : `${fullNames.get(parent)} > ${category.name}`;
  if (rebuilt !== category.full_name) {
    throw new Error(`${category.id}: full name ${category.full_name} ≠ rebuilt ${rebuilt}`);
  }
  fullNames.set(category.id, rebuilt);
}

const header = {
  version: derived.version,
  source: `Shopify Standard Product Taxonomy, English: ${derived.source}`,
  license: 'MIT, (c) Shopify; see LICENSE in this folder',
  format:
    "categories: [short id, name]; parent id = id without its last '-n'; full name = ancestors' names joined with ' > '; GID = gid://shopify/TaxonomyCategory/<id>",
};

// Written the way Prettier formats it (one category per line) so `prettier --check` passes.
const lines = derived.categories.map(
  (category) => `    ${JSON.stringify([category.id, category.name]).replace('","', '", "')}`,
);
const headerLines = Object.entries(header).map(
  ([key, value]) => `  ${JSON.stringify(key)}: ${JSON.stringify(value)},`,
);
const json = `{\n${headerLines.join('\n')}\n  "categories": [\n${lines.join(',\n')}\n  ]\n}\n`;

mkdirSync(targetDir, { recursive: true });
writeFileSync(path.join(targetDir, 'categories.json'), json);
// Copied by content, not with copyFileSync, so the shared copy's read-only mode does not travel.
writeFileSync(path.join(targetDir, 'LICENSE'), readFileSync(path.join(sourceDir, 'LICENSE')));
console.log(`wrote ${derived.categories.length} categories (${derived.version}) to ${targetDir}`);

/*
 * attributes.json: for each category its few most useful attributes (colour, material, size,
 * target gender first, then the taxonomy's order), and each attribute's name with at most
 * MAX_VALUES of its values. A category that offers the same attributes as its parent is left
 * out (it inherits them), and value lists are stored once by name, so the file stays small.
 */
const MAX_ATTRIBUTES = 4;
const MAX_VALUES = 12;
const attributeSourceSchema = z.object({
  attributes: z.record(
    z.string(),
    z.object({ name: z.string().min(1), extended_from: z.string().optional() }),
  ),
  categories: z.array(z.object({ id: z.string(), attributes: z.array(z.string()) })),
});
const attributeSource = attributeSourceSchema.parse(
  JSON.parse(readFileSync(path.join(sourceDir, 'derived/categories.json'), 'utf8')),
);
const valuesByList = new Map<string, string[]>();
for (const line of readFileSync(path.join(sourceDir, 'attribute_values.txt'), 'utf8').split('\n')) {
  const match = /^gid:\S+\s*: (.*) \[(.*)\]$/.exec(line.trim());
  if (!match) continue;
  const list = valuesByList.get(match[2]!) ?? [];
  list.push(match[1]!);
  valuesByList.set(match[2]!, list);
}
/** An extended attribute ('Belt material') reuses the values of the one it extends. */
function valueListOf(handle: string): string {
  const attribute = attributeSource.attributes[handle]!;
  if (valuesByList.has(attribute.name) || !attribute.extended_from) return attribute.name;
  return attributeSource.attributes[attribute.extended_from]?.name ?? attribute.name;
}
function usefulness(handle: string): number {
  if (handle === 'color') return 0;
  if (handle.includes('material')) return 1;
  if (handle === 'size' || handle.endsWith('-size')) return 2;
  if (handle === 'target-gender') return 3;
  return 4;
}
const topAttributes = new Map<string, string[]>();
for (const category of attributeSource.categories) {
  const ranked = category.attributes
    .map((handle, order) => ({ handle, order }))
    .filter(({ handle }) => (valuesByList.get(valueListOf(handle))?.length ?? 0) > 0)
    .sort((a, b) => usefulness(a.handle) - usefulness(b.handle) || a.order - b.order);
  topAttributes.set(
    category.id,
    ranked.slice(0, MAX_ATTRIBUTES).map(({ handle }) => handle),
  );
}
const handles = [...new Set([...topAttributes.values()].flat())].sort();
const lists = [...new Set(handles.map(valueListOf))].sort();
const categoryAttributes: Record<string, number[]> = {};
for (const [id, top] of topAttributes) {
  const parent = parentOf(id);
  if (parent !== null && topAttributes.get(parent)?.join() === top.join()) continue;
  categoryAttributes[id] = top.map((handle) => handles.indexOf(handle));
}
writeFileSync(
  path.join(targetDir, 'attributes.json'),
  `${JSON.stringify({
    version: derived.version,
    license: header.license,
    format:
      "categories: id → indexes into attributes (a category not listed has its parent's); attributes: [name, index into values]; values: at most 12 per list",
    categories: categoryAttributes,
    attributes: handles.map((handle) => [
      attributeSource.attributes[handle]!.name,
      lists.indexOf(valueListOf(handle)),
    ]),
    values: lists.map((list) => valuesByList.get(list)!.slice(0, MAX_VALUES)),
  })}\n`,
);
