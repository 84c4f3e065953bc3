import {
  type AuthWithGoogleBody,
  hasMixedScriptLocalPart,
  inputMessages,
  messages,
  normalizeEmail,
  oidcMessages,
  type SigninResponse,
  securityMessages,
} from '@shopdesk/contract';
import type { AppContext } from '../../context';
import { badRequest, forbidden, unauthorized } from '../../lib/http-error';
import { newId, nowIso } from '../../lib/ids';
import { verifySecondFactor } from '../account-security/account-security.service';
import { openSession } from '../sessions/sessions.service';
import { signupRoleId } from '../staff/roles.service';
import { assertActive, signedInUser } from '../staff/staff.service';
import { findUserByEmail, insertUser, updateUserProfile } from '../users/users.repository';
import { assertMaySignUp } from '../users/users.service';
import { type VerifiedIdentity, verifyCredential } from './oidc-credential';
import { copyProfilePicture, settlePicture } from './profile-picture';

/**
 * The new account's picture: the provider's, copied into the store (a record never holds
 * another site's URL, issue 17). The account exists first, as the owner of the upload.
 */
async function givePicture(
  ctx: AppContext,
  row: { id: string; name: string; email: string; phone: string },
  identity: VerifiedIdentity,
) {
  // The upload's owner, as storeUploads takes one; no session exists yet.
  const account = {
    id: row.id,
    name: row.name,
    email: row.email,
    isAdmin: true,
    isOwner: false,
    role: null,
    permissions: new Set<string>(),
    sessionId: '',
    mustSetUpTwoFactor: false,
  };
  const images = await copyProfilePicture(ctx, account, identity.picture);
  if (images.length === 0) return;
  await updateUserProfile(
    ctx.db,
    row.id,
    { name: row.name, email: row.email, phone: row.phone, images },
    nowIso(ctx.clock),
  );
  await settlePicture(ctx, account, images);
}

/**
 * `POST /api/user/authWithGoogle`: the identity is the credential's (signed by the callback
 * after the provider proved it), never the body's. First use makes the administrator.
 */
export async function authWithGoogle(
  ctx: AppContext,
  body: AuthWithGoogleBody,
  meta: { ip: string; userAgent: string },
): Promise<SigninResponse> {
  const identity = body.credential ? await verifyCredential(ctx, body.credential) : undefined;
  if (!identity) throw unauthorized(oidcMessages.credentialInvalid);
  if (body.email && normalizeEmail(body.email) !== identity.email) throw unauthorized(oidcMessages.emailMismatch);
  await ctx.throttle.check(meta.ip, identity.email);

  let row = await findUserByEmail(ctx.db, identity.email);
  if (!row) {
    // The sign-up rule of the form: closed without SIGNUP_ALLOW, a look-alike address refused.
    assertMaySignUp(ctx, identity.email);
    if (hasMixedScriptLocalPart(identity.email)) throw badRequest(inputMessages.emailMixedScripts);
    const id = newId();
    try {
      const roleId = await signupRoleId(ctx);
      await ctx.transaction(async (trx) => {
        await insertUser(trx, {
          id,
          name: identity.name || identity.email,
          email: identity.email,
          phone: '',
          passwordHash: null,
          images: [],
          isAdmin: true,
          roleId,
          now: nowIso(ctx.clock),
        });
        return id;
      });
    } catch (error) {
      // A second sign-in racing this one loses on the unique index and uses the account made.
      if (!(await findUserByEmail(ctx.db, identity.email))) throw error;
    }
    row = await findUserByEmail(ctx.db, identity.email);
    if (!row) throw unauthorized(oidcMessages.credentialInvalid);
    if (row.id === id) {
      ctx.log.info({ event: 'signup', userId: id, isAdmin: true, via: 'oidc' }, 'account created');
      await givePicture(ctx, row, identity);
    }
  }
  if (row.is_admin !== 1) throw forbidden(messages.notAdmin);
  assertActive(row);
  // Google is the first factor only.
  if (row.totp_secret) {
    if (!body.otp) throw unauthorized(securityMessages.otpRequired, { twoFactorRequired: true });
    if (!(await verifySecondFactor(ctx, row, body.otp))) {
      await ctx.throttle.fail(meta.ip, identity.email);
      throw unauthorized(securityMessages.otpWrong, { twoFactorRequired: true });
    }
  }
  await ctx.throttle.succeed(meta.ip, identity.email);
  const token = await openSession(ctx, row.id, meta);
  ctx.log.info({ event: 'signin.ok', userId: row.id, via: 'oidc' }, 'signed in');
  return {
    error: false,
    msg: messages.userAuthenticated,
    token,
    user: await signedInUser(ctx, row),
    ...(ctx.config.requireTwoFactor && !row.totp_secret ? { twoFactorSetupRequired: true } : {}),
  };
}
