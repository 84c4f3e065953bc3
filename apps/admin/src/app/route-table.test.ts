import { isSignedOutPage, signedOutPages } from '@shopdesk/contract';
import { describe, expect, it } from 'vitest';
import { bareRoutes, redirects } from './route-table';
import { shellRoutes } from './shell-routes';

// The server tells signed-out pages from signed-in ones by the contract's list (it starts the
// signed-in frame's download with the page only for the latter): the route table keeps to it.
describe('the route table and the contract list of signed-out pages', () => {
  it('lists exactly the bare routes and the redirects to them', () => {
    const bare = [...bareRoutes.map((route) => route.path), ...redirects.map((redirect) => redirect.from)];
    expect([...bare].sort()).toEqual([...signedOutPages].sort());
  });

  it('has no signed-in screen at a signed-out address', () => {
    const signedIn = shellRoutes.map((route) => route.path).filter((path) => path !== '*');
    expect(signedIn.length).toBeGreaterThan(10);
    for (const path of signedIn) expect(isSignedOutPage(path.replaceAll(/:\w+/g, 'x')), path).toBe(false);
  });
});
