import { LEGAL_FACTS } from './constants';

function escapeHtml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;');
}

/**
 * Puts the facts into a legal page's HTML: `{{NAME}}` becomes the fact (LEGAL_FACTS), and
 * `{{SUPPORT_EMAIL}}` a mail link to the support address the server configures. A name with no
 * fact is a mistake in the Markdown, so it throws rather than show the braces to a reader.
 */
export function fillLegalFacts(html: string, supportEmail: string): string {
  return html.replace(/\{\{([A-Z0-9_]+)\}\}/g, (_placeholder, name: string) => {
    if (name === 'SUPPORT_EMAIL') {
      const address = escapeHtml(supportEmail);
      return `<a href="mailto:${address}">${address}</a>`;
    }
    const fact = LEGAL_FACTS[name];
    if (fact === undefined) throw new Error(`No fact named ${name} for the legal pages`);
    return escapeHtml(fact);
  });
}
