// What a route asks of its caller's credential. A leaf, so both the router (which stores it per route)
// and auth.ts (which enforces it) import it without importing each other.

export interface RouteOptions {
  /**
   * `required` (default): 401 without a credential. `optional`: anonymous callers get public data.
   * `none`: the handler checks its own credential (alert URLs take an integration key as Bearer).
   */
  auth?: 'required' | 'optional' | 'none';
  /**
   * Token scopes accepted besides `api` (and `read_api` for GET/HEAD); `any` accepts every scope
   * (GitLab's self-information endpoints).
   */
  scopes?: readonly string[] | 'any';
  /** Whether `read_api` is accepted for GET/HEAD (default yes); the events API names only read_user and api. */
  readApi?: boolean;
  /** Whether a CI job token is accepted; elsewhere it is ignored, as GitLab ignores it. */
  jobToken?: boolean;
}
