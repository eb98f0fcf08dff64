import RuleAutomata

extension AutomataBuilder {
    /// The automata of every rule of a table (by rule index), with the issues met on the
    /// way (patterns parsed here: a table from a file or a server).
    package static func build(_ table: StyleTable) -> Result {
        build(
            patterns: table.rules.map { rule in
                guard case .regex(let pattern, let flags, _) = rule.matcher else { return nil }
                return (pattern, flags)
            })
    }
}

extension CompiledRuleSet {
    /// The automata of `table`'s regex rules, as `RuleEngine(compiling:)` builds them (for
    /// tools outside the package, such as Fuzz/, that look at the automata themselves).
    @_spi(Testing) public init(compiling table: StyleTable) {
        self = AutomataBuilder.build(table).automata
    }

    /// The automata that belong to `table`'s rules (see `bound(to:)` of the rules' patterns).
    package func bound(to table: StyleTable) -> CompiledRuleSet {
        bound(
            to: table.rules.map { rule in
                guard case .regex(let pattern, let flags, _) = rule.matcher else { return (rule.name, nil, []) }
                return (rule.name, pattern, flags)
            })
    }
}
