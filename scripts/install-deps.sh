#!/usr/bin/env bash
# Installs exactly the Debian 12 packages Keyright needs that are missing. As root it runs apt-get;
# otherwise it prints the one apt-get line to run and exits non-zero.
set -euo pipefail

packages=(
    cmake ninja-build g++ pkg-config
    qt6-base-dev qt6-websockets-dev qt6-charts-dev libqt6opengl6-dev
    libqt6sql6-sqlite libqt6sql6-psql
    qt6-l10n-tools qt6-tools-dev qt6-tools-dev-tools qt6-translations-l10n
    libsodium-dev libsystemd-dev libldap-dev libcurl4-openssl-dev
    postgresql faketime libfaketime
    patroni etcd-server curl
    slapd ldap-utils
    python3-aiosmtpd
    libboost1.74-dev
    openssl
    xvfb xauth fonts-dejavu-core
    dpkg-dev lintian appstream bash-completion
)

missing=()
for pkg in "${packages[@]}"; do
    status=$(dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null || true)
    [[ "$status" == "install ok installed" ]] || missing+=("$pkg")
done

if ((${#missing[@]} == 0)); then
    exit 0
fi

if ((EUID != 0)); then
    echo "Keyright needs these Debian packages: ${missing[*]}" >&2
    echo "Run: sudo apt-get update && sudo apt-get install -y ${missing[*]}" >&2
    exit 1
fi

echo "Installing missing packages: ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
apt-get update -q
apt-get install -y -q --no-install-recommends "${missing[@]}"
