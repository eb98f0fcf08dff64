import Foundation
import RuleRegex
@_spi(Generated) import RuleRuntime
import RuleSpec

/// The checked spec: what `Sema` proves about a spec and its imports, and the one
/// representation the later phases read — the runtime's `StyleTable` (`makeTable()`, built
/// once), automata building (`AutomataBuilder`) and the conflict analysis
/// (`ConflictAnalysis`).
///
/// Unlike the table it keeps what only the compiler needs: where each rule, pattern and
/// `allow overlap` is written, and each regex rule's parsed pattern (parsed once, in Sema).
struct CheckedSpec: Equatable, Sendable {
    /// The spec's UpperCamelCase name and its file name.
    var name: String
    var source: String
    var base: TextStyle
    var styles: [String: TextStyle]
    var highlight: TextStyle?
    var truncation: TruncationSpec?
    /// Handler name → argument labels.
    var handlers: [String: [String?]]
    /// Handler name → the first tap that calls it (the generated `Handlers` requirement
    /// points there).
    var handlerSites: [String: SourceRef] = [:]
    /// In declaration order (imported specs' rules first).
    var rules: [CheckedRule]
    /// The root spec's `example` statements (`SpecExamples` runs them); never part of the
    /// table or the generated code.
    var examples: [CheckedExample] = []
    /// The spec imports `html`: its table renders texts as HTML (`StyleTable.html`).
    var html = false

    /// The style table phase: the runtime's table of this spec, built once by
    /// `Compiler.compile` and carried to the later phases. Presentations keep their style
    /// layers only when some rule is a container (only then can a match be nested).
    func makeTable() -> StyleTable {
        let nests = rules.contains(where: \.nest)
        return StyleTable(
            formatVersion: html ? StyleTable.htmlFormatVersion : StyleTable.currentFormatVersion, name: name, source: source, base: base,
            styles: styles, highlight: highlight, truncation: truncation, handlers: handlers,
            rules: rules.map { $0.entry(withLayers: nests) }, html: html ? true : nil)
    }
}

/// An `example` whose rule and handler names Sema found declared.
struct CheckedExample: Equatable, Sendable {
    var decl: ExampleDecl
    var file: SourceFile

    static func == (a: CheckedExample, b: CheckedExample) -> Bool { a.decl == b.decl && a.file.isSame(as: b.file) }
}

/// One checked rule or tag family.
struct CheckedRule: Equatable, Sendable {
    var name: String
    /// The rule's name where it is declared.
    var declaration: SourceRef
    var matcher: CheckedMatcher
    var priority: Int
    var presentation: RulePresentation
    /// Tag families: the merged presentation per tag name, and the conditional styles.
    var tags: [String: RulePresentation]
    var conditionalStyles: [ConditionalStyle] = []
    /// Its `allow overlap` statements, in order.
    var allows: [Identifier]
    /// Named groups of a regex rule.
    var captureNames: [String: Int]
    /// A container (`nest`).
    var nest = false
    /// `in arguments`: may also match inside one argument of a template.
    var inArguments = false

    /// `file:line:column` of the declaration.
    var location: String {
        "\((declaration.file.path as NSString).lastPathComponent):\(declaration.file.location(of: declaration.span.start))"
    }

    /// The rules named by its `allow overlap` statements, first mention first.
    var allowedNames: [String] {
        var names: [String] = []
        for other in allows where !names.contains(other.name) { names.append(other.name) }
        return names
    }

    /// Where diagnostics about what the rule matches point: its pattern, else its name.
    var matcherSite: SourceRef {
        if case .regex(let pattern) = matcher { return pattern.site }
        return declaration
    }

    /// The runtime's entry; without `withLayers`, its presentations carry no style layer.
    func entry(withLayers: Bool) -> RuleEntry {
        var presentation = presentation
        var tags = tags
        if !withLayers {
            presentation.layer = nil
            for name in tags.keys { tags[name]?.layer = nil }
        }
        return RuleEntry(
            name: name, matcher: matcher.spec, priority: priority, presentation: presentation, tags: tags,
            conditionalStyles: conditionalStyles, captureNames: captureNames, nest: nest,
            inArguments: inArguments)
    }
}

/// What a checked rule matches.
enum CheckedMatcher: Equatable, Sendable {
    case regex(CheckedPattern)
    case prefix(String)
    case tagFamily(String)
    case element(name: String, attributes: [String], isVoid: Bool)
    case entity

    /// The runtime's matcher.
    var spec: MatcherSpec {
        switch self {
        case .regex(let p): return .regex(pattern: p.pattern, flags: p.flags, detector: p.detector)
        case .prefix(let prefix): return .prefix(prefix)
        case .tagFamily(let family): return .tagFamily(family)
        case .element(let name, let attributes, let isVoid): return .element(name: name, attributes: attributes, isVoid: isVoid)
        case .entity: return .entity
        }
    }
}

/// A regex rule's pattern, parsed.
struct CheckedPattern: Equatable, Sendable {
    var pattern: String
    var flags: RegexFlags
    /// The curated detector (`link`, `email`, `phone`) the pattern came from.
    var detector: String?
    var ast: RegexAST
    /// The pattern in the spec (a detector: its name).
    var site: SourceRef
}
