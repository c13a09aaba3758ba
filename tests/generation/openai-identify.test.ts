/**
 * 'What is this product?' and the search engine listing with the OpenAI-compatible provider,
 * against the HTTP-level fake of the vision API: on its own, and through the identify route,
 * where the answer is stored on the product like the local provider's.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { LISTING_DRAFT_LIMITS } from '#domain/listing-draft.js';
import { productSchema } from '#domain/products.js';
import { IDENTIFY_RESPONSE_SCHEMA } from '#server/vision/providers/openai-provider.js';
import {
  jsonReply,
  startFakeOpenAi,
  validDraftAnswer,
  type FakeOpenAi,
} from '../support/fake-openai.js';
import { startTestApp, type TestApp } from '../support/harness.js';
import { account, listProducts, photo, uploadOk, type Account } from '../products/support.js';
import { PHOTO, providerOn, rejectionOf } from './support.js';

interface SentRequest {
  temperature: number;
  messages: { role: string; content: string | { type: string; text?: string }[] }[];
  response_format: { json_schema: { name: string; strict: boolean; schema: unknown } };
}

let fake: FakeOpenAi;
beforeAll(async () => {
  fake = await startFakeOpenAi();
});
afterAll(() => fake.close());
beforeEach(() => fake.reset());

const WATCHES = {
  id: 'gid://shopify/TaxonomyCategory/aa-6-11',
  fullName: 'Apparel & Accessories > Jewelry > Watches',
};

function identifyAnswer() {
  return {
    title: 'Gold Wristwatch',
    description: 'A gold wristwatch with a round face.\n\nMaterial: Leather strap.',
    seoTitle: 'Gold Wristwatch with Leather Strap',
    seoDescription: 'A gold wristwatch with a round face and a leather strap.',
    tags: ['wristwatch', 'wristwatches', 'gold', '#watch'],
    altText: 'Gold wristwatch on a white background',
    guidance: [{ kind: 'add-condition' as const, text: 'Say what condition it is in.' }],
  };
}

function sent(index = 0): SentRequest {
  return fake.requests[index]!.body as SentRequest;
}

function userText(index = 0): string {
  const parts = sent(index).messages[1]!.content as { type: string; text?: string }[];
  return parts.find((part) => part.type === 'text')!.text!;
}

describe('openai provider: identify', () => {
  const input = {
    image: PHOTO,
    mimeType: 'image/jpeg' as const,
    kind: 'gold wristwatch',
    category: WATCHES,
    attributes: [{ name: 'Material', value: 'Leather' }],
    hints: { storeVoice: { preset: 'luxury' as const, instructions: '' } },
  };

  it('sends the seller’s words, category and attributes as quoted data, with the photo', async () => {
    fake.reply(jsonReply(identifyAnswer()));
    await providerOn(fake).provider.identify!(input);
    expect(sent().response_format.json_schema).toEqual({
      name: 'identified_listing',
      strict: true,
      schema: IDENTIFY_RESPONSE_SCHEMA,
    });
    expect(sent().messages[0]!.content).toMatch(/name it by the seller's words and category/);
    expect(sent().messages[0]!.content).toMatch(/SEO title: .*at most 70 characters/);
    const text = userText();
    expect(text).toContain('The seller says it is: "gold wristwatch"');
    expect(text).toContain('Its category: "Apparel & Accessories > Jewelry > Watches"');
    expect(text).toContain('The seller confirmed "Material": "Leather"');
    expect(text).toMatch(/Tone: luxury/);
    const parts = sent().messages[1]!.content as { type: string }[];
    expect(parts.some((part) => part.type === 'image_url')).toBe(true);
  });

  it('returns the local provider’s structure: copy, SEO fields, guidance and evidence', async () => {
    fake.reply(jsonReply(identifyAnswer()));
    const listing = await providerOn(fake).provider.identify!(input);
    expect(listing).toEqual({
      title: 'Gold Wristwatch',
      description: 'A gold wristwatch with a round face.\n\nMaterial: Leather strap.',
      seoTitle: 'Gold Wristwatch with Leather Strap',
      seoDescription: 'A gold wristwatch with a round face and a leather strap.',
      // One form per noun, '#' dropped.
      tags: ['wristwatch', 'gold', 'watch'],
      altText: 'Gold wristwatch on a white background',
      guidance: [{ kind: 'add-condition', text: 'Say what condition it is in.' }],
      evidence: {
        title: { confidence: 1, sources: ['your words: "gold wristwatch"'] },
        description: { confidence: 1, sources: ['your words: "gold wristwatch"'] },
        tags: { confidence: 1, sources: ['your words: "gold wristwatch"'] },
      },
    });
  });

  it('writes missing SEO fields from the title and description, within Shopify’s limits', async () => {
    fake.reply(
      jsonReply({
        ...identifyAnswer(),
        seoTitle: '',
        seoDescription: '',
        title: `Gold ${'Very '.repeat(20)}Fine Wristwatch`,
      }),
    );
    const listing = await providerOn(fake).provider.identify!(input);
    expect(listing.seoTitle.length).toBeLessThanOrEqual(LISTING_DRAFT_LIMITS.seoTitleMax);
    expect(listing.seoTitle).toMatch(/^Gold Very .*…$/);
    expect(listing.seoDescription).toBe(
      'A gold wristwatch with a round face. Material: Leather strap.',
    );
  });

  it('asks again when the answer names nothing, then fails as malformed', async () => {
    fake.reply(jsonReply({ ...identifyAnswer(), title: ' ' }), jsonReply({ other: 1 }));
    const error = await rejectionOf(providerOn(fake).provider.identify!(input));
    expect(error).toMatchObject({ reason: 'malformed' });
    expect(fake.requests).toHaveLength(2);
  });

  it('returns SEO fields from describe, and writes them when a model leaves them out', async () => {
    fake.reply(jsonReply(validDraftAnswer()));
    const draft = await providerOn(fake).provider.describe({
      image: PHOTO,
      mimeType: 'image/jpeg',
    });
    expect(draft.seoTitle).toBe('Black Crew Neck T-Shirt');
    expect(draft.seoDescription).toBe(
      'A plain black crew neck T-shirt with short sleeves and a straight hem.',
    );
    const { seoTitle: _, seoDescription: __, ...withoutSeo } = validDraftAnswer();
    fake.reply(jsonReply(withoutSeo));
    const fallback = await providerOn(fake).provider.describe({
      image: PHOTO,
      mimeType: 'image/jpeg',
    });
    expect(fallback.seoTitle).toBe('Black Crew Neck T-Shirt');
    expect(fallback.seoDescription).toBe(
      'A plain black T-shirt with short sleeves. A crew neck and a straight hem.',
    );
  });
});

describe('identify through the app with the openai provider', () => {
  let h: TestApp;
  let owner: Account;

  beforeAll(async () => {
    h = await startTestApp({ visionProvider: providerOn(fake).provider });
    owner = await account(h, 'openai-identify');
    fake.reply(jsonReply(validDraftAnswer()));
    await uploadOk(owner, [photo('apparel-tshirt-black-thumb.jpg')]);
    await h.generationIdle();
  });
  afterAll(async () => {
    await h?.close();
  });

  it('stores the model’s copy for every unedited field, the SEO fields included', async () => {
    const [before] = await listProducts(owner);
    expect(before!.seoTitle).toBe('Black Crew Neck T-Shirt');
    fake.reset();
    fake.reply(jsonReply(identifyAnswer()));
    const response = await owner.client.request({
      method: 'POST',
      url: `/api/product/${before!.id}/identify`,
      payload: { kind: 'gold wristwatch' },
      cookie: owner.cookie,
    });
    expect(response.statusCode).toBe(200);
    const named = productSchema.parse(response.json());
    expect(named).toMatchObject({
      title: 'Gold Wristwatch',
      seoTitle: 'Gold Wristwatch with Leather Strap',
      seoDescription: 'A gold wristwatch with a round face and a leather strap.',
      tags: ['wristwatch', 'gold', 'watch'],
      altText: 'Gold wristwatch on a white background',
    });
    expect(named.category?.fullName).toMatch(/> Watches$/);
    expect(named.evidence.title).toEqual({
      confidence: 1,
      sources: ['your words: "gold wristwatch"'],
    });
    expect(userText()).toContain('The seller says it is: "gold wristwatch"');
  });
});
