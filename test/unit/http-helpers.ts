import { MockAgent } from 'undici';
import { HttpClient, type DryRunRequest, type HttpClientOptions } from '../../src/core/http.js';
import { Redactor } from '../../src/core/redact.js';

export const ORIGIN = 'https://git.example.com';

export function mockClient(overrides: Partial<HttpClientOptions> = {}) {
  const agent = new MockAgent();
  agent.disableNetConnect();
  const traces: string[] = [];
  const dryRuns: DryRunRequest[] = [];
  const sleeps: number[] = [];
  const client = new HttpClient({
    baseUrl: ORIGIN,
    credentials: { token: 'glpat-TESTSECRET', tokenType: 'personal' },
    timeoutMs: 5000,
    retries: 3,
    dryRun: false,
    verbose: false,
    allowInsecureHttp: false,
    dispatcher: agent,
    redactor: new Redactor(),
    trace: (l) => traces.push(l),
    onDryRun: (r) => dryRuns.push(r),
    userAgent: 'forgectl/test',
    sleep: async (ms) => {
      sleeps.push(ms);
    },
    random: () => 0.5,
    ...overrides,
  });
  return { agent, pool: agent.get(ORIGIN), client, traces, dryRuns, sleeps };
}

export const json = { headers: { 'content-type': 'application/json' } };
