import { z } from 'zod';
import { hasMixedScriptLocalPart, normalizeEmail } from './email-address';

/**
 * Rules every stored input follows (issue 17): types are what they say (no list becomes text,
 * no list is quietly filtered), image fields name this shop's uploads, e-mail addresses have
 * an address's form, and text is text any database stores as sent.
 */
export const inputMessages = {
  /** An image entry that is not a file uploaded to this shop. */
  imageNotUploaded: 'Images must be files uploaded to this shop (an /uploads/ URL)',
  emailInvalid: 'Please enter a valid email address',
  /** A look-alike of another address: `аdmin` with a Cyrillic `а` (issue 18). */
  emailMixedScripts:
    'The part of the email address before @ mixes letters of different alphabets (for example Latin and Cyrillic). Please type it in one alphabet.',
  notText: 'Text fields take text, not a list, an object or true/false',
  /** A lone UTF-16 surrogate or a NUL: no database keeps either as sent. */
  invalidText: 'Text may not contain broken characters (a lone UTF-16 surrogate) or NUL characters',
} as const;

/** A lone surrogate (either half without the other). */
const loneSurrogate = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Text stored exactly as sent: well-formed UTF-16 (so UTF-8 without replacement) and no NUL. */
export function isStorableText(text: string): boolean {
  return !text.includes('\u0000') && !loneSurrogate.test(text);
}

/**
 * A stored upload's path: `/uploads/<folder>/<24 hex>[.small].<jpg|png|webp>`, the only names
 * the image pipeline makes. Records keep the path; answers put the shop's origin before it.
 */
const uploadPath = String.raw`/uploads/[a-z]+/[0-9a-f]{24}(?:\.small)?\.(?:jpg|png|webp)`;
const uploadPathPattern = new RegExp(`^${uploadPath}$`);
/**
 * The same, absolute (`<origin>[/prefix]/uploads/...`), as answers carry it: forms send back
 * what they were given. Which origins are the shop's own only the server knows (PUBLIC_URL or
 * the request's): it turns those into paths before validating and refuses the rest.
 */
const uploadUrlPattern = new RegExp(`^https?://[^/?#\\s@]+(?:/[^?#\\s]*?)?${uploadPath}$`);

export const isUploadPath = (text: string) => uploadPathPattern.test(text);
export const isUploadReference = (text: string) => uploadPathPattern.test(text) || uploadUrlPattern.test(text);

/** An image entry as existing clients send it: the URL, or an object holding it under `img` or `url`. */
export function imageUrlOfEntry(entry: unknown): unknown {
  if (entry !== null && typeof entry === 'object' && !Array.isArray(entry)) {
    const { img, url } = entry as { img?: unknown; url?: unknown };
    return img ?? url;
  }
  return entry;
}

/** One image entry, answered as its URL (a string); `message` for a missing or mistyped one. */
export function imageEntry(message: string) {
  return z.preprocess(
    imageUrlOfEntry,
    z
      .string({ error: message })
      .min(1, message)
      .max(2048, inputMessages.imageNotUploaded)
      .refine(isUploadReference, inputMessages.imageNotUploaded),
  );
}

/**
 * A list of images: `message` when it is missing, not a list or (with `min`) too short, or
 * when an entry is not an image; entries must be this shop's uploads.
 */
export function imageList(message: string, min = 1) {
  return z.array(imageEntry(message), { error: message }).min(min, message).max(50, 'At most 50 images');
}

/**
 * An e-mail address to store, in its one form (`normalizeEmail`: NFKC, trimmed, lower case, no
 * trailing dot); `blankMessage` when missing or blank. A part before `@` mixing alphabets is
 * refused with its own words before the format rule (which wants ASCII) speaks.
 */
export function emailAddress(blankMessage: string) {
  return z.preprocess(
    (value) => (typeof value === 'string' ? normalizeEmail(value) : value),
    z
      .string({ error: blankMessage })
      .min(1, blankMessage)
      .max(254, inputMessages.emailInvalid)
      .refine((address) => !hasMixedScriptLocalPart(address), { error: inputMessages.emailMixedScripts, abort: true })
      .regex(z.regexes.email, inputMessages.emailInvalid),
  );
}

/** An address typed to be compared (sign-in, forgotten password): normalised, never format-checked. */
export function typedEmailAddress(blankMessage: string) {
  return z.preprocess(
    (value) => (typeof value === 'string' ? normalizeEmail(value) : value),
    z.string({ error: blankMessage }).min(1, blankMessage).max(254),
  );
}

/**
 * A number from a number or from text holding one (the spec's forms type numbers in text
 * inputs). Nothing else: `Number([5])`, `Number(true)` and `Number(null)` are numbers too,
 * which is how a list or a flag used to pass as a quantity.
 */
export function numberOf(value: unknown): number {
  if (typeof value === 'number') return value;
  if (typeof value === 'string' && value.trim() !== '') return Number(value.trim());
  return Number.NaN;
}

/** An id given as text (or a number), or as an object carrying it under `_id` or `id`. */
export function idOfReference(value: unknown): unknown {
  if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
    const { _id, id } = value as { _id?: unknown; id?: unknown };
    return _id ?? id;
  }
  return value;
}
