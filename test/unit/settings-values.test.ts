// Typing of settings from the command line and from files, the rule checker's carry-over, and the
// comparison `settings diff` relies on.

import { describe, expect, it } from 'vitest';
import { SETTINGS, humanDurationSeconds } from '../../src/api/settings-model.js';
import { outcomeOf } from '../../src/commands/settings/run.js';
import { sameValue } from '../../src/core/same-value.js';
import { checkSettingRules } from '../../src/commands/settings/rules.js';
import { checkUnknownNames } from '../../src/commands/settings/names.js';
import { maskedSecrets, parseSettingsText, typeArgs, typeFile } from '../../src/commands/settings/values.js';
import { UsageError } from '../../src/core/errors.js';
import { isSecretKey } from '../../src/core/redact.js';

function notes() {
  const said: string[] = [];
  return { said, warn: (m: string) => said.push(`warning: ${m}`), notice: (m: string) => said.push(m) };
}

describe('typing KEY=VALUE', () => {
  it('types each kind of setting', () => {
    const { values } = typeArgs(
      ['signup_enabled=off', 'max_login_attempts=5', 'polling_interval_multiplier=0.5', 'terms=42', 'domain_allowlist=a.com, b.com', 'asset_proxy_allowlist=["x.com"]', 'repository_storages_weighted={"default":100}', 'performance_bar_allowed_group_id=null'],
      false,
      notes(),
    );
    expect(values).toEqual({
      signup_enabled: false,
      max_login_attempts: 5,
      polling_interval_multiplier: 0.5,
      terms: '42',
      domain_allowlist: ['a.com', 'b.com'],
      asset_proxy_allowlist: ['x.com'],
      repository_storages_weighted: { default: 100 },
      performance_bar_allowed_group_id: null,
    });
  });

  it('guesses the type of unknown settings (judged later, against the instance), refuses them under --strict', () => {
    expect(typeArgs(['new_flag=true', 'new_count=3', 'new_text=hello', 'new_list=[1,2]'], false, notes()).values).toEqual({ new_flag: true, new_count: 3, new_text: 'hello', new_list: [1, 2] });
    expect(() => typeArgs(['new_flag=true'], true, notes())).toThrow(UsageError);
  });

  it('maps the spec’s neutral names to the real ones, keeps secrets off the command line', () => {
    const n = notes();
    const r = typeArgs(['spam_service_enabled=true', 'spam_service_api_key=-'], false, n);
    expect(r.values).toEqual({ akismet_enabled: true });
    expect(r.fromStdin).toEqual(['akismet_api_key']);
    expect(() => typeArgs(['asset_proxy_secret_key=abc'], false, notes())).toThrow(/secret/);
    expect(typeArgs(['asset_proxy_secret_key='], false, notes()).values).toEqual({ asset_proxy_secret_key: '' });
  });
});

describe('typing a file', () => {
  it('accepts typed YAML and the string forms of the flags', () => {
    const doc = parseSettingsText('signup_enabled: "yes"\nmax_login_attempts: "4"\ndomain_denylist: a.com,b.com\nterms: 7\nid: 1\nakismet_api_key: "********"\n', 'f.yaml');
    const n = notes();
    expect(typeFile(doc, 'f.yaml', false, n)).toEqual({ signup_enabled: true, max_login_attempts: 4, domain_denylist: ['a.com', 'b.com'], terms: '7' });
    expect(n.said).toEqual([]);
    expect(maskedSecrets(doc)).toEqual(['akismet_api_key']);
  });

  it('warns about a deprecated name only when its replacement is not in the file too', () => {
    const alone = notes();
    typeFile({ asset_proxy_whitelist: ['a.com'] }, 'f.yaml', false, alone, 'compare');
    expect(alone.said).toEqual(['warning: asset_proxy_whitelist is deprecated; use asset_proxy_allowlist']);
    const dump = notes();
    typeFile({ asset_proxy_whitelist: ['a.com'], asset_proxy_allowlist: ['a.com'] }, 'f.yaml', false, dump, 'compare');
    expect(dump.said).toEqual([]);
  });

  it('names the file and the setting when a value is wrong', () => {
    expect(() => typeFile({ max_login_attempts: 2.5 }, 'f.yaml', false, notes())).toThrow('f.yaml: max_login_attempts must be an integer, got 2.5');
    expect(() => typeFile({ restricted_visibility_levels: [{ a: 1 }] }, 'f.yaml', false, notes())).toThrow(/restricted_visibility_levels must be a list of strings/);
    expect(() => parseSettingsText('a: [', 'f.yaml')).toThrow(/not valid YAML or JSON/);
  });

  it('takes plain values only: no tags, finite numbers, plain keys given once, nested ones too', () => {
    const refused = (text: string) => () => parseSettingsText(text, 'f.yaml');
    expect(refused('terms: ok\nrepository_storages_weighted: !!map {default: 1}\n')).toThrow('f.yaml:2:37: repository_storages_weighted has the YAML tag !!map');
    expect(refused('repository_storages_weighted: {default: .inf}\n')).toThrow('f.yaml:1:41: repository_storages_weighted.default is out of range: .inf');
    expect(refused('domain_allowlist: [a.com, .nan]\n')).toThrow('f.yaml:1:27: domain_allowlist[1] must be a number, got .nan');
    expect(refused('repository_storages_weighted:\n  default: 1\n  default: 2\n')).toThrow('f.yaml:3:3: repository_storages_weighted.default is given twice (lines 2 and 3)');
    expect(refused('? [a, b]\n: 1\n')).toThrow('has a key that is not a plain name');
    expect(() => typeFile({ max_login_attempts: 1e20 }, 'f.yaml', false, notes())).toThrow('f.yaml: max_login_attempts is out of range: 100000000000000000000');
    // Anchors and aliases are plain YAML.
    expect(parseSettingsText('a: &n 5\nb: *n\n', 'f.yaml')).toEqual({ a: 5, b: 5 });
  });
});

describe('rules', () => {
  it('carries companions from the instance when the switch is sent alone', () => {
    const current = { unique_ips_limit_enabled: false, unique_ips_limit_per_user: 10, unique_ips_limit_time_window: 3600 };
    expect(checkSettingRules({ unique_ips_limit_enabled: true }, current)).toEqual({ unique_ips_limit_per_user: 10, unique_ips_limit_time_window: 3600 });
    expect(checkSettingRules({ unique_ips_limit_enabled: true })).toEqual({});
    expect(() => checkSettingRules({ unique_ips_limit_enabled: true }, { unique_ips_limit_per_user: null, unique_ips_limit_time_window: 5 })).toThrow('unique_ips_limit_enabled=true requires unique_ips_limit_per_user');
  });

  it('accepts the alternative set of housekeeping periods', () => {
    const alt = { housekeeping_enabled: true, housekeeping_optimize_repository_period: null, housekeeping_full_repack_period: 50, housekeeping_gc_period: 200, housekeeping_incremental_repack_period: 10 };
    expect(() => checkSettingRules(alt, {})).not.toThrow();
  });
});

describe('model', () => {
  it('reads human durations', () => {
    expect(humanDurationSeconds('1 day')).toBe(86_400);
    expect(humanDurationSeconds('2 weeks, 3 hours')).toBe(14 * 86_400 + 3 * 3600);
    expect(humanDurationSeconds('1mo')).toBe(30 * 86_400);
    expect(humanDurationSeconds('soon')).toBeUndefined();
  });

  it('marks the three secrets of the spec', () => {
    expect(Object.keys(SETTINGS).filter(isSecretKey).sort()).toEqual(['akismet_api_key', 'asset_proxy_secret_key', 'external_pipeline_validation_service_token']);
  });

  it('compares as the instance holds values: empty alike, lists as sets, objects in any key order', () => {
    expect(sameValue(null, '')).toBe(true);
    expect(sameValue(['project', 'group'], ['group', 'project'])).toBe(true);
    expect(sameValue({ a: 1 }, { a: 2 })).toBe(false);
    expect(sameValue(1, 1.0)).toBe(true);
    expect(sameValue([], null)).toBe(false);
    // One comparison for settings and the state plan alike: an object read back in another key order is the same.
    expect(sameValue({ a: 1, b: [2, 3] }, { b: [3, 2], a: 1 })).toBe(true);
    expect(sameValue([{ access_level: 40, user_id: 2 }], [{ user_id: 2, access_level: 40 }])).toBe(true);
    expect(sameValue({ a: null }, { b: 1 })).toBe(false);
  });
});

describe('unknown names against the instance', () => {
  const reported = { signup_enabled: true, throttle_authenticated_api_enabled: false };
  const check = (names: string[], allowUnknown = false) => {
    const n = notes();
    checkUnknownNames(names, reported, { purpose: 'send', allowUnknown, notes: n });
    return n.said;
  };

  it('takes a name the instance reports without a word, even one close to a known setting', () => {
    expect(check(['throttle_authenticated_api_enabled'])).toEqual([]);
  });

  it('refuses a name a typo away from a known or reported setting, unless --allow-unknown', () => {
    expect(() => check(['signup_enabld'])).toThrow('unknown setting signup_enabld: did you mean signup_enabled?');
    expect(() => check(['throttle_authenticated_api_enabld'])).toThrow('did you mean throttle_authenticated_api_enabled?');
    expect(check(['signup_enabld'], true)).toEqual(['warning: signup_enabld is not a setting forgectl knows; sending it as given (this instance does not report it either)']);
  });

  it('passes a name far from every setting with a warning', () => {
    expect(check(['future_setting_enabled', 'some_newer_setting'])).toHaveLength(2);
  });
});

describe('what the answer to a settings PUT says', () => {
  it('a change is applied when the answer shows it, dropped when the answer leaves it out or keeps the old value', () => {
    expect(outcomeOf({ key: 'signup_enabled', before: true, after: false }, { signup_enabled: false })).toBe('applied');
    // the instance stored its own form of the value: still a change
    expect(outcomeOf({ key: 'asset_proxy_allowlist', before: [], after: ['a.com', 'b.com'] }, { asset_proxy_allowlist: ['b.com', 'a.com'] })).toBe('applied');
    expect(outcomeOf({ key: 'signup_enabld', before: undefined, after: false }, { signup_enabled: true })).toBe('dropped');
    expect(outcomeOf({ key: 'allow_account_deletion', before: true, after: false }, { allow_account_deletion: true })).toBe('dropped');
  });

  it('a known secret the answer leaves out is not confirmed, rather than dropped', () => {
    expect(outcomeOf({ key: 'akismet_api_key', before: undefined, after: 'k' }, { akismet_enabled: true })).toBe('unconfirmed');
  });

  it('a secret the model does not know (set with --allow-unknown) is judged by the same name rule: unconfirmed when left out', () => {
    expect(outcomeOf({ key: 'external_auth_client_key_pass', before: undefined, after: 'p' }, { external_authorization_service_enabled: true })).toBe('unconfirmed');
    expect(outcomeOf({ key: 'external_auth_client_cert', before: undefined, after: 'c' }, { external_authorization_service_enabled: true })).toBe('dropped');
  });
});

describe('secret settings', () => {
  it('every setting the one name rule (redact.ts) calls a secret is a string in the model', () => {
    for (const key of Object.keys(SETTINGS).filter(isSecretKey)) expect(SETTINGS[key]!.type, key).toBe('string');
  });
});
