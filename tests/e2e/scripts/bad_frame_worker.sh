#!/bin/sh
# Stands in for isohost-worker: says nothing valid on fd 3, only garbage.
printf 'some native output before the bad frame\n' >&2
printf '\005\000\000\000\377\377\377\377\377' >&3
sleep 5
