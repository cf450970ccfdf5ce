"""sitedir.py PREFIX - the folder where `make install` puts the sgfkit
package for this interpreter: its platform site folder under PREFIX, as
the interpreter's own search path names it (Debian's dist-packages)."""
import sys
import sysconfig

prefix = sys.argv[1]
path = sysconfig.get_path("platlib", "posix_prefix",
                          vars={"base": prefix, "platbase": prefix})
# Debian's interpreter searches PREFIX/lib/python3.X/dist-packages
debian = path.replace("site-packages", "dist-packages")
if debian != path and any(p.startswith(debian.replace(prefix, "/usr/local", 1))
                          for p in sys.path):
    path = debian
print(path)
