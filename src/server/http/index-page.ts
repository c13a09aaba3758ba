import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import type { PublicConfig } from '#domain/api/public-config.js';
import { PUBLIC_CONFIG_META } from '#domain/api/public-config-meta.js';

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => HTML_ESCAPES[character]!);
}

/** The built index.html with the public settings as `<meta>` tags the client reads (ADR 017). */
export function withPublicConfig(html: string, config: PublicConfig): string {
  const closingHead = html.indexOf('</head>');
  if (closingHead === -1)
    throw new Error('index.html has no </head> to write the public settings into');
  const keys = Object.keys(PUBLIC_CONFIG_META) as (keyof PublicConfig)[];
  const tags = keys
    .map(
      (key) =>
        `<meta name="${escapeHtml(PUBLIC_CONFIG_META[key])}" content="${escapeHtml(config[key])}" />`,
    )
    .join('');
  return html.slice(0, closingHead) + tags + html.slice(closingHead);
}

export type PageEncoding = 'br' | 'gzip';

/** The page as it goes out: plain, and brotli and gzip at their best ratio, made once at start. */
export interface IndexPage {
  identity: Buffer;
  br: Buffer;
  gzip: Buffer;
}

export function compressedPage(html: string): IndexPage {
  const identity = Buffer.from(html);
  return {
    identity,
    br: brotliCompressSync(identity, {
      params: {
        [zlibConstants.BROTLI_PARAM_QUALITY]: zlibConstants.BROTLI_MAX_QUALITY,
        [zlibConstants.BROTLI_PARAM_MODE]: zlibConstants.BROTLI_MODE_TEXT,
      },
    }),
    gzip: gzipSync(identity, { level: 9 }),
  };
}

/** The encoding to send for an Accept-Encoding header: brotli, else gzip, else none. */
export function pageEncoding(acceptEncoding: string | undefined): PageEncoding | undefined {
  const accepted = new Map<string, number>();
  for (const part of (acceptEncoding ?? '').split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((param) => /^\s*q=([\d.]+)\s*$/.exec(param)?.[1]).find(Boolean);
    accepted.set(name, q === undefined ? 1 : Number(q));
  }
  const wildcard = accepted.get('*');
  const weight = (name: PageEncoding) => accepted.get(name) ?? wildcard ?? 0;
  return (['br', 'gzip'] as const).find((name) => weight(name) > 0);
}
