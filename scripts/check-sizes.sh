#!/usr/bin/env bash
# Fails when a product file (app/, ui/) is over 800 lines or a function in one is over 100 lines of body,
# and names them; a function's lines are those from its opening brace to its closing one. Functions are measured by clang-tidy's readability-function-size, which parses the code
# (a brace counter is fooled by lambdas, initialiser lists, braces in strings and macros), so it needs the
# build's compile commands:
#   cmake -S . -B build -DCMAKE_EXPORT_COMPILE_COMMANDS=ON   (a configure; nothing is rebuilt)
#   bash scripts/check-sizes.sh [BUILD_DIR] [FILE...]       (default: build, every tracked app/ and ui/ file)
# A translation unit clang-tidy cannot parse (a generated header not built yet: build the target first) is
# named and fails the check rather than passing unmeasured. TW_SIZE_JOBS=N runs N clang-tidy at once
# (default 2). Bench and generated tables are outside app/ and ui/ and not measured.
set -uo pipefail
cd "$(dirname "$0")/.."
root=$PWD
build=${1:-build}
shift || true
maxFile=800
maxFunction=100
if [ ! -f "$build/compile_commands.json" ]; then
  echo "check-sizes: $build/compile_commands.json is missing; configure with" >&2
  echo "  cmake -S . -B $build -DCMAKE_EXPORT_COMPILE_COMMANDS=ON" >&2
  exit 2
fi
if [ $# -gt 0 ]; then
  files=("$@")
else
  mapfile -t files < <(git ls-files 'app/*.cpp' 'app/*.h' 'ui/*.cpp' 'ui/*.h')
fi

status=0
for f in "${files[@]}"; do
  n=$(wc -l <"$f")
  if [ "$n" -gt "$maxFile" ]; then
    echo "$f: $n lines (more than $maxFile)"
    status=1
  fi
done

out=$(mktemp)
trap 'rm -f "$out"' EXIT
# clang-tidy counts a body's lines from its opening brace's line to its closing brace's, one fewer than the
# lines it spans: a function spanning 101 lines is its 100, so the threshold is one below the limit.
config="{CheckOptions: [{key: readability-function-size.LineThreshold, value: $((maxFunction - 1))}]}"
printf '%s\n' "${files[@]}" | grep '\.cpp$' |
  xargs -r -P "${TW_SIZE_JOBS:-2}" -I{} sh -c '
    clang-tidy -p "$1" --quiet -checks="-*,readability-function-size" -config="$2" \
      -header-filter="^$3/(app|ui)/" "$4" >"$5.$$" 2>&1 || echo "$4: clang-tidy could not parse it" >>"$5.$$"
    cat "$5.$$" >>"$5"; rm -f "$5.$$"' _ "$build" "$config" "$root" {} "$out"

# "path:line:col: warning: function 'name' exceeds …" followed by "note: N lines including …".
awk -v root="$root/" '
  /readability-function-size/ { split($0, a, ":"); where = a[1] ":" a[2]; sub(root, "", where)
                                match($0, /function .* exceeds/); name = substr($0, RSTART + 9, RLENGTH - 17) }
  /note: [0-9]+ lines including/ && where { match($0, /[0-9]+ lines/); print where ": " name " " substr($0, RSTART, RLENGTH - 6) + 1 " lines"; where = "" }
  /could not parse it/ { print }' "$out" | sort -u | tee "$out.found"
[ -s "$out.found" ] && status=1
rm -f "$out.found"
[ $status -eq 0 ] && echo "check-sizes: ${#files[@]} files, none over $maxFile lines, no function over $maxFunction"
exit $status
