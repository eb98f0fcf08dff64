import RuleRegex

/// Builds DFAs for programs (`Determinizer`, in `Determinize*.swift`); the budgets are
/// `DFABudget`, what exceeds them a `DFALimit`. The compiler's automata phase
/// (`AutomataBuilder.swift`, beside it) calls it for every regex rule.
package enum DFABuilder {
    /// The DFA of `program`, or `nil` when it needs more than `maxStates` states,
    /// `maxCells` transition cells or `maxWork` units of construction work (see
    /// `DeterminizerScratch`); the rule then runs on the Pike VM alone.
    ///
    /// With `allMatches`, the DFA is not leftmost-first: an anchored run records a match
    /// wherever some path of the program can end (nothing is cut after a `match`). Its
    /// unanchored starts mean nothing then; only the analysis reads such DFAs.
    package static func build(
        _ program: RegexProgram, maxStates: Int = DFABudget.states, maxCells: Int = DFABudget.cells,
        maxWork: Int = DFABudget.work, allMatches: Bool = false
    ) -> DFATable? {
        try? determinize(program, maxStates: maxStates, maxCells: maxCells, maxWork: maxWork, allMatches: allMatches).get()
    }

    /// The DFA of `program`, or the budget it exceeds.
    package static func determinize(
        _ program: RegexProgram, maxStates: Int = DFABudget.states, maxCells: Int = DFABudget.cells,
        maxWork: Int = DFABudget.work, allMatches: Bool = false
    ) -> Result<DFATable, DFALimit> {
        var determinizer: Determinizer
        do {
            determinizer = try Determinizer(
                program: program, maxStates: maxStates, maxCells: maxCells, maxWork: maxWork, allMatches: allMatches)
        } catch {
            return .failure(error)
        }
        guard determinizer.classCount <= DFATable.maxClasses else { return .failure(.inputClasses) }
        if let table = determinizer.build() { return .success(table) }
        return .failure(determinizer.exceeded ?? .states)
    }
}
