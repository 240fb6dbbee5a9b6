# Sourced by .ci/run (and usable by hand: `source scripts/use-node-lts.sh`): puts the current Node LTS
# first on PATH. When the machine's own node is older than the major in .nvmrc, the LTS binary comes
# from the npm registry's `node-linux-<arch>` package (the binaries the `node` package installs),
# unpacked once under NODE_LTS_HOME and reused by later runs.
_lts_major="$(tr -dc '0-9' < "$(dirname "${BASH_SOURCE[0]}")/../.nvmrc")"
_have_major="$(node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0)"
if [ "$_have_major" -lt "$_lts_major" ]; then
  _arch="$(uname -m)"
  case "$_arch" in x86_64) _arch=x64 ;; aarch64) _arch=arm64 ;; esac
  NODE_LTS_HOME="${NODE_LTS_HOME:-/opt/node-lts-$_lts_major}"
  if [ ! -x "$NODE_LTS_HOME/bin/node" ]; then
    echo "== installing Node $_lts_major (LTS) from the npm registry: node-linux-$_arch@$_lts_major"
    _tmp="$(mktemp -d)"
    (cd "$_tmp" && npm pack --silent "node-linux-$_arch@$_lts_major" >/dev/null)
    mkdir -p "$NODE_LTS_HOME"
    tar xzf "$_tmp"/node-linux-*.tgz -C "$NODE_LTS_HOME" --strip-components=1 package/bin package/LICENSE
    rm -rf "$_tmp"
  fi
  export PATH="$NODE_LTS_HOME/bin:$PATH"
fi
echo "== node $(node -v), npm $(npm -v)"
unset _lts_major _have_major _arch _tmp
