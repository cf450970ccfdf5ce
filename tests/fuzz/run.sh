#!/bin/sh
# run.sh - run a fuzz target built by build.sh over a seed corpus of the
# project's corpus/ and a sample of ../shared/corpus (see doc/fuzzing.md).
#
#   tests/fuzz/run.sh [BUILDDIR] [libFuzzer options...]
#
# SGFKIT_FUZZ_TARGET picks the target: fuzz_read (default), fuzz_inputs,
# fuzz_gameinfo, fuzz_replay, fuzz_score, fuzz_xml or fuzz_json.
# Seeds are made in BUILDDIR/seeds-TARGET: symbolic links for files (the
# real corpus is never copied), for fuzz_inputs small gzip, zip and tar
# files packed from corpus/, for fuzz_gameinfo the RE, KM, DT and RU values
# of the records (one small file each), and for fuzz_xml and fuzz_json the
# XML (both forms) and JSON that sgfconvert writes for the records
# (SGFKIT_TOOLS: the folder holding sgfconvert; default BUILDDIR/../bin, as
# make fuzz builds into BUILDDIR = the build folder's fuzz/, then PATH).
# New inputs go to BUILDDIR/corpus-TARGET, crashes to BUILDDIR/artifacts.
# Examples:
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
tools=${SGFKIT_TOOLS:-$out/../bin}
convert=$tools/sgfconvert
[ -x "$convert" ] || convert=$(command -v sgfconvert || true)
case $convert in /* | '') ;; *) convert=$(pwd)/$convert ;; esac

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
# no clock in any header (gzip's MTIME, tar's and zip's dates): the seeds,
# like the runs of .ci/run, are the same every time
def gz(b):
    return gzip.compress(b, mtime=0)
open(os.path.join(seeds, 'one.sgf.gz'), 'wb').write(gz(one))
open(os.path.join(seeds, 'two.gz'), 'wb').write(gz(one) + gz(data[1][1]))
open(os.path.join(seeds, 'one.bz2'), 'wb').write(bz2.compress(one))
tar = io.BytesIO()
with tarfile.open(fileobj=tar, mode='w') as t:
    for n, d in data[:3]:
        info = tarfile.TarInfo('dir/' + n)
        info.size = len(d)
        t.addfile(info, io.BytesIO(d))
for name, pack in (('t.tar', bytes), ('t.tar.gz', gz), ('t.tar.bz2', bz2.compress)):
    open(os.path.join(seeds, name), 'wb').write(pack(tar.getvalue()))
for name, comp in (('t.zip', zipfile.ZIP_DEFLATED), ('s.zip', zipfile.ZIP_STORED)):
    with zipfile.ZipFile(os.path.join(seeds, name), 'w', comp) as z:
        for n, d in data[:3]:
            z.writestr(zipfile.ZipInfo('dir/' + n, (1980, 1, 1, 0, 0, 0)), d,
                       compress_type=comp)
PY
        if [ -d "$shared" ]; then
            find "$shared" -type f -size -64k \
                \( -name '*.gz' -o -name '*.tgz' -o -name '*.zip' \) |
                sort | while read -r f; do
                i=$((i + 1))
                ln -s "$f" "$seeds/a$i.${f##*.}"
            done
        fi
    elif [ "$target" = fuzz_gameinfo ]; then
        # the values alone: the grammars see one value, never a record
        rm -f "$seeds"/p*.sgf
        python3 - "$seeds" "$src/corpus" "$shared" "$every" <<'PY'
import os, re, sys
seeds, roots, every = sys.argv[1], sys.argv[2:4], int(sys.argv[4])
prop = re.compile(rb'(?<![A-Za-z])(RE|KM|DT|RU)\[((?:[^\]\\]|\\.)*)\]')
values, n = set(), 0
for root in roots:
    if not os.path.isdir(root):
        continue
    for d, _, fs in sorted(os.walk(root)):
        for f in sorted(fs):
            if not f.lower().endswith(('.sgf', '.sgfs')):
                continue
            n += 1
            if root != roots[0] and n % every:
                continue
            try:
                data = open(os.path.join(d, f), 'rb').read(200000)
            except OSError:
                continue
            for m in prop.finditer(data):
                values.add(m.group(2)[:200])
for i, v in enumerate(sorted(values)):
    open(os.path.join(seeds, 'v%d' % i), 'wb').write(v)
PY
    elif [ -d "$shared" ]; then
        find "$shared" -type f -size -200k \
            \( -iname '*.sgf' -o -iname '*.sgfs' -o -name '*.txt' \) |
            sort | awk -v n="$every" 'NR % n == 1' | while read -r f; do
            i=$((i + 1))
            ln -s "$f" "$seeds/r$i.sgf"
        done
    fi
    if [ "$target" = fuzz_xml ] || [ "$target" = fuzz_json ]; then
        # what the tools write, one document per game of corpus/ and of a
        # sample of the real one (every 5th linked record), and one per
        # record that holds several games, made here: the repository holds
        # no XML or JSON copies of records
        if [ -z "$convert" ]; then
            echo "run.sh: no sgfconvert (SGFKIT_TOOLS): SGF seeds only" >&2
        else
            n=0
            for f in "$seeds"/*.sgf; do
                n=$((n + 1))
                case $f in */r*.sgf) [ $((n % 5)) -eq 0 ] || continue ;; esac
                echo "${f##*/}"
            done >"$out/seeds-$target.list"
            # from the seeds' folder: JSON names the origin, which must not
            # depend on where the build folder is
            run_convert() {
                (cd "$seeds" && "$convert" -q --progress=never -j1 "$@") \
                    2>/dev/null || true
            }
            # the forms the target reads: a file ending, then sgfconvert's
            # options (commas for spaces)
            if [ "$target" = fuzz_xml ]; then
                forms='go.xml:--to=xml raw.xml:--to=xml,--xml=raw'
            else
                forms='json:--to=json'
            fi
            # convert_forms NAME FILE...: FILE in each form, to NAME.ENDING;
            # a NAME with {game} in it makes a document per game (--split)
            convert_forms() {
                name=$1
                shift
                for form in $forms; do
                    case $name in
                        *'{game}'*) dest="--split=$name.${form%%:*} -o ." ;;
                        *) dest="-o $name.${form%%:*}" ;;
                    esac
                    # shellcheck disable=SC2046,SC2086 # plain words
                    run_convert $(echo "${form#*:}" | tr , ' ') $dest "$@"
                done
            }
            # one sgfconvert per form over them all, a document per game
            # (a run per record took minutes in CI), then a run per record
            # of several games (its manifest line of game 2)
            # shellcheck disable=SC2046 # the list holds plain names
            convert_forms '{name}-{game}' $(cat "$out/seeds-$target.list")
            sed -n 's/.*"origin":"\([^"]*\)","game":2,.*/\1/p' \
                "$seeds/manifest.jsonl" | while read -r f; do
                convert_forms "${f%.sgf}" "$f"
            done
            rm -f "$seeds/manifest.jsonl" "$out/seeds-$target.list"
        fi
    fi
fi
mkdir -p "$out/corpus-$target" "$out/artifacts"
# Paths relative to BUILDDIR, the same wherever it is: the arguments are on
# the stack, whose depth is one of libFuzzer's features, so a run from
# another folder would explore differently (.ci/run wants the same run).
# .ci/run starts two targets at once on one BUILDDIR: a plain cp of the
# second can find the file the first just made and fail (EEXIST), a rename
# replaces it whole
cp "$src/tests/fuzz/sgf.dict" "$out/.sgf.dict.$$"
mv -f "$out/.sgf.dict.$$" "$out/sgf.dict"
cd "$out"
# and so is the environment: nothing in it names a folder
unset PWD OLDPWD SGFKIT_TOOLS SGFKIT_CORPUS
exec "./$target" -dict=sgf.dict -artifact_prefix=artifacts/ "$@" \
    "corpus-$target" "seeds-$target"
