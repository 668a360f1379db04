#!/usr/bin/env bats
# The link on a bad line: adaptive resends get a plan through heavy loss
# bit-exact, and a push whose commit went unanswered reports what the
# robot really holds (issue 12).

load lib/helper
load lib/arm
bats_require_minimum_version 1.5.0

teardown() {
	stop_armsim
}

@test "a lost reply to the commit: armctl asks again and reports committed" {
	make_plan old 1
	make_plan new 2
	start_armsim --lose-reply PLAN_COMMIT
	run --separate-stderr armctl --port "$PORT" push "$BATS_TEST_TMPDIR/new.plan"
	[ "$status" -eq 0 ]
	[[ "$stderr" == *"asking the robot which plan it holds"* ]]
	[[ "$stderr" == *"armctl: push: committed (only the reply was lost)" ]]
	armctl --port "$PORT" pull "$BATS_TEST_TMPDIR/back.plan"
	cmp "$BATS_TEST_TMPDIR/new.plan" "$BATS_TEST_TMPDIR/back.plan"
}

@test "a lost commit: armctl reports the previous plan is kept, exit 75" {
	make_plan old 1
	make_plan new 2
	start_armsim --lose-request PLAN_COMMIT --eeprom "$BATS_TEST_TMPDIR/ee"
	# the first push loses its commit: the robot held nothing before
	run --separate-stderr armctl --port "$PORT" push "$BATS_TEST_TMPDIR/old.plan"
	[ "$status" -eq 75 ]
	[[ "$stderr" == *"armctl: push: not committed, the previous plan is kept" ]]
	# the loss lasts until a handshake, once: now a push goes through
	armctl --port "$PORT" push "$BATS_TEST_TMPDIR/old.plan"
	stop_armsim
	start_armsim --lose-request PLAN_COMMIT --eeprom "$BATS_TEST_TMPDIR/ee"
	run --separate-stderr armctl --port "$PORT" push "$BATS_TEST_TMPDIR/new.plan"
	[ "$status" -eq 75 ]
	[[ "$stderr" == *"not committed, the previous plan is kept" ]]
	armctl --port "$PORT" pull "$BATS_TEST_TMPDIR/back.plan"
	cmp "$BATS_TEST_TMPDIR/old.plan" "$BATS_TEST_TMPDIR/back.plan"
}

@test "a commit that never gets through and a robot gone silent: outcome unknown" {
	make_plan new 2
	# the robot hears HELLO (sent twice), PLAN_INFO, BEGIN, every 55-byte
	# chunk and, among them, the 6 DESCRIBE_PAGE requests push checks the
	# plan with (armsim's 11 entries of 14 to 28 bytes, a page holding 48
	# bytes of them: 28+16, 16+19, 25, 25+14, 14+19, 19+19), then
	# nothing: the commit and the second handshake go unanswered
	size=$(stat -c %s "$BATS_TEST_TMPDIR/new.plan")
	start_armsim --stall-after $((4 + 6 + (size + 54) / 55))
	run --separate-stderr armctl --port "$PORT" --timeout 50 --retries 2 \
		push "$BATS_TEST_TMPDIR/new.plan"
	[ "$status" -eq 75 ]
	[[ "$stderr" == *"whether it committed the plan is not known"* ]]
}

@test "20% drop and 20% corruption both ways: the upload completes bit-exact" {
	make_big_plan big 100
	for seed in 1 2; do
		start_armsim --drop 0.2 --corrupt 0.2 --seed "$seed" --baud-sim 115200
		run --separate-stderr armctl --port "$PORT" -v push "$BATS_TEST_TMPDIR/big.plan"
		[ "$status" -eq 0 ] || fail "seed $seed: $stderr"
		# some frames really were lost and resent
		[[ "$stderr" =~ [1-9][0-9]*" resent" ]]
		run armctl --port "$PORT" pull "$BATS_TEST_TMPDIR/back.plan"
		[ "$status" -eq 0 ] || fail "seed $seed pull: $output"
		cmp "$BATS_TEST_TMPDIR/big.plan" "$BATS_TEST_TMPDIR/back.plan"
		stop_armsim
	done
}

@test "every chunk reply lost: the commit's reply answers for them, no timeout" {
	# 80 bytes: HELLO, then one stream of PLAN_INFO, BEGIN, two chunks,
	# the plan check's 6 DESCRIBE_PAGE requests, and the commit; HELLO and
	# the commit go out twice each (2 resent on an idle machine; a loaded
	# one may resend the HELLO once more): the replies to the pages and
	# the commit answer for the chunks', so 12 frames, no timeout.
	make_plan small 1
	[ "$(stat -c %s "$BATS_TEST_TMPDIR/small.plan")" -le 110 ]
	start_armsim --lose-reply PLAN_CHUNK
	run --separate-stderr armctl --port "$PORT" -v push "$BATS_TEST_TMPDIR/small.plan"
	[ "$status" -eq 0 ] || fail "$stderr"
	[[ "$stderr" =~ ([0-9]+)" frames sent, "([0-9]+)" resent, 0 NAKs, 0 timeouts" ]] ||
		fail "$stderr"
	[ $((BASH_REMATCH[1] - BASH_REMATCH[2])) -eq 12 ] || fail "$stderr"
	[ "${BASH_REMATCH[2]}" -ge 2 ] || fail "$stderr"
	armctl --port "$PORT" pull "$BATS_TEST_TMPDIR/back.plan"
	cmp "$BATS_TEST_TMPDIR/small.plan" "$BATS_TEST_TMPDIR/back.plan"
}

@test "--lose-request takes a protocol name, not HELLO" {
	run --separate-stderr armsim --lose-request HELLO
	[ "$status" -eq 2 ]
	[[ "$stderr" == "armsim: --lose-request HELLO: want a request type such as PLAN_COMMIT"* ]]
	run --separate-stderr armsim --lose-reply NOSUCH
	[ "$status" -eq 2 ]
}
