extension SwiftEmitter {
    /// The `Handlers` protocol (one requirement per handler name, with the spec's argument
    /// labels and the types of `HandlerSignatures`: a handler the app leaves out is a
    /// compile error) and `dispatch`, which calls the requirement a tap target names.
    func emitHandlers(into w: inout SwiftWriter) {
        let signatures = HandlerSignatures(table: table)
        let handlers = table.handlers.sorted { $0.key < $1.key }.map { name, labels in
            (name: name, labels: labels, types: signatures.types(of: name, count: labels.count))
        }
        w.line("/// What the app does on a tap: one method per handler the spec names, with its argument")
        w.line("/// labels. Every handler must be implemented (a missing one does not compile). Taps arrive")
        w.line("/// on the main thread, so the protocol is main-actor isolated (view controllers conform);")
        w.line("/// class-bound, so that views can hold their handler weakly, as a delegate.")
        if !handlerSites.isEmpty {
            w.line("/// Each requirement is declared at the spec line of the first tap that calls it")
            w.line("/// (`#sourceLocation`): the compiler's note on a missing handler names that line.")
        }
        w.line("@MainActor")
        w.block("\(access) protocol Handlers: AnyObject") { w in
            for (name, labels, types) in handlers {
                let site = handlerSites[name]
                if let site { w.directive("#sourceLocation(file: \(Quoting.string(site.file)), line: \(site.line))") }
                w.line("func \(SwiftLiteral.identifier(name))(\(Self.parameters(labels, types)))")
                if site != nil { w.directive("#sourceLocation()") }
            }
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
            for (name, labels, types) in handlers { Self.emitDispatchCase(name, labels, types, into: &w) }
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
        emitActions(handlers, into: &w)
    }

    /// `Actions`: the handlers as closures, a value a SwiftUI view can make in its `body`
    /// (no class, no coordinator), with `dispatch` overloads that forward to it.
    func emitActions(_ handlers: [(name: String, labels: [String?], types: [HandlerSignatures.ArgumentType])], into w: inout SwiftWriter) {
        func closureType(_ labels: [String?], _ types: [HandlerSignatures.ArgumentType]) -> String {
            let parameters = zip(labels, types).enumerated().map { index, argument in
                "_ \(Self.swiftLabel(argument.0).map(SwiftLiteral.identifier) ?? "argument\(index)"): \(argument.1.swift)"
            }
            return "(\(parameters.joined(separator: ", "))) -> Void"
        }
        let properties = SwiftLiteral.propertyNames(handlers.map(\.name))
        w.line()
        w.line("/// The handlers as closures, one per handler of the spec (each must be given: a missing")
        w.line("/// one does not compile): what a SwiftUI view passes, made in its `body`, where a")
        w.line("/// `Handlers` conformance would need a class.")
        w.line("@MainActor")
        w.block("\(access) struct Actions") { w in
            for (handler, property) in zip(handlers, properties) {
                w.line("\(access) var \(property): \(closureType(handler.labels, handler.types))")
            }
            w.line()
            let parameters = zip(handlers, properties).map { "\($1): @escaping \(closureType($0.labels, $0.types))" }
            if parameters.isEmpty {
                w.line("\(access) init() {}")
            } else {
                w.line("\(access) init(")
                for (index, parameter) in parameters.enumerated() {
                    w.line("    \(parameter)\(index + 1 < parameters.count ? "," : "")")
                }
                w.block(")") { w in
                    for property in properties { w.line("self.\(property) = \(property)") }
                }
            }
        }
        w.line()
        w.line("/// `Handlers` over `Actions`, for `dispatch`.")
        w.line("@MainActor")
        w.block("private final class ActionHandlers: Handlers") { w in
            w.line("let actions: Actions")
            w.line("init(_ actions: Actions) { self.actions = actions }")
            for ((name, labels, types), property) in zip(handlers, properties) {
                let names = zip(labels, types).enumerated().map { index, argument -> String in
                    let taken = Set(labels.compactMap(Self.swiftLabel))
                    if let label = Self.swiftLabel(argument.0) { return SwiftLiteral.identifier(label) }
                    var name = "argument\(index)"
                    while taken.contains(name) { name += "_" }
                    return name
                }
                let call = "actions.\(property)(\(names.joined(separator: ", ")))"
                w.line("func \(SwiftLiteral.identifier(name))(\(Self.parameters(labels, types))) { \(call) }")
            }
        }
        w.line()
        w.line("/// Calls the closure of `actions` that `tap` names (see `dispatch(_:to:)` above).")
        w.line("@MainActor @discardableResult")
        w.block("\(access) static func dispatch(_ tap: TapTarget, to actions: Actions) -> Bool") { w in
            w.line("dispatch(tap, to: ActionHandlers(actions))")
        }
        w.line()
        w.line("/// Calls the closure of a match's tap target (`false` when it has none).")
        w.line("@MainActor @discardableResult")
        w.block("\(access) static func dispatch(_ match: RuleMatch, to actions: Actions) -> Bool") { w in
            w.line("dispatch(match, to: ActionHandlers(actions))")
        }
    }

    /// A spec label `_` is no label in Swift (the tap target still carries "_").
    static func swiftLabel(_ label: String?) -> String? { label == "_" ? nil : label }

    /// A requirement's parameter list: each label with its argument's type. An unlabelled
    /// parameter's name is `argumentN`, with underscores until it differs from every label
    /// of the list (`f(_:argument0:)`).
    static func parameters(_ labels: [String?], _ types: [HandlerSignatures.ArgumentType]) -> String {
        let taken = Set(labels.compactMap(swiftLabel))
        return zip(labels, types).enumerated().map { index, argument in
            if let label = swiftLabel(argument.0) { return "\(SwiftLiteral.identifier(label)): \(argument.1.swift)" }
            var name = "argument\(index)"
            while taken.contains(name) { name += "_" }
            return "_ \(name): \(argument.1.swift)"
        }.joined(separator: ", ")
    }

    /// `dispatch`'s case for one handler: checks the labels, converts the `Int` arguments
    /// (a value that is not an integer dispatches nothing) and the `Int?` ones (the empty
    /// string, a tag without level, is `nil`), and calls the requirement.
    static func emitDispatchCase(
        _ name: String, _ labels: [String?], _ types: [HandlerSignatures.ArgumentType], into w: inout SwiftWriter
    ) {
        w.line("case \(Quoting.string(name)):")
        let expected = "[" + labels.map { $0.map(Quoting.string) ?? "nil" }.joined(separator: ", ") + "]"
        w.line("    guard arguments.map(\\.label) == \(expected)\(labels.isEmpty ? " as [String?]" : "") else { return false }")
        for (index, type) in types.enumerated() where type == .int {
            w.line("    guard let argument\(index) = Int(arguments[\(index)].value) else { return false }")
        }
        let call = zip(labels, types).enumerated().map { index, argument in
            let value =
                switch argument.1 {
                case .string: "arguments[\(index)].value"
                case .int: "argument\(index)"
                case .optionalInt: "Int(arguments[\(index)].value)"
                }
            return (swiftLabel(argument.0).map { "\(SwiftLiteral.callLabel($0)): " } ?? "") + value
        }.joined(separator: ", ")
        w.line("    handlers.\(SwiftLiteral.identifier(name))(\(call))")
        w.line("    return true")
    }
}
