#!/bin/sh
# Stands in for isohost-worker: announces a 1 GiB frame on fd 3.
printf '\000\000\000\100' >&3
sleep 5
