import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { listingDraftSchema } from '#domain/listing-draft.js';
import {
  DESCRIBE_RESPONSE_SCHEMA,
  REGENERATE_RESPONSE_SCHEMA,
} from '#server/vision/providers/openai-provider.js';
import { VisionProviderError } from '#server/vision/providers/vision-provider.js';
import { loadTaxonomy } from '#server/vision/taxonomy.js';
import {
  completionBody,
  contentReply,
  jsonReply,
  startFakeOpenAi,
  validDraftAnswer,
  type FakeOpenAi,
} from '../support/fake-openai.js';
import { API_KEY, PHOTO, PHOTO_DATA_URL, providerOn, rejectionOf } from './support.js';

interface SentRequest {
  model: string;
  temperature: number;
  messages: { role: string; content: string | { type: string; [key: string]: unknown }[] }[];
  response_format: {
    type: string;
    json_schema: { name: string; strict: boolean; schema: unknown };
  };
}

let fake: FakeOpenAi;
beforeAll(async () => {
  fake = await startFakeOpenAi();
});
afterAll(() => fake.close());
beforeEach(() => fake.reset());

function sent(index = 0): SentRequest {
  return fake.requests[index]!.body as SentRequest;
}

const photo = { image: PHOTO, mimeType: 'image/jpeg' as const };

describe('openai provider: describe', () => {
  it('sends the model, the photo as a data URL and a strict JSON schema', async () => {
    fake.reply(jsonReply(validDraftAnswer()));
    await providerOn(fake).provider.describe(photo);

    expect(fake.requests).toHaveLength(1);
    const request = fake.requests[0]!;
    expect(request.method).toBe('POST');
    expect(request.path).toBe('/v1/chat/completions');
    expect(request.headers['content-type']).toBe('application/json');
    expect(request.headers.authorization).toBe(`Bearer ${API_KEY}`);

    const body = sent();
    expect(body.model).toBe('fake-vision');
    expect(body.temperature).toBeLessThanOrEqual(0.3);
    expect(body.messages[0]).toMatchObject({ role: 'system' });
    expect(body.messages[0]!.content).toMatch(/never invent a brand, material, size/i);
    expect(body.messages[0]!.content).toContain('Shopify Standard Product Taxonomy');
    const parts = body.messages[1]!.content as { type: string; image_url?: { url: string } }[];
    expect(body.messages[1]!.role).toBe('user');
    expect(parts.find((part) => part.type === 'image_url')?.image_url?.url).toBe(PHOTO_DATA_URL);
    expect(PHOTO_DATA_URL.startsWith('data:image/jpeg;base64,/9j/')).toBe(true);

    expect(body.response_format.type).toBe('json_schema');
    expect(body.response_format.json_schema).toEqual({
      name: 'listing_draft',
      strict: true,
      schema: DESCRIBE_RESPONSE_SCHEMA,
    });
  });

  it('sends every photo of a product, main first, and asks which photo each fact is from', async () => {
    fake.reply(jsonReply(validDraftAnswer()));
    const back = { image: Buffer.from('back label'), mimeType: 'image/png' as const };
    const base = { image: Buffer.from('base barcode'), mimeType: 'image/webp' as const };
    await providerOn(fake).provider.describe({ ...photo, morePhotos: [back, base] });

    const parts = sent().messages[1]!.content as { type: string; image_url?: { url: string } }[];
    expect(
      parts.filter((part) => part.type === 'image_url').map((part) => part.image_url!.url),
    ).toEqual([
      PHOTO_DATA_URL,
      `data:image/png;base64,${back.image.toString('base64')}`,
      `data:image/webp;base64,${base.image.toString('base64')}`,
    ]);
    const text = parts.find((part) => part.type === 'text') as unknown as { text: string };
    expect(text.text).toMatch(/these 3 photos \(photo 1 is the front/);
    expect(text.text).toContain("('photo 2')");
  });

  it('sends no Authorization header when no key is configured (Ollama, LM Studio)', async () => {
    fake.reply(jsonReply(validDraftAnswer()));
    await providerOn(fake, { apiKey: undefined }).provider.describe(photo);
    expect(fake.requests[0]!.headers.authorization).toBeUndefined();
  });

  it('sends the mime type it is given', async () => {
    fake.reply(jsonReply(validDraftAnswer()));
    await providerOn(fake).provider.describe({ image: PHOTO, mimeType: 'image/webp' });
    const parts = sent().messages[1]!.content as { image_url?: { url: string } }[];
    expect(parts[1]!.image_url!.url.startsWith('data:image/webp;base64,')).toBe(true);
  });

  it('returns a valid draft with the category mapped to a real taxonomy id', async () => {
    fake.reply(jsonReply(validDraftAnswer()));
    const draft = await providerOn(fake).provider.describe(photo);

    expect(listingDraftSchema.safeParse(draft).success).toBe(true);
    expect(draft.title).toBe('Black Crew Neck T-Shirt');
    expect(draft.price).toEqual(validDraftAnswer().price);
    expect(draft.category).toEqual({
      id: 'gid://shopify/TaxonomyCategory/aa-1-13-8',
      fullName: 'Apparel & Accessories > Clothing > Clothing Tops > T-Shirts',
      confidence: 0.9,
    });
    expect(loadTaxonomy().byId(draft.category.id)?.fullName).toBe(draft.category.fullName);
  });

  it('maps a loose category answer onto a real entry with lower confidence', async () => {
    const answer = validDraftAnswer();
    answer.category = { fullName: 'Clothing > Tees > T-Shirt', confidence: 1 };
    fake.reply(jsonReply(answer));
    const draft = await providerOn(fake).provider.describe(photo);
    const category = loadTaxonomy().byId(draft.category.id);
    expect(category?.fullName).toBe(draft.category.fullName);
    expect(draft.category.fullName).toMatch(/> T-Shirts$/);
    expect(draft.category.confidence).toBeLessThan(1);
  });

  it('passes the seller price hints to the model', async () => {
    fake.reply(jsonReply(validDraftAnswer()));
    await providerOn(fake).provider.describe({
      ...photo,
      hints: { sellerPrices: [{ title: 'Grey hoodie', price: 39 }] },
    });
    const parts = sent().messages[1]!.content as { type: string; text?: string }[];
    expect(parts.find((part) => part.type === 'text')?.text).toContain('"Grey hoodie": $39.00');
  });

  it('accepts an answer in a ```json fence', async () => {
    const fenced = `Here you go:\n\`\`\`json\n${JSON.stringify(validDraftAnswer(), null, 2)}\n\`\`\``;
    fake.reply(contentReply(fenced));
    const draft = await providerOn(fake).provider.describe(photo);
    expect(draft.title).toBe('Black Crew Neck T-Shirt');
    expect(fake.requests).toHaveLength(1);
  });

  it('asks once more after malformed JSON and uses the second answer', async () => {
    fake.reply(contentReply('{"title": "Black T-Sh'), jsonReply(validDraftAnswer()));
    const draft = await providerOn(fake).provider.describe(photo);
    expect(draft.title).toBe('Black Crew Neck T-Shirt');
    expect(fake.requests).toHaveLength(2);
  });

  it('fails as malformed after two malformed answers, without retrying further', async () => {
    fake.reply(contentReply('not json at all'), contentReply('{"title": 42}'));
    const error = await rejectionOf(providerOn(fake).provider.describe(photo));
    expect(error).toBeInstanceOf(VisionProviderError);
    expect(error).toMatchObject({ reason: 'malformed', retryable: false });
    expect(fake.requests).toHaveLength(2);
  });

  it('rejects a draft that breaks the draft rules (negative price)', async () => {
    const negative = validDraftAnswer();
    negative.price = { ...negative.price, suggested: -5, low: -10 };
    fake.reply(jsonReply(negative), jsonReply(negative));
    const error = (await rejectionOf(providerOn(fake).provider.describe(photo))) as Error;
    expect(error).toMatchObject({ reason: 'malformed' });
    expect((error as VisionProviderError).detail).toContain('price');
    expect(fake.requests).toHaveLength(2);
  });

  it('treats a body that is not a chat completion as malformed', async () => {
    fake.reply({ body: '<html>proxy error</html>' }, { body: { choices: [] } });
    const error = await rejectionOf(providerOn(fake).provider.describe(photo));
    expect(error).toMatchObject({ reason: 'malformed' });
  });

  it('stops at a refusal without asking again', async () => {
    fake.reply({ body: completionBody(null, { refusal: 'I cannot help with that.' }) });
    const error = await rejectionOf(providerOn(fake).provider.describe(photo));
    expect(error).toMatchObject({ reason: 'refused', retryable: false, statusCode: 422 });
    expect(fake.requests).toHaveLength(1);
  });
});

describe('openai provider: regenerate', () => {
  const current = { title: 'Black T-Shirt', description: 'A black tee.' };

  it('returns only the new title, as plain text', async () => {
    fake.reply(jsonReply({ text: '  "Classic Black Cotton-Look Crew Tee"  ' }));
    const title = await providerOn(fake).provider.regenerate({ ...photo, field: 'title', current });

    // A remote model's text comes without evidence.
    expect(title).toEqual({ text: 'Classic Black Cotton-Look Crew Tee' });
    const body = sent();
    expect(body.response_format.json_schema).toEqual({
      name: 'regenerated_title',
      strict: true,
      schema: REGENERATE_RESPONSE_SCHEMA,
    });
    expect(body.messages[0]!.content).toMatch(/rewrite the title/);
    const parts = body.messages[1]!.content as { type: string; text?: string }[];
    expect(parts.find((part) => part.type === 'text')?.text).toContain('"Black T-Shirt"');
    expect(parts.some((part) => part.type === 'image_url')).toBe(true);
    expect(parts.find((part) => part.type === 'text')?.text).not.toMatch(/confirmed/);
  });

  it('tells the model the category the seller confirmed', async () => {
    fake.reply(jsonReply({ text: 'Steel Water Bottle' }));
    await providerOn(fake).provider.regenerate({
      ...photo,
      field: 'title',
      current,
      confirmedCategory: {
        id: 'gid://shopify/TaxonomyCategory/hg-11-3-11',
        fullName: 'Water Bottles',
      },
    });
    const parts = sent().messages[1]!.content as { type: string; text?: string }[];
    expect(parts.find((part) => part.type === 'text')?.text).toContain(
      'The seller confirmed the product category: "Water Bottles".',
    );
  });

  it('returns a new description as plain paragraphs, markup removed', async () => {
    fake.reply(jsonReply({ text: '<p>Soft black tee.</p><p>Crew neck.</p>' }));
    const description = await providerOn(fake).provider.regenerate({
      ...photo,
      field: 'description',
      current,
    });
    expect(description.text).toBe('Soft black tee.\n\nCrew neck.');
    expect(sent().response_format.json_schema.name).toBe('regenerated_description');
  });

  it('asks again when the new text is empty, then fails as malformed', async () => {
    fake.reply(jsonReply({ text: '   ' }), jsonReply({ other: 'field' }));
    const error = await rejectionOf(
      providerOn(fake).provider.regenerate({ ...photo, field: 'title', current }),
    );
    expect(error).toMatchObject({ reason: 'malformed' });
    expect(fake.requests).toHaveLength(2);
  });
});
