// RuleCompiler
