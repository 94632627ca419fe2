#!/usr/bin/env bash
# Builds the project's own Dockerfile with podman, on the base image deploy/base-images.sh makes
# (BASE_IMAGE build argument; operators keep the official node image). The build reaches the npm registry
# through the host's network, resolver and CA file (NODE_EXTRA_CA_CERTS), which never end up in the image.
# Layers are cached between runs: an unchanged package-lock.json skips both `npm ci` steps.
set -euo pipefail
cd "$(dirname "$0")/.."
TAG="${1:-localhost/storefront:ci}"
BASE="$(deploy/base-images.sh | tail -1)"
args=(--isolation chroot --format docker --network host --layers --build-arg "BASE_IMAGE=$BASE" -v /etc/resolv.conf:/etc/resolv.conf:ro)
if [ -n "${NODE_EXTRA_CA_CERTS:-}" ] && [ -f "$NODE_EXTRA_CA_CERTS" ]; then
  args+=(-v "$NODE_EXTRA_CA_CERTS:$NODE_EXTRA_CA_CERTS:ro" --build-arg "NODE_EXTRA_CA_CERTS=$NODE_EXTRA_CA_CERTS")
fi
started=$SECONDS
deploy/podman.sh build "${args[@]}" -t "$TAG" -f Dockerfile . >&2
echo "built $TAG on $BASE in $((SECONDS - started)) s" >&2
echo "$TAG"
