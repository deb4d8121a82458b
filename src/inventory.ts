// An inventory file (`--inventory FILE`, FORGECTL_INVENTORY): the instances of a run, kept in git
// beside the state files that describe them, instead of the config directory's profiles. Tokens are
// only references ({env}, {file}, {command}), read when the instance is used. The file is checked
// whole: every problem is named with its file:line:column, all in one run (exit 2).

import { accessSync, constants } from 'node:fs';
import { dirname, isAbsolute, resolve } from 'node:path';
import { UsageError } from './core/errors.js';
import { FileProblems, type Place } from './core/file-problems.js';
import { normalizeBaseUrl } from './core/http.js';
import { ProfileStore, checkProfileName, type ProfileData } from './core/profiles.js';
import { resolveSecretRef, type EnvRef, type FileRef, type SecretRef } from './core/secret-refs.js';
import { TOKEN_TYPES, type TokenType } from './core/token-types.js';
import { locateExactly, readPlainYaml, type Located } from './commands/settings/plain-yaml.js';
import { cannotRead } from './core/fs-errors.js';
import { readInputFile } from './core/input-file.js';

const FIELDS = ['url', 'token', 'token_type', 'ca_file', 'client_cert', 'client_key', 'sudo'] as const;
const TLS_FIELDS = { ca_file: 'caFile', client_cert: 'clientCert', client_key: 'clientKey' } as const;
const ENV_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;
const HINT = 'see `forgectl profile schema` for the file\u2019s shape';
const CLEAR_TOKEN = 'a token is never written in the inventory: give {env: NAME}, {file: PATH} or {command: "\u2026"}';

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

const placeText = (p: Place | undefined): string | undefined => (p ? `${p.file}:${p.line}:${p.column}` : undefined);

/** A reference as the file writes it, checked: exactly one of the kinds `allowed`, naming something. */
function readRef(value: unknown, allowed: readonly ('env' | 'file' | 'command')[]): SecretRef | string {
  const kinds = allowed.map((k) => (k === 'env' ? '{env: NAME}' : k === 'file' ? '{file: PATH}' : '{command: "\u2026"}')).join(', ');
  if (!isObj(value)) return `must be ${kinds}`;
  const keys = Object.keys(value);
  const kind = keys[0] as 'env' | 'file' | 'command';
  if (keys.length !== 1 || !allowed.includes(kind)) return `must be ${kinds}`;
  const named = value[kind];
  if (typeof named !== 'string' || !named.trim()) return `{${kind}: \u2026} needs a non-empty string`;
  if (kind === 'env' && !ENV_NAME.test(named)) return `{env: ${named}}: not an environment variable name`;
  return { [kind]: named } as SecretRef;
}

/** The instances of `file`, as profiles of a read-only store; throws one UsageError naming every problem. */
export async function openInventory(ctx: Parameters<typeof resolveSecretRef>[0], file: string): Promise<ProfileStore> {
  let text: string;
  try {
    text = readInputFile(file);
  } catch (err) {
    throw cannotRead(`the inventory ${file}`, err, 'give --inventory (or FORGECTL_INVENTORY) the path of a YAML file');
  }
  const { value, located } = readPlainYaml(text, file);
  const problems = new FileProblems(file, HINT);
  const dir = dirname(resolve(file));
  const at = (path: readonly (string | number)[], key = false): Place | undefined => {
    const l = locateExactly(located, path);
    return (key ? l?.keyPlace : l?.place) ?? l?.place ?? located?.place;
  };
  const add = (path: readonly (string | number)[], text: string, key = false, hint?: string) => problems.add({ place: at(path, key), path: path.join('.'), text: `${path.join('.') || 'the inventory'}${text.startsWith(':') ? '' : ' '}${text}`, hint });

  const profiles: Record<string, ProfileData> = {};
  if (!isObj(value)) {
    add([], value === null || value === undefined ? 'is empty: it names no instance' : 'must be a mapping with the key instances');
    problems.throwIfAny();
  }
  const doc = value as Obj;
  for (const key of Object.keys(doc)) if (key !== 'instances') add([key], `is not a key of the inventory (it has only instances)`, true);
  const instances = doc.instances;
  if (!isObj(instances) || !Object.keys(instances).length) {
    add(['instances'], instances === undefined ? 'is missing' : 'must name at least one instance: NAME: {url: \u2026, token: {env: \u2026}}');
    problems.throwIfAny();
  }
  for (const [name, raw] of Object.entries(instances as Obj)) {
    const path = ['instances', name];
    try {
      checkProfileName(name);
    } catch (err) {
      add(path, `: ${(err as UsageError).message.replace('profile name', 'instance name')}`, true, (err as UsageError).hint);
    }
    if (!isObj(raw)) {
      add(path, 'must be a mapping: {url: \u2026, token: {env: \u2026}}');
      continue;
    }
    for (const key of Object.keys(raw)) if (!(FIELDS as readonly string[]).includes(key)) add([...path, key], `is not a field of an instance (${FIELDS.join(', ')})`, true);
    const data = await readInstance(ctx, raw, [...path], { dir, file, at: placeText(at(path, true)) ?? file }, located, add);
    if (data) profiles[name] = data;
  }
  problems.throwIfAny();
  return ProfileStore.ofInventory(file, profiles);
}

type Add = (path: readonly (string | number)[], text: string, key?: boolean, hint?: string) => void;

async function readInstance(
  ctx: Parameters<typeof resolveSecretRef>[0],
  raw: Obj,
  path: string[],
  where: { dir: string; file: string; at: string },
  located: Located | undefined,
  add: Add,
): Promise<ProfileData | undefined> {
  const placeOf = (key: string) => {
    const l = locateExactly(located, [...path, key])?.place;
    return l ? `${l.file}:${l.line}:${l.column}` : where.at;
  };
  const data: ProfileData = { url: '', inventory: { ...where } };
  let ok = true;
  const bad = (key: string, text: string, hint?: string) => {
    add([...path, key], text, false, hint);
    ok = false;
  };

  // The URL: written, or a reference resolved now (it names the instance in every listing).
  if (raw.url === undefined) {
    add(path, 'has no url');
    ok = false;
  } else if (typeof raw.url === 'string') {
    try {
      data.url = normalizeBaseUrl(raw.url);
    } catch (err) {
      bad('url', `: ${(err as UsageError).message}`, (err as UsageError).hint);
    }
  } else {
    const ref = readRef(raw.url, ['env', 'file']);
    if (typeof ref === 'string') bad('url', `: ${ref}, or the URL itself`);
    else {
      try {
        data.url = normalizeBaseUrl(await resolveSecretRef({ env: ctx.env, globals: ctx.globals, abort: ctx.abort, redactor: { add: () => undefined } }, ref, `${placeOf('url')}: ${path.join('.')}.url`, { baseDir: where.dir }));
      } catch (err) {
        if (!(err instanceof UsageError)) throw err;
        // Said when this instance is used: another instance of the file still works.
        data.urlProblem = err.message;
      }
    }
  }

  if (raw.token !== undefined) {
    if (typeof raw.token === 'string' || typeof raw.token === 'number') bad('token', `: ${CLEAR_TOKEN}`, 'store the token as a masked CI/CD variable or a secret file, and name it here');
    else {
      const ref = readRef(raw.token, ['env', 'file', 'command']);
      if (typeof ref === 'string') bad('token', `: ${ref}`);
      else if ('command' in ref) data.tokenCommand = ref.command;
      else data.tokenRef = ref as EnvRef | FileRef;
      data.inventory!.tokenAt = placeOf('token');
    }
  }
  if (raw.token_type !== undefined) {
    if (!TOKEN_TYPES.includes(raw.token_type as TokenType)) bad('token_type', `must be one of ${TOKEN_TYPES.join(', ')}`);
    else data.tokenType = raw.token_type as TokenType;
  }
  if (raw.sudo !== undefined) {
    if (typeof raw.sudo !== 'string' && typeof raw.sudo !== 'number') bad('sudo', 'must be a user name or id');
    else data.sudo = String(raw.sudo);
  }
  for (const [key, field] of Object.entries(TLS_FIELDS)) {
    const v = raw[key];
    if (v === undefined) continue;
    if (typeof v !== 'string' || !v) {
      bad(key, 'must be the path of a PEM file (relative to the inventory\u2019s directory)');
      continue;
    }
    const abs = isAbsolute(v) ? v : resolve(where.dir, v);
    try {
      accessSync(abs, constants.R_OK);
    } catch {
      bad(key, `: ${abs} cannot be read`);
      continue;
    }
    data[field] = abs;
  }
  if (!!data.clientCert !== !!data.clientKey && raw.client_cert !== undefined && raw.client_key === undefined) bad('client_cert', 'needs client_key');
  if (!!data.clientCert !== !!data.clientKey && raw.client_key !== undefined && raw.client_cert === undefined) bad('client_key', 'needs client_cert');
  return ok ? data : undefined;
}

/** The inventory's JSON Schema, for editors (`forgectl profile schema`). */
export function inventoryJsonSchema(): Record<string, unknown> {
  const ref = (kinds: readonly ('env' | 'file' | 'command')[]) =>
    kinds.map((k) => ({
      type: 'object',
      properties: { [k]: { type: 'string', minLength: 1, ...(k === 'env' ? { pattern: ENV_NAME.source } : {}) } },
      required: [k],
      additionalProperties: false,
    }));
  const pem = (what: string) => ({ type: 'string', minLength: 1, description: `${what} (PEM); a relative path starts at the inventory\u2019s directory` });
  return {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    title: 'forgectl inventory',
    description: 'The instances of a run (`forgectl --inventory FILE \u2026`): -p, --profiles and --all-profiles choose among them.',
    type: 'object',
    properties: {
      instances: {
        type: 'object',
        minProperties: 1,
        propertyNames: { pattern: '^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$' },
        additionalProperties: {
          type: 'object',
          properties: {
            url: { anyOf: [{ type: 'string', pattern: '^https?://' }, ...ref(['env', 'file'])], description: 'base URL of the instance, or a reference to it' },
            token: { anyOf: ref(['env', 'file', 'command']), description: 'the token, only by reference: {env: NAME}, {file: PATH} or {command: "\u2026"} (run without a shell)' },
            token_type: { enum: [...TOKEN_TYPES], description: 'how the token is sent (default personal)' },
            sudo: { type: ['string', 'integer'], description: 'act as this user (administrators)' },
            ca_file: pem('extra CA bundle'),
            client_cert: pem('TLS client certificate'),
            client_key: pem('TLS client key'),
          },
          required: ['url'],
          additionalProperties: false,
        },
      },
    },
    required: ['instances'],
    additionalProperties: false,
  };
}
