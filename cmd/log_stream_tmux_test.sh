#!/usr/bin/env bash
# A log fed to the real `planview` a line at a time (0.2 s apart) on a tmux terminal: the
# status line shows at the bottom while the log streams in (--progress auto: standard
# output is a terminal), and once it has ended the pane's whole scrollback is exactly the
# rendered log (trailing blanks of each row aside, which capture-pane drops).
set -euo pipefail

PLANVIEW=${PLANVIEW:-cmd/planview}
LOG=testdata/logs/terraform/real_apply_create.jsonl
EXPECTED=testdata/logs/terraform/real_apply_create.txt
TIMEOUT=${LOG_TMUX_TIMEOUT:-90}

command -v tmux >/dev/null || { echo "tmux is not installed (tools/setup.sh installs it)"; exit 1; }
PLANVIEW=$(cd "$(dirname "$PLANVIEW")" && pwd)/$(basename "$PLANVIEW")
LOG=$(pwd)/$LOG

export TMUX_TMPDIR
TMUX_TMPDIR=$(mktemp -d /tmp/pvlog.XXXXXX)
CONF=$TMUX_TMPDIR/tmux.conf
printf 'set -g status off\nset -g history-limit 5000\n' >"$CONF"
SOCKET=logstream-$$
unset TMUX
tm() { tmux -u -L "$SOCKET" -f "$CONF" "$@"; }
trap 'tm kill-server 2>/dev/null || true; rm -rf "$TMUX_TMPDIR"' EXIT

FEED=$TMUX_TMPDIR/feed.sh
cat >"$FEED" <<EOS
while IFS= read -r line; do printf '%s\\n' "\$line"; sleep 0.2; done < '$LOG'
EOS
tm new-session -d -s log -x 160 -y 20 \
  "export LANG=C.UTF-8; bash '$FEED' | '$PLANVIEW' -no-color; echo __END__; sleep 600"

# The status line, while the stream is open: "applying: 0/2 changes, 0 errors, 1s" at the
# bottom of what is shown.
deadline=$((SECONDS + TIMEOUT))
seen=
while ((SECONDS < deadline)); do
  screen=$(tm capture-pane -p -t log)
  if grep -qE '^applying: [0-9]+/2 changes, 0 errors, [0-9]+s$' <<<"$screen"; then
    seen=1
    break
  fi
  [[ "$screen" == *__END__* ]] && break
  sleep 0.05
done
[ -n "$seen" ] || { echo "FAIL: no status line while the log streamed in:"; echo "$screen"; exit 1; }

while ((SECONDS < deadline)); do
  [[ "$(tm capture-pane -p -t log)" == *__END__* ]] && break
  sleep 0.2
done
strip() { sed -e 's/[[:space:]]*$//' | sed -e :a -e '/^\n*$/{$d;N;ba' -e '}'; }
actual=$(tm capture-pane -p -J -S - -t log | strip)
want=$( (cat "$EXPECTED"; echo __END__) | strip)
if [ "$actual" != "$want" ]; then
  echo "FAIL: the scrollback is not the rendered log:"
  diff -u <(printf '%s\n' "$want") <(printf '%s\n' "$actual") || true
  exit 1
fi
echo "PASS: status line shown, scrollback exactly the log"
