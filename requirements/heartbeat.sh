#!/bin/sh
# heartbeat.sh WHAT COMMAND [ARG...]: say WHAT, run COMMAND, and while it runs say every
# ${HEARTBEAT_INTERVAL:-10} seconds that it is still at it (a quiet `pip install -q` of a large lock
# otherwise prints nothing for minutes). Exits with COMMAND's status.
what=$1
shift
echo "$what"
started=$(date +%s)
(
    while sleep "${HEARTBEAT_INTERVAL:-10}"; do
        echo "  ... still busy ($(($(date +%s) - started)) s)"
    done
) &
beat=$!
"$@"
status=$?
kill "$beat" 2>/dev/null
exit "$status"
