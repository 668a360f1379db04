#!/usr/bin/env bats
# plancc and plans drawn in Dia by hand (issue 18): the example diagram is
# the plan its YAML twin and the bumper .inst describe, and a misspelt
# attribute or stereotype is an error that names the word meant.

load lib/helper
bats_require_minimum_version 1.5.0

EXAMPLES=$BATS_TEST_DIRNAME/../examples

setup() {
	cd "$BATS_TEST_TMPDIR"
}

# examples/bumper.dia written out as YAML by hand, class by class in the
# diagram's order, so that the elements get the same ids (both formats
# number elements in document order) and the records the same order.
bumper_yaml() {
	cat <<-'EOF'
	senses: {Bump: 1, Range: 2, Battery: 3, Docked: 4}
	actions: {Forward: 1, Turn: 2, Stop: 3, Beep: 4, SeekDock: 5}
	drives:
	  Avoid: {priority: 200, when: Bump == 1, hysteresis: 0, do: BackOff}
	  Recharge:
	    priority: 50
	    when: Battery < 20
	    hysteresis: 10
	    flex: 10
	    ramp_increment: 5
	    ramp_interval: 1
	    do: GoHome
	  Wander: {priority: 100, when: always, hysteresis: 0, do: Explore}
	patterns:
	  BackOff:
	    steps:
	      - {name: BackOff1, do: Halt, order: 1}
	      - {name: BackOff2, do: Reverse, order: 2}
	      - {name: BackOff3, do: TurnRound, order: 3}
	competences:
	  GoHome:
	    mode: or
	    elements:
	      AtDock: {priority: 2, when: Docked == 1, hysteresis: 0, do: Chirp}
	      Seek: {priority: 1, when: always, hysteresis: 0, do: FindDock}
	  Explore:
	    mode: or
	    elements:
	      Clear: {priority: 2, when: Range > 50, hysteresis: 0, do: GoForward}
	      Blocked: {priority: 1, when: always, hysteresis: 0, do: TurnALittle}
	acts:
	  GoForward: Forward 100
	  Halt: Stop 0
	  Reverse: Forward -50
	  TurnRound: Turn 180
	  TurnALittle: Turn 45
	  FindDock: SeekDock 0
	  Chirp: Beep 2
	EOF
}

@test "examples/bumper.dia is gzip XML, as Dia saves it" {
	[ "$(od -An -tx1 -N2 "$EXAMPLES/bumper.dia" | tr -d ' ')" = 1f8b ]
	gzip -dc "$EXAMPLES/bumper.dia" | head -2 | grep -q '<dia:diagram xmlns:dia="http://www.lysator.liu.se/~alla/dia/">'
}

@test "examples/bumper.dia compiles, without a warning, to the bytes of its YAML twin" {
	run --separate-stderr plancc "$EXAMPLES/bumper.dia" -o dia.plan
	assert_success
	[ -z "$stderr" ]
	bumper_yaml > bumper.yaml
	plancc bumper.yaml -o yaml.plan
	cmp dia.plan yaml.plan
	# 20 elements: AP APE C CE D A = 1 3 2 4 3 7, as bumper.inst declares
	[ "$(plancc -d dia.plan --stats -o /dev/null |
	    awk '$1 ~ /^(AP|APE|C|CE|D|A)$/ { printf "%s%s", s, $2; s = " " }')" = "1 3 2 4 3 7" ]
}

@test "examples/bumper.dia runs like examples/planrun/bumper.inst" {
	# the ids differ (the .inst chose its own), the behaviour must not
	plancc "$EXAMPLES/bumper.dia" -o dia.plan
	plancc "$EXAMPLES/planrun/bumper.inst" -o inst.plan
	senses=$EXAMPLES/planrun/bumper.senses.csv
	planrun dia.plan --senses "$senses" -o dia.csv
	planrun inst.plan --senses "$senses" -o inst.csv
	cmp dia.csv inst.csv
	[ "$(wc -l < dia.csv)" -gt 10 ]
}

# The rough edge of issue 18: "Compare" for "Comparator" was a warning, and
# the drive kept the exporter's default GT: Front < 150 became Front > 150.
@test "Dia: a misspelt attribute is an error that names the right one" {
	gzip -dc "$EXAMPLES/bumper.dia" |
	    sed 's/#Comparator#/#Compare#/' > typo.dia
	run --separate-stderr plancc typo.dia -o typo.plan
	[ "$status" -eq 65 ]
	[ ! -e typo.plan ]
	# the example's drives and elements with a Comparator, in order:
	# Avoid (O9), Recharge (O10), Wander (O11), AtDock, Seek, Clear, Blocked
	[ "${#stderr_lines[@]}" -eq 7 ]
	[ "${stderr_lines[0]}" = "plancc: typo.dia: error: object O9: drive 'Avoid': unknown attribute 'Compare'; did you mean 'Comparator'?" ]
	for l in "${stderr_lines[@]}"; do
		[[ $l == *"unknown attribute 'Compare'; did you mean 'Comparator'?" ]]
	done
}

@test "Dia: a misspelt stereotype is an error that names the right one" {
	gzip -dc "$EXAMPLES/bumper.dia" |
	    sed 's/#ActionPattern#/#ActionPatern#/' > typo.dia
	run --separate-stderr plancc typo.dia -o typo.plan
	[ "$status" -eq 65 ]
	[ "${stderr_lines[0]}" = "plancc: typo.dia: error: object O12: class 'BackOff': unknown stereotype 'ActionPatern'; did you mean 'ActionPattern'?" ]
	[ ! -e typo.plan ]
}
