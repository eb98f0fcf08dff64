#!/usr/bin/env bash
# Compiles the Apple shells (UIKit, AppKit, SwiftUI) on Linux against the stub modules of
# Tests/AppleStubs, written from Apple's documented signatures: a renamed core API, a wrong
# argument or a Swift 6 concurrency error in a shell fails here instead of on a Mac.
#
# Six worlds, the same files, the other `#if` branches:
#   iOS, Mac Catalyst, tvOS, visionOS, watchOS: UIKit + SwiftUI stubs (canImport(UIKit))
#   macOS: AppKit + SwiftUI stubs (canImport(AppKit), not UIKit)
# `os(...)` and `targetEnvironment(macCatalyst)` cannot be set on Linux: in a copy of each
# file they become `true` or `false` for the world (`os(iOS)` is true on Mac Catalyst, as
# on Apple's compilers), and the stubs are compiled with `-D TVOS`, `-D WATCHOS`… so that
# what a platform lacks is missing here too: no views, TextKit 2 or representables on
# watchOS; no edit menu, pasteboard or share sheet on tvOS (each stub says which page
# lists which platforms).
# Each compiles the shells' module to SIL (`-emit-sil`, nothing written): the type checker
# and the compiler's diagnostic passes, which is where Swift 6's data-race checks of
# `sending` values and regions run (`-typecheck` alone misses them). Swift 6 language
# mode; any error or warning fails the run.
#
# Linux has no Objective-C runtime, so `@objc` and `#selector` cannot compile here: in a
# temporary copy of each file that uses them, `@objc ` is removed and `#selector(m)`
# becomes `Selector(_selectorOf: m)` (a stub-only initializer: `m` must still name the
# method). Whether the method is exposed to Objective-C is checked on a Mac only.
#
# Linux only (on macOS, build for real: the stubs would shadow the SDK). Run after `swift
# build` (the modules the shells' module imports are read from .build/debug/Modules).
# Usage: Scripts/typecheck-apple.sh
set -euo pipefail
cd "$(dirname "$0")/.."

# The shells: their module, the folder of its sources, then extra compiler flags. The
# shells are the RichRulesUI target, which imports RuleRuntime (its modules come from
# `swift build`, which .ci/run runs first).
SHELLS=(RichRulesUI Sources/RichRulesUI -I .build/debug/Modules)

module=${SHELLS[0]}
sources=${SHELLS[1]}
flags=("${SHELLS[@]:2}")
# SwiftPM's package name (for `package` declarations across modules): the root package's
# folder name, lowercased, every character but letters, digits and `_` as `_`, as SwiftPM
# passes `-package-name` (a clone in `ci-clone` is `ci_clone`; with the raw name every
# `package` symbol of RuleRuntime was inaccessible to the shells in such a folder).
package=$(basename "$PWD" | tr '[:upper:]' '[:lower:]' | sed 's/[^a-z0-9_]/_/g')
stubs=Tests/AppleStubs

if [ "$(uname -s)" != Linux ]; then
    echo "typecheck-apple: skipped (not Linux: build the shells with the real SDK)"
    exit 0
fi

# The worlds set only these conditions: anything else (`os(Linux)`, `targetEnvironment(simulator)`)
# would keep its Linux value here. And on a real Mac Catalyst SDK `canImport(AppKit)` is true:
# an AppKit branch must also say `!canImport(UIKit)` (or come after a UIKit one), which the
# worlds here cannot show.
if grep -rnoE 'os\([A-Za-z]+\)|targetEnvironment\([A-Za-z]+\)' "$sources" |
    grep -vE 'os\((iOS|tvOS|watchOS|visionOS|macOS)\)|targetEnvironment\(macCatalyst\)'; then
    echo "typecheck-apple: a condition above is not one the worlds set (os(iOS|tvOS|watchOS|visionOS|macOS), targetEnvironment(macCatalyst))" >&2
    exit 1
fi
if grep -rnE '^\s*#(if|elseif).*canImport\(AppKit\)' "$sources" | grep -v 'canImport(UIKit)'; then
    echo "typecheck-apple: an AppKit branch above would also compile on Mac Catalyst: add !canImport(UIKit)" >&2
    exit 1
fi

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mapfile -t files < <(find "$sources" -name '*.swift' | LC_ALL=C sort)
[ "${#files[@]}" -gt 0 ] || { echo "typecheck-apple: no Swift files under $sources" >&2; exit 1; }

# Builds one stub module into $dir (its own warnings count too).
stub() {
    local dir=$1 framework=$2 os=$3 name=$4
    shift 4
    swiftc -emit-module -parse-as-library -swift-version 6 -D "$framework" -D "$os" -module-name "$name" -I "$dir" \
        -emit-module-path "$dir/$name.swiftmodule" "$@"
}

# Compiles the shells' module in one world; fails when a compiler does.
#   $1: the world's name, $2: UIKit or AppKit, $3: the stubs' -D (IOS, CATALYST, TVOS…),
#   $4: which `os(...)` is true (iOS for Mac Catalyst too), $5: whether it is Mac Catalyst.
world() {
    local name=$1 framework=$2 os=$3 true_os=$4 catalyst=$5 dir=$work/$1
    local define
    define=$(echo "$framework" | tr '[:lower:]' '[:upper:]')
    mkdir -p "$dir/src"
    stub "$dir" "$define" "$os" AppleFoundation "$stubs"/AppleFoundation/*.swift &&
        stub "$dir" "$define" "$os" CoreGraphics "$stubs"/CoreGraphics/*.swift &&
        stub "$dir" "$define" "$os" QuartzCore "$stubs"/QuartzCore/*.swift &&
        stub "$dir" "$define" "$os" CoreText "$stubs"/CoreText/*.swift &&
        stub "$dir" "$define" "$os" "$framework" "$stubs/$framework"/*.swift "$stubs"/TextKit/*.swift &&
        stub "$dir" "$define" "$os" SwiftUI "$stubs"/SwiftUI/*.swift || return 1
    local inputs=() file copy script
    script='s/@objc //g; s/#selector\(/Selector(_selectorOf: /g'
    for platform in iOS tvOS watchOS visionOS macOS; do
        if [ "$platform" = "$true_os" ]; then
            script+="; s/os\\($platform\\)/true/g"
        else
            script+="; s/os\\($platform\\)/false/g"
        fi
    done
    script+="; s/targetEnvironment\\(macCatalyst\\)/$catalyst/g"
    for file in "${files[@]}"; do
        copy=$dir/src/$file
        mkdir -p "$(dirname "$copy")"
        sed -E "$script" "$file" >"$copy"
        inputs+=("$copy")
    done
    swiftc -emit-sil -wmo -o /dev/null -swift-version 6 -parse-as-library -module-name "$module" \
        -package-name "$package" -I "$dir" "${flags[@]}" "${inputs[@]}"
}

status=0
start=$SECONDS
for spec in iOS:UIKit:IOS:iOS:false MacCatalyst:UIKit:CATALYST:iOS:true tvOS:UIKit:TVOS:tvOS:false \
    visionOS:UIKit:VISIONOS:visionOS:false watchOS:UIKit:WATCHOS:watchOS:false macOS:AppKit:MACOS:macOS:false; do
    IFS=: read -r name framework os true_os catalyst <<<"$spec"
    # A failed compiler, or any diagnostic (`file:line:column: error|warning: …`).
    if ! world "$name" "$framework" "$os" "$true_os" "$catalyst" >"$work/$name.log" 2>&1 ||
        grep -qE '(error|warning):' "$work/$name.log"; then
        status=1
        echo "typecheck-apple: the $name world of $module does not compile cleanly against Tests/AppleStubs:" >&2
        sed "s|$work/$name/src/||g" "$work/$name.log" >&2
        echo >&2
    fi
done
if [ "$status" -ne 0 ]; then
    echo "typecheck-apple: FAILED. Fix the shells (or, if Apple's documentation says otherwise, the stub" >&2
    echo "named in the error, citing the page). See docs/Runtime.md, \"The shells\"." >&2
    exit 1
fi
echo "typecheck-apple: the iOS, Mac Catalyst, tvOS, visionOS, watchOS and macOS worlds of $module compile against Tests/AppleStubs ($((SECONDS - start)) s)"
