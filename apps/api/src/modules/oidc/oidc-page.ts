import { type OidcProfile, oidcMessageType, oidcPaths } from '@shopdesk/contract';
import type { FastifyReply } from 'fastify';

export type PopupResult = { profile: OidcProfile; credential: string } | { error: string };

/**
 * The page hands its result to the script file below through a JSON data block (never
 * executed). No inline script at all, so its own CSP allows scripts from this origin only.
 */
const pageCsp = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'unsafe-inline'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** JSON that cannot close its <script> block or open a comment. */
const safeJson = (value: unknown) =>
  JSON.stringify(value).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026');

export function sendPopupPage(reply: FastifyReply, result: PopupResult, status = 200) {
  const text = 'error' in result ? result.error : 'Signed in. This window closes by itself.';
  const html = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Sign In with Google</title>
<script type="application/json" id="oidc-result">${safeJson({ type: oidcMessageType, ...result })}</script>
<script src="${oidcPaths.relayScript}" defer></script>
</head>
<body style="font-family: system-ui, sans-serif; margin: 2rem; color: #1a1a1a; background: #fff">
<p role="${'error' in result ? 'alert' : 'status'}">${escapeHtml(text)}</p>
</body>
</html>
`;
  return (
    reply
      .status(status)
      .header('content-type', 'text/html; charset=utf-8')
      .header('content-security-policy', pageCsp)
      .header('cache-control', 'no-store')
      .header('referrer-policy', 'no-referrer')
      // The opener relationship must survive the trip through the provider's pages.
      .header('cross-origin-opener-policy', 'unsafe-none')
      .send(html)
  );
}

/**
 * Posts the result to the window that opened the popup, addressed to our own origin only
 * (a page of another origin that opened it gets nothing), then closes the popup.
 */
export const relayScript = `(function () {
  var block = document.getElementById('oidc-result');
  if (!block || !window.opener) return;
  window.opener.postMessage(JSON.parse(block.textContent), window.location.origin);
  window.close();
})();
`;
