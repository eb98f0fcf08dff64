extension SwiftEmitter {
    /// The `Handlers` protocol (one requirement per handler name, with the spec's argument
    /// labels: a handler the app leaves out is a compile error) and `dispatch`, which calls
    /// the requirement a tap target names.
    func emitHandlers(into w: inout SwiftWriter) {
        let handlers = table.handlers.sorted { $0.key < $1.key }
        // A spec label `_` is no label in Swift (the tap target still carries "_").
        func swiftLabel(_ label: String?) -> String? { label == "_" ? nil : label }
        // An unlabelled parameter's name: `argumentN`, with underscores until it differs
        // from every label of the list (`f(_:argument0:)`).
        func parameters(_ labels: [String?]) -> String {
            let taken = Set(labels.compactMap(swiftLabel))
            return labels.enumerated().map { index, label in
                if let label = swiftLabel(label) { return "\(SwiftLiteral.identifier(label)): String" }
                var name = "argument\(index)"
                while taken.contains(name) { name += "_" }
                return "_ \(name): String"
            }.joined(separator: ", ")
        }
        w.line("/// What the app does on a tap: one method per handler the spec names, with its argument")
        w.line("/// labels. Every handler must be implemented (a missing one does not compile). Taps arrive")
        w.line("/// on the main thread, so the protocol is main-actor isolated (view controllers conform);")
        w.line("/// class-bound, so that views can hold their handler weakly, as a delegate.")
        w.line("@MainActor")
        w.block("\(access) protocol Handlers: AnyObject") { w in
            for (name, labels) in handlers { w.line("func \(SwiftLiteral.identifier(name))(\(parameters(labels)))") }
        }
        w.line()
        w.line("/// Calls the method of `handlers` that `tap` names, with its arguments. Returns `false`")
        w.line("/// when the target names no handler of this spec or has other arguments.")
        w.line("@MainActor @discardableResult")
        w.block("\(access) static func dispatch(_ tap: TapTarget, to handlers: some Handlers) -> Bool") { w in
            if handlers.isEmpty {
                w.line("false")
                return
            }
            w.line("let arguments = tap.arguments")
            w.line("switch tap.handler {")
            for (name, labels) in handlers {
                w.line("case \(SwiftLiteral.string(name)):")
                let expected = "[" + labels.map { $0.map(SwiftLiteral.string) ?? "nil" }.joined(separator: ", ") + "]"
                w.line("    guard arguments.map(\\.label) == \(expected)\(labels.isEmpty ? " as [String?]" : "") else { return false }")
                let call = labels.enumerated().map { index, label in
                    (swiftLabel(label).map { "\(SwiftLiteral.callLabel($0)): " } ?? "") + "arguments[\(index)].value"
                }.joined(separator: ", ")
                w.line("    handlers.\(SwiftLiteral.identifier(name))(\(call))")
                w.line("    return true")
            }
            w.line("default:")
            w.line("    return false")
            w.line("}")
        }
        w.line()
        w.line("/// Calls the handler of a match's tap target (`false` when it has none).")
        w.line("@MainActor @discardableResult")
        w.block("\(access) static func dispatch(_ match: RuleMatch, to handlers: some Handlers) -> Bool") { w in
            w.line("guard let tap = match.tap else { return false }")
            w.line("return dispatch(tap, to: handlers)")
        }
    }
}
