#!/usr/bin/env bash
# The planview GitHub Action's work (action.yml runs it): renders a plan into the job's step
# summary and into ONE pull-request comment, or several when it is over the size limit, and
# applies the gates. Needs bash, curl and jq (on every GitHub-hosted runner).
#
# Inputs, from the environment (action.yml maps its inputs to these):
#   PLANVIEW          the planview binary
#   PV_PLAN           the plan (`tofu show -json` output, or a saved plan file)
#   PV_SCHEMAS        optional `tofu providers schema -json` output
#   PV_MASK           regular expressions to mask, one per line (--mask)
#   PV_MASK_ENV       names of environment variables whose values to mask, one per line
#   PV_FAIL_ON        e.g. "delete,replace" (--fail-on)
#   PV_PROTECT        address or type globs, one per line (--protect)
#   PV_MAX_BYTES      size limit of one comment (default 65000; GitHub allows 65,536 characters)
#   PV_COMMENT        "true" (default) or "false"
#   PV_ID             names this plan's comments when a workflow posts several (default "plan")
#   PV_PR             pull-request number (default: the event's pull_request or issue number)
#   PV_TOKEN          token for the REST API (issues: write / pull-requests: write)
#   GITHUB_API_URL, GITHUB_REPOSITORY, GITHUB_EVENT_PATH, GITHUB_STEP_SUMMARY: set by the runner
#
# Each comment starts with a hidden marker line, `<!-- planview:ID:I -->` for part I; a run
# updates the comments it finds by marker (listing every page of the pull request's
# comments), creates the missing parts and deletes parts it no longer needs.
#
# Exit status: planview's (0; 3 when a gate failed, after the summary and comments are
# written; 1 or 2 on a bad plan or flag, before anything is posted), or 1 when the REST API
# refuses a request (the method, path, HTTP status and GitHub's message on stderr).
set -euo pipefail

fail() {
  echo "planview action: $*" >&2
  exit 1
}

id=${PV_ID:-plan}
[[ $id =~ ^[A-Za-z0-9._-]+$ ]] || fail "id '$id' may hold only letters, digits, '.', '_' and '-'"
max_bytes=${PV_MAX_BYTES:-65000}
[[ $max_bytes =~ ^[0-9]+$ ]] || fail "max-bytes '$max_bytes' is not a number"
planview=${PLANVIEW:?PLANVIEW: the planview binary}
[[ -n ${PV_PLAN:-} ]] || fail "no plan given (input 'plan')"

args=("$PV_PLAN")
[[ -n ${PV_SCHEMAS:-} ]] && args+=(--schemas "$PV_SCHEMAS")
while IFS= read -r line; do [[ -n $line ]] && args+=(--mask "$line"); done <<<"${PV_MASK:-}"
while IFS= read -r line; do [[ -n $line ]] && args+=(--mask-env "$line"); done <<<"${PV_MASK_ENV:-}"
while IFS= read -r line; do [[ -n $line ]] && args+=(--protect "$line"); done <<<"${PV_PROTECT:-}"
[[ -n ${PV_FAIL_ON:-} ]] && args+=(--fail-on "$PV_FAIL_ON")

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# One render for the step summary (GitHub takes up to 1 MiB per step), one split into
# comments. A gate failure (3) still renders: remember it and fail at the end.
status=0
rendered=false
if [[ -n ${GITHUB_STEP_SUMMARY:-} ]]; then
  "$planview" "${args[@]}" --format markdown --max-bytes 1000000 >>"$GITHUB_STEP_SUMMARY" || status=$?
  ((status == 0 || status == 3)) || exit "$status"
  rendered=true
fi

pr=${PV_PR:-}
if [[ -z $pr && -n ${GITHUB_EVENT_PATH:-} && -f ${GITHUB_EVENT_PATH:-} ]]; then
  pr=$(jq -r '.pull_request.number // .issue.number // empty' "$GITHUB_EVENT_PATH")
fi
if [[ ${PV_COMMENT:-true} != true || -z $pr ]]; then
  [[ ${PV_COMMENT:-true} == true ]] && echo "planview action: not a pull request: no comment"
  if ! $rendered; then "$planview" "${args[@]}" --format markdown >/dev/null || status=$?; fi
  exit "$status"
fi
[[ $pr =~ ^[0-9]+$ ]] || fail "pull-request number '$pr' is not a number"
[[ -n ${PV_TOKEN:-} ]] || fail "no token (input 'github-token')"
api=${GITHUB_API_URL:-https://api.github.com}
repo=${GITHUB_REPOSITORY:?GITHUB_REPOSITORY: owner/name}

prefix="<!-- planview:$id:"
split=$work/parts
status=0
# The marker line takes its share of each comment's limit. The gate's reason was already
# printed by the summary's render when there was one.
"$planview" "${args[@]}" --format markdown --split "$split" --max-bytes "$((max_bytes - ${#prefix} - 16))" \
  >/dev/null 2>"$work/stderr" || status=$?
if ! $rendered || ((status != 0 && status != 3)); then cat "$work/stderr" >&2; fi
((status == 0 || status == 3)) || exit "$status"
parts=$(find "$split" -maxdepth 1 -name 'comment-*.md' | wc -l)
((parts > 0)) || fail "planview wrote no comment into $split"

# api METHOD PATH [JSON-FILE]: the response body on stdout; fails on any HTTP error.
api() {
  local method=$1 path=$2 out=$work/response code
  local request=(-sS -o "$out" -w '%{http_code}' -X "$method"
    -H "Authorization: Bearer $PV_TOKEN" -H "Accept: application/vnd.github+json"
    -H "X-GitHub-Api-Version: 2022-11-28")
  [[ $# -gt 2 ]] && request+=(-H "Content-Type: application/json" --data-binary "@$3")
  code=$(curl "${request[@]}" "$api$path") || fail "$method $path: curl failed"
  if ((code < 200 || code >= 300)); then
    fail "$method $path: HTTP $code: $(jq -r '.message? // empty' "$out" 2>/dev/null | head -c 300)"
  fi
  cat "$out"
}

# Our comments: "INDEX ID" per line, from every page.
found=$work/found
: >"$found"
for ((page = 1; ; page++)); do
  api GET "/repos/$repo/issues/$pr/comments?per_page=100&page=$page" >"$work/page.json"
  jq -r --arg p "$prefix" '.[] | select(.body | startswith($p))
    | "\(.body | ltrimstr($p) | split(" ")[0]) \(.id)"' "$work/page.json" >>"$found"
  (($(jq length "$work/page.json") == 100)) || break
done

declare -A existing=()
stale=()
while read -r index comment_id; do
  if [[ $index =~ ^[0-9]+$ && -z ${existing[$index]:-} ]] && ((index >= 1 && index <= parts)); then
    existing[$index]=$comment_id
  else
    stale+=("$comment_id")
  fi
done <"$found"

for ((i = 1; i <= parts; i++)); do
  { printf '%s%d -->\n' "$prefix" "$i"; cat "$split/comment-$i.md"; } | jq -Rs '{body: .}' >"$work/body.json"
  if [[ -n ${existing[$i]:-} ]]; then
    api PATCH "/repos/$repo/issues/comments/${existing[$i]}" "$work/body.json" >/dev/null
    echo "planview action: updated comment ${existing[$i]} (part $i of $parts)"
  else
    created=$(api POST "/repos/$repo/issues/$pr/comments" "$work/body.json" | jq -r .id)
    echo "planview action: created comment $created (part $i of $parts)"
  fi
done
for comment_id in "${stale[@]}"; do
  api DELETE "/repos/$repo/issues/comments/$comment_id" >/dev/null
  echo "planview action: deleted comment $comment_id (no longer needed)"
done

((status == 0)) || echo "::error::planview: a gate failed (exit $status; the reason is above)"
exit "$status"
