// `state schema`: the JSON Schema of the instance file with every section typed. The sections zod
// describes come from model.ts; `settings` is generated from the settings model (as `settings set
// -f` types it) and groups' `protected_environments` from the envs file's rules, so an editor
// completes and checks the whole file.

import * as z from 'zod';
import { SETTINGS, SETTING_ALIASES, type SettingDef } from '../../api/settings-model.js';
import { isSecretKey } from '../../core/redact.js';
import { SIZE_HELP, SIZE_PATTERN } from '../../core/sizes.js';
import { envsFileJsonSchema } from '../envs/file-schema.js';
import { SecretRefSchema, stateJsonSchema } from './model.js';

type Schema = Record<string, unknown>;

const SECRET_REF: Schema = { ...z.toJSONSchema(SecretRefSchema), $schema: undefined };

function valueSchema(def: SettingDef): Schema {
  const bounds = { ...(def.min !== undefined ? { minimum: def.min } : {}), ...(def.max !== undefined ? { maximum: def.max } : {}) };
  switch (def.type) {
    case 'boolean':
      return { type: 'boolean' };
    case 'integer':
    case 'number': {
      const n: Schema = def.values ? { enum: [...def.values] } : { type: def.type, ...bounds };
      return def.size ? { anyOf: [n, { type: 'string', pattern: SIZE_PATTERN }, { type: 'null' }] } : { ...n, ...(def.values ? {} : { type: [def.type, 'null'] }) };
    }
    case 'string':
      return def.values ? { enum: [...def.values, null] } : { type: ['string', 'null'] };
    case 'array': {
      const items = def.items ? { enum: [...def.items] } : { type: 'string' };
      // A comma-separated string is taken for a list too.
      return { anyOf: [{ type: 'array', items }, { type: 'string' }, { type: 'null' }] };
    }
    case 'object':
      return { type: ['object', 'null'] };
  }
}

/** What the model says of a setting, in words an editor shows beside it. */
function describe(key: string, def: SettingDef): string {
  const parts: string[] = [def.type];
  if (def.values) parts.push(`one of ${def.values.join(', ')}`);
  if (def.items) parts.push(`items from ${def.items.join(', ')}`);
  if (def.min !== undefined) parts.push(`at least ${def.min}`);
  if (def.max !== undefined) parts.push(`at most ${def.max}`);
  if (def.size) parts.push(`kept in ${def.size}; ${SIZE_HELP}`);
  if (isSecretKey(key)) parts.push('secret: give {env: NAME} or {command: "…"}');
  if (def.premium) parts.push('Premium/Ultimate');
  if (def.restart) parts.push('takes effect after a restart');
  if (def.replacement) parts.push(`deprecated: use ${def.replacement}`);
  return parts.join('; ');
}

function settingSchema(key: string, def: SettingDef): Schema {
  const value = isSecretKey(key) ? { anyOf: [SECRET_REF, { const: '' }, { type: 'null' }] } : valueSchema(def);
  return { ...value, description: describe(key, def), ...(def.replacement ? { deprecated: true } : {}) };
}

/**
 * Every writable setting of the model, and the spec's names of those the service names otherwise.
 * Other names stay allowed: an instance reports more settings than the model knows.
 */
export function settingsJsonSchema(): Schema {
  const properties: Record<string, Schema> = {};
  for (const [key, def] of Object.entries(SETTINGS)) if (!def.readOnly) properties[key] = settingSchema(key, def);
  for (const [spec, service] of Object.entries(SETTING_ALIASES)) {
    const def = SETTINGS[service];
    if (def) properties[spec] = { ...settingSchema(spec, def), description: `the spec's name of ${service}: ${describe(spec, def)}` };
  }
  return { type: 'object', description: 'application settings (as `forgectl settings set -f` takes them)', properties, additionalProperties: true };
}

/** The whole file's schema: model.ts's, with the sections it leaves untyped typed here. */
export function instanceFileJsonSchema(): Schema {
  const schema = structuredClone(stateJsonSchema()) as { properties: Record<string, Schema> };
  schema.properties.settings = settingsJsonSchema();
  const group = (schema.properties.groups as { additionalProperties?: { properties?: Record<string, Schema> } } | undefined)?.additionalProperties;
  if (group?.properties) group.properties.protected_environments = envsFileJsonSchema();
  return schema;
}
