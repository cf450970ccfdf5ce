#!/bin/sh
# run.sh - run a fuzz target built by build.sh over a seed corpus of the
# project's corpus/ and a sample of ../shared/corpus (see doc/fuzzing.md).
#
#   tests/fuzz/run.sh [BUILDDIR] [libFuzzer options...]
#
# SGFKIT_FUZZ_TARGET picks the target: fuzz_read (default) or fuzz_inputs.
# Seeds are made in BUILDDIR/seeds-TARGET: symbolic links for files (the
# real corpus is never copied), and for fuzz_inputs small gzip, zip and tar
# files packed from corpus/.  New inputs go to BUILDDIR/corpus-TARGET,
# crashes to BUILDDIR/artifacts.  Examples:
#   tests/fuzz/run.sh /tmp/sgfkit-fuzz -max_total_time=600 -max_len=4096
#   tests/fuzz/run.sh /tmp/sgfkit-fuzz -fork=2 -ignore_crashes=1 \
#       -max_total_time=900 -timeout=5 -rss_limit_mb=512
set -eu

src=$(cd "$(dirname "$0")/../.." && pwd)
out=${1:-/tmp/sgfkit-fuzz}
[ $# -gt 0 ] && shift
target=${SGFKIT_FUZZ_TARGET:-fuzz_read}
shared=${SGFKIT_CORPUS:-$src/../shared/corpus}
# every Nth file of the real corpus (default: about 1,500 of 18,700)
every=${SGFKIT_FUZZ_EVERY:-12}
seeds=$out/seeds-$target

if [ ! -d "$seeds" ]; then
    mkdir -p "$seeds"
    i=0
    find "$src/corpus" -name '*.sgf' | sort | while read -r f; do
        i=$((i + 1))
        ln -s "$f" "$seeds/p$i.sgf"
    done
    if [ "$target" = fuzz_inputs ]; then
        # containers of a few records each, and the small real archives
        python3 - "$src/corpus" "$seeds" <<'PY'
import gzip, io, os, sys, tarfile, zipfile, bz2
corpus, seeds = sys.argv[1], sys.argv[2]
files = sorted(os.path.join(d, f) for d, _, fs in os.walk(corpus)
               for f in fs if f.endswith('.sgf'))[:6]
data = [(os.path.basename(f), open(f, 'rb').read()) for f in files]
one = data[0][1]
open(os.path.join(seeds, 'one.sgf.gz'), 'wb').write(gzip.compress(one))
open(os.path.join(seeds, 'two.gz'), 'wb').write(
    gzip.compress(one) + gzip.compress(data[1][1]))
open(os.path.join(seeds, 'one.bz2'), 'wb').write(bz2.compress(one))
for name, mode in (('t.tar', 'w'), ('t.tar.gz', 'w:gz'), ('t.tar.bz2', 'w:bz2')):
    with tarfile.open(os.path.join(seeds, name), mode) as t:
        for n, d in data[:3]:
            info = tarfile.TarInfo('dir/' + n)
            info.size = len(d)
            t.addfile(info, io.BytesIO(d))
for name, comp in (('t.zip', zipfile.ZIP_DEFLATED), ('s.zip', zipfile.ZIP_STORED)):
    with zipfile.ZipFile(os.path.join(seeds, name), 'w', comp) as z:
        for n, d in data[:3]:
            z.writestr('dir/' + n, d)
PY
        if [ -d "$shared" ]; then
            find "$shared" -type f -size -64k \
                \( -name '*.gz' -o -name '*.tgz' -o -name '*.zip' \) |
                sort | while read -r f; do
                i=$((i + 1))
                ln -s "$f" "$seeds/a$i.${f##*.}"
            done
        fi
    elif [ -d "$shared" ]; then
        find "$shared" -type f -size -200k \
            \( -iname '*.sgf' -o -iname '*.sgfs' -o -name '*.txt' \) |
            sort | awk -v n="$every" 'NR % n == 1' | while read -r f; do
            i=$((i + 1))
            ln -s "$f" "$seeds/r$i.sgf"
        done
    fi
fi
mkdir -p "$out/corpus-$target" "$out/artifacts"
cd "$out"
exec "./$target" -dict="$src/tests/fuzz/sgf.dict" \
    -artifact_prefix="$out/artifacts/" "$@" "$out/corpus-$target" "$seeds"
