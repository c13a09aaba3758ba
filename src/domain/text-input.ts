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

export function hasControlCharacters(text: string): boolean {
  return CONTROL_CHARACTERS.test(text);
}

/** A one-line field (title, SEO title, tag): each run of breaks or controls becomes one space. */
export function singleLineText(text: string): string {
  return text.normalize('NFC').replace(LINE_BREAKS_AND_CONTROLS, ' ');
}

/** A multi-line field (description): line breaks and tabs stay (\r\n becomes \n), other controls go. */
export function multiLineText(text: string): string {
  return text.normalize('NFC').replace(/\r\n?/g, '\n').replace(CONTROLS_BUT_NEWLINE_AND_TAB, '');
}
