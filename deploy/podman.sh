#!/usr/bin/env bash
# podman as it works on our CI machines (runc, a small containers.conf); every deploy script goes through here
exec env CONTAINERS_CONF="$(cd "$(dirname "$0")" && pwd)/containers.conf" podman --runtime runc "$@"
