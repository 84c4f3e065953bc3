import * as client from 'openid-client';
import type { Config } from '../../config';

const loopbackHosts = new Set(['127.0.0.1', 'localhost', '[::1]']);

export function isOidcConfigured(config: Config): boolean {
  return Boolean(config.oidc.clientId && config.oidc.clientSecret);
}

/**
 * The issuer's metadata, found once by discovery (OIDC_ISSUER/.well-known/openid-configuration)
 * and kept; a failed discovery is forgotten so the next sign-in tries again.
 */
export function lazyOidcClient(config: Config): () => Promise<client.Configuration> {
  let pending: Promise<client.Configuration> | undefined;
  return () => {
    if (!pending) {
      const issuer = new URL(config.oidc.issuer);
      // Plain http only for a provider on this machine (the local test provider).
      const insecure = issuer.protocol === 'http:' && loopbackHosts.has(issuer.hostname);
      pending = client
        .discovery(issuer, config.oidc.clientId ?? '', config.oidc.clientSecret, undefined, {
          ...(insecure ? { execute: [client.allowInsecureRequests] } : {}),
          timeout: 10,
        })
        .catch((error: unknown) => {
          pending = undefined;
          throw error;
        });
    }
    return pending;
  };
}
