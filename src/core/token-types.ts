// The credential forms of the API, in a module light enough for start-up (option choices).

export type TokenType = 'personal' | 'oauth' | 'job';
export const TOKEN_TYPES: readonly TokenType[] = ['personal', 'oauth', 'job'];
