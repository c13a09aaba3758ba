/**
 * A Markdown page as the build hands it to the app (scripts/vite-markdown.ts): the `#` title,
 * the text before the first section, and each `## Title {#anchor}` section, all as HTML.
 */
export interface MarkdownDocument {
  title: string;
  summaryHtml: string;
  sections: { id: string; title: string; html: string }[];
}
