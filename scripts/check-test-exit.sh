#!/usr/bin/env bash
# Proves that a failing test fails the command. In a scratch copy of the tree, each way the tests are run
# (npm test, npm run test:pg-service, one project without the database) runs a deliberately failing test file and
# must exit non-zero; a test that passes but leaves an unhandled error must too; a passing file must exit 0, so the
# check cannot pass by everything failing. Used by .ci/run; runs in well under a minute.
set -uo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
scratch="$(mktemp -d)"
trap 'rm -rf "$scratch"' EXIT

# The tracked files as they are in the working tree; node_modules is shared, not copied.
(cd "$root" && git ls-files -z | tar --null --ignore-failed-read -T - -cf -) | tar -x -C "$scratch"
ln -s "$root/node_modules" "$scratch/node_modules"

cat >"$scratch/apps/server/src/ci-must-fail.test.ts" <<'EOF'
import { expect, it } from 'vitest';
it('fails on purpose (scripts/check-test-exit.sh)', () => expect(1 + 1).toBe(3));
EOF
cat >"$scratch/apps/server/src/ci-unhandled.test.ts" <<'EOF'
import { expect, it } from 'vitest';
it('passes but leaves an unhandled rejection behind (scripts/check-test-exit.sh)', async () => {
  void Promise.reject(new Error('unhandled on purpose'));
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(true).toBe(true);
});
EOF
cat >"$scratch/apps/server/src/ci-must-pass.test.ts" <<'EOF'
import { expect, it } from 'vitest';
it('passes (scripts/check-test-exit.sh)', () => expect(1 + 1).toBe(2));
EOF
cp "$scratch/apps/server/src/ci-must-fail.test.ts" "$scratch/packages/analytics/src/ci-must-fail.test.ts"

failures=0
expect_status() {
  local want="$1"
  shift
  local log="$scratch/last.log"
  (cd "$scratch" && "$@") >"$log" 2>&1
  local status=$?
  if { [ "$want" = nonzero ] && [ "$status" -eq 0 ]; } || { [ "$want" = zero ] && [ "$status" -ne 0 ]; }; then
    printf 'FAIL  %s exited %s, expected %s\n' "$*" "$status" "$want"
    tail -20 "$log"
    failures=$((failures + 1))
  else
    printf 'ok    %s exited %s (%s expected)\n' "$*" "$status" "$want"
  fi
}

expect_status nonzero npm test --silent -- apps/server/src/ci-must-fail.test.ts
expect_status nonzero npm test --silent -- apps/server/src/ci-unhandled.test.ts
expect_status nonzero npm test --silent -- packages/analytics/src/ci-must-fail.test.ts
expect_status zero npm test --silent -- apps/server/src/ci-must-pass.test.ts
if pg_isready -q -h 127.0.0.1 -p 5432 2>/dev/null; then
  expect_status nonzero npm run --silent test:pg-service -- apps/server/src/ci-must-fail.test.ts
fi
[ "$failures" -eq 0 ] || { echo "a failing test does not fail the command ($failures cases)"; exit 1; }
echo 'a failing test fails the command: proved'
