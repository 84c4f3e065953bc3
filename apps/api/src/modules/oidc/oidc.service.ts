import { normalizeEmail, oidcMessages, oidcPaths } from '@shopdesk/contract';
import * as client from 'openid-client';
import type { AppContext } from '../../context';
import { signCredential, type VerifiedIdentity } from './oidc-credential';
import type { PopupResult } from './oidc-page';
import { type OidcState, signState } from './oidc-state';

export type GetClient = () => Promise<client.Configuration>;
export interface PopupOutcome {
  status: number;
  result: PopupResult;
}

const fail = (status: number, error: string): PopupOutcome => ({ status, result: { error } });

/** Where the provider sends the popup back: PUBLIC_URL, else the origin this request came to. */
export function redirectUriFor(ctx: AppContext, requestOrigin: string): string {
  return `${ctx.config.publicUrl ?? requestOrigin}${oidcPaths.callback}`;
}

/** Authorization code + PKCE; state and nonce travel in the signed cookie. */
export async function startSignIn(ctx: AppContext, getClient: GetClient, redirectUri: string) {
  const config = await getClient();
  const saved: OidcState = {
    state: client.randomState(),
    nonce: client.randomNonce(),
    verifier: client.randomPKCECodeVerifier(),
  };
  const url = client.buildAuthorizationUrl(config, {
    redirect_uri: redirectUri,
    scope: 'openid email profile',
    response_type: 'code',
    code_challenge: await client.calculatePKCECodeChallenge(saved.verifier),
    code_challenge_method: 'S256',
    state: saved.state,
    nonce: saved.nonce,
  });
  return { url: url.href, cookie: await signState(ctx, saved) };
}

/**
 * Redeems the code and verifies the ID token (signature from the issuer's keys, issuer,
 * audience, expiry, nonce: openid-client), then accepts only a verified e-mail address.
 */
export async function finishSignIn(
  ctx: AppContext,
  getClient: GetClient,
  redirectUri: string,
  query: URLSearchParams,
  saved: OidcState | undefined,
): Promise<PopupOutcome> {
  const providerError = query.get('error');
  if (providerError) return fail(400, query.get('error_description') || providerError);
  if (!saved || query.get('state') !== saved.state) return fail(400, oidcMessages.stateInvalid);
  let config: client.Configuration;
  try {
    config = await getClient();
  } catch (error) {
    ctx.log.warn({ event: 'oidc.discovery.failed', err: error }, 'OpenID provider unreachable');
    return fail(503, oidcMessages.providerUnavailable);
  }
  try {
    const currentUrl = new URL(`${redirectUri}?${query.toString()}`);
    const tokens = await client.authorizationCodeGrant(config, currentUrl, {
      pkceCodeVerifier: saved.verifier,
      expectedState: saved.state,
      expectedNonce: saved.nonce,
      idTokenExpected: true,
    });
    const claims = tokens.claims();
    if (!claims) return fail(400, oidcMessages.signInFailed);
    // Some providers put the address in the ID token only on request; ask userinfo then.
    const profile: Record<string, unknown> =
      typeof claims.email === 'string' ? claims : await client.fetchUserInfo(config, tokens.access_token, claims.sub);
    const email = typeof profile.email === 'string' ? normalizeEmail(profile.email) : '';
    const verified = profile.email_verified === true || profile.email_verified === 'true';
    if (!email || !verified) {
      ctx.log.info(
        { event: 'oidc.refused', reason: 'email not verified', subject: claims.sub },
        'OIDC sign-in refused',
      );
      return fail(403, oidcMessages.emailNotVerified);
    }
    const identity: VerifiedIdentity = {
      subject: claims.sub,
      email,
      name: displayName(profile, email),
      picture: typeof profile.picture === 'string' ? profile.picture : '',
    };
    const credential = await signCredential(ctx, identity);
    return { status: 200, result: { profile: { name: identity.name, email, picture: identity.picture }, credential } };
  } catch (error) {
    if (error instanceof client.ResponseBodyError || error instanceof client.AuthorizationResponseError) {
      return fail(400, error.error_description || error.error);
    }
    ctx.log.warn({ event: 'oidc.refused', err: error }, 'OIDC answer failed verification');
    return fail(400, oidcMessages.signInFailed);
  }
}

function displayName(profile: Record<string, unknown>, email: string): string {
  if (typeof profile.name === 'string' && profile.name.trim()) return profile.name.trim().slice(0, 120);
  const parts = [profile.given_name, profile.family_name].filter((part) => typeof part === 'string' && part);
  return (parts.length ? parts.join(' ') : (email.split('@')[0] ?? email)).slice(0, 120);
}
