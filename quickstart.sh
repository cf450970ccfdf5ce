#!/usr/bin/env bash
# quickstart.sh - from a fresh clone to a checked corpus in one command.
#
#   ./quickstart.sh          set up (dependencies, bootstrap, configure, build),
#                            then run sgfcheck over the bundled corpus/
#   ./quickstart.sh test     the same set-up, then the whole test suite (make check)
#   ./quickstart.sh test --real
#                            ... and the tests over ../shared/corpus (make check-real)
#
# Every step is skipped when it has already been done, so the two commands work
# in either order and a second run only rebuilds what changed.  Nothing reads
# standard input: it runs unattended in CI.
#
# Environment:
#   SGFKIT_BUILD_DIR        build folder (default: build, out of tree)
#   SGFKIT_CONFIGURE_FLAGS  extra ./configure flags, e.g. "--enable-sanitizers";
#                           the build folder is configured again when they change
#   SGFKIT_NO_INSTALL=1     never install packages, only say what is missing
#   SGFKIT_PYTHON_SITE      where the link to the Python module goes (default:
#                           /usr/bin/python3's user site folder; none: nowhere)
set -euo pipefail

# Debian/Ubuntu packages, and what they give, for the manual instructions.
DEB_PACKAGES=(build-essential autoconf automake libtool pkg-config libxml2-dev
              zlib1g-dev libpcre2-dev libarchive-dev libuchardet-dev)
FEDORA_PACKAGES="gcc make autoconf automake libtool pkgconf-pkg-config libxml2-devel zlib-devel pcre2-devel libarchive-devel uchardet-devel"
BREW_PACKAGES="autoconf automake libtool pkg-config libxml2 zlib pcre2 libarchive uchardet"
PC_MODULES=(libxml-2.0 zlib libpcre2-8 libarchive uchardet)

say() { printf '==> %s\n' "$*" >&2; }
die() { printf 'quickstart: %s\n' "$*" >&2; exit 2; }

usage() {
    sed -n '2,/^set -euo/{/^set -euo/d;s/^# \{0,1\}//;p}' "$0"
}

mode=run
real=no
for arg in "$@"; do
    case $arg in
        test|check) mode='test' ;;
        run) mode=run ;;
        --real) real=yes ;;
        -h|--help) usage; exit 0 ;;
        *) usage >&2; die "unknown argument '$arg'" ;;
    esac
done

SRC=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
cd "$SRC"
BUILD=${SGFKIT_BUILD_DIR:-build}
case $BUILD in /*) ;; *) BUILD=$SRC/$BUILD ;; esac
CONFIGURE_FLAGS=${SGFKIT_CONFIGURE_FLAGS:-}
JOBS=$(nproc 2>/dev/null || getconf _NPROCESSORS_ONLN 2>/dev/null || echo 2)

manual_instructions() {
    cat >&2 <<EOF
Install the build dependencies, then run ./quickstart.sh again:
  Debian/Ubuntu:  sudo apt-get install ${DEB_PACKAGES[*]}
  Fedora:         sudo dnf install $FEDORA_PACKAGES
  Homebrew:       brew install $BREW_PACKAGES
                  (and export PKG_CONFIG_PATH="\$(brew --prefix libarchive)/lib/pkgconfig:\$PKG_CONFIG_PATH")
EOF
}

# ---- 1. dependencies --------------------------------------------------------

deb_missing() {
    local p
    for p in "${DEB_PACKAGES[@]}"; do
        dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' ||
            printf '%s ' "$p"
    done
}

# Without dpkg, look for the commands and pkg-config modules themselves.
tools_missing() {
    local t
    for t in cc make autoreconf automake pkg-config; do
        command -v "$t" >/dev/null 2>&1 || printf '%s ' "$t"
    done
    command -v libtoolize >/dev/null 2>&1 || command -v glibtoolize >/dev/null 2>&1 ||
        printf 'libtoolize '
    if command -v pkg-config >/dev/null 2>&1; then
        for t in "${PC_MODULES[@]}"; do
            pkg-config --exists "$t" || printf '%s ' "$t"
        done
    fi
}

install_dependencies() {
    if ! command -v dpkg-query >/dev/null 2>&1; then
        local missing
        missing=$(tools_missing)
        if [ -n "$missing" ]; then
            say "missing: $missing"
            manual_instructions
            exit 1
        fi
        return 0
    fi
    local missing
    missing=$(deb_missing)
    [ -z "$missing" ] && return 0
    say "installing missing packages: $missing"
    local sudo=()   # used as ${sudo[@]+...}: bash < 4.4 calls an empty array unset under set -u
    if [ "$(id -u)" -ne 0 ]; then
        if command -v sudo >/dev/null 2>&1; then
            sudo=(sudo)
        else
            say "not root and no sudo: cannot install packages"
            manual_instructions
            exit 1
        fi
    fi
    # shellcheck disable=SC2086 # the list is words by design
    if [ "${SGFKIT_NO_INSTALL:-0}" = 1 ] || ! command -v apt-get >/dev/null 2>&1 ||
       ! ${sudo[@]+"${sudo[@]}"} env DEBIAN_FRONTEND=noninteractive apt-get update </dev/null ||
       ! ${sudo[@]+"${sudo[@]}"} env DEBIAN_FRONTEND=noninteractive \
             apt-get install -y --no-install-recommends $missing </dev/null; then
        say "could not install the packages automatically"
        manual_instructions
        exit 1
    fi
}

# ---- 2. bootstrap -----------------------------------------------------------

bootstrap() {
    if [ -x configure ] && [ -f Makefile.in ] &&
       ! [ configure.ac -nt configure ] && ! [ Makefile.am -nt Makefile.in ]; then
        return 0
    fi
    say "bootstrapping: autoreconf -fi"
    mkdir -p m4   # git does not keep the empty macro folder; aclocal needs it
    autoreconf -fi
}

# ---- 3. configure -----------------------------------------------------------

configure_build() {
    local stamp=$BUILD/.quickstart-configure-flags changed=no
    if [ -f "$BUILD/config.status" ] && [ -f "$BUILD/Makefile" ]; then
        # A folder configured by hand (no stamp) is taken as it is.
        if [ ! -f "$stamp" ] || [ "$(cat "$stamp")" = "$CONFIGURE_FLAGS" ]; then
            return 0
        fi
        say "configure flags changed: configuring $BUILD again"
        changed=yes
    fi
    if [ -f config.status ]; then
        die "the source folder was configured in place; run 'make distclean' there first"
    fi
    say "configuring in $BUILD${CONFIGURE_FLAGS:+ with $CONFIGURE_FLAGS}"
    mkdir -p "$BUILD"
    # shellcheck disable=SC2086 # flags are words by design
    (cd "$BUILD" && "$SRC/configure" $CONFIGURE_FLAGS </dev/null)
    # Flags such as --enable-sanitizers do not touch config.h, so make would
    # link the old objects with the new flags.
    if [ "$changed" = yes ]; then
        make -C "$BUILD" --no-print-directory clean </dev/null >/dev/null
    fi
    printf '%s' "$CONFIGURE_FLAGS" >"$stamp"
}

# ---- 4. build ---------------------------------------------------------------

build() {
    say "building with make -j$JOBS"
    make -C "$BUILD" --no-print-directory -j"$JOBS" </dev/null
}

# ---- 5. the Python module -------------------------------------------------------
# make built sgfkit for /usr/bin/python3 when python3-dev was there
# (python/python.am); a .pth file in that interpreter's user site folder makes
# it import the module from the build folder, which later builds update.  The
# interpreter is named: another python3 earlier on PATH may lack Debian's
# packages.  A sanitizer build's module needs libasan preloaded: not linked.

PYTHON3=/usr/bin/python3

python_module() {
    if [ ! -f "$BUILD/python/lib/.built" ]; then
        say "python: module sgfkit not built (install python3-dev and python3-setuptools)"
        return 0
    fi
    case $CONFIGURE_FLAGS in
        *--enable-sanitizers*) say "python: sanitizer build: module not linked for $PYTHON3"
                               return 0 ;;
    esac
    local site=${SGFKIT_PYTHON_SITE:-}
    [ -n "$site" ] || site=$("$PYTHON3" -m site --user-site)
    [ "$site" = none ] && return 0
    mkdir -p "$site"
    printf '%s\n' "$BUILD/python/lib" >"$site/sgfkit-build.pth"
    say "python: $PYTHON3 imports sgfkit from $BUILD/python/lib ($site/sgfkit-build.pth)"
}

# ---- the jobs -----------------------------------------------------------------

main_job() {
    say "checking the bundled records: sgfcheck corpus/"
    local rc=0
    "$BUILD/bin/sgfcheck" corpus/ </dev/null || rc=$?
    # corpus/ holds broken records on purpose, so "errors found" (1) is the
    # expected outcome; 2 (unreadable input, usage) or a signal is not.
    case $rc in
        0) say "done: no errors found" ;;
        1) say "done: sgfcheck reported the problems above (corpus/ holds broken records on purpose)" ;;
        *) say "sgfcheck failed with exit status $rc"; exit 1 ;;
    esac
}

test_job() {
    say "running the test suite: make check"
    make -C "$BUILD" --no-print-directory -j"$JOBS" check </dev/null
    if [ "$real" = yes ]; then
        say "running the real-corpus tests: make check-real"
        make -C "$BUILD" --no-print-directory check-real </dev/null
    fi
}

install_dependencies
bootstrap
configure_build
build
python_module
case $mode in
    run) main_job ;;
    test) test_job ;;
esac
