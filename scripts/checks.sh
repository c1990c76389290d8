#!/usr/bin/env bash
# `npm run checks`: the typecheck, the import-direction check (depcheck) and the production build,
# side by side (each keeps one core busy: tsc, depcruise, vite build; issue 41, CI time on a 2-core
# machine). Each one's output is printed once all three ended; exits 1 if any failed.
set -uo pipefail
start=$(date +%s)
logs=$(mktemp -d)
trap 'rm -rf "$logs"' EXIT
steps=(typecheck depcheck build)
declare -A pid
for step in "${steps[@]}"; do
  npm run "$step" >"$logs/$step.log" 2>&1 &
  pid[$step]=$!
done
failed=0
for step in "${steps[@]}"; do
  if wait "${pid[$step]}"; then status=passed; else status=FAILED; failed=1; fi
  echo "── npm run $step: $status"
  cat "$logs/$step.log"
done
echo "checks and build took $(( $(date +%s) - start ))s"
exit "$failed"
