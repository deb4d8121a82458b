// Types of what the tests import from scripts/lib.mjs.
export function startBenchServer(args?: string[]): Promise<{ url: string; token: string; stop: () => Promise<void> }>;
