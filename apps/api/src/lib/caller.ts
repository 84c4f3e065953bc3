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
  /** The account named by ADMIN_EMAIL: the only one allowed to delete. */
  isOwner: boolean;
  sessionId: string;
  /** ADMIN_REQUIRE_2FA is on and this administrator has not turned two-step sign-in on yet. */
  mustSetUpTwoFactor: boolean;
}
