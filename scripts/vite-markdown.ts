/**
 * Vite plugin: `import doc from './page.md'` gives the page rendered to HTML at build time (no
 * Markdown parser in the browser). A page is `# Title`, a summary, then sections headed
 * `## Section title {#anchor}`; the anchors are the sections' ids, which links point at.
 */
import { Marked } from 'marked';
import type { Plugin } from 'vite';
import type { MarkdownDocument } from '#web/content/markdown-document';

const markdown = new Marked({ gfm: true, async: false });
const SECTION_HEADING = /^## (.+?) \{#([a-z0-9-]+)\}$/;

function toHtml(source: string): string {
  return (markdown.parse(source) as string).trim();
}

function parseMarkdownDocument(source: string, file = 'markdown'): MarkdownDocument {
  const lines = source.split('\n');
  const title = /^# (.+)$/.exec(lines[0] ?? '')?.[1];
  if (!title) throw new Error(`${file}: the first line must be the page's "# Title"`);

  const chunks: { heading?: { id: string; title: string }; lines: string[] }[] = [{ lines: [] }];
  for (const line of lines.slice(1)) {
    if (line.startsWith('## ')) {
      const match = SECTION_HEADING.exec(line);
      if (!match) throw new Error(`${file}: section heading without an {#anchor}: ${line}`);
      chunks.push({ heading: { title: match[1]!, id: match[2]! }, lines: [] });
    } else {
      chunks.at(-1)!.lines.push(line);
    }
  }
  const [summary, ...sections] = chunks;
  return {
    title,
    summaryHtml: toHtml(summary!.lines.join('\n')),
    sections: sections.map((section) => ({
      ...section.heading!,
      html: toHtml(section.lines.join('\n')),
    })),
  };
}

export function markdownDocuments(): Plugin {
  return {
    name: 'listsmith-markdown-documents',
    enforce: 'pre',
    transform(source, id) {
      if (!id.endsWith('.md')) return null;
      const document = parseMarkdownDocument(source, id);
      return { code: `export default ${JSON.stringify(document)};`, map: null };
    },
  };
}
