#!/usr/bin/env bash
# A throwaway PostgreSQL cluster for tests: a fresh data folder, a loopback port, a socket
# folder of its own, trust authentication for the superuser `portal`. Nothing is left behind.
#
#   scripts/postgres-throwaway.sh start DIR   creates DIR, starts the cluster, prints its URL
#   scripts/postgres-throwaway.sh stop DIR    stops it and removes DIR
#
# PostgreSQL refuses to run as root; as root the cluster runs as PG_THROWAWAY_USER
# (default: the `postgres` system user the Debian package creates).
set -euo pipefail

usage() { echo "usage: $0 start|stop DIR" >&2; exit 2; }
[ $# -eq 2 ] || usage
action=$1
dir=$2

bindir() {
  if [ -n "${PG_BINDIR:-}" ]; then echo "$PG_BINDIR"; return; fi
  local newest
  newest=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1 || true)
  if [ -n "$newest" ]; then echo "$newest"; return; fi
  if command -v pg_ctl >/dev/null; then dirname "$(command -v pg_ctl)"; return; fi
  echo "PostgreSQL server binaries not found (install Debian's postgresql, or set PG_BINDIR)" >&2
  exit 1
}

# Runs a command as the cluster's owner.
as_owner() {
  if [ "$(id -u)" = 0 ]; then
    runuser -u "${PG_THROWAWAY_USER:-postgres}" -- "$@"
  else
    "$@"
  fi
}

free_port() {
  node -e "const s=require('net').createServer().listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})"
}

case "$action" in
  start)
    bin=$(bindir)
    if [ -e "$dir" ] && [ -n "$(ls -A "$dir")" ]; then echo "$dir is not empty" >&2; exit 1; fi
    mkdir -p "$dir/data" "$dir/socket"
    if [ "$(id -u)" = 0 ]; then chown -R "${PG_THROWAWAY_USER:-postgres}" "$dir"; fi
    port=$(free_port)
    as_owner "$bin/initdb" -D "$dir/data" -U portal --auth=trust --encoding=UTF8 --locale=C.UTF-8 >"$dir/initdb.log" 2>&1 ||
      { cat "$dir/initdb.log" >&2; exit 1; }
    # fsync off: the cluster is thrown away, and the suite creates a database per test app.
    as_owner "$bin/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -t 60 \
      -o "-h 127.0.0.1 -p $port -k $dir/socket -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200" \
      start >/dev/null || { cat "$dir/server.log" >&2; exit 1; }
    echo "$port" >"$dir/port"
    echo "postgres://portal@127.0.0.1:$port/postgres"
    ;;
  stop)
    [ -d "$dir/data" ] || { echo "no cluster in $dir" >&2; exit 1; }
    as_owner "$(bindir)/pg_ctl" -D "$dir/data" -m fast -w stop >/dev/null || true
    rm -rf "$dir"
    ;;
  *) usage ;;
esac
