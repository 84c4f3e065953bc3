import { createHash, randomBytes } from 'node:crypto';
import { messages, securityMessages } from '@shopdesk/contract';
import type { AppContext } from '../../context';
import type { Caller } from '../../lib/caller';
import { badRequest, conflict } from '../../lib/http-error';
import { nowIso } from '../../lib/ids';
import { hashPassword, verifyPassword } from '../../lib/passwords';
import { publicBase } from '../../lib/public-link';
import { endUserSessions } from '../sessions/sessions.repository';
import { findUserByEmail, findUserById, type UserRow, updateUserPassword } from '../users/users.repository';
import * as repo from './account-security.repository';
import { assertGoodPassword } from './password-rule';
import { hashCode, matchingStep, newRecoveryCodes, newTotpSecret, totpFor } from './totp';

const resetLifetimeMs = 30 * 60_000;
const tokenHash = (token: string) => createHash('sha256').update(token).digest('hex');

/** The same answer whether or not the address has an account; a single-use link for 30 minutes. */
export async function requestPasswordReset(ctx: AppContext, email: string, ip: string) {
  await ctx.throttle.check(ip, email, 'reset');
  await ctx.throttle.fail(ip, email, 'reset');
  const user = await findUserByEmail(ctx.db, email);
  if (user) {
    const token = randomBytes(32).toString('base64url');
    const now = ctx.clock();
    await repo.insertPasswordReset(ctx.db, {
      tokenHash: tokenHash(token),
      userId: user.id,
      expiresAt: new Date(now + resetLifetimeMs).toISOString(),
      now: new Date(now).toISOString(),
    });
    const link = `${publicBase(ctx.config)}/reset-password/${token}`;
    // Not awaited: the answer takes as long, and says the same, whether or not the account
    // exists; a mail failure is the server's problem, logged, never the caller's.
    void ctx
      .mailer({
        to: user.email,
        subject: 'Reset your Shopdesk password',
        text: `Hello ${user.name},\n\nSomeone (hopefully you) asked to reset the password of your Shopdesk account.\nSet a new password here within 30 minutes:\n\n${link}\n\nIf you did not ask for this, ignore this e-mail; your password stays as it is.\n`,
      })
      .catch((error: unknown) => ctx.log.error({ err: error, event: 'mail.failed' }, 'password reset e-mail not sent'));
    ctx.log.info({ event: 'password.reset.requested', userId: user.id }, 'password reset requested');
  }
  return { error: false as const, msg: securityMessages.resetSent };
}

export async function resetPassword(ctx: AppContext, body: { token: string; password: string }) {
  await assertGoodPassword(body.password);
  const now = nowIso(ctx.clock);
  const passwordHash = await hashPassword(body.password);
  // One unit of work answering the account it changed (its activity entry names it).
  const userId = await ctx.transaction(async (trx) => {
    const owner = await repo.consumePasswordReset(trx, tokenHash(body.token), now);
    if (!owner) throw badRequest(securityMessages.resetInvalid);
    await updateUserPassword(trx, owner, passwordHash, now);
    await repo.cancelPasswordResets(trx, owner, now);
    await endUserSessions(trx, owner, now);
    return owner;
  });
  ctx.log.info({ event: 'password.reset', userId }, 'password reset; every session ended');
  return { error: false as const, msg: messages.passwordChanged };
}

async function userOf(ctx: AppContext, caller: Caller): Promise<UserRow> {
  const row = await findUserById(ctx.db, caller.id);
  if (!row) throw badRequest('User not found');
  return row;
}

/**
 * The current password, asked behind a token before a change a stolen token must not make alone
 * (issue 18). It is the account's sign-in throttle, from the caller's address: checked first
 * (429 while it waits), a wrong password counts, the right one clears the account's count.
 * Missing or wrong: 400 `current password wrong` (api.md §3).
 */
export async function confirmCurrentPassword(
  ctx: AppContext,
  row: UserRow,
  password: string | undefined,
  ip: string,
): Promise<void> {
  await ctx.throttle.check(ip, row.email);
  if (!password) throw badRequest(messages.currentPasswordWrong);
  if (!(await verifyPassword(row.password_hash, password))) {
    await ctx.throttle.fail(ip, row.email);
    ctx.log.info({ event: 'password.confirm.failed', userId: row.id, ip }, 'current password wrong');
    throw badRequest(messages.currentPasswordWrong);
  }
  await ctx.throttle.succeed(ip, row.email);
}

/** A new pending secret, only for the current password: a token alone cannot lock the owner out. */
export async function startTwoFactorSetup(ctx: AppContext, caller: Caller, password: string, ip: string) {
  const row = await userOf(ctx, caller);
  if (row.totp_secret) throw conflict(securityMessages.twoFactorAlreadyOn);
  await confirmCurrentPassword(ctx, row, password, ip);
  const secret = newTotpSecret();
  await ctx.transaction((trx) => repo.setPendingSecret(trx, caller.id, secret));
  const otpauthUrl = totpFor(secret, row.email).toString();
  // qrcode loads with the first setup, not with the server (it is used for nothing else).
  const { default: QRCode } = await import('qrcode');
  return { otpauthUrl, secret, qrCode: await QRCode.toDataURL(otpauthUrl, { margin: 1, width: 220 }) };
}

export async function confirmTwoFactor(ctx: AppContext, caller: Caller, otp: string) {
  const row = await userOf(ctx, caller);
  if (row.totp_secret) throw conflict(securityMessages.twoFactorAlreadyOn);
  if (!row.totp_pending_secret) throw badRequest(securityMessages.twoFactorNotStarted);
  const step = matchingStep(row.totp_pending_secret, otp, ctx.clock());
  if (step === undefined) throw badRequest(securityMessages.otpWrong);
  const recoveryCodes = newRecoveryCodes();
  const pending = row.totp_pending_secret;
  await ctx.transaction((trx) => repo.enableTwoFactor(trx, caller.id, pending, step, recoveryCodes.map(hashCode)));
  ctx.log.info({ event: '2fa.enabled', userId: caller.id }, 'two-step sign-in turned on');
  return { error: false as const, msg: securityMessages.twoFactorEnabled, recoveryCodes };
}

/** A current TOTP code not used before, or an unused recovery code. Each works once. */
export async function verifySecondFactor(ctx: AppContext, row: UserRow, otp: string): Promise<boolean> {
  if (!row.totp_secret) return false;
  const code = otp.trim();
  const step = matchingStep(row.totp_secret, code, ctx.clock());
  if (step !== undefined) return repo.claimTotpStep(ctx.db, row.id, step);
  return repo.useRecoveryCode(ctx.db, row.id, hashCode(code), nowIso(ctx.clock));
}

export async function turnOffTwoFactor(
  ctx: AppContext,
  caller: Caller,
  body: { password: string; otp: string },
  ip: string,
) {
  const row = await userOf(ctx, caller);
  await confirmCurrentPassword(ctx, row, body.password, ip);
  if (!(await verifySecondFactor(ctx, row, body.otp))) {
    // A guessed code counts too, as at sign-in.
    await ctx.throttle.fail(ip, row.email);
    throw badRequest(securityMessages.otpWrong);
  }
  await ctx.transaction((trx) => repo.disableTwoFactor(trx, caller.id));
  ctx.log.info({ event: '2fa.disabled', userId: caller.id }, 'two-step sign-in turned off');
  return { error: false as const, msg: securityMessages.twoFactorDisabled };
}
