// Resolving a setting's name against what the instance reports (names.ts): the spec's name or the
// service's, whichever the instance reports; the one written when it reports neither.

import { describe, expect, it } from 'vitest';
import { asWritten, instanceNaming, modelNamed } from '../../src/commands/settings/names.js';

function notes() {
  const said: string[] = [];
  return { said, warn: (m: string) => said.push(m), notice: (m: string) => said.push(m) };
}

describe('instanceNaming', () => {
  it('uses the name the instance reports, whichever was written', () => {
    const spec = instanceNaming({ spam_service_enabled: false, signup_enabled: true }, ['akismet_enabled']);
    expect(spec.name('akismet_enabled')).toBe('spam_service_enabled');
    expect(spec.current).toEqual({ akismet_enabled: false, signup_enabled: true });
    expect(spec.toInstance({ akismet_enabled: true, signup_enabled: false })).toEqual({ spam_service_enabled: true, signup_enabled: false });
    expect(spec.fromInstance({ spam_service_enabled: true })).toEqual({ akismet_enabled: true });
    const service = instanceNaming({ akismet_enabled: false }, ['spam_service_enabled']);
    expect(service.name('akismet_enabled')).toBe('akismet_enabled');
  });

  it('sends the name as written when the instance reports neither', () => {
    expect(instanceNaming({ signup_enabled: true }, ['ai_features_enabled']).name('duo_features_enabled')).toBe('ai_features_enabled');
    expect(instanceNaming({ signup_enabled: true }, ['duo_features_enabled']).name('duo_features_enabled')).toBe('duo_features_enabled');
  });

  it('notes a name written one way and sent the other', () => {
    const n = notes();
    instanceNaming({ spam_service_enabled: false }, ['akismet_enabled', 'signup_enabled'], n);
    expect(n.said).toEqual(['note: akismet_enabled is called spam_service_enabled by this instance; sending spam_service_enabled']);
  });

  it('keys typed values as written and back', () => {
    const written = asWritten({ akismet_enabled: true, signup_enabled: false }, ['spam_service_enabled', 'signup_enabled']);
    expect(written).toEqual({ spam_service_enabled: true, signup_enabled: false });
    expect(modelNamed(written)).toEqual({ akismet_enabled: true, signup_enabled: false });
    // An instance reporting both keeps both.
    expect(modelNamed({ akismet_enabled: true, spam_service_enabled: false })).toEqual({ akismet_enabled: true, spam_service_enabled: false });
  });
});
