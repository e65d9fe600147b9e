#!/usr/bin/env bash
# The unit project on the current Node.js LTS as well as on the Node.js this machine runs (the oldest one
# `engines` allows). The LTS binary comes from the npm registry's node-linux-<arch> package, which ships
# Node's headers too, so better-sqlite3 (the one native addon the unit project loads that is not N-API)
# is compiled for it without a download from nodejs.org. The run happens in a scratch copy of the tree so
# that this checkout's node_modules keep the addon built for the machine's Node.
#
# Storage tests run on SQLite only here: what differs between Node versions is Node, not PostgreSQL,
# and the main run covers PostgreSQL. Prints NOT RUN (exit 0) only when the LTS binary cannot be had.
set -euo pipefail
cd "$(dirname "$0")/.."

lts_major="${NODE_LTS_MAJOR:-24}"
arch="$(node -p process.arch)"
cache="${XDG_CACHE_HOME:-$HOME/.cache}/erf-node-lts"
mkdir -p "$cache"
scratch="$(mktemp -d)"
trap 'rm -rf "$scratch"' EXIT

version="$(npm view "node-linux-${arch}@${lts_major}" version 2>/dev/null | tail -n 1 | sed -E "s/.*'([^']+)'.*/\1/" || true)"
if [ -z "$version" ]; then
  echo "node-lts: NOT RUN: node-linux-${arch}@${lts_major} is not available from the npm registry here"
  exit 0
fi

node_dir="$cache/node-$version-$arch"
if [ ! -x "$node_dir/bin/node" ]; then
  echo "node-lts: fetching node-linux-${arch}@${version} from the npm registry"
  (cd "$scratch" && npm pack --silent "node-linux-${arch}@${version}" >/dev/null)
  mkdir -p "$scratch/unpacked"
  tar -xzf "$scratch"/node-linux-*.tgz -C "$scratch/unpacked"
  rm -rf "$node_dir"
  mv "$scratch/unpacked/package" "$node_dir"
fi
echo "node-lts: $("$node_dir/bin/node" --version)"

# The tree as it is (tracked and new files), with node_modules linked file by file; better-sqlite3 gets a
# real copy of its own, so building it cannot write through a link into this checkout's copy.
tree="$scratch/tree"
mkdir -p "$tree"
git ls-files -z --cached --others --exclude-standard | tar --null -T - -cf - 2>/dev/null | tar -xf - -C "$tree"
cp -al node_modules "$tree/node_modules"
rm -rf "$tree/node_modules/better-sqlite3"
cp -r node_modules/better-sqlite3 "$tree/node_modules/better-sqlite3"

sqlite_version="$(node -p "require('better-sqlite3/package.json').version")"
addon="$cache/better-sqlite3-$sqlite_version-node-$version-$arch.node"
if [ ! -f "$addon" ]; then
  echo "node-lts: building better-sqlite3 $sqlite_version for Node $version"
  node_gyp="$(dirname "$(readlink -f "$(command -v npm)")")/../node_modules/node-gyp/bin/node-gyp.js"
  (cd "$tree/node_modules/better-sqlite3" && rm -rf build &&
    PATH="$node_dir/bin:$PATH" node "$node_gyp" rebuild --release -j 2 --nodedir="$node_dir" >"$scratch/node-gyp.log" 2>&1) ||
    { tail -n 30 "$scratch/node-gyp.log"; echo "node-lts: building better-sqlite3 failed"; exit 1; }
  cp "$tree/node_modules/better-sqlite3/build/Release/better_sqlite3.node" "$addon.tmp"
  mv "$addon.tmp" "$addon"
else
  mkdir -p "$tree/node_modules/better-sqlite3/build/Release"
  rm -f "$tree/node_modules/better-sqlite3/build/Release/better_sqlite3.node"
  cp "$addon" "$tree/node_modules/better-sqlite3/build/Release/better_sqlite3.node"
fi

cd "$tree"
PATH="$node_dir/bin:$PATH" TEST_DATABASE_URL= node node_modules/vitest/vitest.mjs run --project unit "$@"
