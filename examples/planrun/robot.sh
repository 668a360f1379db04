#!/bin/sh
# robot.sh - a pretend robot for planrun --agent: it answers "sense NAME"
# with a number and "act NAME VALUE [check]" with success, fail, running
# or error.  Here: a corridor that ends after 8 moves forward; turning
# clears the way again.
moves=0
while read -r cmd name value more; do
	case $cmd in
	sense)
		case $name in
		Range) echo $(( moves < 8 ? 200 : 20 )) ;;
		Battery) echo 80 ;;
		*) echo 0 ;;
		esac ;;
	act)
		case $name in
		Forward) moves=$((moves + 1)) ;;
		Turn) moves=0 ;;
		esac
		echo success ;;
	esac
done
