// Alert ingestion (spec part 3 §4.1, §5 rule 1): POST to an integration's alert_url with its own
// key, not the instance credential.

import * as z from 'zod';
import type { HttpClient, HttpResponse } from '../core/http.js';
import { isEmptyAnswer, parseResponse } from './schema.js';

/** One created (or grouped, or resolved) alert of the answer (spec §2.3). */
export const CreatedAlertSchema = z.looseObject({
  iid: z.number(),
  title: z.string(),
});
export type CreatedAlert = z.infer<typeof CreatedAlertSchema>;
export const CreatedAlertsSchema = z.array(CreatedAlertSchema);

export type AlertAuth = 'bearer' | 'basic';
export const ALERT_AUTHS: readonly AlertAuth[] = ['bearer', 'basic'];

/** The Authorization header: the key as Bearer, or as the password of HTTP Basic with a blank user. */
export function alertAuthorization(auth: AlertAuth, key: string): string {
  return auth === 'basic' ? `Basic ${Buffer.from(`:${key}`).toString('base64')}` : `Bearer ${key}`;
}

export async function postAlert(http: HttpClient, alertUrl: string, payload: unknown, auth: AlertAuth, key: string): Promise<HttpResponse<CreatedAlert[]>> {
  const res = await http.request<unknown>({
    method: 'POST',
    path: alertUrl,
    body: payload,
    authenticate: false,
    headers: { Authorization: alertAuthorization(auth, key) },
    secretHeaders: ['Authorization'],
  });
  if (res.dryRun) return { ...res, data: [] };
  // An empty 200 answer (older versions) means the alerts were accepted without a list.
  const data = isEmptyAnswer(res.data) ? [] : parseResponse(CreatedAlertsSchema, res.data, `POST ${http.options.redactor.url(alertUrl)}`);
  return { ...res, data };
}
