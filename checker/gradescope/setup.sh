#!/usr/bin/env bash
# Gradescope setup: runs once, as root, when the autograder image is built.
# The Debian packages are named in one place, the Makefile's setup target.
set -euo pipefail
apt-get update -qq
apt-get install -y -qq --no-install-recommends make
cd /autograder/source
# `make all` installs what grading needs (PACKAGES_CHECK) before building.
# Not `make setup`: that goal adds the tests', book's and figures' packages,
# Chromium among them, which Ubuntu images (Gradescope's) have only as a snap.
make all
