// zsh completion: the same tables and walker as bash, in zsh syntax, offering descriptions for
// commands and flags.

import { completionData, GENERATED_NOTE, sq, valueCaseArms, type CompletionData, type FlagEntry } from './completion-data.js';
import type { CommandNode } from './tree.js';

/** `name:description` pairs, one per line, as `_describe` reads them. */
function described(pairs: [string, string][]): string {
  return pairs.map(([n, d]) => `${n}:${d}`).join('\n');
}

export function zshCompletion(root: CommandNode, data: CompletionData = completionData(root)): string {
  const children = [...data.children].map(([path, kids]) => `    ${sq(path)}) print -r -- ${sq(described(kids))} ;;`);
  const aliases = [...data.aliases].map(([k, v]) => `    ${sq(k)}) print -r -- ${sq(v)} ;;`);
  const flagPairs = (fl: FlagEntry[]) => described(fl.flatMap((f) => f.names.map((n): [string, string] => [n, f.description])));
  const flags = [...data.flags].filter(([, fl]) => fl.length).map(([path, fl]) => `    ${sq(path)}) print -r -- ${sq(flagPairs(fl))} ;;`);
  const { values, positional, assignments } = valueCaseArms(data, (s) => `print -r -- ${sq(s)}`);

  return `#compdef forgectl
# zsh completion for forgectl. ${GENERATED_NOTE}
# Install: put this file, named _forgectl, in a directory of $fpath, then run compinit.

__forgectl_children() {
  case "$1" in
${children.join('\n')}
  esac
}

__forgectl_alias() {
  case "$1|$2" in
${aliases.join('\n')}
  esac
}

__forgectl_global_flags() {
  print -r -- ${sq(flagPairs(data.globals))}
}

__forgectl_flags() {
  case "$1" in
${flags.join('\n')}
  esac
}

__forgectl_value() {
  case "$1|$2" in
${values.join('\n')}
  esac
}

__forgectl_positional() {
  case "$1" in
${positional.join('\n')}
  esac
}

__forgectl_assign_values() {
  case "$1" in
${assignments.join('\n')}
  esac
}

# The one source of profile names: the config directory's, or the --inventory file's the line names.
__forgectl_profile_names() {
  local -a from
  local i
  for (( i = 1; i < \${#words}; i++ )); do
    case "\${words[i]}" in
      --inventory|--config-dir) from+=("\${words[i]}" "\${words[i+1]}") ;;
      --inventory=*|--config-dir=*) from+=("\${words[i]}") ;;
    esac
  done
  command forgectl profile list --fields name "\${from[@]}" 2>/dev/null
}

__forgectl_complete_value() {
  local how="$1"
  case "$how" in
    choice\\ *) compadd -- \${=how#choice } ;;
    assign\\ *) compadd -S = -- \${=how#assign } ;;
    # --profiles a,b,…: the name after the last comma.
    profile) compset -P '*,'; compadd -- \${(f)"$(__forgectl_profile_names)"} ;;
    file) _files ;;
    directory) _directories ;;
  esac
}

_forgectl() {
  local cur="\${words[CURRENT]}" cmdpath="" w child how i positionals=0
  local -a pairs
  for ((i = 2; i < CURRENT; i++)); do
    w="\${words[i]}"
    case "$w" in
      --*=*) ;;
      -*) [[ -n "$(__forgectl_value "$cmdpath" "$w")" ]] && ((i++)) ;;
      *)
        child="$(__forgectl_alias "$cmdpath" "$w")"
        [[ -z "$child" ]] && child="$w"
        if (( \${\${(f)"$(__forgectl_children "$cmdpath")"}[(I)$child:*]} )); then
          cmdpath="\${cmdpath:+$cmdpath }$child"
        else
          ((positionals++))
        fi
        ;;
    esac
  done

  if [[ "$cur" == --*=* ]]; then
    how="$(__forgectl_value "$cmdpath" "\${cur%%=*}")"
    if [[ -n "$how" ]]; then
      compset -P '*='
      __forgectl_complete_value "$how"
      return
    fi
  fi
  local prev="\${words[CURRENT-1]}"
  if [[ "$prev" == -* ]]; then
    how="$(__forgectl_value "$cmdpath" "$prev")"
    if [[ -n "$how" ]]; then
      __forgectl_complete_value "$how"
      return
    fi
  fi

  if [[ "$cur" == -* ]]; then
    pairs=(\${(f)"$(__forgectl_flags "$cmdpath")"} \${(f)"$(__forgectl_global_flags)"})
    _describe -t flags 'flag' pairs
    return
  fi
  pairs=(\${(f)"$(__forgectl_children "$cmdpath")"})
  if (( \${#pairs} )); then
    _describe -t commands 'command' pairs
  elif [[ "$cur" == *=* ]]; then
    how="$(__forgectl_assign_values "$cmdpath|\${cur%%=*}")"
    if [[ -n "$how" ]]; then
      compset -P '*='
      compadd -- \${=how}
    fi
  else
    how="$(__forgectl_positional "$cmdpath|$positionals")"
    [[ -n "$how" ]] && __forgectl_complete_value "$how"
  fi
}

if [[ "\${zsh_eval_context[-1]}" == loadautofunc ]]; then
  _forgectl "$@"
else
  compdef _forgectl forgectl
fi
`;
}
