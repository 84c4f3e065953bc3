/**
 * One form of an e-mail address wherever it is stored or compared (issue 18): Unicode NFKC
 * (full-width `ａｄｍｉｎ` is `admin`), trimmed, lower case, and without the trailing dot a
 * fully qualified domain may carry (`shop.test.` is `shop.test`). Zod-free: the sign-in
 * screen uses it too.
 */
export function normalizeEmail(text: string): string {
  return text.normalize('NFKC').trim().toLowerCase().normalize('NFKC').replace(/\.+$/, '');
}

/**
 * Letters of these scripts look like Latin ones or each other (`а` Cyrillic, `ο` Greek…).
 * Han, Hiragana, Katakana and Hangul count as one group: Japanese and Korean mix them in
 * ordinary writing. Digits, punctuation and combining marks belong to no script and never count.
 */
const scriptGroups: ReadonlyArray<readonly [string, RegExp]> = [
  ['Latin', /\p{Script=Latin}/u],
  ['Cyrillic', /\p{Script=Cyrillic}/u],
  ['Greek', /\p{Script=Greek}/u],
  ['Armenian', /\p{Script=Armenian}/u],
  ['Georgian', /\p{Script=Georgian}/u],
  ['Cherokee', /\p{Script=Cherokee}/u],
  ['Hebrew', /\p{Script=Hebrew}/u],
  ['Arabic', /\p{Script=Arabic}/u],
  ['CJK', /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u],
];
const letter = /\p{L}/u;

/**
 * True when the part before `@` holds letters of two or more scripts, e.g. Latin `dmin` after
 * a Cyrillic `а`: the way a look-alike of someone else's address is made. A letter of a script
 * not listed above counts as a script of its own.
 */
export function hasMixedScriptLocalPart(address: string): boolean {
  const at = address.lastIndexOf('@');
  const localPart = at === -1 ? address : address.slice(0, at);
  const seen = new Set<string>();
  for (const character of localPart) {
    if (!letter.test(character)) continue;
    const group = scriptGroups.find(([, pattern]) => pattern.test(character))?.[0] ?? 'Other';
    seen.add(group);
    if (seen.size > 1) return true;
  }
  return false;
}
