// fish completion: one `complete` line per subcommand and flag, conditioned on the command path
// found by a walker function over the words typed so far.

import { byFormats, completionData, fishq, GENERATED_NOTE, type CompletionData, type FlagEntry } from './completion-data.js';
import type { CommandNode } from './tree.js';

/** A flag's completion; `formats` is -o, whose values depend on the command. */
function flagArgs(f: Omit<FlagEntry, 'kind'> & { kind: FlagEntry['kind'] | 'formats' }): string {
  const parts: string[] = [];
  for (const n of f.names) parts.push(n.startsWith('--') ? `-l ${n.slice(2)}` : `-s ${n.slice(1)}`);
  switch (f.kind) {
    case 'choice':
      parts.push(`-x -a ${fishq(f.choices.join(' '))}`);
      break;
    case 'profile':
      parts.push(`-x -a '(__forgectl_profiles)'`);
      break;
    case 'formats':
      parts.push(`-x -a '(__forgectl_formats)'`);
      break;
    case 'file':
      parts.push('-r -F');
      break;
    case 'directory':
      parts.push(`-x -a '(__fish_complete_directories)'`);
      break;
    case 'text':
      parts.push('-x');
      break;
  }
  parts.push(`-d ${fishq(f.description)}`);
  return parts.join(' ');
}

export function fishCompletion(root: CommandNode, data: CompletionData = completionData(root)): string {
  const takesValue = new Set<string>();
  const valueCases: string[] = [];
  for (const [path, fl] of data.flags) {
    for (const f of fl) if (f.kind !== 'none') valueCases.push(...f.names.map((n) => fishq(`${path}|${n}`)));
  }
  for (const f of data.globals) if (f.kind !== 'none') for (const n of f.names) takesValue.add(fishq(`*|${n}`));
  const assignCases = [...data.assignValues].map(([k, values]) => `        case ${fishq(k)}\n            set values ${values.join(' ')}`);
  const aliasCases = [...data.aliases].map(([k, v]) => `        case ${fishq(k)}\n            echo ${fishq(v)}`);
  const childCases = [...data.children].map(([path, kids]) => `        case ${fishq(path)}\n            echo ${kids.map(([n]) => n).join(' ')}`);

  const formatCases = byFormats(data).map(([formats, paths]) => `        case ${paths.map(fishq).join(' ')}\n            ${formats.length ? `printf '%s\\n' ${formats.join(' ')}` : 'true'}`);
  const allFormats = data.globals.find((f) => f.names.includes('--output'))?.choices.join(' ') ?? '';
  const lines: string[] = [];
  for (const [path, kids] of data.children) {
    for (const [name, summary] of kids) lines.push(`complete -c forgectl -n ${fishq(`__forgectl_at '${path}'`)} -a ${name} -d ${fishq(summary)}`);
  }
  for (const [path, fl] of data.flags) {
    for (const f of fl) lines.push(`complete -c forgectl -n ${fishq(`__forgectl_at '${path}'`)} ${flagArgs(f)}`);
  }
  for (const [path, entries] of data.positional) {
    for (const p of entries) {
      const values = p.kind === 'choice' ? fishq(p.choices.map((c) => (p.assign ? `${c}=` : c)).join(' ')) : p.kind === 'profile' ? `'(__forgectl_profiles)'` : `'(__fish_complete_path)'`;
      // A KEY=VALUE word being typed after its `=` is the value's, not another name's.
      const beforeValue = p.assign ? `; and not string match -q -- '*=*' (commandline -ct)` : '';
      lines.push(`complete -c forgectl -n ${fishq(`__forgectl_at '${path}'; and __forgectl_positional ${p.index}${p.variadic ? ' +' : ''}${beforeValue}`)} -a ${values}`);
      if (p.assign) lines.push(`complete -c forgectl -n ${fishq(`__forgectl_at '${path}'; and string match -q -- '*=*' (commandline -ct)`)} -a ${fishq(`(__forgectl_assign_values '${path}')`)}`);
    }
  }
  for (const f of data.globals) lines.push(`complete -c forgectl ${f.names.includes('--output') ? flagArgs({ ...f, kind: 'formats' }) : flagArgs(f)}`);

  return `# fish completion for forgectl. ${GENERATED_NOTE}
# Install: copy to ~/.config/fish/completions/forgectl.fish

function __forgectl_takes_value
    switch "$argv[1]|$argv[2]"
        case ${[...valueCases, ...takesValue].join(' ') || "''"}
            return 0
    end
    return 1
end

function __forgectl_alias
    switch "$argv[1]|$argv[2]"
${aliasCases.join('\n')}
        case '*'
            echo $argv[2]
    end
end

function __forgectl_children
    switch "$argv[1]"
${childCases.join('\n')}
    end
end

# Prints the command path typed so far ("token rotate") and, on a second line, the number of positionals.
function __forgectl_walk
    set -l words (commandline -opc)
    set -l cmdpath ''
    set -l positionals 0
    set -l skip 0
    for w in $words[2..-1]
        if test $skip -eq 1
            set skip 0
            continue
        end
        switch $w
            case '--*=*'
            case '-*'
                if __forgectl_takes_value "$cmdpath" $w
                    set skip 1
                end
            case '*'
                set -l child (__forgectl_alias "$cmdpath" $w)
                if contains -- $child (string split ' ' -- (__forgectl_children "$cmdpath"))
                    set cmdpath (string trim -- "$cmdpath $child")
                else
                    set positionals (math $positionals + 1)
                end
        end
    end
    echo $cmdpath
    echo $positionals
end

function __forgectl_at
    set -l walked (__forgectl_walk)
    test "$walked[1]" = "$argv[1]"
end

# True when the word being completed is positional argument N (from 0), or any after it with +.
function __forgectl_positional
    set -l walked (__forgectl_walk)
    if test "$argv[2]" = +
        test "$walked[2]" -ge $argv[1]
    else
        test "$walked[2]" = $argv[1]
    end
end

# KEY=VALUE: the current word's KEY with each value it can take.
function __forgectl_assign_values
    set -l key (string split -m1 = -- (commandline -ct))[1]
    set -l values
    switch "$argv[1]|$key"
${assignCases.join('\n')}
    end
    for v in $values
        echo "$key=$v"
    end
end

# The one source of profile names: the config directory's, or the --inventory file's the line names.
# For --profiles a,b,…: each name after the ones already typed.
function __forgectl_profiles
    set -l before (string match -r -- '^[^=]*,' (commandline -ct))
    set -l words (commandline -opc)
    set -l from
    for i in (seq (count $words))
        switch $words[$i]
            case --inventory --config-dir
                set -l j (math $i + 1)
                test $j -le (count $words); and set from $from $words[$i] $words[$j]
            case '--inventory=*' '--config-dir=*'
                set from $from $words[$i]
        end
    end
    for name in (command forgectl profile list --fields name $from 2>/dev/null)
        echo "$before$name"
    end
end
# The -o formats of the command typed so far: only those it takes.
function __forgectl_formats
    switch (__forgectl_walk)[1]
${formatCases.join('\n')}
        case '*'
            printf '%s\\n' ${allFormats}
    end
end

complete -c forgectl -f
${lines.join('\n')}
`;
}
