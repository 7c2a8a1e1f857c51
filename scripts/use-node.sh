# Puts Node 24, the project's runtime (.nvmrc), first on PATH:  source scripts/use-node.sh
# Where `node` is already 24 it changes nothing. Otherwise it brings the official Node build from the
# npm registry (the package node-<os>-<arch>, which holds bin/node) into .tools/ (gitignored) once,
# and puts it first on PATH. npm stays the machine's own: it is a script run by `#!/usr/bin/env node`,
# so it then runs on this Node too.
plantride_node=24.22.3
plantride_tools="$(cd "$(dirname "${BASH_SOURCE[0]:-$0}")/.." && pwd)/.tools/node-$plantride_node"
if [ "$(node --version 2>/dev/null | cut -d. -f1)" != "v24" ]; then
  if [ ! -x "$plantride_tools/bin/node" ]; then
    plantride_os=$(uname -s | tr '[:upper:]' '[:lower:]')
    case "$(uname -m)" in x86_64 | amd64) plantride_arch=x64 ;; aarch64 | arm64) plantride_arch=arm64 ;; *) plantride_arch=$(uname -m) ;; esac
    echo "Bringing Node $plantride_node (node-$plantride_os-$plantride_arch from the npm registry) into $plantride_tools" >&2
    rm -rf "$plantride_tools.tmp" && mkdir -p "$plantride_tools.tmp" &&
      npm pack --loglevel=error --pack-destination "$plantride_tools.tmp" "node-$plantride_os-$plantride_arch@$plantride_node" >/dev/null &&
      tar -xzf "$plantride_tools.tmp"/*.tgz -C "$plantride_tools.tmp" --strip-components=1 package/bin/node &&
      rm -f "$plantride_tools.tmp"/*.tgz && mv "$plantride_tools.tmp" "$plantride_tools"
  fi
  export PATH="$plantride_tools/bin:$PATH"
fi
unset plantride_node plantride_tools plantride_os plantride_arch
if [ "$(node --version 2>/dev/null | cut -d. -f1)" != "v24" ]; then
  echo "PlantRide needs Node 24 and could not bring it (see above); install Node 24 (nvm install, .nvmrc)" >&2
  return 1 2>/dev/null || exit 1
fi
node --version
