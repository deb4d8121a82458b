// Page formats, apart from run.ts so declaring the wiki options loads no API code.

export const WIKI_FORMATS = ['markdown', 'rdoc', 'asciidoc', 'org'] as const;
