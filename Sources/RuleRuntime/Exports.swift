// The regex vocabulary the runtime's public face uses (`RegexFlags` of a rule, `TextRange` of
// a match) lives in RuleRegex, below the runtime; apps and generated code see it through
// `import RuleRuntime`.
@_exported import RuleRegex
