import { minPasswordLength, securityMessages } from '@shopdesk/contract';
import { dictionary } from '@zxcvbn-ts/language-common';
import { badRequest } from '../../lib/http-error';

let common: Set<string> | undefined;

/** The 49,000 most common passwords (zxcvbn-ts's list, bundled), loaded on first use. */
function commonPasswords(): Set<string> {
  common ??= new Set((dictionary['passwords-common'] as string[]).map((p) => p.toLowerCase()));
  return common;
}

/** ASVS 2.1: at least 8 characters and not a well-known password. */
export function passwordProblem(password: string): string | undefined {
  if (password.length < minPasswordLength) return securityMessages.passwordTooShort;
  if (commonPasswords().has(password.toLowerCase())) return securityMessages.passwordTooCommon;
  return undefined;
}

export function assertGoodPassword(password: string): void {
  const problem = passwordProblem(password);
  if (problem) throw badRequest(problem);
}
