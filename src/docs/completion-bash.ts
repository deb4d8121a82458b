// bash completion: the tables as `case` functions, and a walker that finds the command path in
// COMP_WORDS (skipping flags and their values) before deciding what the current word can be.

import { completionData, GENERATED_NOTE, sq, valueCaseArms, type CompletionData } from './completion-data.js';
import type { CommandNode } from './tree.js';

export function bashCompletion(root: CommandNode, data: CompletionData = completionData(root)): string {
  const children = [...data.children].map(([path, kids]) => `    ${sq(path)}) echo ${sq(kids.map(([n]) => n).join(' '))} ;;`);
  const aliases = [...data.aliases].map(([k, v]) => `    ${sq(k)}) echo ${sq(v)} ;;`);
  const flags = [...data.flags].map(([path, fl]) => `    ${sq(path)}) echo ${sq(fl.flatMap((f) => f.names).join(' '))} ;;`);
  const { values, positional, assignments } = valueCaseArms(data, (s) => `echo ${sq(s)}`);
  const globals = data.globals.flatMap((f) => f.names).join(' ');

  return `# bash completion for forgectl. ${GENERATED_NOTE}
# Install: source this file from ~/.bashrc, or copy it to ~/.local/share/bash-completion/completions/forgectl

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

__forgectl_flags() {
  echo ${sq(globals)}
  case "$1" in
${flags.join('\n')}
  esac
}

# Prints how a flag's value is completed (choice VALUES…, profile, file, directory, text), nothing for a switch.
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

# The values of KEY in a KEY=VALUE argument, when they can be listed.
__forgectl_assign_values() {
  case "$1" in
${assignments.join('\n')}
  esac
}

# The one source of profile names: the config directory's (or, given one, the --inventory file's).
__forgectl_profile_names() {
  command forgectl profile list --fields name \${__forgectl_config_dir:+--config-dir "$__forgectl_config_dir"} \${__forgectl_inventory:+--inventory "$__forgectl_inventory"} 2>/dev/null
}

__forgectl_complete_value() {
  local how="$1" cur="$2"
  case "$how" in
    choice\\ *) COMPREPLY=($(compgen -W "\${how#choice }" -- "$cur")) ;;
    assign\\ *)
      COMPREPLY=($(compgen -W "\${how#assign }" -S = -- "$cur"))
      compopt -o nospace 2>/dev/null
      ;;
    profile)
      # --profiles a,b,…: the name after the last comma, the ones before it kept.
      local before=""
      [[ "$cur" == *,* ]] && before="\${cur%,*},"
      COMPREPLY=($(compgen -P "$before" -W "$(__forgectl_profile_names)" -- "\${cur##*,}"))
      ;;
    file) COMPREPLY=($(compgen -f -- "$cur")) ;;
    directory) COMPREPLY=($(compgen -d -- "$cur")) ;;
  esac
}

_forgectl() {
  local cur="\${COMP_WORDS[COMP_CWORD]}" cmdpath="" i w child how positionals=0
  # Profile names come from the config dir or inventory file the command line names, if any.
  local __forgectl_config_dir="" __forgectl_inventory=""
  COMPREPLY=()
  for ((i = 1; i < COMP_CWORD; i++)); do
    w="\${COMP_WORDS[i]}"
    if [[ "$w" == "--config-dir" ]]; then
      if [[ "\${COMP_WORDS[i+1]}" == "=" ]]; then __forgectl_config_dir="\${COMP_WORDS[i+2]}"; else __forgectl_config_dir="\${COMP_WORDS[i+1]}"; fi
    elif [[ "$w" == --config-dir=* ]]; then
      __forgectl_config_dir="\${w#--config-dir=}"
    elif [[ "$w" == "--inventory" ]]; then
      if [[ "\${COMP_WORDS[i+1]}" == "=" ]]; then __forgectl_inventory="\${COMP_WORDS[i+2]}"; else __forgectl_inventory="\${COMP_WORDS[i+1]}"; fi
    elif [[ "$w" == --inventory=* ]]; then
      __forgectl_inventory="\${w#--inventory=}"
    fi
    case "$w" in
      --*=*) ;;
      -*)
        if [[ -n "$(__forgectl_value "$cmdpath" "$w")" ]]; then
          ((i++))
          # bash splits --flag=value at '=' into three words
          if [[ "\${COMP_WORDS[i]}" == "=" ]]; then ((i++)); fi
        fi
        ;;
      *)
        child="$(__forgectl_alias "$cmdpath" "$w")"
        [[ -z "$child" ]] && child="$w"
        if [[ " $(__forgectl_children "$cmdpath") " == *" $child "* ]]; then
          cmdpath="\${cmdpath:+$cmdpath }$child"
        else
          ((positionals++))
        fi
        ;;
    esac
  done

  # The value of a flag: "--flag <TAB>", "--flag=<TAB>"
  local prev="\${COMP_WORDS[COMP_CWORD-1]}"
  if [[ "$prev" == "=" && $COMP_CWORD -ge 2 ]]; then prev="\${COMP_WORDS[COMP_CWORD-2]}"; fi
  if [[ "$cur" == "=" ]]; then cur=""; fi
  if [[ "$prev" == -* ]]; then
    how="$(__forgectl_value "$cmdpath" "$prev")"
    if [[ -n "$how" ]]; then
      __forgectl_complete_value "$how" "$cur"
      return 0
    fi
  fi

  if [[ "$cur" == -* ]]; then
    COMPREPLY=($(compgen -W "$(__forgectl_flags "$cmdpath")" -- "$cur"))
    return 0
  fi
  local kids
  kids="$(__forgectl_children "$cmdpath")"
  if [[ -n "$kids" ]]; then
    COMPREPLY=($(compgen -W "$kids" -- "$cur"))
  elif [[ "\${COMP_WORDS[COMP_CWORD]}" == "=" || "\${COMP_WORDS[COMP_CWORD-1]}" == "=" ]]; then
    # After KEY= comes KEY's value (bash splits the word at '=').
    local k="\${COMP_WORDS[COMP_CWORD-1]}"
    [[ "$k" == "=" ]] && k="\${COMP_WORDS[COMP_CWORD-2]}"
    COMPREPLY=($(compgen -W "$(__forgectl_assign_values "$cmdpath|$k")" -- "$cur"))
  else
    how="$(__forgectl_positional "$cmdpath|$positionals")"
    [[ -n "$how" ]] && __forgectl_complete_value "$how" "$cur"
  fi
  return 0
}

complete -F _forgectl forgectl
`;
}
