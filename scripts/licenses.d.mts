// Types of what the tests import from scripts/licenses.mjs.
export function nodeLicense(execPath?: string, env?: NodeJS.ProcessEnv): { file: string; text: string };
