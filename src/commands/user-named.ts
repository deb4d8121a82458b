// A user named by username (the same on every instance of a fleet, where ids are not): every command
// that takes one looks it up here, so an unknown name is told in one shape, with the instance that
// does not know it, and is exit 3 (not found) before anything is written.

import { findUserByUsername, type UserSummary } from '../api/user.js';
import { CommandFailedError, ExitCode } from '../core/errors.js';
import type { HttpClient } from '../core/http.js';
import { maskUrlCredentials } from '../core/safe-text.js';

export interface UserNameSource {
  /** The option the name came from (`--user`), put before the message when it is not obvious. */
  flag?: string;
  /** What the command takes instead of a name (`the numeric id`, `user=ID`), offered in the hint. */
  orGive?: string;
}

/** The user with this username (an exact match, any case); none is exit 3. */
export async function userNamed(http: HttpClient, name: string, from: UserNameSource = {}): Promise<UserSummary> {
  const user = await findUserByUsername(http, name);
  if (user) return user;
  const about = from.flag ? `${from.flag} ${name}: ` : '';
  const instead = from.orGive ? `, or give ${from.orGive}` : '';
  throw new CommandFailedError(`${about}no user named ${name} on ${maskUrlCredentials(http.baseUrl)}`, `check the spelling (\`forgectl users list --search NAME\`)${instead}`, ExitCode.notFound);
}
