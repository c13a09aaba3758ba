/**
 * zod schema → JSON schema for `response_format: { type: 'json_schema', strict: true }`.
 *
 * Strict mode (OpenAI) and the grammar-based decoders of Ollama, vLLM and LM Studio accept only
 * a core subset of JSON Schema, and differ at the edges. So the output keeps just that core
 * (types, properties, items, enum, anyOf, descriptions), makes every object closed with every
 * property required, and turns `const` into a one-value `enum`. Length, range and count limits
 * are dropped: the field descriptions state them for the model, and zod enforces them on the
 * answer anyway.
 */
import { z } from 'zod';

export type JsonSchema = { [keyword: string]: unknown };

const KEPT_KEYWORDS = new Set([
  'type',
  'properties',
  'required',
  'additionalProperties',
  'items',
  'enum',
  'anyOf',
  'description',
]);

function isObject(value: unknown): value is JsonSchema {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function strictify(node: unknown, at: string): JsonSchema {
  if (!isObject(node)) throw new Error(`strict JSON schema: ${at} is not a schema`);
  if ('$ref' in node) throw new Error(`strict JSON schema: ${at} uses $ref; inline it`);
  const result: JsonSchema = {};
  for (const [keyword, value] of Object.entries(node)) {
    if (keyword === 'const') {
      result.enum = [value];
    } else if (keyword === 'properties' && isObject(value)) {
      result.properties = Object.fromEntries(
        Object.entries(value).map(([name, child]) => [name, strictify(child, `${at}.${name}`)]),
      );
    } else if (keyword === 'items') {
      result.items = strictify(value, `${at}[]`);
    } else if (keyword === 'anyOf' && Array.isArray(value)) {
      result.anyOf = value.map((child, index) => strictify(child, `${at}|${index}`));
    } else if (KEPT_KEYWORDS.has(keyword)) {
      result[keyword] = value;
    }
  }
  if (result.type === 'object' || isObject(result.properties)) {
    const names = Object.keys(isObject(result.properties) ? result.properties : {});
    const required = Array.isArray(node.required) ? node.required : [];
    const optional = names.filter((name) => !required.includes(name));
    // Strict mode has no optional properties; a model can only express "absent" as null.
    if (optional.length > 0) {
      throw new Error(
        `strict JSON schema: ${at} has optional ${optional.join(', ')}; use nullable`,
      );
    }
    result.required = names;
    result.additionalProperties = false;
  }
  return result;
}

/** Throws (at start-up, where the schemas are built) if the schema cannot be made strict. */
export function toStrictJsonSchema(schema: z.ZodType): JsonSchema {
  return strictify(z.toJSONSchema(schema, { io: 'output', unrepresentable: 'throw' }), '$');
}
