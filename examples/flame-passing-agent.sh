#!/bin/sh
# flame-passing-agent.sh - a pretend ARNIE for flame-passing.yaml, as a
# planrun --agent co-process: the arm goes where it is moved, the source
# burns at (30,40,20), the splint catches fire there and then travels with
# the arm, the candle lights when the burning splint reaches (-50,50,50).
#
#   planrun flame.plan --agent 'sh examples/flame-passing-agent.sh'
x=0 y=0 z=0 lit=0 candle=0
while read -r what arg; do
	case $what in
	pos)
		echo "$x,$y,$z" ;;
	object)
		case $arg in
		source) echo "30,40,20" ;;
		splint) [ $lit = 1 ] && echo "$x,$y,$z" || echo none ;;
		candle) [ $candle = 1 ] && echo "-50,50,50" || echo none ;;
		*) echo none ;;
		esac ;;
	move)
		IFS=, read -r x y z <<END
$arg
END
		[ "$x,$y,$z" = "30,40,20" ] && lit=1
		[ $lit = 1 ] && [ "$x,$y,$z" = "-50,50,50" ] && candle=1
		echo success ;;
	*)
		echo error ;;
	esac
done
