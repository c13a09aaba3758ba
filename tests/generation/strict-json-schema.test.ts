import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  DESCRIBE_RESPONSE_SCHEMA,
  REGENERATE_RESPONSE_SCHEMA,
} from '#server/vision/providers/openai-provider.js';
import {
  toStrictJsonSchema,
  type JsonSchema,
} from '#server/vision/providers/strict-json-schema.js';

const CORE_KEYWORDS = new Set([
  'type',
  'properties',
  'required',
  'additionalProperties',
  'items',
  'enum',
  'anyOf',
  'description',
]);

/** Every sub-schema, depth first. */
function* walk(schema: JsonSchema): Generator<JsonSchema> {
  yield schema;
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
  for (const child of Object.values(properties)) yield* walk(child);
  if (schema.items) yield* walk(schema.items as JsonSchema);
  for (const child of (schema.anyOf ?? []) as JsonSchema[]) yield* walk(child);
}

describe('response schemas sent to the model', () => {
  it.each([
    ['describe', DESCRIBE_RESPONSE_SCHEMA],
    ['regenerate', REGENERATE_RESPONSE_SCHEMA],
  ])('%s: strict-mode compatible (closed objects, all required, core keywords)', (_, schema) => {
    for (const node of walk(schema)) {
      for (const keyword of Object.keys(node)) expect(CORE_KEYWORDS).toContain(keyword);
      if (node.type === 'object') {
        expect(node.additionalProperties).toBe(false);
        expect(node.required).toEqual(Object.keys(node.properties as object));
      }
    }
  });

  it('asks for every draft field, the category as a name, and nulls for unseen attributes', () => {
    const properties = DESCRIBE_RESPONSE_SCHEMA.properties as Record<string, JsonSchema>;
    expect(Object.keys(properties)).toEqual([
      'title',
      'description',
      'price',
      'category',
      'tags',
      'attributes',
      'altText',
      'seoTitle',
      'seoDescription',
      'guidance',
    ]);
    expect(DESCRIBE_RESPONSE_SCHEMA.required).toEqual(
      expect.arrayContaining(['guidance', 'seoTitle', 'seoDescription']),
    );
    const guidanceItem = (properties.guidance!.items as JsonSchema).properties as Record<
      string,
      JsonSchema
    >;
    expect(guidanceItem.kind!.enum).toContain('add-brand');
    const category = properties.category!.properties as Record<string, JsonSchema>;
    expect(Object.keys(category)).toEqual(['fullName', 'confidence']);
    const attributes = properties.attributes!.properties as Record<string, JsonSchema>;
    expect(attributes.material!.type).toEqual(['string', 'null']);
    const price = properties.price!.properties as Record<string, JsonSchema>;
    expect(price.currency).toEqual({ type: 'string', enum: ['USD'] });
  });
});

describe('toStrictJsonSchema', () => {
  it('drops limits, keeps descriptions, closes nested objects', () => {
    const schema = toStrictJsonSchema(
      z.object({
        name: z.string().max(10).describe('at most 10 characters'),
        items: z.array(z.object({ n: z.number().min(0) })).max(3),
      }),
    );
    expect(schema).toEqual({
      type: 'object',
      properties: {
        name: { type: 'string', description: 'at most 10 characters' },
        items: {
          type: 'array',
          items: {
            type: 'object',
            properties: { n: { type: 'number' } },
            required: ['n'],
            additionalProperties: false,
          },
        },
      },
      required: ['name', 'items'],
      additionalProperties: false,
    });
  });

  it('refuses optional properties, which strict mode cannot express', () => {
    expect(() => toStrictJsonSchema(z.object({ note: z.string().optional() }))).toThrow(
      /optional note; use nullable/,
    );
  });
});
