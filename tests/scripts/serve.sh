#!/bin/bash
# scripts/serve.sh run as the README says (directly, not through sh) serves the web app: with a
# free PORT it answers http://127.0.0.1:PORT/ with the app's page. Waits at most 900 s (serve.sh
# builds first; that is a no-op after scripts/build.sh), then stops serve.sh's whole process group.
# usage: serve.sh SOURCE_DIR
set -u
src=$1
port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
log=$(mktemp)
PORT=$port setsid "$src/scripts/serve.sh" > "$log" 2>&1 &
pid=$!
stop() { kill -- "-$pid" 2> /dev/null; wait "$pid" 2> /dev/null; rm -f "$log"; }
trap stop EXIT
for _ in $(seq 900); do
    if body=$(curl -fsS --max-time 5 "http://127.0.0.1:$port/" 2> /dev/null); then
        if grep -q '<title>irlens' <<< "$body"; then
            echo "ok: scripts/serve.sh serves the web app on port $port"
            exit 0
        fi
        echo "FAIL: http://127.0.0.1:$port/ answered, but not with the irlens page:"; head -c 500 <<< "$body"
        exit 1
    fi
    if ! kill -0 "$pid" 2> /dev/null; then
        echo "FAIL: scripts/serve.sh exited before serving on port $port:"; tail -n 30 "$log"
        exit 1
    fi
    sleep 1
done
echo "FAIL: scripts/serve.sh did not answer on port $port within 900 s:"; tail -n 30 "$log"
exit 1
