# Sourced by scripts/test.sh and scripts/serve.sh: one ccache for every build of this
# project, shared by all its clones. Each setting keeps a value the caller already gave.
export CCACHE_DIR="${CCACHE_DIR:-$HOME/.cache/skirmish-ccache}"
# Relative paths in the cache key, so a fresh clone elsewhere reuses earlier compilations.
export CCACHE_BASEDIR="${CCACHE_BASEDIR:-$PWD}"
# -g builds otherwise hash the working directory too, which differs in every clone.
export CCACHE_NOHASHDIR="${CCACHE_NOHASHDIR:-1}"
# Two builds' worth of objects fit in 2 GiB; the bound keeps a shared disk from filling.
export CCACHE_MAXSIZE="${CCACHE_MAXSIZE:-2G}"
