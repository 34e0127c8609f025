#!/bin/sh
# Stands in for an isohost-worker that cannot start (a library missing, say):
# it says why on stderr and exits, as a zygote or as a worker.
echo "isohost-worker: cannot load libnode.so.108" >&2
exit 127
