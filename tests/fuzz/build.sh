#!/bin/sh
# build.sh - build the libFuzzer targets of tests/fuzz with clang (see
# doc/fuzzing.md): fuzz_read (the reader, the writer's round trip) and
# fuzz_inputs (files: gzip, archives).  Not part of make check.
#
#   tests/fuzz/build.sh [BUILDDIR]      (default: /tmp/sgfkit-fuzz)
#
# configure runs once in BUILDDIR/cfg, only for config.h; the library and
# the target are then compiled together with coverage instrumentation,
# AddressSanitizer (with leak checks) and UndefinedBehaviorSanitizer.
# The reader's chunk is made tiny (SGF_READER_CHUNK) so that the
# chunk/restart protocol runs inside inputs of a few hundred bytes.
set -eu

src=$(cd "$(dirname "$0")/../.." && pwd)
out=${1:-/tmp/sgfkit-fuzz}
CC=${CC:-clang}

mkdir -p "$out/cfg"
if [ ! -f "$out/cfg/config.h" ]; then
    (cd "$out/cfg" && "$src/configure" CC="$CC" >configure.log 2>&1) || {
        echo "build.sh: configure failed, see $out/cfg/configure.log" >&2
        exit 1
    }
fi

CFLAGS="-std=c11 -g -O1 -fno-omit-frame-pointer \
 -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=undefined \
 -Wall -Wextra -Wshadow -Wstrict-prototypes -Wmissing-prototypes -Wvla \
 -DSGF_READER_CHUNK=64"
PKGS="zlib libarchive uchardet"
libs="$(pkg-config --libs $PKGS)"
cflags="$(pkg-config --cflags $PKGS)"

# shellcheck disable=SC2086
$CC $CFLAGS $cflags -include "$out/cfg/config.h" -I"$src/lib" \
    "$src"/lib/*.c "$src/tests/unit/treecmp.c" "$src/tests/fuzz/fuzz_read.c" \
    $libs -o "$out/fuzz_read"
echo "built $out/fuzz_read"
# shellcheck disable=SC2086
$CC $CFLAGS $cflags -include "$out/cfg/config.h" -I"$src/lib" \
    "$src"/lib/*.c "$src/tests/fuzz/fuzz_inputs.c" \
    $libs -o "$out/fuzz_inputs"
echo "built $out/fuzz_inputs"
