/**
 * The signed-in administrator behind a request: made by the sessions service from a bearer
 * token, kept on the request by the auth plugin, read by routes and services. Here, below all of
 * them, so the plugin needs nothing from the sessions module.
 */
export interface Caller {
  id: string;
  name: string;
  email: string;
  isAdmin: boolean;
  /** The account named by ADMIN_EMAIL (always the `owner` role). */
  isOwner: boolean;
  /** The account's role by name (api.md §10); null for a shop customer. */
  role: string | null;
  /** The role's permissions, read with the session on this very request. */
  permissions: ReadonlySet<string>;
  sessionId: string;
  /** ADMIN_REQUIRE_2FA is on and this administrator has not turned two-step sign-in on yet. */
  mustSetUpTwoFactor: boolean;
}
