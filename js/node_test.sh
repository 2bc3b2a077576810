#!/usr/bin/env bash
# //js:node_test: `node --test` over the npm package as //js:npm lays it out, beside the
# repository's testdata (planview.test.mjs reads ../testdata from its own directory).
set -euo pipefail
scratch=${TEST_TMPDIR:-$(mktemp -d)}/node
rm -rf "$scratch"
mkdir -p "$scratch"
cp -rL js/npm "$scratch/js"
cp js/planview.test.mjs "$scratch/js/"
ln -s "$PWD/testdata" "$scratch/testdata"
ln -s "$PWD/VERSION" "$scratch/VERSION"
node --test "$scratch/js/planview.test.mjs"
