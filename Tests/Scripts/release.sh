#!/usr/bin/env bash
# Makes a release of chk from a clean tree, in DIR (default .build/release-artifacts):
#
#   Tests/Scripts/release.sh [--allow-dirty] [--tag] [DIR]
#
#   chk-VERSION-ARCH-linux.tar.gz   the static binary, the man pages, the completions,
#                                   LICENSE, README.md, CHANGELOG.md and install.sh
#   chk_VERSION_DEBARCH.deb         the same as a Debian package (dpkg-deb): /usr/bin/chk,
#                                   the man pages and completions where Debian's man,
#                                   bash-completion, zsh and fish look
#   SHA256SUMS                      for both
#
# VERSION is ChkVersion.current; the binary records the commit (chk --version names
# it). The tree must be clean (the artifacts name a commit, so they must be that commit),
# and CHANGELOG.md must have the version's section. The same commit gives the same
# bytes: file times are the commit's, owners root, archives sorted and gzip without a
# name or time. Check the result with Tests/Scripts/check-release.sh DIR. --tag also
# tags the commit vVERSION (annotated), the `rev:` a pre-commit configuration names.
set -euo pipefail
cd "$(dirname "$0")/../.."

allow_dirty=0
tag=0
out=.build/release-artifacts
for argument in "$@"; do
  case "$argument" in
    --allow-dirty) allow_dirty=1 ;;
    --tag) tag=1 ;;
    *) out="$argument" ;;
  esac
done

version=$(sed -n 's/.*static let current = "\(.*\)"/\1/p' Sources/ChkWorkspace/Version.swift)
[ -n "$version" ] || { echo "release: no version in Sources/ChkWorkspace/Version.swift" >&2; exit 1; }
if [ "$allow_dirty" = 0 ] && [ -n "$(git status --porcelain)" ]; then
  echo "release: the tree has changes; commit them (or --allow-dirty for a trial)" >&2
  exit 1
fi
grep -q "^## \[$version\]" CHANGELOG.md || {
  echo "release: CHANGELOG.md has no section '## [$version]'" >&2
  exit 1
}
commit=$(git rev-parse --short=12 HEAD)
[ "$allow_dirty" = 0 ] || [ -z "$(git status --porcelain)" ] || commit="$commit-dirty"
stamp=$(git log -1 --format=%ct)
case "$(uname -m)" in
  x86_64) arch=x86_64 debarch=amd64 ;;
  aarch64) arch=aarch64 debarch=arm64 ;;
  *) echo "release: no package architecture for $(uname -m)" >&2; exit 1 ;;
esac

# -DCHK_COMMIT reaches CSupport's version.c: chk --version names the commit.
swift build -c release --product chk -Xcc "-DCHK_COMMIT=\"$commit\""
binary=.build/release/chk
if ldd "$binary" >/dev/null 2>&1; then
  echo "release: $binary is dynamically linked; a release must be static" >&2
  exit 1
fi
"$binary" --version | grep -q "(commit $commit)" || {
  echo "release: $binary --version does not name $commit" >&2
  exit 1
}

rm -rf "$out"
mkdir -p "$out"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# The files both artifacts ship, made once.
strip --remove-section=.comment -o "$work/chk" "$binary"
for shell in bash zsh fish; do "$work/chk" completions "$shell" > "$work/completion.$shell"; done
pages=(man/chk.1 man/checklist.5)
for page in man/*.7; do [ -e "$page" ] && pages+=("$page"); done

# The tarball.
name="chk-$version-$arch-linux"
tree="$work/$name"
mkdir -p "$tree/man" "$tree/completions"
install -m 0755 "$work/chk" "$tree/chk"
for page in "${pages[@]}"; do install -m 0644 "$page" "$tree/man/"; done
install -m 0644 "$work/completion.bash" "$tree/completions/chk.bash"
install -m 0644 "$work/completion.zsh" "$tree/completions/_chk"
install -m 0644 "$work/completion.fish" "$tree/completions/chk.fish"
install -m 0644 LICENSE README.md CHANGELOG.md "$tree/"
cat > "$tree/install.sh" <<'SCRIPT'
#!/bin/sh
# Installs chk from this folder as `chk install` does: the binary, the man pages and
# the shell completions under ~/.local (as root /usr/local; --prefix DIR), recorded so
# that `chk uninstall` removes exactly them. The man pages and completions are built
# into the binary; the copies beside it are for reading.
set -eu
exec "$(dirname "$0")/chk" install "$@"
SCRIPT
chmod 0755 "$tree/install.sh"
find "$tree" -exec touch -h -d "@$stamp" {} +
tar --sort=name --owner=0 --group=0 --numeric-owner --mtime="@$stamp" -C "$work" -cf - "$name" |
  gzip -9n > "$out/$name.tar.gz"

# The Debian package.
root="$work/deb"
doc="$root/usr/share/doc/chk"
mkdir -p "$root/DEBIAN" "$root/usr/bin" "$doc" "$root/usr/share/man/man1" \
  "$root/usr/share/man/man5" "$root/usr/share/man/man7" \
  "$root/usr/share/bash-completion/completions" "$root/usr/share/zsh/vendor-completions" \
  "$root/usr/share/fish/vendor_completions.d"
install -m 0755 "$work/chk" "$root/usr/bin/chk"
for page in "${pages[@]}"; do
  section="${page##*.}"
  gzip -9n < "$page" > "$root/usr/share/man/man$section/$(basename "$page").gz"
  chmod 0644 "$root/usr/share/man/man$section/$(basename "$page").gz"
done
rmdir --ignore-fail-on-non-empty "$root/usr/share/man/man7"
install -m 0644 "$work/completion.bash" "$root/usr/share/bash-completion/completions/chk"
install -m 0644 "$work/completion.zsh" "$root/usr/share/zsh/vendor-completions/_chk"
install -m 0644 "$work/completion.fish" "$root/usr/share/fish/vendor_completions.d/chk.fish"
gzip -9n < CHANGELOG.md > "$doc/changelog.gz"
date=$(LC_ALL=C date -u -d "@$stamp" '+%a, %d %b %Y %H:%M:%S +0000')
maintainer="chk maintainers <maintainers@chk.invalid>"
printf 'chk (%s) unstable; urgency=medium\n\n  * Release %s (commit %s); see changelog.gz.\n\n -- %s  %s\n' \
  "$version" "$version" "$commit" "$maintainer" "$date" | gzip -9n > "$doc/changelog.Debian.gz"
{
  echo "Format: https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/"
  echo "Upstream-Name: chk"
  echo ""
  echo "Files: *"
  echo "Copyright: $(date -u -d "@$stamp" +%Y) The chk authors"
  echo "License: Apache-2.0"
  echo ""
  echo "License: Apache-2.0"
  echo " On Debian systems, the complete text of the Apache License 2.0 can be found in"
  echo " /usr/share/common-licenses/Apache-2.0."
} > "$doc/copyright"
chmod 0644 "$doc/changelog.gz" "$doc/changelog.Debian.gz" "$doc/copyright"
size=$(du -k -s --apparent-size "$root/usr" | cut -f1)
cat > "$root/DEBIAN/control" <<CONTROL
Package: chk
Version: $version
Architecture: $debarch
Maintainer: $maintainer
Installed-Size: $size
Section: utils
Priority: optional
Description: Markdown checklists in plain text: edit, lint, merge and remind
 chk keeps checklists as GitHub task lists in Markdown files: one line an item,
 with IDs, due days, repeats and reminders as tags. It adds, checks, moves and
 archives items without touching another byte, formats and lints the files
 (with GitHub and SARIF output for CI), merges them item by item as a git merge
 driver, exports due items as an iCalendar feed, reminds from cron, and comes
 with a language server for editors and a full-screen terminal app. One static
 binary, no dependencies.
CONTROL
(cd "$root" && find usr -type f -print0 | sort -z | xargs -0 md5sum) > "$root/DEBIAN/md5sums"
chmod 0644 "$root/DEBIAN/control" "$root/DEBIAN/md5sums"
find "$root" -type d -exec chmod 0755 {} +
find "$root" -exec touch -h -d "@$stamp" {} +
SOURCE_DATE_EPOCH="$stamp" dpkg-deb --root-owner-group -Zxz --build "$root" \
  "$out/chk_${version}_${debarch}.deb" >/dev/null

(cd "$out" && sha256sum "$name.tar.gz" "chk_${version}_${debarch}.deb" > SHA256SUMS)
ls -l "$out"
if [ "$tag" = 1 ]; then
  [ "$allow_dirty" = 0 ] || { echo "release: --tag needs a clean tree" >&2; exit 1; }
  git tag -a "v$version" -m "chk $version"
  echo "tagged v$version; push it with the release's files"
fi
