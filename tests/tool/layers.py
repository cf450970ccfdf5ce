#!/usr/bin/env python3
"""layers.py - the module map of lib/README.md, checked against the code.

    layers.py SRCDIR BUILDDIR [--objects DIR]...

Reads the map (the table between the "layers" markers of lib/README.md:
each folder, its layer, and the layers it may use; its exceptions), then:

  1. every #include of every file under lib/ and bin/ names a header of its
     own layer, of a layer it may use, or a public header (lib/sgfkit.h,
     lib/sgfkit_props.h); bin/ may use no other header of lib/.  Includes
     name the layer ("sgf/game.h", "cli/cli.h"), never a neighbour alone;
  2. every symbol an object of the build uses (nm: its undefined symbols)
     is defined by a file of a layer it may use, and a tool uses only the
     public interface of the library;
  3. no two files depend on each other in a loop.  In lib/, a .c and the .h
     of the same name are one module, and a module depends on another when
     it includes its header, uses a symbol its object defines, or when its
     header names such a symbol (so a header declares what its own .c
     defines, not another's).  In bin/, each file is read alone, by
     includes and calls.  Every strongly connected component of more than
     one module is reported, with the includes and symbols that tie it.

The objects are found under BUILDDIR/lib and BUILDDIR/bin (and under each
--objects DIR, which tests/tool/layers.sh uses to plant a loop).  Prints
one line per finding and exits 1 when there is any, else prints what it
checked and exits 0.
"""
import os
import re
import subprocess
import sys

PUBLIC = ('lib/sgfkit.h', 'lib/sgfkit_props.h')
BEGIN, END = '<!-- layers: begin -->', '<!-- layers: end -->'


def fail_usage(msg):
    sys.stderr.write('layers.py: %s\n' % msg)
    sys.exit(2)


def read_map(src):
    """[(folder, layer, {layers it may use})], [(file, module) exceptions]."""
    path = os.path.join(src, 'lib', 'README.md')
    try:
        text = open(path, encoding='utf-8').read()
    except OSError as e:
        fail_usage('cannot read %s: %s' % (path, e))
    if BEGIN not in text or END not in text:
        fail_usage('%s has no "%s" ... "%s" block' % (path, BEGIN, END))
    block = text[text.index(BEGIN) + len(BEGIN):text.index(END)]
    folders, exceptions = [], []
    for line in block.splitlines():
        m = re.match(r'\|\s*`([^`]+)`\s*\|\s*(\w+)\s*\|([^|]*)\|', line)
        if m:
            uses = set(re.findall(r'\w+', m.group(3))) - {'nothing'}
            folders.append((m.group(1).rstrip('/'), m.group(2), uses))
            continue
        m = re.match(r'\s*-\s*`([^`]+)`\s+may use\s+`([^`]+)`', line)
        if m:
            exceptions.append((m.group(1), m.group(2)))
    if not folders:
        fail_usage('no layer rows in the map of %s' % path)
    # the longest folder that holds a file names its layer
    folders.sort(key=lambda f: -len(f[0]))
    return folders, exceptions


def layer_of(path, folders):
    for folder, layer, _ in folders:
        if path == folder or path.startswith(folder + '/'):
            return layer
    return None


def sources(src):
    out = []
    for top in ('lib', 'bin'):
        for d, dirs, files in os.walk(os.path.join(src, top)):
            dirs.sort()
            for f in sorted(files):
                if f.endswith(('.c', '.h', '.def')):
                    out.append(os.path.relpath(os.path.join(d, f), src))
    return out


def strip_c(text):
    """C text without comments and string literals (#include lines kept)."""
    text = re.sub(r'/\*.*?\*/', lambda m: '\n' * m.group(0).count('\n'),
                  text, flags=re.S)
    text = re.sub(r'//[^\n]*', '', text)
    keep = []
    for line in text.split('\n'):
        if line.lstrip().startswith('#include'):
            keep.append(line)
        else:
            keep.append(re.sub(r'"(\\.|[^"\\\n])*"|\'(\\.|[^\'\\\n])*\'',
                               '""', line))
    return '\n'.join(keep)


def module_of(path):
    """lib/: X.c, X.h (and X.def) are one module; bin/: each file alone."""
    if path.startswith('lib/'):
        return os.path.splitext(path)[0]
    return path


def resolve(src, path, name):
    """(file the include names, how): 'rooted' from -Ilib or -Ibin,
    'relative' from the including file's folder, or (None, None)."""
    rel = os.path.normpath(os.path.join(os.path.dirname(path), name))
    roots = ['lib'] + (['bin'] if path.startswith('bin/') else [])
    rooted = [os.path.normpath(os.path.join(r, name)) for r in roots]
    if os.path.isfile(os.path.join(src, rel)) and rel not in rooted:
        return rel, 'relative'
    for r in rooted:
        if os.path.isfile(os.path.join(src, r)):
            return r, 'rooted'
    return None, None


def objects(dirs):
    out = []
    for top in dirs:
        for d, _, files in os.walk(top):
            out += [os.path.join(d, f) for f in sorted(files)
                    if f.endswith('.o')]
    return out


def source_of(obj, roots, src):
    """The file under lib/ or bin/ an object was compiled from: automake
    names it [TARGET-]STEM.o in the source's folder (or its .libs)."""
    for root in roots:
        rel = os.path.relpath(obj, root)
        if not rel.startswith('..'):
            break
    else:
        return None
    d, f = os.path.split(rel)
    if os.path.basename(d) == '.libs':
        d = os.path.dirname(d)
    stem = f[:-2]
    folder = os.path.join(src, d)
    if not os.path.isdir(folder):
        return None
    best = None
    for c in os.listdir(folder):
        if not c.endswith('.c'):
            continue
        s = c[:-2]
        if stem == s or stem.endswith('-' + s):
            if best is None or len(s) > len(best):
                best = s
    return os.path.join(d, best + '.c') if best else None


def nm(objs):
    """Each object's defined and undefined symbols, from one nm run over
    all of them (one run each costs seconds over the whole build)."""
    out = {o: (set(), set()) for o in objs}
    for i in range(0, len(objs), 500):
        chunk = objs[i:i + 500]
        r = subprocess.run(['nm', '-P', '-A'] + chunk, stdout=subprocess.PIPE,
                           stderr=subprocess.PIPE, universal_newlines=True)
        if r.returncode != 0:
            fail_usage('nm: %s' % r.stderr.strip())
        for line in r.stdout.splitlines():
            obj, sep, rest = line.partition(': ')
            while sep and obj not in out:   # a ': ' inside the path
                more, sep, rest = rest.partition(': ')
                obj += ': ' + more
            p = rest.split()
            if not sep or len(p) < 2:
                continue
            defined, used = out[obj]
            if p[1] == 'U':
                used.add(p[0])
            elif p[1] in 'TDBRCGSVWI':
                defined.add(p[0])
    return out


def sccs(nodes, edges):
    """Tarjan's strongly connected components, without recursion."""
    index, low, on, stack, out = {}, {}, set(), [], []
    counter = 0
    for root in sorted(nodes):
        if root in index:
            continue
        work = [(root, iter(sorted(edges.get(root, ()))))]
        index[root] = low[root] = counter
        counter += 1
        stack.append(root)
        on.add(root)
        while work:
            v, it = work[-1]
            for w in it:
                if w not in index:
                    index[w] = low[w] = counter
                    counter += 1
                    stack.append(w)
                    on.add(w)
                    work.append((w, iter(sorted(edges.get(w, ())))))
                    break
                if w in on:
                    low[v] = min(low[v], index[w])
            else:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[v])
                if low[v] == index[v]:
                    comp = []
                    while True:
                        w = stack.pop()
                        on.discard(w)
                        comp.append(w)
                        if w == v:
                            break
                    out.append(sorted(comp))
    return out


def main(argv):
    args, extra = [], []
    i = 0
    while i < len(argv):
        if argv[i] == '--objects' and i + 1 < len(argv):
            extra.append(argv[i + 1])
            i += 2
        else:
            args.append(argv[i])
            i += 1
    if len(args) != 2:
        fail_usage('usage: layers.py SRCDIR BUILDDIR [--objects DIR]...')
    src, build = args
    folders, exceptions = read_map(src)
    uses = {layer: allowed for _, layer, allowed in folders}
    problems = []

    def allowed(frm, to):
        """May file frm use file to (by include or symbol)?"""
        if to in PUBLIC:
            return True
        for f, m in exceptions:
            if frm == f and module_of(to) == m:
                return True
        a, b = layer_of(frm, folders), layer_of(to, folders)
        if frm.startswith('bin/') and to.startswith('lib/'):
            return False
        return a == b or b in uses.get(a, ())

    files = sources(src)
    for f in files:
        if f not in PUBLIC and layer_of(f, folders) is None:
            problems.append('%s: in no folder of the map (lib/README.md)' % f)
    public_names = set()
    for p in PUBLIC:
        public_names |= set(re.findall(r'\b\w+\b',
                                       strip_c(open(os.path.join(src, p)).read())))

    # edges between modules: {a: {b: [reasons]}}
    edges = {}

    def edge(a, b, why):
        ma, mb = module_of(a), module_of(b)
        if ma != mb:
            edges.setdefault(ma, {}).setdefault(mb, []).append(why)

    texts = {}
    nincludes = 0
    for f in files:
        texts[f] = strip_c(open(os.path.join(src, f), encoding='utf-8',
                                errors='replace').read())
        for m in re.finditer(r'^\s*#\s*include\s*"([^"]+)"', texts[f], re.M):
            nincludes += 1
            name = m.group(1)
            line = texts[f].count('\n', 0, m.start()) + 1
            to, how = resolve(src, f, name)
            if to is None:
                problems.append('%s:%d: includes "%s", which is in neither '
                                'lib/ nor bin/' % (f, line, name))
                continue
            if how == 'relative':
                problems.append('%s:%d: includes "%s" by its own folder; name '
                                'the layer ("%s")' % (f, line, name,
                                                       to.split('/', 1)[1]))
            if not allowed(f, to):
                problems.append('%s:%d: includes "%s": %s may not use %s'
                                % (f, line, name, layer_of(f, folders),
                                   layer_of(to, folders) if not
                                   (f.startswith('bin/') and to.startswith('lib/'))
                                   else 'private headers of lib/'))
            if to not in PUBLIC:
                edge(f, to, 'includes %s' % name)

    # symbols: who defines what, who uses what
    roots = [build] + extra
    objs = objects([os.path.join(build, 'lib'), os.path.join(build, 'bin')]
                   + extra)
    defined_by, uses_of = {}, {}
    ours = {}
    for o in objs:
        s = source_of(o, roots, src)
        if s is not None and s in texts:   # else gone, or not ours
            ours[o] = s
    symbols = nm(list(ours))
    nobjects = len(ours)
    for o, s in ours.items():
        d, u = symbols[o]
        for name in d:
            defined_by.setdefault(name, set()).add(s)
        uses_of.setdefault(s, set()).update(u)
    if not uses_of:
        problems.append('no object of lib/ or bin/ under %s: build first'
                        % build)
    for name in ('main',):
        defined_by.pop(name, None)
    nsymbols = 0
    for f in sorted(uses_of):
        for name in sorted(uses_of[f]):
            for to in sorted(defined_by.get(name, ())):
                if to == f:
                    continue
                nsymbols += 1
                edge(f, to, 'uses %s' % name)
                ok = allowed(f, to)
                if not ok and f.startswith('bin/') and to.startswith('lib/'):
                    ok = name in public_names
                if not ok:
                    problems.append('%s: uses %s (%s): %s may not use %s'
                                    % (f, name, to, layer_of(f, folders),
                                       layer_of(to, folders)))
    # what a header of lib/ names of another module's object
    for f in files:
        if not (f.startswith('lib/') and f.endswith('.h')) or f in PUBLIC:
            continue
        for name in sorted(set(re.findall(r'\b[A-Za-z_]\w*\b', texts[f]))):
            for to in sorted(defined_by.get(name, ())):
                if module_of(to) == module_of(f) or not to.startswith('lib/'):
                    continue
                edge(f, to, 'names %s' % name)
                if not allowed(f, to):
                    problems.append('%s: names %s (%s): %s may not use %s'
                                    % (f, name, to, layer_of(f, folders),
                                       layer_of(to, folders)))

    nodes = set(edges) | {b for a in edges for b in edges[a]}
    for comp in sccs(nodes, edges):
        if len(comp) < 2:
            continue
        problems.append('loop: %s' % ' <-> '.join(comp))
        for a in comp:
            for b in comp:
                if b in edges.get(a, {}):
                    why = sorted(set(edges[a][b]))
                    more = ' ...' if len(why) > 6 else ''
                    problems.append('    %s -> %s: %s%s'
                                    % (a, b, ', '.join(why[:6]), more))

    for p in problems:
        print('layers: %s' % p)
    if problems:
        return 1
    print('layers: %d files, %d includes, %d symbol uses between files, '
          '%d objects: every dependency runs down the map, no loop'
          % (len(files), nincludes, nsymbols, nobjects))
    return 0


if __name__ == '__main__':
    sys.exit(main(sys.argv[1:]))
