import Foundation
@_spi(Generated) import RuleRuntime
import RuleSpec

/// Semantic checks over a loaded spec and its imports, producing the checked spec
/// (`CheckedSpec`) the later phases read.
///
/// Order of work: headers → styles (base, named, inheritance, global highlight) →
/// rules and tag families in declaration order (matchers, captures, presentations,
/// handler signatures) → cross references (`allow overlap`).
struct Sema {
    let spec: LoadedSpec
    var diagnostics = DiagnosticBag()

    /// Named styles as declared, and merged along their inheritance chain.
    var styleDecls: [String: (decl: StyleDecl, file: SourceFile)] = [:]
    var resolvedStyles: [String: TextStyle] = [:]
    var base = TextStyle()
    var defaultHighlight: TextStyle?
    var truncation: TruncationSpec?
    /// Handler name → labels and where first used.
    var handlers: [String: (labels: [String?], ref: SourceRef)] = [:]
    /// Rule or family name → where declared.
    var ruleNames: [String: SourceRef] = [:]
    var rules: [CheckedRule] = []
    /// Every `allow overlap`, also of rules left out for errors (checked against the names).
    var allowSites: [(rule: String, other: Identifier, file: SourceFile)] = []

    static let priorityRange = -1_000_000...1_000_000
    /// Some file of the spec says `import html`: texts render as HTML.
    let importsHTML: Bool

    init(spec: LoadedSpec) {
        self.spec = spec
        importsHTML = spec.files.contains { file in
            file.statements.contains { if case .importBuiltin(let name, _) = $0 { return name.name == "html" } else { return false } }
        }
    }

    func ref(_ file: SourceFile, _ span: SourceSpan) -> SourceRef { SourceRef(file: file, span: span) }

    mutating func error(_ kind: DiagnosticKind, _ message: String, _ file: SourceFile, _ span: SourceSpan, notes: [Diagnostic.Note] = []) {
        diagnostics.report(kind, message, at: ref(file, span), notes: notes)
    }

    /// Runs every check; the result is meaningful only when no error was reported.
    mutating func check() -> CheckedSpec {
        for file in spec.files { checkHeader(file) }
        collectStyles()
        for file in spec.files {
            for statement in file.statements {
                switch statement {
                case .rule(let decl): checkRule(decl, in: file.source)
                case .tags(let decl): checkFamily(decl, in: file.source)
                default: continue
                }
            }
        }
        checkTruncation()
        checkAllowSites()
        let examples = checkExamples()
        let source = (spec.root.source.path as NSString).lastPathComponent
        return CheckedSpec(
            name: TypeNames.spec(atPath: spec.root.source.path), source: source, base: base,
            styles: resolvedStyles, highlight: defaultHighlight, truncation: truncation,
            handlers: handlers.mapValues(\.labels), handlerSites: handlers.mapValues(\.ref), rules: rules, examples: examples,
            html: importsHTML)
    }

    mutating func checkHeader(_ file: SpecFile) {
        guard let version = file.version else { return }
        if version.value != 1 {
            // The literal as written: a version such as 9223372036854775808 has no `Int`.
            error(
                .version, "unsupported language version \(file.source.text(of: version.span)); this rulegen reads 'richrules 1'",
                file.source, version.span)
        }
    }

    mutating func checkAllowSites() {
        for site in allowSites {
            if site.other.name == site.rule {
                error(.unknownRule, "a rule cannot allow overlap with itself", site.file, site.other.span)
            } else if ruleNames[site.other.name] == nil {
                error(
                    .unknownRule, "unknown rule '\(site.other.name)' in 'allow overlap'\(Spelling.hint(site.other.name, ruleNames.keys))",
                    site.file, site.other.span)
            }
        }
    }

    /// Records a name in a namespace, reporting a duplicate with a note at the first.
    mutating func declare(_ id: Identifier, in file: SourceFile, kind: String, table: inout [String: SourceRef]) -> Bool {
        if let first = table[id.name] {
            error(.duplicate, "\(kind) '\(id.name)' is declared twice", file, id.span, notes: [.init("first declared here", at: first)])
            return false
        }
        table[id.name] = ref(file, id.span)
        return true
    }
}
