// A small router: `router.get('/projects/:id/merge_requests/:iid', handler, options)`. Paths are
// relative to the router's prefix (`/api/v4` for API modules). Literal segments win over `:params`,
// so `/personal_access_tokens/self` and `/personal_access_tokens/:id` can live side by side.

import type { AuthInfo } from '../auth.js';
import type { ParamObject, UploadedFile } from './query.js';
import type { RouteOptions } from './route-options.js';
import type { SandboxState } from '../state.js';
import type { User } from '../types.js';

export interface SandboxRequest {
  method: string;
  /** Path below the router's prefix, percent-encoding kept (`/projects/acme%2Fapp`). */
  path: string;
  /** Path as received, with the prefix. */
  fullPath: string;
  rawQuery: string;
  /** Path parameters, percent-decoded. */
  params: Record<string, string>;
  /** Path parameters as sent (percent-encoding kept). */
  rawParams: Record<string, string>;
  /** Query string parsed Rails-style. */
  query: ParamObject;
  /** JSON value, form or multipart fields, raw text, or null. */
  body: unknown;
  files: Record<string, UploadedFile>;
  /** Request headers, names lower-cased. */
  headers: Record<string, string>;
  /** The caller the request runs as (after sudo), or null. */
  user: User | null;
  auth: AuthInfo;
  state: SandboxState;
  /** Query and body parameters merged, as Grape's `params` (body wins). */
  input(): ParamObject;
}

export interface HandlerResult {
  status?: number;
  body?: unknown;
  headers?: Record<string, string>;
}

export type Handler = (req: SandboxRequest) => HandlerResult | Promise<HandlerResult>;

export interface Route {
  method: string;
  pattern: string;
  segments: string[];
  literals: number;
  handler: Handler;
  options: RouteOptions;
}

export type RouteMatch = { route: Route; params: Record<string, string>; rawParams: Record<string, string> };

function decodeSegment(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

export class Router {
  private readonly routes: Route[] = [];

  add(method: string, pattern: string, handler: Handler, options: RouteOptions = {}): this {
    const segments = pattern.split('/').filter(Boolean);
    const literals = segments.filter((s) => !s.startsWith(':')).length;
    this.routes.push({ method: method.toUpperCase(), pattern, segments, literals, handler, options });
    return this;
  }

  get(pattern: string, handler: Handler, options?: RouteOptions): this {
    return this.add('GET', pattern, handler, options);
  }
  post(pattern: string, handler: Handler, options?: RouteOptions): this {
    return this.add('POST', pattern, handler, options);
  }
  put(pattern: string, handler: Handler, options?: RouteOptions): this {
    return this.add('PUT', pattern, handler, options);
  }
  patch(pattern: string, handler: Handler, options?: RouteOptions): this {
    return this.add('PATCH', pattern, handler, options);
  }
  delete(pattern: string, handler: Handler, options?: RouteOptions): this {
    return this.add('DELETE', pattern, handler, options);
  }

  /** The most specific route for a method and raw path; HEAD is served by GET routes. */
  match(method: string, rawPath: string): RouteMatch | undefined {
    const want = method.toUpperCase() === 'HEAD' ? 'GET' : method.toUpperCase();
    const parts = rawPath.split('/').filter(Boolean);
    let best: RouteMatch | undefined;
    for (const route of this.routes) {
      if (route.method !== want || route.segments.length !== parts.length) continue;
      const params: Record<string, string> = {};
      const rawParams: Record<string, string> = {};
      let ok = true;
      for (let i = 0; i < parts.length && ok; i++) {
        const seg = route.segments[i];
        if (seg.startsWith(':')) {
          params[seg.slice(1)] = decodeSegment(parts[i]);
          rawParams[seg.slice(1)] = parts[i];
        } else ok = seg === parts[i];
      }
      if (ok && (!best || route.literals > best.route.literals)) best = { route, params, rawParams };
    }
    return best;
  }
}
