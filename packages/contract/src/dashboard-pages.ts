/**
 * The dashboard's signed-out pages (the spec's sign-in and sign-up, the forgotten-password and
 * invitation screens, and /signIn, kept as a redirect to /login). Every other page address is a
 * signed-in screen. The dashboard's route table keeps to this list (route-table.test.ts), and the
 * server serves signed-in addresses a page that starts downloading the signed-in frame at once
 * (static-files.ts), which a signed-out page must not: /login's first download stays its own.
 */
export const signedOutPages = [
  '/login',
  '/signIn',
  '/signUp',
  '/forgot-password',
  '/reset-password/:token',
  '/accept-invite',
];

/**
 * True when `pathname` is one of the signed-out pages, matched as the dashboard's router matches
 * them: a `:param` stands for one path segment, letter case and a trailing slash do not count.
 */
export function isSignedOutPage(pathname: string): boolean {
  const segments = trimmedSegments(pathname);
  return signedOutPages.some((page) => {
    const pattern = trimmedSegments(page);
    return (
      pattern.length === segments.length &&
      pattern.every((part, at) =>
        part.startsWith(':') ? (segments[at] ?? '') !== '' : part.toLowerCase() === segments[at]?.toLowerCase(),
      )
    );
  });
}

function trimmedSegments(pathname: string): string[] {
  return pathname.replace(/\/+$/, '').split('/').slice(1);
}
