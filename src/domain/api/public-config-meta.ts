import type { PublicConfig } from './public-config';

/**
 * Where the served page carries each public setting (`<meta name=… content=…>`): the server writes
 * them into index.html, so the first screen reads them without a request or a parser (ADR 017).
 */
export const PUBLIC_CONFIG_META: { readonly [Key in keyof PublicConfig]: string } = {
  supportEmail: 'listsmith:support-email',
};
