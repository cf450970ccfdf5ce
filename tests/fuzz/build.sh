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
# config.h and what it links; the library and the target are then compiled
# together with coverage instrumentation, AddressSanitizer (with leak
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

# the library is compiled once per target (about 25 s each), so that no
# object can be built without the fuzzer's instrumentation by mistake
# from the source folder, with its paths relative: the sanitizers keep the
# names of the sources in the program's data, and a binary that does not
# depend on where the clone is explores the same way from every clone
# (.ci/run's fuzz step; doc/fuzzing.md, "In CI")
out=$(cd "$out" && pwd)
cd "$src"
for t in $targets; do
    extra=
    [ "$t" = fuzz_read ] && extra="tests/unit/treecmp.c"
    # shellcheck disable=SC2086
    $CC $CFLAGS $cflags -include "$out/cfg/config.h" -Ilib \
        lib/*.c lib/*/*.c $extra "tests/fuzz/$t.c" \
        $libs -lm -o "$out/$t"
    echo "built $out/$t"
done
