#!/usr/bin/env bash
# Issue 5's speed target, measured: the load generator against a server with the store off
# and one with it on, in alternating rounds, then the median of each figure and how far the
# store moves it. A round runs both servers one after the other (the order swaps each round,
# so a machine that slows down or speeds up during the run weighs on both alike). Each
# server is fresh (store on: in a new empty data directory) and is stopped after its run.
#
#   bench/loadgen/store_ab.sh [--rounds 5] [--game onedchess|tactego|dcms] [--matches 100]
#                             [--think-ms 0] [--think-jitter 0] [--duration 8] [--build build/ci]
#                             [--control]
#
# Closed loop by default (--think-ms 0: every bot answers at once); `--matches 9900
# --think-ms 1000 --think-jitter 10 --duration 20` is the thinking load of issue 3. Both
# servers run with --threads 1 --rate-limit 0 --max-open-matches-per-ip 0 --log-level warn.
# Run it on an otherwise idle machine: the load generator shares it with the server, and
# every figure moves with whatever else runs.
#
# --control adds a third run to each round: store off, beside a process that spins at the
# lowest CPU priority (SCHED_IDLE, as the store thread runs) for the whole run. It does no
# work for the server and shares nothing with it, so its change against store off is what
# any background use of the spare CPU costs on this machine, whatever it does; the store's
# change beyond that is its own.
set -euo pipefail

rounds=5 game=onedchess matches=100 think_ms=0 think_jitter=0 duration=8 build=build/ci control=no
while [ $# -gt 0 ]; do
  case "$1" in
    -h | --help) awk 'NR > 1 && !/^#/ { exit } NR > 1 { sub(/^# ?/, ""); print }' "$0"; exit 0 ;;
    --control) control=yes; shift; continue ;;
    --rounds | --game | --matches | --think-ms | --think-jitter | --duration | --build) ;;
    *) echo "store_ab.sh: unknown option '$1' (see --help)" >&2; exit 2 ;;
  esac
  [ $# -ge 2 ] || { echo "store_ab.sh: $1 needs a value" >&2; exit 2; }
  case "$1" in
    --rounds) rounds=$2 ;;
    --game) game=$2 ;;
    --matches) matches=$2 ;;
    --think-ms) think_ms=$2 ;;
    --think-jitter) think_jitter=$2 ;;
    --duration) duration=$2 ;;
    --build) build=$2 ;;
  esac
  shift 2
done
for value in "$rounds" "$matches" "$think_ms" "$think_jitter" "$duration"; do
  [[ "$value" =~ ^[0-9]+$ ]] || { echo "store_ab.sh: '$value' is not a whole number" >&2; exit 2; }
done
[ "$rounds" -ge 1 ] || { echo "store_ab.sh: --rounds must be at least 1" >&2; exit 2; }

server=$build/server/skirmish-server
loadgen=$build/bench/loadgen/skirmish-loadgen
for binary in "$server" "$loadgen"; do
  [ -x "$binary" ] || { echo "store_ab.sh: $binary not found: build first (cmake --build $build)" >&2; exit 2; }
done

work=$(mktemp -d "${TMPDIR:-/tmp}/skirmish-store-ab.XXXXXX")
server_pid="" spinner_pid=""
cleanup() {
  [ -n "$spinner_pid" ] && kill "$spinner_pid" 2>/dev/null && wait "$spinner_pid" 2>/dev/null
  [ -n "$server_pid" ] && kill "$server_pid" 2>/dev/null && wait "$server_pid" 2>/dev/null
  rm -rf "$work"
}
trap cleanup EXIT

# A port nothing listens on, below Linux's ephemeral range (32768-60999): there, a server
# started with --port 0 elsewhere (a test running beside this one) could take the port
# between this check and our server's bind, and the load would go to that server.
free_port() {
  /usr/bin/python3 -c '
import random, socket
for _ in range(200):
    port = random.randint(20000, 32767)
    with socket.socket() as s:
        try:
            s.bind(("127.0.0.1", port))
        except OSError:
            continue
    print(port)
    break
else:
    raise SystemExit("store_ab.sh: no free port between 20000 and 32767")'
}

# Whether the server on port $1 answers /healthz with 200. It listens before its store is
# open, and until then refuses game connections (503): the load must not start before.
healthy() {
  (
    exec 3<>"/dev/tcp/127.0.0.1/$1" || exit 1
    printf 'GET /healthz HTTP/1.0\r\nHost: 127.0.0.1\r\n\r\n' >&3
    read -r -t 5 status <&3 || exit 1
    [[ "$status" == HTTP/1.?" 200"* ]]
  ) 2>/dev/null
}

# Waits (at most 10 s) until our server on port $1 is ready.
wait_until_ready() {
  for _ in $(seq 100); do
    kill -0 "$server_pid" 2>/dev/null || break  # it has exited
    healthy "$1" && kill -0 "$server_pid" 2>/dev/null && return 0
    sleep 0.1
  done
  echo "store_ab.sh: the server on port $1 did not become ready; its log:" >&2
  cat "$work/server.log" >&2
  exit 1
}

# One run of setting $1 (off, on, or spin: store off beside the spinner): prints "moves/s
# cpu_us_per_move p50_us p99_us rss_kib_per_connection net_us_per_move store_us_per_move"
# (the last two: the network threads' and the store thread's CPU, from "server CPU by
# thread"; 0 for a thread that did not show).
run_once() {
  local store=$1 port store_flags
  port=$(free_port)
  if [ "$store" = on ]; then
    rm -rf "$work/data"
    store_flags=(--data-dir "$work/data")
  else
    store_flags=(--store off)
  fi
  "$server" --port "$port" --threads 1 --rate-limit 0 --max-open-matches-per-ip 0 \
    --log-level warn --max-connections 19990 "${store_flags[@]}" >"$work/server.log" 2>&1 &
  server_pid=$!
  wait_until_ready "$port"
  if [ "$store" = spin ]; then
    chrt --idle 0 bash -c 'while :; do :; done' &
    spinner_pid=$!
    sleep 0.2
    kill -0 "$spinner_pid" 2>/dev/null ||
      { echo "store_ab.sh: the spinner did not start (chrt --idle 0 refused?)" >&2; exit 1; }
  fi
  "$loadgen" --server "ws://127.0.0.1:$port" --server-pid "$server_pid" --matches "$matches" \
    --think-ms "$think_ms" --think-jitter "$think_jitter" --duration "$duration" --game "$game" \
    >"$work/loadgen.txt" 2>&1 || { cat "$work/loadgen.txt" >&2; exit 1; }
  if [ -n "$spinner_pid" ]; then
    kill "$spinner_pid"
    wait "$spinner_pid" 2>/dev/null || true
    spinner_pid=""
  fi
  kill "$server_pid"
  wait "$server_pid" 2>/dev/null || true
  server_pid=""
  awk '/^measured/ { moves = $6 }
       /^server CPU \(user/ { cpu = $(NF - 3) }
       /^move round trip/ { p50 = $(NF - 7); p99 = $(NF - 4) }
       /^server RSS/ { rss = $(NF - 3) }
       /^server CPU by thread:/ {
         net = 0; stored = 0
         by_thread = $0
         sub(/^server CPU by thread: /, "", by_thread)
         n = split(by_thread, part, ", ")
         for (i = 1; i <= n; i++) {
           split(part[i], word, " ")
           if (word[1] == "net") net = word[2]
           if (word[1] == "store") stored = word[2]
         }
       }
       END { if (moves == "" || cpu == "" || p50 == "" || rss == "" || net == "") exit 1
             print moves, cpu, p50, p99, rss, net, stored }' "$work/loadgen.txt" ||
    { echo "store_ab.sh: cannot read the load generator's figures:" >&2; cat "$work/loadgen.txt" >&2; exit 1; }
}

echo "game $game, $matches matches, think $think_ms ms (jitter $think_jitter%), $duration s per run, $rounds rounds"
row_format='%-6s %-5s %10s %13s %10s %10s %14s %9s %11s\n'
# shellcheck disable=SC2059  # the format is ours
printf "$row_format" round store moves/s "CPU/move us" "p50 us" "p99 us" "RSS/conn KiB" "net us" "store us"
for round in $(seq "$rounds"); do
  order="off on"
  [ $((round % 2)) -eq 0 ] && order="on off"
  if [ "$control" = yes ]; then  # each setting takes each place in turn
    case $((round % 3)) in
      1) order="off on spin" ;;
      2) order="on spin off" ;;
      0) order="spin off on" ;;
    esac
  fi
  for store in $order; do
    run_once "$store" >"$work/run.txt"  # not in a subshell: a failure stops its server too
    figures=$(cat "$work/run.txt")
    echo "$round $store $figures" >>"$work/figures.txt"
    # shellcheck disable=SC2086,SC2059  # seven numbers; our format
    printf "$row_format" "$round" "$store" $figures
  done
done

# Medians of store off and of setting $1 (on, or spin), and how far $1 moves them; then each
# round's own change ($1 against the off run beside it), as their median and range: the
# machine's drift weighs on both runs of a round alike, so this median moves less with it
# than the change of the two medians. $2 names $1's column.
summarise() {
  awk -v setting="$1" -v label="$2" '
  function median(list, n,    sorted, i, j, t) {
    for (i = 1; i <= n; i++) sorted[i] = list[i]
    for (i = 2; i <= n; i++)
      for (j = i; j > 1 && sorted[j - 1] > sorted[j]; j--) { t = sorted[j]; sorted[j] = sorted[j - 1]; sorted[j - 1] = t }
    return n % 2 ? sorted[(n + 1) / 2] : (sorted[n / 2] + sorted[n / 2 + 1]) / 2
  }
  { rounds = $1; for (f = 3; f <= 9; f++) value[$2, f - 2, $1] = $f }
  END {
    split("moves/s,CPU per move (us),round trip p50 (us),round trip p99 (us),RSS per connection (KiB)," \
          "  network threads (us),  store thread (us)", name, ",")
    printf "\n%-26s %11s %11s %9s   %s\n", "median", "store off", label, "change", "change per round: median (range)"
    for (f = 1; f <= 7; f++) {
      low = ""; high = ""
      for (r = 1; r <= rounds; r++) {
        off[r] = value["off", f, r]; on[r] = value[setting, f, r]
        change[r] = off[r] > 0 ? (on[r] / off[r] - 1) * 100 : 0
        if (low == "" || change[r] < low) low = change[r]
        if (high == "" || change[r] > high) high = change[r]
      }
      m_off = median(off, rounds); m_on = median(on, rounds)
      if (m_off == 0) {  # the store thread: there is none with the store off
        if (m_on == 0) continue  # nor beside the spinner
        printf "%-26s %11.1f %11.1f %9s   %s\n", name[f], m_off, m_on, "", "(its CPU is part of the CPU per move above)"
        continue
      }
      printf "%-26s %11.1f %11.1f %+8.1f%%   %+.0f%% (%+.0f to %+.0f)\n", name[f], m_off, m_on,
             (m_on / m_off - 1) * 100, median(change, rounds), low, high
    }
  }' "$work/figures.txt"
}

summarise on "store on"
if [ "$control" = yes ]; then
  echo
  echo "control: store off beside a process spinning at the lowest CPU priority, against store off"
  summarise spin "spinner"
fi
