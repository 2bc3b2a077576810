#!/usr/bin/env bash
# //js:node_test: `node --test` over the npm package as //js:npm lays it out, beside the
# repository's testdata and the native binary (planview.test.mjs reads ../testdata and
# runs ../planview from its own directory).
set -euo pipefail
scratch=${TEST_TMPDIR:-$(mktemp -d)}/node
rm -rf "$scratch"
mkdir -p "$scratch"
cp -rL js/npm "$scratch/js"
cp js/planview.test.mjs "$scratch/js/"
ln -s "$PWD/testdata" "$scratch/testdata"
ln -s "$PWD/VERSION" "$scratch/VERSION"
ln -s "$PWD/cmd/planview" "$scratch/planview"
node --test "$scratch/js/planview.test.mjs"
