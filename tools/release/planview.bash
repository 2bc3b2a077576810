# bash completion for planview
_planview() {
  local cur prev
  cur=${COMP_WORDS[COMP_CWORD]}
  prev=${COMP_WORDS[COMP_CWORD-1]}
  case $prev in
    --schemas) COMPREPLY=($(compgen -f -- "$cur")); return ;;
    --split) COMPREPLY=($(compgen -d -- "$cur")); return ;;
    --kind) COMPREPLY=($(compgen -W "plan state log" -- "$cur")); return ;;
    --mode) COMPREPLY=($(compgen -W "normal destroy refresh-only" -- "$cur")); return ;;
    --quality) COMPREPLY=($(compgen -W "errored nochanges targeted none" -- "$cur")); return ;;
    --product) COMPREPLY=($(compgen -W "opentofu terraform" -- "$cur")); return ;;
    --color|--progress) COMPREPLY=($(compgen -W "auto always never" -- "$cur")); return ;;
    --format) COMPREPLY=($(compgen -W "text markdown json html github" -- "$cur")); return ;;
    --action) COMPREPLY=($(compgen -W "create update delete destroy replace read import move forget" -- "$cur")); return ;;
    --fail-on) COMPREPLY=($(compgen -W "delete replace drift" -- "$cur")); return ;;
    --mask-env) COMPREPLY=($(compgen -v -- "$cur")); return ;;
    --drift) COMPREPLY=($(compgen -W "show summary hide" -- "$cur")); return ;;
    --width|--max-bytes|--max-input-bytes|--address|--mask|--protect) return ;;
  esac
  if [ "$COMP_CWORD" = 1 ] && [[ $cur != -* ]]; then
    COMPREPLY=($(compgen -W "browse diff wire" -- "$cur") $(compgen -f -- "$cur"))
    return
  fi
  if [[ $cur == -* ]]; then
    COMPREPLY=($(compgen -W "--schemas --kind --mode --quality --show-sensitive --product --color
      --no-color --safe-terminal --no-safe-terminal --width --progress --summary --summary-only --action
      --address --hide-reads --verbose --concise --format --max-bytes --split --drift --mask
      --mask-env --fail-on --protect --max-input-bytes --help --version" -- "$cur"))
    return
  fi
  COMPREPLY=($(compgen -f -- "$cur"))
}
complete -o filenames -F _planview planview
