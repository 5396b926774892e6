#!/usr/bin/env bash
# Fails on a high or critical advisory in the production dependencies. Where the registry's audit
# endpoint does not answer (some mirrors and proxies refuse it), says so and does not fail: the
# check then has to run on a machine that reaches it.
set -uo pipefail
out="$(npm audit --omit=dev --audit-level=high --loglevel=warn 2>&1)"
status=$?
echo "$out" | tail -n 20
if [ $status -ne 0 ] && echo "$out" | grep -q "audit endpoint returned an error"; then
  echo "NOTE: the registry's audit endpoint did not answer; production dependencies were NOT audited."
  exit 0
fi
exit $status
