#!/usr/bin/env bash
# Installs the SARIF multitool (npm `@microsoft/sarif-multitool`, which ships the Linux
# binary as a dependency) into .ci/.cache/sarif-multitool for the slow test that runs its
# GitHub validation rules. Idempotent; skips cleanly (exit 0) where npm is missing.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
dest="$here/.cache/sarif-multitool"
version="5.7.0"
bin="$dest/node_modules/.bin/sarif-multitool"
if [ -x "$bin" ] && grep -q "\"version\": \"$version\"" "$dest/node_modules/@microsoft/sarif-multitool/package.json" 2>/dev/null; then
  echo "sarif-multitool $version already installed"; exit 0
fi
if ! command -v npm >/dev/null; then
  echo "npm not found: skipping the SARIF multitool (its test will skip)"; exit 0
fi
mkdir -p "$dest"
npm install --prefix "$dest" --no-audit --no-fund --silent "@microsoft/sarif-multitool@$version"
# npm may skip the package's postinstall (chmod u+x of the binary): do it here
chmod u+x "$dest"/node_modules/@microsoft/sarif-multitool-linux/Sarif.Multitool 2>/dev/null || true
"$bin" --version >/dev/null 2>&1 || { echo "sarif-multitool does not run here: its test will skip"; rm -rf "$dest"; exit 0; }
echo "installed sarif-multitool $version"
