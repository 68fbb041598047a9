#!/usr/bin/env bash
# Builds one bundled word list from a Debian Hunspell package; the
# build-XX.sh scripts call it with their language's package and filters.
#
#   build-hunspell.sh CODE PACKAGE VERSION DIC LICENCE [ARGUMENT ...]
#
# Downloads PACKAGE=VERSION, expands the Hunspell dictionary DIC (.dic and
# .aff) into its word forms with hunspell_words.py (PyPI `spylls` 0.1.7 in
# a temporary virtual environment; the filters are written down there),
# passing it the ARGUMENTs, and writes dictionaries/CODE.txt.gz (gzip -9,
# code-point order) and the package's copyright file as
# dictionaries/LICENCE. Then compiles the bundled lists (compile.sh)
# unless NO_COMPILE is set. Needs apt-get, dpkg-deb, python3 with venv and
# gzip.
set -euo pipefail

code="$1" package="$2" version="$3" dic="$4" licence="$5"
shift 5
here="$(cd "$(dirname "$0")" && pwd)"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

cd "$work"
apt-get download "$package=$version"
dpkg-deb -x "$package"_*_all.deb root
python3 -m venv venv
venv/bin/pip install --quiet "spylls==0.1.7"

venv/bin/python "$here/hunspell_words.py" "root/usr/share/hunspell/$dic" "$@" > words.txt
gzip -9 -n < words.txt > "$here/$code.txt.gz"
cp "root/usr/share/doc/$package/copyright" "$here/$licence"
echo "wrote $(wc -l < words.txt) words to $here/$code.txt.gz"

if [ -z "${NO_COMPILE:-}" ]; then
    "$here/compile.sh"
fi
