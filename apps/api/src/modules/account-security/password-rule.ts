import { minPasswordLength, securityMessages } from '@shopdesk/contract';
import { badRequest } from '../../lib/http-error';

let common: Promise<Set<string>> | undefined;

/**
 * The 49,000 most common passwords (zxcvbn-ts's list, bundled), loaded with the first password
 * set: the package holds large dictionaries, and most servers set a password rarely (the
 * server's memory at rest: docs/architecture.md).
 */
function commonPasswords(): Promise<Set<string>> {
  common ??= import('@zxcvbn-ts/language-common').then(
    ({ dictionary }) => new Set((dictionary['passwords-common'] as string[]).map((p) => p.toLowerCase())),
  );
  return common;
}

/** ASVS 2.1: at least 8 characters and not a well-known password. */
export async function passwordProblem(password: string): Promise<string | undefined> {
  if (password.length < minPasswordLength) return securityMessages.passwordTooShort;
  if ((await commonPasswords()).has(password.toLowerCase())) return securityMessages.passwordTooCommon;
  return undefined;
}

export async function assertGoodPassword(password: string): Promise<void> {
  const problem = await passwordProblem(password);
  if (problem) throw badRequest(problem);
}
