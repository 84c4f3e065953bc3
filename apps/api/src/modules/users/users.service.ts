import {
  type ChangePasswordBody,
  messages,
  type ProfileBody,
  type SigninBody,
  type SigninResponse,
  securityMessages,
  type signupBodySchema,
  type User,
} from '@shopdesk/contract';
import type { z } from 'zod';
import { isSignupAllowed, isSignupOpen } from '../../config';
import type { AppContext } from '../../context';
import type { Caller } from '../../lib/caller';
import { conflict, forbidden, notFound, unauthorized } from '../../lib/http-error';
import { newId, nowIso } from '../../lib/ids';
import { ownUploads } from '../../lib/own-uploads';
import { hashPassword, verifyPassword } from '../../lib/passwords';
import { cancelPasswordResets } from '../account-security/account-security.repository';
import { confirmCurrentPassword, verifySecondFactor } from '../account-security/account-security.service';
import { assertGoodPassword } from '../account-security/password-rule';
import { endSession, endUserSessions } from '../sessions/sessions.repository';
import { openSession } from '../sessions/sessions.service';
import { roleOfUser, signupRoleId } from '../staff/roles.service';
import { assertActive, signedInUser } from '../staff/staff.service';
import {
  countUsers,
  findUserByEmail,
  findUserById,
  insertUser,
  toUser,
  updateUserPassword,
  updateUserProfile,
} from './users.repository';

export interface RequestMeta {
  ip: string;
  userAgent: string;
}

/** Password sign-in: administrators only; throttled per IP and per IP + account. */
export async function signIn(ctx: AppContext, body: SigninBody, meta: RequestMeta): Promise<SigninResponse> {
  await ctx.throttle.check(meta.ip, body.email);
  const row = await findUserByEmail(ctx.db, body.email);
  const valid = await verifyPassword(row?.password_hash, body.password);
  if (!row || !valid) {
    await ctx.throttle.fail(meta.ip, body.email);
    ctx.log.info({ event: 'signin.failed', email: body.email, ip: meta.ip }, 'sign-in failed');
    throw unauthorized(messages.invalidCredentials);
  }
  if (row.is_admin !== 1) {
    ctx.log.info({ event: 'signin.refused', userId: row.id }, 'sign-in refused: not an administrator');
    throw forbidden(messages.notAdmin);
  }
  assertActive(row);
  if (row.totp_secret) {
    if (!body.otp) throw unauthorized(securityMessages.otpRequired, { twoFactorRequired: true });
    if (!(await verifySecondFactor(ctx, row, body.otp))) {
      await ctx.throttle.fail(meta.ip, body.email);
      ctx.log.info({ event: 'signin.failed', reason: 'second factor', userId: row.id, ip: meta.ip }, 'sign-in failed');
      throw unauthorized(securityMessages.otpWrong, { twoFactorRequired: true });
    }
  }
  await ctx.throttle.succeed(meta.ip, body.email);
  const token = await openSession(ctx, row.id, meta);
  ctx.log.info({ event: 'signin.ok', userId: row.id }, 'signed in');
  return {
    error: false,
    msg: messages.userAuthenticated,
    token,
    user: await signedInUser(ctx, row),
    ...(ctx.config.requireTwoFactor && !row.totp_secret ? { twoFactorSetupRequired: true } : {}),
  };
}

/** The dashboard's sign-up makes administrators (for SIGNUP_ALLOW); isAdmin:false makes a shop customer. */
export async function signUp(ctx: AppContext, body: z.output<typeof signupBodySchema>): Promise<User> {
  if (body.isAdmin) assertMaySignUp(ctx, body.email);
  if (await findUserByEmail(ctx.db, body.email)) throw conflict(messages.emailTaken);
  await assertGoodPassword(body.password);
  const id = newId();
  const passwordHash = await hashPassword(body.password);
  const roleId = body.isAdmin ? await signupRoleId(ctx) : null;
  try {
    await ctx.transaction(async (trx) => {
      await insertUser(trx, {
        id,
        name: body.name,
        email: body.email,
        phone: body.phone,
        passwordHash,
        images: [],
        isAdmin: body.isAdmin,
        roleId,
        now: nowIso(ctx.clock),
      });
      return id;
    });
  } catch (error) {
    // Two sign-ups with one address at once: the unique index decides.
    if (await findUserByEmail(ctx.db, body.email)) throw conflict(messages.emailTaken);
    throw error;
  }
  ctx.log.info({ event: 'signup', userId: id, isAdmin: body.isAdmin }, 'account created');
  return getUser(ctx, id);
}

/**
 * Who may become an administrator by signing up, by form or by a first Google sign-in: nobody
 * without SIGNUP_ALLOW (staff are invited), else the addresses it admits.
 */
export function assertMaySignUp(ctx: AppContext, email: string): void {
  if (!isSignupOpen(ctx.config)) throw forbidden(messages.signupClosed);
  if (!isSignupAllowed(ctx.config, email)) throw forbidden(messages.signupNotAllowed);
}

export async function getUser(ctx: AppContext, id: string): Promise<User> {
  const row = await findUserById(ctx.db, id);
  if (!row) throw notFound('User not found');
  if (row.is_admin !== 1) return toUser(row);
  return { ...toUser(row), ...(await roleOfUser(ctx, id)) };
}

function assertSelf(caller: Caller, id: string): void {
  if (caller.id !== id) throw forbidden(messages.onlyOwnRecord);
}

export async function readOwnUser(ctx: AppContext, caller: Caller, id: string): Promise<User> {
  assertSelf(caller, id);
  return getUser(ctx, id);
}

/** A new e-mail address needs the current password (api.md §3): a token alone cannot move the account. */
export async function updateOwnProfile(
  ctx: AppContext,
  caller: Caller,
  id: string,
  body: ProfileBody,
  meta: Pick<RequestMeta, 'ip'>,
): Promise<User> {
  assertSelf(caller, id);
  const row = await findUserById(ctx.db, id);
  if (!row) throw notFound('User not found');
  const { password, ...profile } = body;
  const isNewEmail = profile.email !== row.email;
  if (isNewEmail) {
    const other = await findUserByEmail(ctx.db, profile.email);
    if (other && other.id !== id) throw conflict(messages.emailTaken);
    // The owner's address is what grants delete rights; it cannot be taken or given away here.
    if (caller.isOwner || profile.email === ctx.config.adminEmail) {
      throw forbidden('The shop owner’s e-mail address cannot be changed here');
    }
    await confirmCurrentPassword(ctx, row, password, meta.ip);
  }
  await ctx.transaction((trx) =>
    updateUserProfile(trx, id, { ...profile, images: ownUploads(profile.images) }, nowIso(ctx.clock)),
  );
  if (isNewEmail) ctx.log.info({ event: 'email.changed', userId: id }, 'e-mail address changed');
  return getUser(ctx, id);
}

/** Changes the password and ends every other session of the account. */
export async function changePassword(
  ctx: AppContext,
  caller: Caller,
  id: string,
  body: ChangePasswordBody,
  meta: Pick<RequestMeta, 'ip'>,
) {
  assertSelf(caller, id);
  const row = await findUserById(ctx.db, id);
  if (!row) throw notFound('User not found');
  // Wrong old passwords count toward the account's sign-in throttle (issue 18).
  await confirmCurrentPassword(ctx, row, body.password, meta.ip);
  await assertGoodPassword(body.newPass);
  const now = nowIso(ctx.clock);
  const passwordHash = await hashPassword(body.newPass);
  await ctx.transaction(async (trx) => {
    await updateUserPassword(trx, id, passwordHash, now);
    await endUserSessions(trx, id, now, caller.sessionId);
    await cancelPasswordResets(trx, id, now);
  });
  ctx.log.info({ event: 'password.changed', userId: id }, 'password changed');
  return { error: false as const, msg: messages.passwordChanged };
}

export async function logOut(ctx: AppContext, caller: Caller) {
  await endSession(ctx.db, caller.sessionId, nowIso(ctx.clock));
  return { error: false as const, msg: messages.logoutSuccess };
}

export async function userCount(ctx: AppContext) {
  return { userCount: await countUsers(ctx.db) };
}

/** The owner (ADMIN_EMAIL) exists after start; a random password is printed once when unset. */
export async function ensureOwner(ctx: AppContext): Promise<{ created: boolean; password?: string }> {
  const existing = await findUserByEmail(ctx.db, ctx.config.adminEmail);
  if (existing) {
    if (existing.is_admin !== 1) throw new Error(`ADMIN_EMAIL ${ctx.config.adminEmail} belongs to a non-admin account`);
    return { created: false };
  }
  const generated = ctx.config.adminPassword ? undefined : randomPassword();
  await insertUser(ctx.db, {
    id: newId(),
    name: 'Shop Owner',
    email: ctx.config.adminEmail,
    phone: '',
    passwordHash: await hashPassword(ctx.config.adminPassword ?? generated ?? ''),
    images: [],
    isAdmin: true,
    now: nowIso(ctx.clock),
  });
  return generated ? { created: true, password: generated } : { created: true };
}

function randomPassword(): string {
  const alphabet = 'abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  const bytes = crypto.getRandomValues(new Uint8Array(20));
  return Array.from(bytes, (b) => alphabet[b % alphabet.length]).join('');
}
