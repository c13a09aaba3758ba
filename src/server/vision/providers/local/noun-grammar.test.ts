// @vitest-environment node
/**
 * Every noun the drafter can name a product by (each taxonomy category's own noun, each
 * ImageNet class's noun), in the phrases the drafter builds, checked by an independent
 * grammar checker (retext-indefinite-article) and by the rules the titles follow.
 */
import { describe, expect, it } from 'vitest';
import pluralize from 'pluralize';
import retextEnglish from 'retext-english';
import retextIndefiniteArticle from 'retext-indefinite-article';
import retextStringify from 'retext-stringify';
import { unified } from 'unified';
import { COLOR_NAMES } from '#domain/color-names.js';
import {
  indefiniteArticle,
  isOrAre,
  oneOf,
  productNoun,
  titleCase,
} from '#domain/text/noun-phrases.js';
import { loadTaxonomy } from '#server/vision/taxonomy.js';
import { categoryNoun } from './category/rank-categories.js';
import { loadImagenetTaxonomy } from './category/imagenet-taxonomy.js';

const taxonomy = loadTaxonomy();
const leaves = taxonomy.categories.filter(
  (category) =>
    !taxonomy.categories.some((other) => other.fullName.startsWith(`${category.fullName} > `)),
);
const classNouns = [...loadImagenetTaxonomy().values()].flatMap((meaning) => [
  meaning.noun,
  ...meaning.shares.map((share) => share.noun),
]);
const nouns = [
  ...new Set([
    ...leaves.map(categoryNoun).filter((noun): noun is string => noun !== null),
    ...classNouns,
  ]),
].sort();

/**
 * Where the checker's word lists are wrong: 'a onesie' (said "wun-zee") and 'a U-gouge' (said
 * "you") are right.
 */
const CHECKER_MISREADS = ['onesie', 'U-gouge'];

async function articleErrors(sentences: readonly string[]): Promise<string[]> {
  const file = await unified()
    .use(retextEnglish)
    .use(retextIndefiniteArticle)
    .use(retextStringify)
    .process(sentences.join('\n\n'));
  return file.messages
    .map((message) => `${message.reason} in "${sentences[((message.line ?? 1) - 1) / 2]}"`)
    .filter((error) => !CHECKER_MISREADS.some((word) => error.includes(` ${word}.`)));
}

describe('the nouns of every taxonomy leaf', () => {
  it('walks thousands of leaves and names most by a plain noun', () => {
    expect(leaves.length).toBeGreaterThan(8000);
    expect(nouns.length).toBeGreaterThan(3000);
  });

  it('takes the right article, alone and after every colour', async () => {
    const sentences = nouns.map((noun) => `This is ${oneOf(productNoun(noun))}.`);
    for (const color of COLOR_NAMES) sentences.push(`It is ${oneOf(productNoun('mug'), color)}.`);
    expect(await articleErrors(sentences)).toEqual([]);
  }, 30_000); // parses thousands of sentences: over 5 s on a busy machine

  it('agrees in number: a pair noun takes "are" and "a pair of", others "is"', () => {
    for (const noun of nouns) {
      const forms = productNoun(noun);
      const head = forms.one.split(' ').at(-1)!;
      if (forms.pair) {
        expect(oneOf(forms), noun).toMatch(/^a pair of /);
        expect(isOrAre(forms), noun).toBe('are');
      } else {
        // One product, one noun: the head is singular, as 'is' needs ('the sneaker is').
        expect(pluralize.isSingular(head), noun).toBe(true);
        expect(isOrAre(forms), noun).toBe('is');
      }
    }
    expect(oneOf(productNoun('scissor'), 'black')).toBe('a pair of black scissors');
    expect(isOrAre(productNoun('sunglasses'))).toBe('are');
    expect(productNoun('sneakers')).toEqual({ one: 'sneaker', many: 'sneakers', pair: false });
    expect(productNoun('hoodies').one).toBe('hoodie');
  });

  it('title-cases every noun with small words in lower case', () => {
    for (const noun of nouns) {
      const title = titleCase(productNoun(noun).one);
      for (const [i, word] of title.split(' ').entries()) {
        if (
          i > 0 &&
          ['and', 'or', 'of', 'for', 'with', 'in', 'on', 'the', 'a', 'to'].includes(word)
        ) {
          continue;
        }
        expect(word.charAt(0), `${noun} → ${title}`).toMatch(/[\p{Lu}\p{N}]/u);
      }
    }
    expect(titleCase('mortar and pestle')).toBe('Mortar and Pestle');
    expect(titleCase('t-shirt')).toBe('T-Shirt');
    expect(titleCase('LED bulb')).toBe('LED Bulb');
  });
});

describe('indefinite article', () => {
  it.each([
    ['hour glass', 'an'],
    ['unicorn', 'a'],
    ['umbrella', 'an'],
    ['LED lamp', 'an'],
    ['USB cable', 'a'],
    ['one-piece swimsuit', 'a'],
    ['orange mug', 'an'],
    ['ukulele', 'a'],
    ['8-inch pan', 'an'],
  ])('%s takes "%s"', (phrase, article) => {
    expect(indefiniteArticle(phrase)).toBe(article);
  });
});
