// The migration fault is found where the sandbox's other faults are: `forgectl sandbox --help` names
// it, and the call it shows is the one the sandbox takes.

import { describe, expect, it } from 'vitest';
import { forgectl } from '../helpers/cli.js';
import { useSandbox } from '../helpers/sandbox.js';

const sandbox = useSandbox();

describe('sandbox --help: the migration fault', () => {
  it('names PUT /-/sandbox/bulk_imports/drop with a body the sandbox accepts', async () => {
    const help = await forgectl(['sandbox', '--help'], { env: { COLUMNS: '400' } });
    const text = help.stdout.replace(/\s+/g, ' ');
    const call = /PUT (\/-\/sandbox\/bulk_imports\/drop) (\{[^}]*\})/.exec(text);
    expect(call, 'sandbox --help names the drop fault').not.toBeNull();
    expect(text).toContain('migrate verify');
    const { url, tokens } = sandbox();
    const res = await fetch(url + call![1], { method: 'PUT', headers: { 'PRIVATE-TOKEN': tokens.admin, 'Content-Type': 'application/json' }, body: call![2] });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual(JSON.parse(call![2]!.replace(/"relation":"(\w+)","every":(\d+)/, '"$1":$2')));
  });
});
