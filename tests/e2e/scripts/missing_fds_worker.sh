#!/bin/sh
# Stands in for isohost-worker: its first frame (a Hello) says that two
# SharedArrayBuffers came with it (Envelope shared_buffers = 2), and none did.
printf '\007\000\000\000\012\002\010\003\340\001\002' >&3
sleep 5
