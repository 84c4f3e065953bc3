import { normalizeEmail } from './email-address';
import { signinMessages } from './signin-messages';

/**
 * The sign-in form's check without zod: the sign-in screen is the first thing a visitor
 * downloads, and zod is ~26 KB gzip of it. Same rules, same order and the same first
 * message as `signinBodySchema` (which the server keeps using); sign-in-form.test.ts holds
 * the two together.
 */
export type SigninFormResult = { ok: true; email: string; password: string } | { ok: false; message: string };

export function validateSigninForm(email: string, password: string): SigninFormResult {
  const normalized = normalizeEmail(email);
  // The schema's field-level error names every issue of the field, too long included.
  if (normalized.length === 0 || normalized.length > 254)
    return { ok: false, message: signinMessages.signinEmailBlank };
  if (password.length === 0 || password.length > 1024)
    return { ok: false, message: signinMessages.signinPasswordBlank };
  return { ok: true, email: normalized, password };
}
