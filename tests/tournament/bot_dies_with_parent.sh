#!/bin/sh
# A bot started through skirmish-bot-limits dies with the process that started it: a
# tournament killed with SIGKILL cannot stop its bots itself. The parent here is a shell
# that starts the bot (a long sleep), writes its pid, and waits; it is then SIGKILLed.
limits=$1
dir=$(mktemp -d) || exit 1
trap 'rm -rf "$dir"' EXIT
sh -c '"$1" --cpu-seconds 0 -- sleep 60 & echo $! > "$2"; wait' sh "$limits" "$dir/bot.pid" &
parent=$!
for _ in $(seq 50); do [ -s "$dir/bot.pid" ] && break; sleep 0.1; done
bot=$(cat "$dir/bot.pid")
[ -n "$bot" ] || { echo "the bot did not start"; exit 1; }
sleep 0.3  # the wrapper has exec'd the sleep by now
kill -9 "$parent"
for _ in $(seq 50); do
  kill -0 "$bot" 2>/dev/null || { echo "the bot died with its parent"; exit 0; }
  sleep 0.1
done
kill -9 "$bot" 2>/dev/null
echo "the bot (pid $bot) outlived its parent by 5 s"
exit 1
