// The Context a command receives: streams and terminal state, the global options, and lazy access
// to the HTTP client, the profile store and prompts (so `--help` needs no credentials).

import type { Readable, Writable } from 'node:stream';
import { systemClock, type Clock } from './core/clock.js';
import { MissingCredentialsError, UsageError } from './core/errors.js';
import { unknownProfile } from './core/profile-selection.js';
import { DEFAULT_MAX_ANSWER_MB, HttpClient, TOKEN_TYPES, normalizeBaseUrl, type DryRunRequest, type TlsOptions, type TokenType, type WriteEvent } from './core/http.js';
import { render, type CommandResult } from './core/output.js';
import { Progress } from './core/progress.js';
import { profileHasToken, readProfileToken } from './core/profile-token.js';
import { ProfileStore, defaultConfigDir, originOf, type Profile } from './core/profiles.js';
import { TerminalPrompter, type Prompter } from './core/prompt.js';
import { Redactor } from './core/redact.js';
import { maskUrlCredentials, maskUrlsDeep, onOneLine, visible } from './core/safe-text.js';
import { tokenDefect } from './core/token-command.js';
import { checkProfileTlsFiles } from './core/tls-files.js';
import { DEFAULT_GLOBALS, type GlobalOptions } from './core/globals.js';
import { dryRunText } from './core/dry-run-text.js';

/** Status lines may quote server data: no raw control characters, no URL credentials. */
const safe = (s: string): string => visible(maskUrlCredentials(s));

declare const __FORGECTL_VERSION__: string;
export const VERSION: string = typeof __FORGECTL_VERSION__ === 'string' ? __FORGECTL_VERSION__ : '0.0.0-dev';

// The global options live on the floor below (src/core/globals.ts); named here as before.
export { DEFAULT_GLOBALS, type GlobalOptions } from './core/globals.js';

/**
 * src/core/command.ts declares the Context its commands receive as an empty interface, so the core
 * floor names nothing above it; this fills it in: a command receives this Context.
 */
declare module './core/command.js' {
  interface CommandContext extends Context {}
}

/** Where each part of the connection came from; `token rotate` needs to know whose token it is. */
export interface Connection {
  url: string;
  token?: string;
  tokenType: TokenType;
  sudo?: string;
  tls: TlsOptions;
  /** The profile in use, if any (its token may still have been overridden by a flag or env). */
  profile?: Profile;
  tokenSource: 'flag' | 'env' | 'ci' | 'profile' | 'none';
  /** The variable a token from the environment was read from, for errors that name it. */
  tokenVariable?: 'FORGECTL_TOKEN' | 'GITLAB_TOKEN';
}

export interface ContextInit {
  stdin: Readable & { isTTY?: boolean };
  stdout: Writable & { isTTY?: boolean };
  stderr: Writable & { isTTY?: boolean };
  env: NodeJS.ProcessEnv;
  prompt?: Prompter;
  /** Overrides for tests: forces TTY state. */
  isTTY?: { stdin: boolean; stdout: boolean; stderr: boolean };
  /** Injected in unit tests instead of a real network. */
  dispatcher?: import('undici').Dispatcher;
  retryBaseMs?: number;
  /** Time for commands that wait (migrate watch); tests pass a fake one. */
  clock?: Clock;
}

/** What a fleet gives each instance's Context besides its own streams (see `forInstance`). */
export interface InstanceInit {
  stdout: Writable;
  stderr: Writable;
  /** The fleet's gate: confirmations and questions asked once for every instance. */
  prompt: Prompter;
  /** Writes kept back by --dry-run, collected for the fleet's output instead of printed. */
  onDryRun: (req: DryRunRequest) => void;
  /** Awaited before the instance's writes are sent (the gate again: confirm once, --serial). */
  beforeWrite: (req: { method: string; url: string }) => Promise<void>;
}

/**
 * Variables that name one instance, its credential, or a user on it. A fleet's instance takes URL
 * and token from its profile alone, so these never reach it (README "Several instances"): a user
 * name or id (FORGECTL_SUDO) means a different person on each instance.
 */
export const SINGLE_INSTANCE_VARIABLES = [
  'FORGECTL_PROFILE',
  'FORGECTL_URL',
  'FORGECTL_TOKEN',
  'FORGECTL_TOKEN_TYPE',
  'FORGECTL_SUDO',
  'GITLAB_HOST',
  'GITLAB_TOKEN',
  'CI_SERVER_URL',
  'CI_JOB_TOKEN',
] as const;

export interface WriteLog {
  sent: number;
  inDoubt: { method: string; url: string }[];
}

export class Context {
  readonly stdin: ContextInit['stdin'];
  readonly stdout: ContextInit['stdout'];
  readonly stderr: ContextInit['stderr'];
  readonly env: NodeJS.ProcessEnv;
  /** Shared by a fleet's instances: a token of one is masked in every instance's output. */
  readonly redactor: Redactor;
  readonly abort = new AbortController();
  readonly clock: Clock;
  globals: GlobalOptions = { ...DEFAULT_GLOBALS };
  private readonly tty: { stdin: boolean; stdout: boolean; stderr: boolean };
  private prompter?: Prompter;
  private client?: HttpClient;
  private store?: ProfileStore;
  private connectionCache?: Connection;
  private warned = new Set<string>();
  private dryRunCount = 0;
  private readonly writeLog: WriteLog = { sent: 0, inDoubt: [] };
  /** A fleet's root, for what its instances share: the profile store, stdin read once, warnings said once. */
  private readonly root?: Context;
  private readonly instance?: InstanceInit;
  private stdinText?: Promise<string>;

  constructor(
    private readonly init: ContextInit,
    fleet?: { root: Context; instance: InstanceInit },
  ) {
    this.root = fleet?.root;
    this.instance = fleet?.instance;
    this.redactor = this.root?.redactor ?? new Redactor();
    if (this.root) {
      this.warned = this.root.warned;
      // Ctrl-C reaches every instance: the root stays the only listener of the signals.
      const parentSignal = this.root.abort.signal;
      if (parentSignal.aborted) this.abort.abort();
      else parentSignal.addEventListener('abort', () => this.abort.abort(), { once: true });
    }
    this.stdin = init.stdin;
    this.stdout = init.stdout;
    this.stderr = init.stderr;
    this.env = init.env;
    // FORGECTL_FORCE_TTY (like gh's GH_FORCE_TTY) asks for terminal-style output in a pipe;
    // prompts still need a real terminal.
    const forced = !!init.env.FORGECTL_FORCE_TTY && init.env.FORGECTL_FORCE_TTY !== '0';
    this.tty = init.isTTY ?? {
      stdin: !!init.stdin.isTTY,
      stdout: forced || !!init.stdout.isTTY,
      stderr: !!init.stderr.isTTY,
    };
    this.prompter = init.prompt;
    this.clock = init.clock ?? systemClock;
  }

  /**
   * The same run bound to one profile of a fleet: its own connection, client, counters and streams
   * (buffers the fleet prints together), the globals with that profile and no --url/--token, an
   * environment without the variables that name one instance, and the fleet's gate as prompter.
   */
  forInstance(profile: string, instance: InstanceInit): Context {
    const env = { ...this.env };
    for (const name of SINGLE_INSTANCE_VARIABLES) delete env[name];
    const child = new Context(
      {
        ...this.init,
        stdout: instance.stdout,
        stderr: instance.stderr,
        env,
        prompt: instance.prompt,
        // Tables and text are made as for the root's terminal; spinners on a shared stderr are not.
        isTTY: { stdin: this.tty.stdin, stdout: this.tty.stdout, stderr: false },
      },
      { root: this, instance },
    );
    child.globals = { ...this.globals, profile, url: undefined, token: undefined, profiles: undefined, profilesFromEnv: undefined, allProfiles: false };
    return child;
  }

  /** The profile this Context is bound to in a fleet. */
  get fleetProfile(): string | undefined {
    return this.instance ? this.globals.profile : undefined;
  }
  get stdoutIsTTY(): boolean {
    return this.tty.stdout;
  }
  get stderrIsTTY(): boolean {
    return this.tty.stderr;
  }
  get stdinIsTTY(): boolean {
    return this.tty.stdin;
  }
  /** Prompts need a person at the keyboard: stdin and stderr (where prompts draw) on a terminal. */
  get interactive(): boolean {
    // A fleet's instance asks through the gate, which asks on the root's terminal.
    if (this.root) return this.root.interactive;
    return this.tty.stdin && this.tty.stderr;
  }
  /** Colour only on a terminal, in table output, unless switched off. */
  get color(): boolean {
    if (this.env.FORCE_COLOR && this.env.FORCE_COLOR !== '0') return this.globals.color;
    return this.globals.color && !this.env.NO_COLOR && this.tty.stdout;
  }
  get dryRun(): boolean {
    return this.globals.dryRun;
  }

  get prompt(): Prompter {
    this.prompter ??= new TerminalPrompter(this.stdin, this.stderr, this.interactive);
    return this.prompter;
  }

  /** A status line on stderr. */
  notice(message: string): void {
    this.stderr.write(`${safe(this.redactor.text(message))}\n`);
  }

  warn(message: string): void {
    // One line, whatever server text it quotes: none of it can pass for a line of forgectl's own.
    this.stderr.write(`warning: ${safe(onOneLine(this.redactor.text(message)))}\n`);
  }

  /**
   * An error the command reports while its result still prints (a new secret it could not save):
   * `error:` and `hint:` lines made as warnings are, redacted and one line each.
   */
  reportError(message: string, hint?: string): void {
    const line = (t: string) => safe(onOneLine(this.redactor.text(t)));
    this.stderr.write(`error: ${line(message)}\n${hint ? `hint: ${line(hint)}\n` : ''}`);
  }

  warnOnce(key: string, message: string): void {
    if (this.warned.has(key)) return;
    this.warned.add(key);
    this.warn(message);
  }

  /** Set when a list stopped at one page though more exist (the "use --all" hint). */
  morePages?: { page: number; total?: number };

  private progressView?: Progress;
  /** Spinners and retry notes on stderr, drawn only on a terminal and never under --verbose (its trace says more). */
  get progress(): Progress {
    this.progressView ??= new Progress(this.stderr, this.tty.stderr && !this.globals.verbose);
    return this.progressView;
  }

  /** Columns of the terminal stdout is on; COLUMNS when it says (FORGECTL_FORCE_TTY in a pipe). */
  terminalWidth(): number | undefined {
    const fromEnv = Number(this.env.COLUMNS);
    const columns = (this.stdout as { columns?: number }).columns || (Number.isInteger(fromEnv) && fromEnv > 0 ? fromEnv : undefined);
    return this.tty.stdout ? columns : undefined;
  }

  async render(result: CommandResult): Promise<number> {
    const n = await render(result, {
      format: this.globals.output,
      fields: this.globals.fields,
      stdout: this.stdout,
      stderr: this.stderr,
      isTTY: this.tty.stdout,
      color: this.color && this.globals.output === 'table',
      width: this.terminalWidth(),
      gathering: result.kind === 'list' && this.globals.output === 'table' && this.tty.stdout ? () => this.progress.gathering() : undefined,
    });
    // Said whenever a person may read stderr, also when stdout goes to a pipe (`list | grep`).
    if (result.kind === 'list' && this.morePages && this.tty.stderr) {
      const { page, total } = this.morePages;
      const of = total !== undefined ? `${n} of ${total}` : `${n}, and more exist`;
      this.stderr.write(`Showing ${of}; use --all for every page, or --page ${page + 1} for the next.\n`);
    }
    return n;
  }

  configDir(): string {
    return this.globals.configDir ?? this.env.FORGECTL_CONFIG_DIR ?? defaultConfigDir(this.env);
  }

  /** The profiles of this run: the config directory's, or an inventory's instances (--inventory). */
  async profiles(): Promise<ProfileStore> {
    if (this.root) return this.root.profiles();
    const inventory = this.globals.inventory;
    // An inventory is read (and checked whole) once, and only then: the module loads YAML.
    if (inventory) this.store ??= await (await import('./inventory.js')).openInventory(this, inventory);
    else this.store ??= await ProfileStore.open(this.configDir());
    return this.store;
  }

  /**
   * Resolves the instance first (flag > environment > profile; inside a CI job CI_SERVER_URL comes
   * below a profile named explicitly), then a credential bound to it: a profile's token goes only to
   * that profile's origin, CI_JOB_TOKEN only to CI_SERVER_URL's. A token from a flag or the
   * environment goes where the user pointed it. The config file is read only when needed.
   */
  async connection(opts: { anonymous?: boolean; beforeToken?: (c: Pick<Connection, 'profile' | 'tokenSource'>) => void } = {}): Promise<Connection> {
    if (this.connectionCache) return this.connectionCache;
    const g = this.globals;
    const env = g.inventory ? this.inventoryEnv() : this.env;
    if (g.token === '') throw new UsageError('--token is empty', 'give a token, or leave --token out to use FORGECTL_TOKEN or a profile');
    const explicitProfile = g.profile || env.FORGECTL_PROFILE || undefined;
    const flagUrl = g.url || undefined;
    // glab's GITLAB_HOST may be a bare host name.
    const envUrl = env.FORGECTL_URL || (env.GITLAB_HOST && !/^[a-z][a-z0-9+.-]*:\/\//i.test(env.GITLAB_HOST) ? `https://${env.GITLAB_HOST}` : env.GITLAB_HOST) || undefined;
    const ciUrl = env.CI_SERVER_URL || undefined;
    const overrideUrl = flagUrl ?? envUrl ?? (explicitProfile ? undefined : ciUrl);
    // GITLAB_TOKEN is glab's, usually for GITLAB_HOST (gitlab.com when unset): it goes only to a URL
    // given by a flag or the environment, never to a profile's instance.
    const glabToken = overrideUrl ? env.GITLAB_TOKEN : undefined;
    const givenToken = g.token ? { token: g.token, source: 'flag' as const } : env.FORGECTL_TOKEN || glabToken ? { token: (env.FORGECTL_TOKEN || glabToken)!, source: 'env' as const } : undefined;
    if (givenToken?.source === 'flag') {
      this.warnOnce('token-flag', 'a token given with --token can be seen by other users in the process list; prefer FORGECTL_TOKEN or a profile');
    }

    // URL and token both from flags/environment, no profile named: the config is not read at all.
    const needStore = !!explicitProfile || !overrideUrl || !givenToken;
    const store = needStore ? await this.profiles() : undefined;

    let profile: Profile | undefined;
    if (explicitProfile) {
      profile = store!.get(explicitProfile);
      if (!profile && store!.inventoryFile) throw new UsageError(`the inventory ${store!.inventoryFile} has no instance named ${explicitProfile}`, `it has ${store!.names().join(', ')}`);
      if (!profile) throw unknownProfile(explicitProfile, store!.names(), 'see `forgectl profile list`, or add one with `forgectl profile add`');
    }
    let rawUrl: string | undefined;
    let urlFrom: 'flag' | 'env' | 'ci' | 'profile';
    if (flagUrl) [rawUrl, urlFrom] = [flagUrl, 'flag'];
    else if (envUrl) [rawUrl, urlFrom] = [envUrl, 'env'];
    else if (profile) [rawUrl, urlFrom] = [profile.url, 'profile'];
    else if (ciUrl) [rawUrl, urlFrom] = [ciUrl, 'ci'];
    else {
      const def = store?.defaultName();
      profile = def ? store!.get(def) : undefined;
      rawUrl = profile?.url;
      urlFrom = 'profile';
    }
    const missingDefault = !rawUrl && store?.missingDefault();
    if (missingDefault) {
      throw new UsageError(
        `the default profile ${missingDefault} named in ${store!.path} does not exist`,
        'choose another with `forgectl profile use NAME` (see `forgectl profile list`), or pass --profile',
      );
    }
    if (profile?.urlProblem && urlFrom === 'profile') throw new UsageError(profile.urlProblem, `set it, or choose another instance of ${store!.path}`);
    if (!rawUrl && store?.inventoryFile) {
      throw new UsageError(`the inventory ${store.inventoryFile} names ${store.names().length} instances: choose one`, 'pass -p NAME, or run over several with --profiles A,B or --all-profiles (see `forgectl profile list`)');
    }
    if (!rawUrl) {
      throw new UsageError(
        'no instance configured',
        'add a profile with `forgectl profile add NAME --url URL --token-stdin`, or set FORGECTL_URL and FORGECTL_TOKEN',
      );
    }
    const url = urlFrom === 'profile' ? profileUrl(profile!, store!) : normalizeBaseUrl(rawUrl);
    const origin = new URL(url).origin;
    if (urlFrom !== 'profile') {
      const named = urlFrom === 'flag' ? '--url' : urlFrom === 'ci' ? 'CI_SERVER_URL' : env.FORGECTL_URL ? 'FORGECTL_URL' : 'GITLAB_HOST';
      if (profile && originOf(profile.url) !== origin) {
        throw new UsageError(
          `profile ${profile.name} is for ${originOf(profile.url)}, but ${named} names ${origin}`,
          `leave out one of them; a profile's token is only sent to its own instance`,
        );
      }
      // The profile for this origin (the default one first), when the user did not name one.
      if (!profile && store) profile = store.byOrigin(origin)[0];
    }

    const ciOrigin = ciUrl ? originOf(ciUrl) : undefined;
    let tokenSource: Connection['tokenSource'] = 'none';
    if (givenToken) tokenSource = givenToken.source;
    else if (explicitProfile && profileHasToken(profile)) tokenSource = 'profile';
    else if (env.CI_JOB_TOKEN && ciOrigin === origin) tokenSource = 'ci';
    else if (profileHasToken(profile)) tokenSource = 'profile';
    // The caller may refuse now, before a helper command runs or the keyring is asked.
    opts.beforeToken?.({ profile, tokenSource });
    const ciToken = tokenSource === 'ci';
    // The profile's token is read only when it will be sent: a helper command or the keyring is not
    // asked for a token that a flag or the environment replaces.
    const token = givenToken ? givenToken.token : ciToken ? env.CI_JOB_TOKEN : tokenSource === 'profile' ? await readProfileToken(this, profile!) : undefined;
    // A token from a flag or the environment is checked like a stored one, before anything is sent.
    const given = givenToken ? (givenToken.source === 'flag' ? 'given with --token' : `in ${env.FORGECTL_TOKEN ? 'FORGECTL_TOKEN' : 'GITLAB_TOKEN'}`) : ciToken ? 'in CI_JOB_TOKEN' : undefined;
    const defect = given && token ? tokenDefect(token) : undefined;
    if (defect) throw new UsageError(`the token ${given} cannot be sent: it ${defect}`);

    // Endpoints that answer without credentials (public projects, broadcast messages) may go there anonymously.
    if (!token && urlFrom !== 'profile' && !profile && !opts.anonymous) {
      const host = new URL(url).host;
      throw new MissingCredentialsError(
        `no token for ${host}: no profile has the URL ${origin}, and no token was given`,
        `add one with \`forgectl profile add NAME --url ${origin} --token-stdin\`, or set FORGECTL_TOKEN`,
      );
    }

    if (!token && urlFrom !== 'profile' && !profile && store?.list().length) {
      // Profiles exist, none for this instance: say why no token goes with the request.
      this.warn(`no profile for ${origin}: asking without a token (public data only)`);
    }
    const envType = env.FORGECTL_TOKEN_TYPE as TokenType | undefined;
    if (envType && !TOKEN_TYPES.includes(envType)) {
      throw new UsageError(`invalid FORGECTL_TOKEN_TYPE: ${envType}`, `use one of ${TOKEN_TYPES.join(', ')}`);
    }
    const tokenType: TokenType = g.tokenType ?? envType ?? (ciToken ? 'job' : tokenSource === 'profile' ? profile?.tokenType : undefined) ?? 'personal';
    const sudo = g.sudo ?? env.FORGECTL_SUDO ?? profile?.sudo;
    const tls: TlsOptions = {
      caFile: g.caFile ?? profile?.caFile,
      insecure: g.insecure || !!profile?.insecure,
      clientCert: g.clientCert ?? profile?.clientCert,
      clientKey: g.clientKey ?? profile?.clientKey,
    };
    if (!!tls.clientCert !== !!tls.clientKey) throw new UsageError('--client-cert and --client-key go together');
    if (profile) checkProfileTlsFiles(profile, tls);
    if (tls.insecure) this.warnOnce('insecure', 'TLS certificate verification is off (--insecure)');
    this.redactor.add(token);
    const tokenVariable = tokenSource === 'env' ? (env.FORGECTL_TOKEN ? 'FORGECTL_TOKEN' : 'GITLAB_TOKEN') : undefined;
    this.connectionCache = { url, token, tokenType, sudo, tls, profile, tokenSource, tokenVariable };
    return this.connectionCache;
  }

  /**
   * The environment a run over an inventory reads its connection from: the instance comes from the
   * file, so the variables that name another (FORGECTL_URL, a CI job's CI_SERVER_URL…) are left out,
   * those a person set with a warning. FORGECTL_PROFILE still chooses among the file's instances.
   */
  private inventoryEnv(): NodeJS.ProcessEnv {
    const env = { ...this.env };
    const ignored: string[] = [];
    for (const name of SINGLE_INSTANCE_VARIABLES) {
      if (name === 'FORGECTL_PROFILE' || !env[name]) continue;
      if (!name.startsWith('CI_')) ignored.push(name);
      delete env[name];
    }
    if (ignored.length) this.warnOnce('inventory-env', `${ignored.join(', ')} ${ignored.length === 1 ? 'is' : 'are'} ignored with --inventory: the instance's URL and token come from ${this.globals.inventory}`);
    return env;
  }

  /** The connection if this run resolved one (an error explains the credential it sent). */
  get resolvedConnection(): Connection | undefined {
    return this.connectionCache;
  }

  /**
   * The HTTP client for the resolved connection. `anonymous`: the endpoint answers without
   * credentials, so a URL with no token for it is not an error.
   */
  async http(opts: { anonymous?: boolean } = {}): Promise<HttpClient> {
    if (this.client) return this.client;
    const c = await this.connection(opts);
    this.client = this.makeClient(c.url, { token: c.token, tokenType: c.tokenType, sudo: c.sudo }, c.tls);
    return this.client;
  }

  /**
   * A client for another base URL (an alert endpoint, a migration source); closed with the context.
   * `limits` tightens the global retries and timeouts, for a probe a person is waiting on.
   */
  makeClient(
    url: string,
    credentials: { token?: string; tokenType: TokenType; sudo?: string },
    tls: TlsOptions = {},
    limits: { retries?: number; timeoutMs?: number; connectTimeoutMs?: number } = {},
  ): HttpClient {
    const g = this.globals;
    const client = new HttpClient({
      baseUrl: url,
      credentials,
      timeoutMs: Math.min(g.timeout * 1000, limits.timeoutMs ?? Infinity),
      connectTimeoutMs: limits.connectTimeoutMs,
      retries: Math.min(g.retries, limits.retries ?? Infinity),
      // FORGECTL_RETRY_BASE_MS (undocumented) shortens the backoff for the fault tests.
      retryBaseMs: this.init.retryBaseMs ?? (/^\d+$/.test(this.env.FORGECTL_RETRY_BASE_MS ?? '') ? Number(this.env.FORGECTL_RETRY_BASE_MS) : undefined),
      maxAnswerBytes: maxAnswerBytes(this.env),
      dryRun: g.dryRun,
      verbose: g.verbose,
      allowInsecureHttp: g.allowInsecureHttp,
      tls,
      env: this.env,
      dispatcher: this.init.dispatcher,
      redactor: this.redactor,
      // --verbose echoes the server's headers and bodies: shown, never obeyed by the terminal.
      trace: (line) => this.stderr.write(`${safe(onOneLine(line))}\n`),
      onDryRun: (req) => (this.instance ? this.countDryRun(req) : this.printDryRun(req)),
      beforeWrite: this.instance?.beforeWrite,
      userAgent: `forgectl/${VERSION}`,
      signal: this.abort.signal,
      onRetrying: (r) => this.progress.retrying(r),
      warn: (message) => this.warn(message),
      onWrite: (w) => this.recordWrite(w),
    });
    this.extraClients.push(client);
    return client;
  }
  private extraClients: HttpClient[] = [];

  private countDryRun(req: DryRunRequest): void {
    this.dryRunCount++;
    this.instance!.onDryRun(maskUrlsDeep(req));
  }

  private printDryRun(req: DryRunRequest): void {
    this.dryRunCount++;
    this.stdout.write(dryRunText(maskUrlsDeep(req), this.globals.output));
  }

  private recordWrite(w: WriteEvent): void {
    if (w.state === 'sent') this.writeLog.sent++;
    else this.writeLog.inDoubt.push({ method: w.method, url: w.url });
  }

  /** The writes this run sent, and those whose outcome is unknown (answer lost, or Ctrl-C before it came). */
  get writes(): Readonly<WriteLog> {
    return this.writeLog;
  }

  /** How many writes --dry-run kept back so far. */
  get dryRunRequests(): number {
    return this.dryRunCount;
  }

  /** Reads all of stdin as text (tokens, bodies given as `-`). */
  async readStdin(what: string): Promise<string> {
    // Read once per run: a fleet's instances all read the one standard input, as does its check before they run.
    if (this.root) return this.root.readStdin(what);
    this.stdinText ??= this.readAllStdin(what);
    return this.stdinText;
  }

  private async readAllStdin(what: string): Promise<string> {
    if (this.tty.stdin) this.stderr.write(`Reading ${what} from standard input (end with Ctrl-D)…\n`);
    const chunks: Buffer[] = [];
    for await (const chunk of this.stdin) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
    return Buffer.concat(chunks).toString('utf8');
  }

  /** Reads a secret from stdin: one line, surrounding whitespace removed, remembered for redaction. */
  async readSecretFromStdin(what: string): Promise<string> {
    const value = (await this.readStdin(what)).trim();
    if (!value) throw new UsageError(`no ${what} on standard input`);
    this.redactor.add(value);
    return value;
  }

  async close(): Promise<void> {
    await Promise.all(this.extraClients.map((c) => c.close()));
  }
}

/** FORGECTL_MAX_ANSWER_MB: the cap on one answer's body, in MB (whole or decimal). */
function maxAnswerBytes(env: NodeJS.ProcessEnv): number | undefined {
  const raw = env.FORGECTL_MAX_ANSWER_MB?.trim();
  if (!raw) return undefined;
  const mb = /^\d+(\.\d+)?$/.test(raw) ? Number(raw) : NaN;
  if (!(mb > 0)) throw new UsageError(`invalid FORGECTL_MAX_ANSWER_MB: ${raw}`, `give a size in MB greater than 0 (default ${DEFAULT_MAX_ANSWER_MB})`);
  return Math.round(mb * 2 ** 20);
}

/** A profile's URL that cannot be used is traced to the profile and the file it is in. */
function profileUrl(profile: Profile, store: ProfileStore): string {
  try {
    return normalizeBaseUrl(profile.url);
  } catch (err) {
    if (!(err instanceof UsageError)) throw err;
    throw new UsageError(`profile ${profile.name} in ${store.path}: ${err.message}`, err.hint);
  }
}

export function createContext(overrides: Partial<ContextInit> = {}): Context {
  return new Context({
    stdin: process.stdin,
    stdout: process.stdout,
    stderr: process.stderr,
    env: process.env,
    ...overrides,
  });
}
