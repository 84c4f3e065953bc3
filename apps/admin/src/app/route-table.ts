import { lazySignedOutScreen } from '../lib/lazy-screen';
import type { AppRoute } from './app-route';
import { accountRoutes } from './route-groups/account';
import LoginScreen from './routes/login';

/**
 * Every screen, lazily loaded but the sign-in page. The signed-out screens (sign in/up, forgotten password) are
 * here, bare (no sidebar or header); the signed-in ones are in shell-routes.ts, inside the
 * sidebar + header layout (which sends signed-out visitors to /login) and loaded with it.
 * To add a screen: add one line to the right table, or to the feature group's file under
 * route-groups/.
 */
export const bareRoutes: AppRoute[] = [
  // Not lazy: the page every signed-out visit starts on comes in the first download (one
  // file, no second round trip; its MUI parts are the ones nearly every screen uses).
  { path: '/login', screen: LoginScreen },
  { path: '/signUp', screen: lazySignedOutScreen(() => import('./routes/sign-up')) },
  ...accountRoutes,
];

/** Old addresses kept working: the spec names both /signIn and /login for sign-in. */
export const redirects: { from: string; to: string }[] = [{ from: '/signIn', to: '/login' }];
