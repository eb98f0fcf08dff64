#!/usr/bin/env bash
# The size of the public face of the app-facing modules: per module (RuleRuntime,
# RichRulesUI) and in total, the public types (struct, enum, class, protocol, actor,
# typealias; nested ones included) and the lines declaring something public. Declarations
# behind `@_spi(...)` (the generated-code interface) are not counted. Line-based greps,
# not a parser: a measure to compare over time, not an exact API listing.
set -euo pipefail
cd "$(dirname "$0")/.."

type_pattern='^\s*(@[A-Za-z]+ )*public (final )?(indirect )?(struct|enum|class|protocol|actor|typealias)'

count_types() { { grep -rnE "$type_pattern" "$@" || true; } | wc -l | tr -d ' '; }
count_declarations() { { grep -rn 'public ' "$@" || true; } | { grep -v '@_spi' || true; } | wc -l | tr -d ' '; }

printf '%-12s %6s %13s\n' module types declarations
for module in RuleRuntime RichRulesUI; do
    printf '%-12s %6s %13s\n' "$module" "$(count_types "Sources/$module")" "$(count_declarations "Sources/$module")"
done
printf '%-12s %6s %13s\n' total "$(count_types Sources/RuleRuntime Sources/RichRulesUI)" \
    "$(count_declarations Sources/RuleRuntime Sources/RichRulesUI)"
