// The names of the token findings, in order of urgency (lowest first: `--fail-on X` fails on X and
// every finding after it): read by `token audit|revoke|rotate` and by the docs (completion values),
// which must not import the commands.

export const FINDINGS = ['broad', 'unused', 'no-expiry', 'expiring'] as const;
export type Finding = (typeof FINDINGS)[number];
