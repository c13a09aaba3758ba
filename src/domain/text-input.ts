/**
 * Text that people type reaches stores and CSV cells: keep it printable (issue 18). Control
 * characters (NUL, escape sequences, line breaks in single-line fields) never carry meaning there.
 */

/** Longest account name stored (sign-up sends the address's local part, at most 64). */
export const ACCOUNT_NAME_MAX = 100;

// C0 and C1 controls and DEL; the single-line form also turns line and paragraph separators into spaces.
/* eslint-disable no-control-regex -- matching control characters is these patterns' purpose */
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f]/;
const LINE_BREAKS_AND_CONTROLS = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g;
const CONTROLS_BUT_NEWLINE_AND_TAB = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g;
/* eslint-enable no-control-regex */

/**
 * Invisible format characters that only ever hide or disguise text (issue 28): bidi embeddings,
 * overrides and isolates (U+202E turns 'gpj.exe' into 'exe.jpg' on screen) and the marks, the
 * zero-width space, word joiner and invisible operators, the BOM, the soft hyphen and the
 * Mongolian vowel separator. The zero-width (non-)joiners stay: emoji sequences and many
 * scripts need them.
 */
const INVISIBLE_FORMATTING =
  /[\u00ad\u061c\u180e\u200b\u200e\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff]/g;
/** Anything but white space and joiners: what makes text visible. */
const VISIBLE = /[^\s\u200c\u200d]/u;

export function hasControlCharacters(text: string): boolean {
  return CONTROL_CHARACTERS.test(text);
}

function hasInvisibleFormatting(text: string): boolean {
  return text.search(INVISIBLE_FORMATTING) !== -1;
}

/** Text without invisible format characters (see {@link INVISIBLE_FORMATTING}). */
export function withoutInvisibleFormatting(text: string): string {
  return text.replace(INVISIBLE_FORMATTING, '');
}

/** Whether a person would see anything: not empty, not only spaces or invisible characters. */
export function hasVisibleText(text: string): boolean {
  return VISIBLE.test(withoutInvisibleFormatting(text));
}

/** A one-line field (title, SEO title, tag): each run of breaks or controls becomes one space. */
export function singleLineText(text: string): string {
  return withoutInvisibleFormatting(text.normalize('NFC')).replace(LINE_BREAKS_AND_CONTROLS, ' ');
}

/** A multi-line field (description): line breaks and tabs stay (\r\n becomes \n), other controls go. */
export function multiLineText(text: string): string {
  return withoutInvisibleFormatting(text.normalize('NFC'))
    .replace(/\r\n?/g, '\n')
    .replace(CONTROLS_BUT_NEWLINE_AND_TAB, '');
}

/**
 * The account name rule, for every route that writes one (sign-up sends the address's local
 * part; better-auth's update-user takes any): something a person would type and see as typed.
 * Refused rather than cleaned, so what is stored is what was sent.
 */
export function isFitAccountName(name: unknown): name is string {
  return (
    typeof name === 'string' &&
    name.length <= ACCOUNT_NAME_MAX &&
    hasVisibleText(name) &&
    !hasControlCharacters(name) &&
    !hasInvisibleFormatting(name) &&
    // Markup has no place in a name; every screen escapes it, but mails and exports need not care.
    !/[<>]/.test(name)
  );
}
