#!/usr/bin/env bash
# Gradescope setup: runs once, as root, when the autograder image is built.
# The Debian packages are named in one place, the Makefile's setup target.
set -euo pipefail
apt-get update -qq
apt-get install -y -qq --no-install-recommends make
cd /autograder/source
make setup
make all
