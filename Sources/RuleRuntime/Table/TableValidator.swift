import Foundation

/// What a table must hold beyond its types for every render to trust it
/// (`StyleTable.validate()`, and `StyleTable(jsonData:)` after decoding): the checks the
/// compiler's semantic phase makes on a spec, made again on a table that arrives from
/// outside. Each problem names the key path of its value.
///
/// - numbers in the ranges a spec may write: font sizes (0, 1000], `kern` and
///   `baselineOffset` [-1000, 1000], `lineSpacing`, `paragraphSpacing`, `headIndent` and
///   `firstLineHeadIndent` [0, 1000],
///   `lineHeight` (0, 1000], attachment sizes (0, 10000], priorities ±1,000,000;
/// - capture groups (`show`, `$n` in templates, `captureNames`) that the rule's pattern has
///   (ICU compiles each pattern here, which also refuses the patterns it rejects), and
///   `${name}`s the rule gives (named captures, a detector's fields, a tag's fields and
///   declared attributes);
/// - styles named in `styles`, taps of handlers declared in `handlers` with the same labels;
/// - detector names, tag family and element names and attributes as the language writes
///   them, tag blocks and `where` tests that belong to their rule;
/// - one display per match (not an image and a widget; `replace` only beside an
///   attachment), `show` only on regex rules that show their text, `nest` only where there
///   is content to hold.
struct TableValidator {
    /// A problem: the value (or with `atKey`, the key) it is about, and what is wrong.
    struct Issue {
        var path: JSONPath
        var message: String
        var atKey = false
    }

    /// What a rule's templates may refer to.
    struct Scope {
        /// The highest group `$n` may name; `nil` when not known (a pattern ICU rejects);
        /// -1: none (the truncation token).
        var maxGroup: Int?
        var names: Set<String>
        /// How to say which groups and names there are.
        var what: String
        var isRegex = false
    }

    static let priorities = -1_000_000...1_000_000
    /// The fields of a tag family's tags.
    static let familyFields: Set<String> = ["text", "name", "level", "index"]
    /// The fields of an element's tags (attributes are declared besides).
    static let elementFields: Set<String> = ["text", "name", "index"]

    let table: StyleTable
    private(set) var issues: [Issue] = []

    /// Every problem of `table`, in the order the checks meet them.
    static func issues(of table: StyleTable) -> [Issue] {
        var validator = TableValidator(table: table)
        validator.checkTable()
        return validator.issues
    }

    private init(table: StyleTable) { self.table = table }

    mutating func report(_ path: JSONPath, _ message: String, atKey: Bool = false) {
        issues.append(Issue(path: path, message: message, atKey: atKey))
    }

    private mutating func checkTable() {
        let top = JSONPath()
        if let hash = table.contentHash,
            hash.utf8.count != 16 || !hash.utf8.allSatisfy({ (0x30...0x39).contains($0) || (0x61...0x66).contains($0) })
        {
            report(top + "contentHash", "a content hash is 16 lower-case hex digits, found \(JSONScanner.quoted(hash))")
        }
        let html = table.html == true
        if html != (table.formatVersion == StyleTable.htmlFormatVersion) {
            report(
                top + "formatVersion",
                html
                    ? "a table with \"html\": true is formatVersion \(StyleTable.htmlFormatVersion)"
                    : "formatVersion \(StyleTable.htmlFormatVersion) is a table with \"html\": true (its spec imports html)")
        }
        if table.html == false { report(top + "html", "\"html\" is true or left out") }
        check(table.base, at: top + "base")
        for (name, style) in table.styles.sorted(by: { $0.key < $1.key }) {
            if name.isEmpty { report(top + "styles" + name, "a style's name cannot be empty", atKey: true) }
            check(style, at: top + "styles" + name)
        }
        if let highlight = table.highlight { check(highlight, at: top + "highlight") }
        for (name, labels) in table.handlers.sorted(by: { $0.key < $1.key }) {
            let path = top + "handlers" + name
            if name.isEmpty { report(path, "a handler's name cannot be empty", atKey: true) }
            var seen: Set<String> = []
            for (index, label) in labels.enumerated() {
                guard let label else { continue }
                if label.isEmpty {
                    report(path + index, "an argument label cannot be empty (null is an unlabelled argument)")
                } else if !seen.insert(label).inserted {
                    report(path + index, "argument label \(JSONScanner.quoted(label)) is used twice")
                }
            }
        }
        if let truncation = table.truncation { check(truncation, at: top + "truncation") }
        var firstRule: [String: Int] = [:]
        for (index, rule) in table.rules.enumerated() {
            let path = top + "rules" + index
            if rule.name.isEmpty {
                report(path + "name", "a rule's name cannot be empty")
            } else if let first = firstRule[rule.name] {
                report(path + "name", "rule name \(JSONScanner.quoted(rule.name)) is used twice (first by rules[\(first)])")
            } else {
                firstRule[rule.name] = index
            }
            check(rule, at: path)
        }
    }

    private mutating func check(_ truncation: TruncationSpec, at path: JSONPath) {
        if truncation.text.isEmpty { report(path + "text", "the truncation token cannot be empty") }
        check(truncation.style, at: path + "style")
        if let highlight = truncation.highlight { check(highlight, at: path + "highlight") }
        checkStyleName(truncation.styleName, at: path + "styleName")
        if let tap = truncation.tap {
            check(tap, at: path + "tap", scope: Scope(maxGroup: -1, names: [], what: "the truncation token has no match to refer to"))
        }
    }

    private mutating func check(_ rule: RuleEntry, at path: JSONPath) {
        if !Self.priorities.contains(rule.priority) {
            report(
                path + "priority",
                "priority \(rule.priority) is out of range: a priority is from \(Self.priorities.lowerBound) to \(Self.priorities.upperBound)"
            )
        }
        let scope = check(rule.matcher, of: rule, at: path + "match")
        check(rule.presentation, of: rule, at: path + "presentation", scope: scope)
        if !rule.tags.isEmpty {
            if case .tagFamily(let family) = rule.matcher {
                for (name, presentation) in rule.tags.sorted(by: { $0.key < $1.key }) {
                    if !Self.isTag(name, of: family) {
                        report(
                            path + "tags" + name,
                            "tag \(JSONScanner.quoted(name)) is not in family '\(family)' (\(family) or \(family) followed by digits)",
                            atKey: true)
                    }
                    check(presentation, of: rule, at: path + "tags" + name, scope: scope)
                }
            } else {
                report(path + "tags", "only a tag family has tag blocks")
            }
        }
        checkConditionalStyles(of: rule, at: path + "conditionalStyles", scope: scope)
        if rule.nest { checkNest(rule, at: path + "nest") }
        checkLayout(of: rule, at: path)
    }

    /// `layout`, `before` and `after` lay out elements: an HTML table's tag rules only.
    private mutating func checkLayout(of rule: RuleEntry, at path: JSONPath) {
        /// The first of `layout`, `before`, `after` set, if any.
        func key(_ layout: ElementLayout?, _ before: String?, _ after: String?) -> String? {
            layout != nil ? "layout" : before != nil ? "before" : after != nil ? "after" : nil
        }
        var places = [(path + "presentation", key(rule.presentation.layout, rule.presentation.before, rule.presentation.after))]
        for (name, p) in rule.tags.sorted(by: { $0.key < $1.key }) {
            places.append((path + "tags" + name, key(p.layout, p.before, p.after)))
        }
        for (index, c) in rule.conditionalStyles.enumerated() {
            places.append((path + "conditionalStyles" + index, key(c.layout, c.before, c.after)))
        }
        let isTag: Bool
        switch rule.matcher {
        case .element, .tagFamily: isTag = true
        default: isTag = false
        }
        for case let (place, key?) in places {
            if table.html != true {
                report(place + key, "'\(key)' lays out an element of an HTML table (\"html\": true)")
            } else if !isTag {
                report(place + key, "'\(key)' lays out an element: only tag families and elements have one")
            }
        }
    }

    /// `nest`: a container shows its content, so it has content and shows no replacement,
    /// image or widget instead (nor does any of its tags).
    private mutating func checkNest(_ rule: RuleEntry, at path: JSONPath) {
        switch rule.matcher {
        case .entity: return report(path, "an entity cannot nest: it shows one character")
        case .element(_, _, isVoid: true): return report(path, "a void element cannot nest: it has no content")
        default: break
        }
        let shows = [("the rule", rule.presentation)] + rule.tags.sorted { $0.key < $1.key }.map { ("tag '\($0.key)'", $0.value) }
        for (owner, p) in shows {
            let what = p.replace != nil ? "a replacement" : p.image != nil ? "an image" : p.widget != nil ? "a widget" : nil
            if let what { return report(path, "a container shows its content, but \(owner) shows \(what) instead") }
        }
    }

    /// The matcher's names and the scope of the rule's templates.
    private mutating func check(_ matcher: MatcherSpec, of rule: RuleEntry, at path: JSONPath) -> Scope {
        var scope = Scope(maxGroup: 0, names: [], what: "only $0 (the whole match)")
        switch matcher {
        case .regex(let pattern, let flags, let detector):
            scope.isRegex = true
            scope.maxGroup = nil
            if pattern.isEmpty {
                report(path + "pattern", "a pattern cannot be empty")
            } else {
                switch Self.compile(pattern, flags) {
                case .groups(let count): scope.maxGroup = count
                case .rejected(let reason): report(path + "pattern", "ICU rejects the pattern: \(reason)")
                }
            }
            if let detector {
                if let fields = DetectorFields.names[detector] {
                    scope.names = Set(fields)
                    scope.what = "detector(\(detector)) gives " + fields.map { "${\($0)}" }.joined(separator: ", ")
                } else {
                    report(
                        path + "detector",
                        "unknown detector \(JSONScanner.quoted(detector)) (\(DetectorFields.names.keys.sorted().joined(separator: ", ")))")
                }
            } else {
                scope.names = Set(rule.captureNames.keys)
                scope.what =
                    rule.captureNames.isEmpty
                    ? "the pattern has no named groups" : "the pattern names " + rule.captureNames.keys.sorted().joined(separator: ", ")
            }
            for (name, number) in rule.captureNames.sorted(by: { $0.key < $1.key }) {
                let at = path.replacingLast(with: "captureNames") + name
                if name.isEmpty { report(at, "a capture name cannot be empty", atKey: true) }
                if number < 1 || number > (scope.maxGroup ?? Int.max) {
                    report(at, "capture group \(number) does not exist: \(Self.groups(scope.maxGroup))")
                }
            }
            return scope
        case .prefix(let prefix):
            if prefix.isEmpty || prefix.unicodeScalars.contains(where: \.properties.isWhitespace) {
                report(path + "prefix", "a prefix is non-empty and has no white space")
            }
        case .tagFamily(let family):
            if family.isEmpty || !family.unicodeScalars.allSatisfy({ ("a"..."z").contains($0) }) {
                report(path + "family", "a tag family's name is lower-case ASCII letters, found \(JSONScanner.quoted(family))")
            }
            scope.names = Self.familyFields
            scope.what = "a tag has text, name, level and index"
        case .element(let name, let attributes, let isVoid):
            if name == "*" {
                if isVoid { report(path + "void", "the catch-all element is paired: it shows the content of tags no rule names") }
            } else if name.isEmpty || !name.unicodeScalars.allSatisfy({ ("a"..."z").contains($0) || ("0"..."9").contains($0) }) {
                report(
                    path + "element", "an element's name is lower-case ASCII letters and digits, or '*', found \(JSONScanner.quoted(name))")
            }
            var seen: Set<String> = []
            for (index, attribute) in attributes.enumerated() {
                if attribute.isEmpty || attribute != attribute.lowercased() {
                    report(
                        path + "attributes" + index,
                        "an attribute's name is non-empty and lower-case, found \(JSONScanner.quoted(attribute))")
                } else if Self.elementFields.contains(attribute) {
                    report(path + "attributes" + index, "'\(attribute)' is a tag field (text, name, index) and cannot be an attribute")
                } else if !seen.insert(attribute).inserted {
                    report(path + "attributes" + index, "attribute '\(attribute)' is listed twice")
                }
            }
            scope.names = Self.elementFields.union(seen)
            scope.what =
                "an element has text, name, index" + (seen.isEmpty ? "" : " and its attributes " + seen.sorted().joined(separator: ", "))
        case .entity:
            break
        }
        if !rule.captureNames.isEmpty { report(path.replacingLast(with: "captureNames"), "only a regex rule has named captures") }
        return scope
    }

    /// What ICU says of a pattern: how many groups it has, or why it rejects it.
    enum Compilation {
        case groups(Int)
        case rejected(String)
    }

    /// ICU's answer for `pattern`. Compiling a pattern with Unicode properties takes ICU
    /// milliseconds, so the answers for the last patterns met are kept (a table read again,
    /// tables that share their detectors' patterns).
    static func compile(_ pattern: String, _ flags: RegexFlags) -> Compilation {
        let key = flags.letters + "/" + pattern
        if let known = compilations.withLock({ $0[key] }) { return known }
        let answer: Compilation
        do {
            answer = .groups(try NSRegularExpression(pattern: pattern, options: flags.regularExpressionOptions).numberOfCaptureGroups)
        } catch {
            answer = .rejected(RuleMatcher.reason(error))
        }
        compilations.withLock { cache in
            if cache.count >= 256 { cache.removeAll() }
            cache[key] = answer
        }
        return answer
    }

    private static let compilations = Locked<[String: Compilation]>([:])

    /// `$0 to $3`, `only $0 (the whole match)`.
    static func groups(_ maxGroup: Int?) -> String {
        guard let maxGroup else { return "the pattern's groups are not known" }
        return maxGroup < 0
            ? "there is no match to refer to"
            : maxGroup == 0 ? "this rule has only $0 (the whole match)" : "this rule has $0 to $\(maxGroup)"
    }

    /// Whether `name` is a tag of `family`: the family, then ASCII digits.
    static func isTag(_ name: String, of family: String) -> Bool {
        name.hasPrefix(family) && name.unicodeScalars.dropFirst(family.unicodeScalars.count).allSatisfy { ("0"..."9").contains($0) }
    }

    mutating func checkStyleName(_ name: String?, at path: JSONPath) {
        if let name, table.styles[name] == nil {
            report(path, "style \(JSONScanner.quoted(name)) is not in 'styles'")
        }
    }
}

extension JSONPath {
    /// The path with its last component replaced by `key` (a sibling of the value).
    func replacingLast(with key: String) -> JSONPath { JSONPath(components.dropLast() + [.key(key)]) }
}
