/**
 * `npm run dev:idp`: a local OpenID provider for trying Sign In with Google without Google.
 * Its login page takes any e-mail address (one containing '+unverified' is reported as not
 * verified). See docs/google-sign-in.md.
 *
 *   IDP_PORT (default 4010)          where it listens (127.0.0.1)
 *   SHOPDESK_URLS (comma-separated)  Shopdesk origins whose callback it accepts; defaults
 *                                    to the usual local ones and PUBLIC_URL
 */
import { startOidcProvider } from '../e2e/support/oidc-provider';

const port = Number(process.env.IDP_PORT ?? 4010);
const origins = (
  process.env.SHOPDESK_URLS ??
  ['http://127.0.0.1:8080', 'http://localhost:8080', 'http://localhost:5173', process.env.PUBLIC_URL ?? ''].join(',')
)
  .split(',')
  .map((origin) => origin.trim().replace(/\/+$/, ''))
  .filter(Boolean);

const idp = await startOidcProvider({
  redirectUri: [...new Set(origins)].map((origin) => `${origin}/api/auth/oidc/callback`),
  port,
});

process.stdout.write(`
Local OpenID provider at ${idp.issuer}
Start Shopdesk with:

  OIDC_ISSUER=${idp.env.OIDC_ISSUER} OIDC_CLIENT_ID=${idp.env.OIDC_CLIENT_ID} OIDC_CLIENT_SECRET=${idp.env.OIDC_CLIENT_SECRET}

(with \`npm run dev\`, also PUBLIC_URL=http://localhost:5173). Accepted callbacks:
${origins.map((origin) => `  ${origin}/api/auth/oidc/callback`).join('\n')}

Ctrl+C stops it.
`);

const stop = () => {
  void idp.close().then(() => process.exit(0));
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
