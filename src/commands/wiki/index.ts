// `forgectl wiki …`: group wiki pages and attachments (spec part 2 §4.8, Premium).

import type { Command } from 'commander';
import { defineCommand, defineGroup, type Registry, TypedOption as Option, type DeclaredOptions, type OptionValues } from '../../core/command.js';
import { WIKI_FORMATS } from './formats.js';
import { numericId } from '../../core/instance-ids.js';

const run = () => import('./run.js');

function contentOptions<O extends OptionValues>(c: DeclaredOptions<O>) {
  return c
    .option('--content <text>', 'page content')
    .option('--file <path>', 'read the content from a file (- for standard input)')
    .addOption(new Option('--format <format>', 'markup of the content').choices([...WIKI_FORMATS]));
}

export function registerWiki(program: Command, reg: Registry): void {
  const group = defineGroup(program, 'wiki', 'Manage the wiki pages of a group');
  defineCommand(group, reg, {
    name: 'list <group>',
    // The wiki API answers every page at once.
    globals: { pages: false },
    summary: 'List the pages of a group wiki',
    aliases: ['ls'],
    examples: ['forgectl wiki list acme', 'forgectl wiki list acme/platform --with-content -o json'],
    options: (c) => c.option('--with-content', 'include each page’s content'),
    run: async (ctx, opts, args) => (await run()).listWikiCommand(ctx, opts, args),
  });
  defineCommand(group, reg, {
    name: 'get <group> <slug>',
    summary: 'Show one wiki page',
    description: 'The slug may contain slashes (pages in directories); it is URL-encoded for you.',
    examples: ['forgectl wiki get acme home', 'forgectl wiki get acme docs/setup --render-html', 'forgectl wiki get acme home --version 3b18e512dba79e4c8300dd08aeb37f8e728b8dad'],
    exitCodes: ['3  no such page (or version) in that group'],
    options: (c) =>
      c
        .option('--render-html', 'content rendered as HTML')
        .option('--version <sha>', 'an earlier version of the page (its commit SHA)'),
    explain: async (err, args) => (await run()).wikiPageHint(err, args),
    run: async (ctx, opts, args) => (await run()).getWikiCommand(ctx, opts, args),
  });
  defineCommand(group, reg, {
    name: 'create <group>',
    summary: 'Create a wiki page',
    description: 'Needs --title and the content (--content or --file). Format: markdown (default), rdoc, asciidoc or org.',
    examples: ['forgectl wiki create acme --title "Release process" --file release.md', 'forgectl wiki create acme --title Notes --content "= Notes" --format asciidoc'],
    options: (c) =>
      contentOptions(c
        .option('--title <title>', 'page title (the slug is made from it)')),
    writes: true,
    localIds: { named: (args) => numericId(args[0], 'group') },
    run: async (ctx, opts, args) => (await run()).createWikiCommand(ctx, opts, args),
  });
  defineCommand(group, reg, {
    name: 'update <group> <slug>',
    summary: 'Change a wiki page’s title, content or format',
    description: 'Needs --title or the content (--content or --file); a new title moves the page to a new slug.',
    examples: ['forgectl wiki update acme home --file home.md', 'forgectl wiki update acme deploy --title "Deploy guide"'],
    exitCodes: ['3  no such page in that group'],
    options: (c) =>
      contentOptions(c
        .option('--title <title>', 'new title')),
    writes: true,
    localIds: { named: (args) => numericId(args[0], 'group') },
    run: async (ctx, opts, args) => (await run()).updateWikiCommand(ctx, opts, args),
  });
  defineCommand(group, reg, {
    name: 'delete <group> <slug>',
    summary: 'Delete a wiki page',
    description: 'Asks for confirmation on a terminal; without one, --yes is required.',
    examples: ['forgectl wiki delete acme old-page --yes'],
    exitCodes: ['2  no terminal to confirm and no --yes', '3  no such page in that group'],
    writes: true,
    localIds: { named: (args) => numericId(args[0], 'group') },
    run: async (ctx, opts, args) => (await run()).deleteWikiCommand(ctx, opts, args),
  });
  defineCommand(group, reg, {
    name: 'upload <group> <file>',
    summary: 'Upload a file to the wiki and print its markdown link',
    description: 'The file is streamed (multipart) from disk. Table output prints the markdown link to paste into a page; json/yaml print the whole answer.',
    examples: ['forgectl wiki upload acme diagram.png', 'forgectl wiki upload acme report.pdf --branch main -o json'],
    options: (c) => c.option('--branch <branch>', 'wiki branch (default: the wiki’s default branch)'),
    writes: true,
    localIds: { named: (args) => numericId(args[0], 'group') },
    run: async (ctx, opts, args) => (await run()).uploadWikiCommand(ctx, opts, args),
  });
}
