// RuleSpec
