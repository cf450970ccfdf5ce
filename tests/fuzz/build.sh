#!/bin/sh
# build.sh - build the libFuzzer targets of tests/fuzz with clang (see
# doc/fuzzing.md): fuzz_read (the reader, the writer's round trip),
# fuzz_inputs (files: gzip, archives), fuzz_gameinfo (RE, KM, DT, RU),
# fuzz_replay (legality), fuzz_score (scorer, diagrams), fuzz_xml and
# fuzz_json (readers and round trips).  Not part of make check.
#
#   tests/fuzz/build.sh [BUILDDIR] [TARGET...]   (default: /tmp/sgfkit-fuzz,
#                                                 every target)
#
# configure runs in BUILDDIR/cfg (again when configure is newer), only for
# config.h and what it links; the library (once) and each target are then
# compiled with coverage instrumentation, AddressSanitizer (with leak
# checks) and UndefinedBehaviorSanitizer.
# The reader's chunk is made tiny (SGF_READER_CHUNK) so that the
# chunk/restart protocol runs inside inputs of a few hundred bytes.
set -eu

src=$(cd "$(dirname "$0")/../.." && pwd)
out=${1:-/tmp/sgfkit-fuzz}
[ $# -gt 0 ] && shift
targets=${*:-fuzz_read fuzz_inputs fuzz_gameinfo fuzz_replay fuzz_score fuzz_xml fuzz_json}
CC=${CC:-clang}

mkdir -p "$out/cfg"
if [ ! -f "$out/cfg/config.h" ] || [ "$src/configure" -nt "$out/cfg/config.h" ]; then
    (cd "$out/cfg" && "$src/configure" CC="$CC" >configure.log 2>&1) || {
        echo "build.sh: configure failed, see $out/cfg/configure.log" >&2
        exit 1
    }
fi

CFLAGS="-std=c11 -g -O1 -fno-omit-frame-pointer \
 -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=undefined \
 -Wall -Wextra -Wshadow -Wstrict-prototypes -Wmissing-prototypes -Wvla \
 -DSGF_READER_CHUNK=64"
PKGS="zlib libarchive uchardet libxml-2.0"
cflags="$(pkg-config --cflags $PKGS)"
# the four libraries, and what configure added (iconv, threads)
linked=$(sed -n -e 's/^LIBS = //p' "$out/cfg/Makefile" | tr '\n' ' ')
libs="$(pkg-config --libs $PKGS) $linked"

# The library is compiled once, into BUILDDIR/obj, with the targets' flags,
# JOBS files at a time (SGFKIT_FUZZ_JOBS, default: the number of cores):
# the folder is emptied first, so that no object is stale or was built
# without the fuzzer's instrumentation.  Then each target is compiled and
# linked with those objects, JOBS at a time.
# From the source folder, with its paths relative: the sanitizers keep the
# names of the sources in the program's data, and a binary that does not
# depend on where the clone is explores the same way from every clone
# (.ci/run's fuzz step; doc/fuzzing.md, "In CI")
out=$(cd "$out" && pwd)
cd "$src"
jobs=${SGFKIT_FUZZ_JOBS:-$(nproc 2>/dev/null || echo 1)}
rm -rf "$out/obj"
mkdir -p "$out/obj"
export CC CFLAGS cflags libs out
# shellcheck disable=SC2016 # expanded by the sh of each job
printf '%s\n' lib/*.c lib/*/*.c | xargs -P "$jobs" -n 1 sh -c '
    o=$out/obj/$(printf %s "${1%.c}" | tr / _).o
    $CC $CFLAGS $cflags -include "$out/cfg/config.h" -Ilib -c "$1" -o "$o"' sh
# shellcheck disable=SC2016
printf '%s\n' $targets | xargs -P "$jobs" -n 1 sh -c '
    extra=
    [ "$1" = fuzz_read ] && extra=tests/unit/treecmp.c
    $CC $CFLAGS $cflags -include "$out/cfg/config.h" -Ilib \
        $extra "tests/fuzz/$1.c" "$out"/obj/*.o $libs -lm -o "$out/$1" &&
    echo "built $out/$1"' sh
