import { z } from 'zod';
import { imageEntry, imageList, inputMessages } from './input-rules';

/** The body of every error answer (api.md §1). */
export const errorBodySchema = z.object({
  error: z.literal(true),
  msg: z.string(),
  fields: z.record(z.string(), z.string()).optional(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

/** `{error:false, msg}`: the plain success answer. */
export const okMessageSchema = z.object({ error: z.literal(false), msg: z.string() });
export type OkMessage = z.infer<typeof okMessageSchema>;

export const idParamSchema = z.object({ id: z.string().min(1).max(64) });

/** A list of image URLs as stored on a record: this shop's uploads (input-rules.ts). */
export const imageListSchema = z.array(imageEntry('images must be a list of image URLs')).max(50);

/**
 * The first message of a failed zod parse: forms show one alert, the server answers
 * with the same words. Issues come in field order, so this follows the spec's order.
 */
export interface IssueList {
  issues: ReadonlyArray<{ message: string; path: ReadonlyArray<PropertyKey> }>;
}

export function firstMessage(error: IssueList): string {
  return error.issues[0]?.message ?? 'Invalid input';
}

/** Per-field messages of a failed parse (first message per field). */
export function fieldMessages(error: IssueList): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.map(String).join('.') || '_';
    if (!(key in fields)) fields[key] = issue.message;
  }
  return fields;
}

/** A required text field: missing, null or blank all give the one message. */
export function requiredText(message: string, max = 500) {
  return z.preprocess(
    (value) => (typeof value === 'number' ? String(value) : value),
    z.string({ error: message }).trim().min(1, message).max(max, tooLong(max)),
  );
}

export const tooLong = (max: number) => `Too long (at most ${max} characters)`;

/** A JSON body that may be missing: treated as `{}` so the field messages apply. */
export const objectBodySchema = z.preprocess(
  (value) => (value === null || value === undefined ? {} : value),
  z.record(z.string(), z.unknown(), { error: 'The request body must be a JSON object' }),
);

/**
 * Optional text: accepts a number (phones come as numbers from some clients); a list, an
 * object or a flag is refused, never turned into text.
 */
export function optionalText(max = 500, message: string = inputMessages.notText) {
  return z.preprocess(
    (value) => (value === null || value === undefined ? '' : typeof value === 'number' ? String(value) : value),
    z.string({ error: message }).trim().max(max, tooLong(max)),
  );
}

/**
 * At least one image, with one message for missing, wrong type or empty; each entry this
 * shop's upload, given as its URL or as an object holding it under `img` or `url`.
 */
export function requiredImages(message: string) {
  return imageList(message, 1);
}
