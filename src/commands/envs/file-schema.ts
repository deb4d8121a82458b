// The JSON Schema of an envs file (`envs apply -f`, and `protected_environments:` of a state file),
// written from the rules parseEnvsDoc and checkEntry apply, so an editor checks what they check.

import { DEPLOY_ACCESS_LEVELS, TIERS } from '../../api/environments.js';
import { KEY_ALIASES, LEVEL_NAMES } from './entries.js';

type Schema = Record<string, unknown>;

const ID: Schema = { anyOf: [{ type: 'integer', minimum: 1 }, { type: 'string', pattern: '^\\d+$' }] };

const BY_TARGET: Readonly<Record<string, Schema>> = {
  user_id: ID,
  group_id: ID,
  access_level: {
    anyOf: [{ enum: [...DEPLOY_ACCESS_LEVELS] }, { enum: Object.keys(LEVEL_NAMES) }],
    description: `${DEPLOY_ACCESS_LEVELS.join(', ')} or ${Object.keys(LEVEL_NAMES).join(', ')}`,
  },
  required_approvals: { type: 'integer', minimum: 1, description: 'approvals needed from this entry' },
};

/** Keys `envs list -o yaml` prints that describe an entry; a file may keep them. */
const DESCRIPTIVE: Schema = { id: {}, access_level_description: {}, group_inheritance_type: {} };

function entrySchema(approval: boolean): Schema {
  const properties: Schema = { ...DESCRIPTIVE };
  for (const [key, target] of Object.entries(KEY_ALIASES)) {
    if (target === 'required_approvals' && !approval) continue;
    properties[key] =
      key === 'user'
        ? { anyOf: [ID, { type: 'string', pattern: '^@?[A-Za-z0-9_][A-Za-z0-9_.-]*$' }], description: 'a user id or username' }
        : key === 'group'
          ? { anyOf: [ID, { type: 'string', pattern: '^[A-Za-z0-9_][A-Za-z0-9_.-]*(/[A-Za-z0-9_][A-Za-z0-9_.-]*)*$' }], description: 'a group id or path (acme/platform)' }
          : BY_TARGET[target];
  }
  return {
    type: 'object',
    description: `one of user, group or access_level${approval ? ', and required' : ''}`,
    properties,
    additionalProperties: false,
  };
}

function tierRules(named: boolean): Schema {
  const deploy = { type: 'array', minItems: 1, items: entrySchema(false), description: 'who may deploy (at least one entry)' };
  const approvals = { type: 'array', items: entrySchema(true), description: 'approval rules' };
  return {
    type: 'object',
    properties: {
      ...(named ? { name: { enum: [...TIERS] } } : {}),
      deploy,
      deploy_access_levels: deploy,
      approvals,
      approval_rules: approvals,
      required_approval_count: { type: 'integer', minimum: 0 },
    },
    ...(named ? { required: ['name'] } : {}),
    additionalProperties: false,
  };
}

/** Tier → rules, or the list `envs list -o yaml` prints; a tier left out is unprotected. */
export function envsFileJsonSchema(): Schema {
  return {
    description: `protected environments by deployment tier (${TIERS.join(', ')}); a tier left out is unprotected`,
    anyOf: [
      { type: 'object', properties: Object.fromEntries(TIERS.map((t) => [t, tierRules(false)])), additionalProperties: false },
      { type: 'array', items: tierRules(true) },
    ],
  };
}
