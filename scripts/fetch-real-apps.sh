#!/usr/bin/env bash
# Clones the open-source iOS apps the benchmark figures in docs/benchmarks.md were measured on
# (shallow, default branch) into a folder OUTSIDE this checkout, then prints the benchmark command.
#
# usage: scripts/fetch-real-apps.sh DEST [--objc]   (e.g. ~/seamlint-apps; about 1.5 GB each set)
#   default: the 18 apps of "Figures"; --objc: the 16 apps with Objective-C of issue 17's rounds
set -euo pipefail
dest=${1:?usage: scripts/fetch-real-apps.sh DEST [--objc] (a folder outside this checkout)}
set_name=${2:-}
here=$(cd "$(dirname "$0")/.." && pwd)
mkdir -p "$dest"
dest=$(cd "$dest" && pwd)
case "$dest/" in "$here"/*) echo "fetch-real-apps.sh: $dest is inside the checkout; pick a folder outside it" >&2; exit 2 ;; esac
# folder name = repository
apps=(
  IceCubesApp=Dimillian/IceCubesApp
  NetNewsWire=Ranchero-Software/NetNewsWire
  mastodon-ios=mastodon/mastodon-ios
  Swiftfin=jellyfin/Swiftfin
  openedx-app-ios=openedx/openedx-app-ios
  duckduckgo-ios=duckduckgo/iOS
  pocket-casts-ios=Automattic/pocket-casts-ios
  brave-ios=brave/brave-ios
  session-ios=oxen-io/session-ios
  element-x-ios=element-hq/element-x-ios
  home-assistant-ios=home-assistant/iOS
  woocommerce-ios=woocommerce/woocommerce-ios
  Aidoku=Aidoku/Aidoku
  mlem=mlemgroup/mlem
  isowords=pointfreeco/isowords
  simplenote-ios=Automattic/simplenote-ios
  kiwix-apple=kiwix/kiwix-apple
  owncloud-ios-app=owncloud/ios-app
)
if [ "$set_name" = "--objc" ]; then
  apps=(
    element-ios=element-hq/element-ios
    moonlight-ios=moonlight-stream/moonlight-ios
    vlc-ios=videolan/vlc-ios
    damus=damus-io/damus
    talk-ios=nextcloud/talk-ios
    UTM=utmapp/UTM
    mammoth=TheBLVD/mammoth
    NetNewsWire=Ranchero-Software/NetNewsWire
    brave-ios=brave/brave-ios
    KeePassium=keepassium/KeePassium
    OnionBrowser=OnionBrowser/OnionBrowser
    kiwix-apple=kiwix/kiwix-apple
    Delta=rileytestut/Delta
    planetary-ios=planetary-social/planetary-ios
    IceCubesApp=Dimillian/IceCubesApp
    mastodon-ios=mastodon/mastodon-ios
  )
elif [ -n "$set_name" ]; then
  echo "fetch-real-apps.sh: unknown set '$set_name' (only --objc)" >&2
  exit 2
fi
folders=()
for entry in "${apps[@]}"; do
  folder=${entry%%=*}
  repository=${entry#*=}
  folders+=("$folder")
  [ -d "$dest/$folder" ] && continue
  git clone --quiet --depth 1 "https://github.com/$repository.git" "$dest/$folder"
done
echo "cd $dest && $here/scripts/benchmark.py --objc ${folders[*]}"
