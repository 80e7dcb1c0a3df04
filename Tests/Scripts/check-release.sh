#!/usr/bin/env bash
# Checks the release Tests/Scripts/release.sh wrote to DIR (default
# .build/release-artifacts) as a stranger would meet it:
#
#   Tests/Scripts/check-release.sh [DIR] [--debootstrap]
#
# Always: SHA256SUMS holds; the binary is static; the tarball holds what README.md
# says and its binary and install.sh work in a throw-away HOME; the .deb's contents are
# where Debian looks, and lintian (when installed) finds nothing but the findings
# listed below, each with its reason.
# With --debootstrap: a fresh Debian root (debootstrap --variant=minbase, with man-db)
# in which `dpkg -i` installs the .deb, `chk --version`, `chk help`, `man chk` and
# `chk lint` on a sample work, `dpkg -r` removes every file it installed, and the
# tarball's binary runs with no Swift toolchain. Needs root, debootstrap and a Debian
# mirror (DEBIAN_MIRROR, default http://deb.debian.org/debian).
set -euo pipefail
cd "$(dirname "$0")/../.."
dir=.build/release-artifacts
debootstrap=0
for argument in "$@"; do
  case "$argument" in
    --debootstrap) debootstrap=1 ;;
    *) dir="$argument" ;;
  esac
done
fail() { echo "check-release: $*" >&2; exit 1; }
step() { echo "check-release: $*"; }

(cd "$dir" && sha256sum --quiet -c SHA256SUMS) || fail "SHA256SUMS does not hold"
tarball=$(ls "$dir"/chk-*-linux.tar.gz)
deb=$(ls "$dir"/chk_*.deb)
version=$(dpkg-deb --field "$deb" Version)
step "$(basename "$tarball") $(du -h "$tarball" | cut -f1), $(basename "$deb") $(du -h "$deb" | cut -f1)"

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# The tarball, as a user with only it would use it.
tar -xzf "$tarball" -C "$work"
tree="$work/$(basename "$tarball" .tar.gz)"
for file in chk install.sh LICENSE README.md CHANGELOG.md man/chk.1 man/checklist.5 \
  completions/chk.bash completions/_chk completions/chk.fish; do
  [ -e "$tree/$file" ] || fail "the tarball has no $file"
done
if ldd "$tree/chk" >/dev/null 2>&1; then fail "the tarball's chk is dynamically linked"; fi
"$tree/chk" --version | grep -q "^chk $version (commit " || fail "chk --version: $("$tree/chk" --version)"
home="$work/home"
mkdir -p "$home"
# The prefix is given: as root, install's default is /usr/local.
HOME="$home" PATH=/usr/bin:/bin "$tree/install.sh" --prefix "$home/.local" > "$work/install.log"
[ -x "$home/.local/bin/chk" ] || fail "install.sh installed no chk"
[ -f "$home/.local/share/man/man1/chk.1" ] || fail "install.sh installed no man page"
HOME="$home" "$home/.local/bin/chk" lint Samples/household.md > /dev/null ||
  fail "the installed chk cannot lint a sample"
HOME="$home" "$home/.local/bin/chk" uninstall --prefix "$home/.local" > /dev/null
[ ! -e "$home/.local/bin/chk" ] || fail "chk uninstall left bin/chk"
step "tarball: static, --version names the commit, install.sh and uninstall work"

# The package's contents.
contents=$(dpkg-deb --contents "$deb" | awk '{print $6}')
for path in ./usr/bin/chk ./usr/share/man/man1/chk.1.gz ./usr/share/man/man5/checklist.5.gz \
  ./usr/share/bash-completion/completions/chk ./usr/share/zsh/vendor-completions/_chk \
  ./usr/share/fish/vendor_completions.d/chk.fish ./usr/share/doc/chk/copyright \
  ./usr/share/doc/chk/changelog.gz ./usr/share/doc/chk/changelog.Debian.gz; do
  grep -qx "$path" <<< "$contents" || fail "the package has no $path"
done
step "package: $(grep -c -v '/$' <<< "$contents") files where Debian looks"

# lintian, where installed: its errors and warnings (the default), with one accepted
# for its reason:
#   statically-linked-binary (an error for a Debian archive package, which must use the
#     system's shared libraries): chk is static on purpose, one file that runs on any
#     Linux with nothing installed beside it, and starts in about 1 ms.
# Its informational notes (-I) are spelling guesses in the C library's and the Swift
# runtime's strings, linked in; chk's own text is not among them.
accepted="statically-linked-binary"
if command -v lintian > /dev/null; then
  findings=$(lintian --tag-display-limit 0 --suppress-tags "$accepted" "$deb" 2> "$work/lintian.err" || true)
  if [ -n "$findings" ]; then
    echo "$findings" >&2
    fail "lintian has findings"
  fi
  step "lintian: clean (accepted: $accepted)"
else
  step "lintian: not installed, not run"
fi

[ "$debootstrap" = 1 ] || exit 0

# A fresh Debian root.
[ "$(id -u)" = 0 ] || fail "--debootstrap needs root"
root="${DEBOOTSTRAP_ROOT:-.build/debootstrap-root}"
if [ ! -x "$root/usr/bin/man" ]; then
  rm -rf "$root"
  debootstrap --variant=minbase --include=man-db,groff-base bookworm "$root" \
    "${DEBIAN_MIRROR:-http://deb.debian.org/debian}" > "$work/debootstrap.log" 2>&1 ||
    { tail -20 "$work/debootstrap.log" >&2; fail "debootstrap failed"; }
fi
# A system has /proc (Swift's runtime reads /proc/self/exe as it starts: a static
# binary aborts without it, in a chroot left without one).
if ! mountpoint -q "$root/proc"; then
  if ! mount -t proc proc "$root/proc" 2> "$work/mount.err"; then
    step "debootstrap: NOT CHECKED: /proc cannot be mounted in the root here ($(cat "$work/mount.err"))"
    exit 0
  fi
fi
trap 'umount "$root/proc" 2>/dev/null; rm -rf "$work"' EXIT
inside() { chroot "$root" /usr/bin/env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin HOME=/root LANG=C.UTF-8 "$@"; }
[ ! -e "$root/usr/bin/swift" ] || fail "the root has a Swift toolchain"
cp "$deb" "$root/tmp/chk.deb"
cp Samples/household.md "$root/tmp/household.md"
before=$(cd "$root" && find . -xdev | sort)
inside dpkg -i /tmp/chk.deb > /dev/null
inside chk --version | grep -q "^chk $version (commit " || fail "chk --version in the root"
inside chk help | grep -q "lint" || fail "chk help in the root"
inside sh -c 'MANWIDTH=80 man chk 2>&1 >/dev/null' | grep . && fail "man chk warns in the root"
inside sh -c 'MANWIDTH=80 man chk' | grep -q "edit Markdown checklists" || fail "man chk in the root"
inside chk lint /tmp/household.md > /dev/null || fail "chk lint in the root"
inside dpkg -r chk > /dev/null
after=$(cd "$root" && find . -xdev | sort)
left=$(diff <(echo "$before") <(echo "$after") | grep '^>' | grep -v '^> ./var/' || true)
[ -z "$left" ] || fail "dpkg -r left: $left"
step "debootstrap: dpkg -i, --version, help, man, lint, dpkg -r (nothing left) in a fresh root"
tar -xzf "$tarball" -C "$root/tmp"
inside "/tmp/$(basename "$tarball" .tar.gz)/chk" lint /tmp/household.md > /dev/null ||
  fail "the tarball's chk in the root"
step "debootstrap: the tarball's chk runs without a Swift toolchain"
