# helper.bash - loaded by every bats suite: assertions, where the binaries
# are, and where the shared reference data lives.
#
# SPINE_BIN   the folder holding the tools under test ('make check' sets it;
#             'make asan' points it at the sanitizer build)
# SHARED      ../shared beside the checkout; tests that need it call
#             require_shared and skip with a message when it is absent.

# bats' own libraries, their parts sourced here: each load.bash forks a
# dirname a part, and every test loads them anew (30 ms a test, 20 s of
# CPU a suite).  Where they are laid out otherwise, bats loads them.
spine_load_lib() {
	local d f paths
	IFS=: read -ra paths <<< "${BATS_LIB_PATH:-/usr/lib/bats}"
	for d in "${paths[@]}"; do
		[ -f "$d/$1/load.bash" ] && [ -d "$d/$1/src" ] || continue
		for f in "$d/$1"/src/*.bash; do
			# shellcheck disable=SC1090
			source "$f"
		done
		return 0
	done
	bats_load_library "$1"
}
spine_load_lib bats-support
spine_load_lib bats-assert

SPINE_ROOT=$(cd "$BATS_TEST_DIRNAME/.." && pwd)
SPINE_BIN=${SPINE_BIN:-$SPINE_ROOT/bin}
SHARED=${SPINE_SHARED:-$SPINE_ROOT/../shared}
PATH=$SPINE_BIN:$PATH
export PATH SPINE_ROOT SHARED

require_shared() {
	[ -d "$SHARED/reference" ] ||
		skip "reference data not found at $SHARED/reference"
}

# Keep stdout and stderr apart with bats' own: run --separate-stderr cmd
# (then $output and $stderr).

# wait_for_link LINK PID ERRFILE WHAT: wait (up to 5 s) for a program that
# makes a pty and links it at LINK (armsim, avrpty); 1, with its stderr,
# when it died or never did.
wait_for_link() {
	local i
	for i in $(seq 100); do
		[ -L "$1" ] && return 0
		kill -0 "$2" 2>/dev/null || break
		sleep 0.05
	done
	echo "$4 did not start:" >&2
	cat "$3" >&2
	return 1
}

# Fields of a compiled plan's header, at the offsets man/plan.5 gives
# (core/plan/layout.h for C): the id width (1 or 2), the flags (two hex
# digits) and the six record counts (AP APE C CE D A, one line).
plan_id_width() {
	od -An -tu1 -j5 -N1 "$1" | tr -d ' '
}

plan_flags() {
	od -An -tx1 -j6 -N1 "$1" | tr -d ' '
}

plan_counts() {
	od -An -tu2 -j8 -N12 --endian=little "$1" | tr -s ' ' | sed 's/^ //'
}

# plan_set_flags FILE HEX: overwrite the flags byte (then plan_reseal).
plan_set_flags() {
	printf "\\x$2" | dd of="$1" bs=1 seek=6 conv=notrunc 2>/dev/null
}

# plan_reseal FILE: recompute the CRC-32 in a plan's last 4 bytes after a
# test patched it (gzip's trailer holds the same CRC, little-endian).
plan_reseal() {
	local n
	n=$(($(wc -c <"$1") - 4))
	head -c "$n" "$1" >"$1.body"
	{ cat "$1.body"; gzip -c <"$1.body" | tail -c 8 | head -c 4; } >"$1"
	rm -f "$1.body"
}
