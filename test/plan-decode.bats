#!/usr/bin/env bats
# The validating decoder as the tools meet it (issue 12): a plan whose
# elements form a cycle without the recursion flag, and files too short
# for a header and its CRC, are refused with 65 and the decoder's reason.

load lib/helper
bats_require_minimum_version 1.5.0

setup() {
	cd "$BATS_TEST_TMPDIR"
}

# A plan that recurses: competence 2 runs action 1 or, through CE 4,
# itself.  plancc writes it only with --allow-recursion (flag 0x02).
recursive_plan() {
	cat > rec.inst <<-'EOF'
	PLAN A A 1 10 0
	PLAN A C 2 0
	PLAN A E 3 2 1 1 0 5 2 10 1 0
	PLAN A E 4 2 2 2 0 5 2 10 1 0
	PLAN A D 5 2 1 0 5 2 0 1 0 0 0 0
	EOF
	plancc --allow-recursion rec.inst -o "$1"
}

@test "a cycle without the recursion flag is refused (planrun, plancc -d: 65)" {
	recursive_plan rec.plan
	[ "$(plan_flags rec.plan)" = 02 ]
	run --separate-stderr plancc -d rec.plan
	assert_success
	# the same bytes with the flag cleared and the CRC made right again
	cp rec.plan cyc.plan
	plan_set_flags cyc.plan 00
	plan_reseal cyc.plan
	[ "$(plan_flags cyc.plan)" = 00 ]
	cmp -s rec.plan cyc.plan && fail "nothing patched"
	# the competence is the first record (no patterns): header + 0
	run --separate-stderr planrun cyc.plan --cycles 1
	[ "$status" -eq 65 ]
	[ "$output" = "" ]
	[ "$stderr" = "planrun: cyc.plan: error: not a valid plan: a pattern or competence contains itself, and the plan does not allow recursion (competence 0, byte 32)" ]
	run --separate-stderr plancc -d cyc.plan
	[ "$status" -eq 65 ]
	[[ "$stderr" == *"a pattern or competence contains itself, and the plan does not allow recursion"* ]]
}

@test "a cycle no drive reaches is not refused (plancc warns of it)" {
	# competence 6 runs itself but no drive runs it: never executed
	recursive_plan rec.plan
	printf 'PLAN A C 6 0\nPLAN A E 7 6 6 1 0 5 2 10 1 0\n' >> rec.inst
	sed -i 's/^PLAN A E 4 2 2 /PLAN A E 4 2 1 /' rec.inst
	run --separate-stderr plancc rec.inst -o dead.plan
	assert_success
	[ "$(plan_flags dead.plan)" = 00 ]
	run --separate-stderr planrun dead.plan --cycles 1
	assert_success
}

@test "files of 32 to 35 bytes are shorter than a header and its CRC (36)" {
	recursive_plan rec.plan
	for n in 0 20 32 33 34 35; do
		head -c "$n" rec.plan > short.plan
		run --separate-stderr planrun short.plan --cycles 1
		[ "$status" -eq 65 ] || fail "$n bytes: status $status"
		[ "$stderr" = "planrun: short.plan: error: not a valid plan: truncated: shorter than the 36 bytes of a plan header and its CRC (byte $n)" ] ||
		    fail "$n bytes: $stderr"
	done
	# 36 bytes make a header and a CRC: now the length is what is wrong
	head -c 36 rec.plan > short.plan
	run --separate-stderr planrun short.plan --cycles 1
	[ "$status" -eq 65 ]
	[[ "$stderr" == *"length does not match the header"* ]]
}
