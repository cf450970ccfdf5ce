#!/bin/sh
# killtest.sh - crash safety of sgfconvert's outputs (issue 7, "no data
# lost"): SIGKILL at random moments must leave every output either as it
# was before the run (absent, or the old file) or complete, and never
# touch an input.
#
#   tests/tool/killtest.sh [BINDIR] [ROUNDS]   (default: $SGFKIT_BIN or
#                                               ./bin; 30 rounds)
#
# Five thousand generated games in 40 files are converted by reference runs
# first; then each round starts one of
#   sgfconvert -o out.sgf IN/     (over an old out.sgf, or where none was)
#   sgfconvert -o out.zip IN/     (likewise)
#   sgfconvert -o out.sgf.gz IN/  (likewise)
#   sgfconvert --split -o split TREE/  (a new folder, or one holding a
#                                    file of the user's; TREE holds f00-f03
#                                    in two folders under the same names,
#                                    and f04 in a zip: the files go into
#                                    folders, kgs/f00-1.sgf, db.zip/x/...)
#   sgfconvert --in-place [--backup] IN/*.sgf  (without backups, with none
#                                    there yet, or a second run over the
#                                    first one's output and backups)
# and kills it with SIGKILL after a random delay between 0 and 0.9 times
# the reference run's duration (so some rounds finish).  After each kill:
# - the output is absent or the old bytes when it was absent or old before,
#   else exactly the reference output (for the zip: the same members with
#   the same bytes; the zip's timestamps may differ; for the gzip: the
#   same bytes once decompressed);
# - each file of the split folder, at any depth, is complete (the
#   reference's at the same path), the user's file is untouched, and when
#   manifest.jsonl is there (it is written last) every file of the
#   reference is: a folder with its manifest is a finished run;
# - with --in-place every input is its old bytes or its complete new form,
#   FILE.bak, when there, is the complete original file, and on a second
#   run FILE.bak.1, when there, is the first run's file;
# - the output's folder holds nothing else but temporaries named as
#   bin/cli/output.c makes them, .NAME.XXXXXX (NAME the final name; a SIGKILL
#   cannot be caught, so one may be left behind: counted, never the final
#   name, removed before the next round);
# - the inputs of the -o runs are byte for byte what they were.
# Prints one line per failure and "N passed, N failed"; exit 1 on failure.
set -u

bin=${1:-${SGFKIT_BIN:-./bin}}
rounds=${2:-30}
bin=$(cd "$bin" && pwd) || exit 2
conv=$bin/sgfconvert
[ -x "$conv" ] || { echo "killtest.sh: no $conv" >&2; exit 2; }

tmp=$(mktemp -d "${TMPDIR:-/tmp}/sgfkit-kill.XXXXXX") || exit 2
trap 'rm -rf "$tmp"' EXIT INT TERM
cd "$tmp" || exit 2
passed=0
failed=0
stale=0
finished=0

python3 - <<'PY' || exit 2
import os, random
random.seed(7)
L = 'abcdefghijklmnopqrs'
os.mkdir('pristine')
for f in range(40):
    with open('pristine/f%02d.sgf' % f, 'w') as out:
        for g in range(125):
            moves = ''.join(';%s[%s%s]' % ('BW'[i % 2], random.choice(L),
                                           random.choice(L))
                            for i in range(random.randint(50, 250)))
            # not canonical on purpose (FF[3], spacing, no CA), so that
            # --in-place changes every file
            out.write('(;GM[1]FF[3]SZ[19]PB[Black %d]PW[White %d]KM[6.5]\n'
                      'C[game %d of file %d]%s)\n\n' % (g, f, g, f, moves))
PY
cp -r pristine in
# the --split input: folders that share names, and an archive
mkdir -p tree/kgs tree/ogs
cp pristine/f00.sgf pristine/f01.sgf tree/kgs/
cp pristine/f02.sgf tree/ogs/f00.sgf
cp pristine/f03.sgf tree/ogs/f01.sgf
python3 -c "
import zipfile
with zipfile.ZipFile('tree/db.zip', 'w') as z:
    z.write('pristine/f04.sgf', 'x/f04.sgf')" || exit 2
sum_inputs() { cat in/*.sgf tree/*/*.sgf tree/db.zip | cksum; }
in_sum=$(sum_inputs)
printf '(;GM[1]C[the old output])\n' >old.sgf
python3 -c "
import zipfile
with zipfile.ZipFile('old.zip', 'w') as z:
    z.writestr('old.sgf', '(;GM[1]C[the old output])\n')"

opts="--progress=never -q -j2"
ms() { date +%s%N | cut -c1-13; }

# reference runs, timed
mkdir -p ref
t0=$(ms)
"$conv" $opts -o ref/out.sgf in || exit 2
t_sgf=$(($(ms) - t0))
t0=$(ms)
"$conv" $opts -o ref/out.zip in || exit 2
t_zip=$(($(ms) - t0))
t0=$(ms)
"$conv" $opts -o ref/out.sgf.gz in || exit 2
t_gz=$(($(ms) - t0))
gzip -dc ref/out.sgf.gz | cmp -s - ref/out.sgf ||
    { echo "killtest.sh: the gzip output is not the SGF output" >&2; exit 2; }
t0=$(ms)
"$conv" $opts --split -o ref/split tree || exit 2
for f in ref/split/kgs/f00-1.sgf ref/split/ogs/f00-1.sgf ref/split/db.zip/x/f04-1.sgf; do
    [ -f $f ] || { echo "killtest.sh: --split made no $f" >&2; exit 2; }
done
ref_split=$(cd ref/split && find . -type f | sort)
t_split=$(($(ms) - t0))
cp -r pristine ref/inplace
t0=$(ms)
"$conv" $opts --in-place ref/inplace/*.sgf || exit 2
t_inp=$(($(ms) - t0))
cmp -s ref/inplace/f00.sgf pristine/f00.sgf &&
    { echo "killtest.sh: --in-place changed nothing" >&2; exit 2; }
# what a second run writes over the first one's output
cp -r ref/inplace ref/inplace2
"$conv" $opts --in-place ref/inplace2/*.sgf || exit 2
echo "killtest.sh: reference runs: -o out.sgf ${t_sgf} ms, -o out.zip" \
     "${t_zip} ms, -o out.sgf.gz ${t_gz} ms, --split ${t_split} ms," \
     "--in-place ${t_inp} ms"

zip_members() {   # the members and their bytes, without timestamps
    python3 - "$1" <<'PY'
import hashlib, sys, zipfile
try:
    z = zipfile.ZipFile(sys.argv[1])
    for i in z.infolist():
        print(i.filename, hashlib.sha1(z.read(i)).hexdigest())
except Exception as e:
    print('unreadable:', e)
PY
}
ref_zip=$(zip_members ref/out.zip)

fail() {
    failed=$((failed + 1))
    echo "FAIL round $round ($mode, killed after $delay ms): $*"
}

# Everything in folder $1 but the final name $2 and the files named in $3
# must be a temporary .$2.XXXXXX; those are counted and removed.
only_temps() {
    for f in "$1"/.[!.]* "$1"/*; do
        [ -e "$f" ] || [ -L "$f" ] || continue
        b=${f##*/}
        case " $2 $3 " in *" $b "*) continue ;; esac
        case $b in
        ".$2".??????) stale=$((stale + 1)); rm -f "$f" ;;
        *.sgf.??????) ;;   # checked by the caller (in-place)
        *) echo "$b" ;;
        esac
    done
}

round=0
while [ $round -lt "$rounds" ]; do
    round=$((round + 1))
    mode=$((round % 5))
    with_old=$((round / 5 % 2))
    case $mode in
    0) mode=sgf; t=$t_sgf ;;
    1) mode=zip; t=$t_zip ;;
    2) mode=in-place; t=$t_inp; with_old=$((round / 5 % 3)) ;;
    3) mode=gz; t=$t_gz ;;
    4) mode=split; t=$t_split ;;
    esac
    delay=$(awk -v s="$round$$" -v t="$t" 'BEGIN { srand(s); printf "%d", rand() * t * 0.9 }')
    rm -rf out
    mkdir out
    case $mode in
    sgf|zip)
        [ $with_old = 1 ] && cp "old.$mode" "out/out.$mode"
        "$conv" $opts -o "out/out.$mode" in &
        ;;
    gz)
        [ $with_old = 1 ] && gzip -c old.sgf >out/out.sgf.gz
        "$conv" $opts -o out/out.sgf.gz in &
        ;;
    split)
        if [ $with_old = 1 ]; then
            mkdir out/split
            cp old.sgf out/split/old.sgf
        fi
        "$conv" $opts --split -o out/split tree &
        ;;
    in-place)
        # with_old: 0 no --backup, 1 --backup, 2 --backup over a first
        # --backup run's output and backups
        rm -rf in
        cp -r pristine in
        backup=
        [ $with_old -ge 1 ] && backup=--backup
        if [ $with_old = 2 ]; then
            for p in pristine/*.sgf; do
                cp "$p" "in/${p##*/}.bak"
                cp "ref/inplace/${p##*/}" "in/${p##*/}"
            done
        fi
        "$conv" $opts --in-place $backup in/*.sgf &
        ;;
    esac
    pid=$!
    sleep "$(awk -v d="$delay" 'BEGIN { printf "%.3f", d / 1000 }')"
    if kill -KILL "$pid" 2>/dev/null; then :; else finished=$((finished + 1)); fi
    wait "$pid" 2>/dev/null
    before=$failed

    case $mode in
    sgf)
        f=out/out.sgf
        if [ ! -e $f ]; then
            [ $with_old = 1 ] && fail "the old out.sgf is gone"
        elif cmp -s $f old.sgf; then
            [ $with_old = 1 ] || fail "out.sgf holds old bytes it never had"
        elif ! cmp -s $f ref/out.sgf; then
            fail "out.sgf is neither the old file nor complete ($(wc -c <$f) bytes)"
        fi
        extra=$(only_temps out out.sgf "")
        [ -z "$extra" ] || fail "left in the output folder: $extra"
        [ "$(sum_inputs)" = "$in_sum" ] || fail "an input changed"
        ;;
    zip)
        f=out/out.zip
        if [ -e $f ]; then
            got=$(zip_members $f)
            if [ "$got" != "$ref_zip" ]; then
                if [ $with_old = 0 ] || [ "$got" != "$(zip_members old.zip)" ]; then
                    fail "out.zip is neither the old file nor complete"
                fi
            fi
        elif [ $with_old = 1 ]; then
            fail "the old out.zip is gone"
        fi
        extra=$(only_temps out out.zip "")
        [ -z "$extra" ] || fail "left in the output folder: $extra"
        [ "$(sum_inputs)" = "$in_sum" ] || fail "an input changed"
        ;;
    gz)
        f=out/out.sgf.gz
        if [ ! -e $f ]; then
            [ $with_old = 1 ] && fail "the old out.sgf.gz is gone"
        elif gzip -dc $f 2>/dev/null | cmp -s - old.sgf; then
            [ $with_old = 1 ] || fail "out.sgf.gz holds old bytes it never had"
        elif ! gzip -dc $f 2>/dev/null | cmp -s - ref/out.sgf; then
            fail "out.sgf.gz is neither the old file nor complete ($(wc -c <$f) bytes)"
        fi
        extra=$(only_temps out out.sgf.gz "")
        [ -z "$extra" ] || fail "left in the output folder: $extra"
        [ "$(sum_inputs)" = "$in_sum" ] || fail "an input changed"
        ;;
    split)
        if [ $with_old = 1 ] && ! cmp -s out/split/old.sgf old.sgf; then
            fail "the user's file in the split folder changed"
        fi
        # every file at any depth: a stale temporary .NAME.XXXXXX, the
        # user's old.sgf, or a complete file of the reference
        got=$(cd out/split 2>/dev/null && find . -type f | sort)
        for f in $got; do
            b=${f##*/}
            case $b in
            .*.??????) stale=$((stale + 1)); rm -f "out/split/$f"; continue ;;
            esac
            case $f in
            ./old.sgf) [ $with_old = 1 ] || fail "split: old.sgf from nowhere" ;;
            *) cmp -s "out/split/$f" "ref/split/$f" ||
                   fail "split: $f is not complete" ;;
            esac
        done
        if [ -f out/split/manifest.jsonl ]; then
            got=$(cd out/split && find . -type f ! -name old.sgf | sort)
            [ "$got" = "$ref_split" ] ||
                fail "split: manifest.jsonl there, but not every file"
        fi
        extra=$(only_temps out split "")
        [ -z "$extra" ] || fail "left in the output folder: $extra"
        [ "$(sum_inputs)" = "$in_sum" ] || fail "an input changed"
        ;;
    in-place)
        for p in pristine/*.sgf; do
            b=${p##*/}
            if [ $with_old = 2 ]; then
                # the second run: from the first run's file to its own
                if ! cmp -s "in/$b" "ref/inplace/$b" &&
                   ! cmp -s "in/$b" "ref/inplace2/$b"; then
                    fail "in/$b is neither old nor complete (second run)"
                fi
                if [ -e "in/$b.bak.1" ] && ! cmp -s "in/$b.bak.1" "ref/inplace/$b"; then
                    fail "in/$b.bak.1 is not the first run's file"
                fi
                [ -e "in/$b.bak" ] || fail "in/$b.bak is gone"
            elif ! cmp -s "in/$b" "$p" && ! cmp -s "in/$b" "ref/inplace/$b"; then
                fail "in/$b is neither old nor complete"
            fi
            if [ -e "in/$b.bak" ] && ! cmp -s "in/$b.bak" "$p"; then
                fail "in/$b.bak is not the original file"
            fi
            [ -z "$backup" ] && [ -e "in/$b.bak" ] && fail "a .bak without --backup"
            for tf in in/."$b".??????; do
                [ -e "$tf" ] || continue
                stale=$((stale + 1))
                rm -f "$tf"
            done
        done
        for f in in/* in/.[!.]*; do
            [ -e "$f" ] || continue
            b=${f##*/}
            case $b in
            f[0-9][0-9].sgf|f[0-9][0-9].sgf.bak) ;;
            f[0-9][0-9].sgf.bak.1) [ $with_old = 2 ] ||
                                   fail "a numbered backup on a first run: $b" ;;
            *) fail "left beside the inputs: $b" ;;
            esac
        done
        # the -o rounds read the old inputs
        rm -rf in
        cp -r pristine in
        ;;
    esac
    [ $failed -eq $before ] && passed=$((passed + 1))
done

echo "killtest.sh: $rounds rounds, $finished finished before the kill," \
     "$stale stale temporaries left by kills (removed)"
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
