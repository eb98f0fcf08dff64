import Foundation
@_spi(Generated) import RuleRuntime
import RuleSpec

/// What the tests of a `where` block read: a family's tags, or an element rule's elements
/// (with their declared attributes).
enum ConditionalSubject {
    case family(String)
    case element(attributes: [String])
}

/// What a rule's templates may refer to.
struct CaptureScope {
    /// Highest valid group number (`$0` … `$maxGroup`).
    var maxGroup: Int
    /// Valid `${name}` references.
    var names: Set<String>
    /// How to describe the valid names in a message.
    var what: String
}

extension Sema {
    mutating func checkRule(_ decl: RuleDecl, in file: SourceFile) {
        let declared = declareRule(decl.name, in: file)
        let items = uniqueItems(decl.items, owner: "rule '\(decl.name.name)'", in: file)
        var matcher: CheckedMatcher?
        var scope = CaptureScope(maxGroup: 0, names: [], what: "")
        var captureNames: [String: Int] = [:]
        if case .match(let m, let span)? = items["match"] {
            if let (spec, s, names) = checkMatcher(m, span: span, rule: decl.name.name, in: file) {
                matcher = spec
                scope = s
                captureNames = names
            }
        } else {
            error(.missingMatch, "rule '\(decl.name.name)' has no 'match' statement", file, decl.name.span)
        }
        let priority = checkPriority(items["priority"], in: file)
        var presentation = presentation(items, scope: scope, in: file, inherited: nil)
        if let matcher { checkLayoutOwner(items, matcher: matcher, presentation: presentation, in: file) }
        presentation.layer = presentation.style
        presentation.style = base.merged(with: presentation.style)
        checkAlt(items, shows: [presentation], in: file)
        if case .show(let literal, let span)? = items["show"] {
            presentation.show = checkShow(
                literal, span: span, matcher: matcher, scope: scope, captureNames: captureNames, presentation, in: file)
        }
        if case .nest(let span)? = items["nest"] {
            checkNest(span, matcher: matcher, shows: [("rule '\(decl.name.name)'", presentation)], in: file)
        }
        var conditionalStyles: [ConditionalStyle] = []
        for case .tag(let block) in decl.items {
            guard let matcher else { continue }
            guard case .element(_, let attributes, _) = matcher else {
                error(
                    .invalidValue, "'where' tests tags: it applies to tag families and elements ('match tag <a href>'), not to this rule",
                    file, block.name.span)
                continue
            }
            if let conditional = checkConditionalBlock(block, subject: .element(attributes: attributes), scope: scope, in: file) {
                conditionalStyles.append(conditional)
            }
        }
        if case .inArguments(let span)? = items["in arguments"], let matcher {
            checkInArguments(
                span, rule: decl.name.name, matcher: matcher, shows: [presentation], conditionalTaps: conditionalStyles, in: file)
        }
        collectAllows(decl.items, rule: decl.name.name, in: file)
        guard declared, let matcher else { return }
        rules.append(
            CheckedRule(
                name: decl.name.name, declaration: ref(file, decl.name.span), matcher: matcher, priority: priority,
                presentation: presentation, tags: [:], conditionalStyles: conditionalStyles, allows: allows(decl.items),
                captureNames: captureNames, nest: items["nest"] != nil, inArguments: items["in arguments"] != nil))
    }

    mutating func checkFamily(_ decl: TagsDecl, in file: SourceFile) {
        let declared = declareRule(decl.family, in: file)
        let family = decl.family.name.lowercased()
        if !family.unicodeScalars.allSatisfy({ $0.isASCII && $0.properties.isAlphabetic }) {
            error(
                .invalidName,
                "a tag family name is ASCII letters only ('\(decl.family.name)' has other characters; digits are the tag level)",
                file, decl.family.span)
        }
        let items = uniqueItems(
            decl.items.filter { if case .tag = $0 { return false } else { return true } }, owner: "tag family '\(family)'", in: file)
        let scope = CaptureScope(maxGroup: 0, names: ["text", "name", "level", "index"], what: "tag fields: text, name, level, index")
        let priority = checkPriority(items["priority"], in: file)
        let familyPresentation = presentation(items, scope: scope, in: file, inherited: nil)
        checkLayoutOwner(items, matcher: .tagFamily(family), presentation: familyPresentation, in: file)
        var tags: [String: RulePresentation] = [:]
        var tagSites: [String: SourceRef] = [:]
        for case .tag(let block) in decl.items where block.conditions.isEmpty {
            let name = block.name.name.lowercased()
            let level = name.dropFirst(family.count)
            if !name.hasPrefix(family) || !level.allSatisfy(\.isASCII) || !level.allSatisfy(\.isNumber) {
                error(
                    .invalidName,
                    "tag '\(block.name.name)' is not in family '\(family)' (expected '\(family)' or '\(family)' followed by digits)",
                    file, block.name.span)
                continue
            }
            if let first = tagSites[name] {
                error(.duplicate, "tag '\(name)' has two blocks", file, block.name.span, notes: [.init("first declared here", at: first)])
                continue
            }
            tagSites[name] = ref(file, block.name.span)
            let tagItems = uniqueItems(block.items, owner: "tag '\(name)'", in: file)
            var p = presentation(tagItems, scope: scope, in: file, inherited: familyPresentation)
            checkLayoutOwner(tagItems, matcher: .tagFamily(family), presentation: p, in: file)
            p.layer = p.style
            p.style = base.merged(with: p.style)
            checkAlt(tagItems, shows: [p], in: file)
            tags[name] = p
        }
        checkAlt(items, shows: [familyPresentation] + tags.values, in: file)
        var conditionalStyles: [ConditionalStyle] = []
        for case .tag(let block) in decl.items where !block.conditions.isEmpty {
            if let conditional = checkConditionalBlock(block, subject: .family(family), scope: scope, in: file) {
                conditionalStyles.append(conditional)
            }
        }
        var presentation = familyPresentation
        presentation.layer = presentation.style
        presentation.style = base.merged(with: presentation.style)
        if case .nest(let span)? = items["nest"] {
            let shows = [("tag family '\(family)'", presentation)] + tags.sorted { $0.key < $1.key }.map { ("tag '\($0.key)'", $0.value) }
            checkNest(span, matcher: .tagFamily(family), shows: shows, in: file)
        }
        if case .inArguments(let span)? = items["in arguments"] {
            checkInArguments(
                span, rule: decl.family.name, matcher: .tagFamily(family),
                shows: [presentation] + tags.values, conditionalTaps: conditionalStyles,
                in: file)
        }
        collectAllows(decl.items, rule: decl.family.name, in: file)
        guard declared else { return }
        rules.append(
            CheckedRule(
                name: decl.family.name, declaration: ref(file, decl.family.span), matcher: .tagFamily(family), priority: priority,
                presentation: presentation, tags: tags, conditionalStyles: conditionalStyles, allows: allows(decl.items),
                captureNames: [:], nest: items["nest"] != nil, inArguments: items["in arguments"] != nil))
    }

    /// `in arguments` lets a rule match inside an argument of a template, which is user
    /// text: a warning on markup that can tap (an argument could then create taps), a note
    /// on any other markup rule (user text holds no markup of the app's).
    mutating func checkInArguments(
        _ span: SourceSpan, rule: String, matcher: CheckedMatcher, shows: [RulePresentation], conditionalTaps: [ConditionalStyle] = [],
        in file: SourceFile
    ) {
        let what: String
        switch matcher {
        case .tagFamily: what = "tag family '\(rule)'"
        case .element: what = "element rule '\(rule)'"
        case .entity: what = "entity rule '\(rule)'"
        case .regex, .prefix: return
        }
        let taps =
            shows.contains { $0.tap != nil }
            || conditionalTaps.contains { if case .tap? = $0.tap { return true } else { return false } }
        if taps {
            diagnostics.report(
                .tappableArguments,
                "\(what) has a tap and 'in arguments': a template's argument (user text) can write its markup and create taps",
                at: ref(file, span))
        } else {
            diagnostics.report(
                .markupInArguments,
                "\(what) matches markup, which user text does not hold: 'in arguments' makes an argument's own markup count",
                at: ref(file, span))
        }
    }

    /// `inline`, `block`, `paragraph`, `pre`, `hide`, `before "…"`, `after "…"`: the layout of
    /// an element and the text it adds, in an HTML spec (`import html`).
    mutating func elementLayout(_ items: [String: Item], in file: SourceFile) -> (
        layout: ElementLayout?, before: String?, after: String?
    ) {
        var result: (layout: ElementLayout?, before: String?, after: String?) = (nil, nil, nil)
        var first: (String, SourceSpan)?
        if case .layout(let word)? = items["layout"] {
            result.layout = word.name == "hide" ? .hidden : ElementLayout(rawValue: word.name)
            first = (word.name, word.span)
        }
        for key in ["before", "after"] {
            guard case .generated(let before, let literal, let span)? = items[key] else { continue }
            guard let text = literal.plainText else {
                error(.invalidValue, "'\(key)' shows plain text: write it without '$' references", file, literal.span)
                continue
            }
            if text.isEmpty { error(.invalidValue, "'\(key)' needs text (leave the statement out for none)", file, literal.span) }
            if before { result.before = text } else { result.after = text }
            if first == nil { first = (key, span) }
        }
        if case .layout(let word)? = items["layout"], word.name == "hide" {
            let shown = ["tap", "replace", "image", "widget", "before", "after"].first { key in
                guard let item = items[key] else { return false }
                if case .tap(let tap, _) = item { return tap.handler.name != "none" }
                return true
            }
            if let shown, let item = items[shown] {
                diagnostics.report(
                    .hiddenContent, "'\(shown)' never applies: 'hide' shows nothing of the element", at: ref(file, item.span),
                    notes: [.init("hidden here", at: ref(file, word.span))])
            }
        }
        if let (word, span) = first, !importsHTML {
            error(
                .invalidValue,
                "'\(word)' lays out an element of HTML: the spec needs 'import html' (texts then render as a browser shows them)",
                file, span)
        }
        return result
    }

    /// A layout or `before`/`after` is an element's: an error on other rules, and on an
    /// element that shows a replacement, an image or a widget instead of its content.
    mutating func checkLayoutOwner(_ items: [String: Item], matcher: CheckedMatcher, presentation p: RulePresentation, in file: SourceFile)
    {
        let statement = items["layout"] ?? items["before"] ?? items["after"]
        guard let statement else { return }
        switch matcher {
        case .element, .tagFamily: break
        default:
            error(
                .invalidValue, "'\(statement.keyword)' lays out an element: it applies to tag families and elements ('match tag <p>')",
                file, statement.span)
            return
        }
        let shows = p.replace != nil ? "'replace'" : p.image != nil ? "an image" : p.widget != nil ? "a widget" : nil
        if let shows, let generated = items["before"] ?? items["after"] {
            error(
                .conflictingContent,
                "'\(generated.keyword)' adds text around the element's content, but it shows \(shows) instead; choose one",
                file, generated.span)
        }
    }

    /// `nest`: a container shows its content, with the matches inside it in place, so it
    /// cannot show a replacement, an image or a widget instead; void elements and entities
    /// have no content to hold matches.
    mutating func checkNest(_ span: SourceSpan, matcher: CheckedMatcher?, shows: [(String, RulePresentation)], in file: SourceFile) {
        switch matcher {
        case .element(_, _, isVoid: true)?:
            error(.conflictingContent, "'nest' needs content: a void element has none to hold other matches", file, span)
            return
        case .entity?:
            error(.conflictingContent, "'nest' needs content: an entity shows one character", file, span)
            return
        default: break
        }
        for (owner, p) in shows {
            let what = p.replace != nil ? "'replace'" : p.image != nil ? "an image" : p.widget != nil ? "a widget" : nil
            guard let what else { continue }
            error(
                .conflictingContent,
                "'nest' shows the content with the matches inside it, but \(owner) shows \(what) instead; choose one", file, span)
            return
        }
    }

    /// `show $N` / `show ${name}`: the group the rule displays. Regex rules only; not with
    /// `replace`, nor with an image or widget that replaces the text.
    mutating func checkShow(
        _ literal: TemplateLiteral, span: SourceSpan, matcher: CheckedMatcher?, scope: CaptureScope, captureNames: [String: Int],
        _ presentation: RulePresentation, in file: SourceFile
    ) -> Int? {
        guard let matcher else { return nil }
        guard case .regex(let pattern) = matcher else {
            error(.invalidValue, "'show' applies to regex rules (tags and elements already show their content)", file, span)
            return nil
        }
        if presentation.replace != nil {
            error(.conflictingContent, "'show' and 'replace' both say what the match displays; choose one", file, span)
            return nil
        }
        let position = presentation.image?.position ?? presentation.widget?.position
        if presentation.image != nil || presentation.widget != nil, position == nil || position == .replace {
            error(
                .conflictingContent,
                "'show' has nothing to show: the image or widget replaces the match (use 'position before' or 'after')",
                file, span)
            return nil
        }
        let group: Int
        switch literal.pieces.first?.piece {
        case .group(let n)?:
            guard n <= scope.maxGroup else {
                let has = scope.maxGroup == 0 ? "only $0 (the whole match)" : "$0 to $\(scope.maxGroup)"
                error(.unknownCapture, "no capture group \(n): this rule has \(has)", file, literal.span)
                return nil
            }
            group = n
        case .name(let name)?:
            guard let n = captureNames[name] else {
                if scope.names.contains(name) {
                    error(
                        .invalidValue, "'show' needs a group of the pattern; '${\(name)}' is computed by the detector", file,
                        literal.span)
                    return nil
                }
                let valid = captureNames.isEmpty ? "this rule has no named captures" : scope.what
                error(
                    .unknownCapture, "unknown capture '\(name)'\(Spelling.hint(name, captureNames.keys)) (\(valid))", file,
                    literal.span)
                return nil
            }
            group = n
        default:
            return nil
        }
        // A group in a lookaround captures text beside the match, not a part of it.
        if pattern.ast.groupIsInLookaround(group) {
            error(
                .invalidValue,
                "'show' needs a group that captures part of the match, but group \(group) is inside a lookahead or lookbehind",
                file, literal.span)
            return nil
        }
        return group
    }

    /// `tag NAME where FIELD OP VALUE [and …] { style … tap … }`, `tag * where …` and
    /// `where …` (every tag) in a tag family; `where …` in an element rule, whose tests may
    /// also read the element's declared attributes.
    mutating func checkConditionalBlock(_ block: TagBlock, subject: ConditionalSubject, scope: CaptureScope, in file: SourceFile)
        -> ConditionalStyle?
    {
        var ok = true
        let name = block.name.name.lowercased()
        if case .family(let family) = subject, name != "*" {
            let level = name.dropFirst(family.count)
            if !name.hasPrefix(family) || !level.allSatisfy(\.isASCII) || !level.allSatisfy(\.isNumber) {
                error(
                    .invalidName,
                    "tag '\(block.name.name)' is not in family '\(family)' (expected '\(family)', '\(family)' followed by digits, or '*')",
                    file, block.name.span)
                ok = false
            }
        }
        var conditions: [TagCondition] = []
        for test in block.conditions {
            guard let field = conditionField(test.field, subject: subject, in: file) else {
                ok = false
                continue
            }
            let op = TagCondition.Operator(rawValue: test.op) ?? .equal
            let fieldName: String
            switch field {
            case .index: fieldName = "index"
            case .level: fieldName = "level"
            case .text: fieldName = "text"
            case .name: fieldName = "name"
            case .attribute(let attribute): fieldName = attribute
            }
            switch (field, test.value) {
            case (.index, .number(let n)), (.level, .number(let n)):
                guard !op.isStringTest else {
                    error(.invalidValue, "'\(fieldName)' is a number: '\(test.op)' tests strings", file, test.opSpan)
                    ok = false
                    continue
                }
                guard n.isInteger, let value = Int(exactly: n.value), abs(value) <= 1_000_000_000 else {
                    error(.invalidValue, "'\(fieldName)' is compared with an integer", file, n.span)
                    ok = false
                    continue
                }
                conditions.append(TagCondition(field: field, op: op, value: .integer(value)))
            case (.text, .string(let text, _)), (.name, .string(let text, _)), (.attribute, .string(let text, _)):
                guard op == .equal || op == .notEqual || op.isStringTest else {
                    error(
                        .invalidValue, "'\(fieldName)' is compared with '==', '!=', 'has', 'contains', 'starts with' or 'ends with'",
                        file, test.opSpan)
                    ok = false
                    continue
                }
                if op.isStringTest, text.isEmpty || (op == .has && text.contains(where: TagCondition.separatesWords)) {
                    let why = text.isEmpty ? "an empty string" : "a string with white space (it tests one word of the list)"
                    error(.invalidValue, "'\(test.op)' with \(why) never holds (as in CSS)", file, test.value.span)
                    ok = false
                    continue
                }
                conditions.append(TagCondition(field: field, op: op, value: .text(field == .name ? text.lowercased() : text)))
            default:
                let what = field == .index || field == .level ? "an integer" : "a string in quotes"
                error(.invalidValue, "'\(fieldName)' is compared with \(what)", file, test.value.span)
                ok = false
            }
        }
        let owner = name == "*" ? "the 'where' block" : "tag '\(block.name.name)' where …"
        let items = uniqueItems(block.items, owner: owner, in: file)
        var style = TextStyle()
        if case .style(let ref, _)? = items["style"] { style = self.style(ref, in: file).0 }
        var tap: TapOverride?
        if case .tap(let decl, _)? = items["tap"] {
            if decl.handler.name == "none" {
                if !decl.arguments.isEmpty {
                    error(.invalidValue, "'tap none' takes no arguments: it makes the match not tappable", file, decl.span)
                }
                tap = .notTappable
            } else {
                tap = .tap(checkTap(decl, scope: scope, in: file))
            }
        }
        let laidOut = elementLayout(items, in: file)
        guard ok else { return nil }
        return ConditionalStyle(
            tag: name == "*" ? nil : name, conditions: conditions, style: style, tap: tap, layout: laidOut.layout, before: laidOut.before,
            after: laidOut.after)
    }

    /// The field a test reads: `index`, `level` (tag families), `text`, `name`, or an
    /// element's declared attribute.
    mutating func conditionField(_ id: Identifier, subject: ConditionalSubject, in file: SourceFile) -> TagCondition.Field? {
        let lower = id.name.lowercased()
        switch subject {
        case .family:
            switch id.name {
            case "index": return .index
            case "level": return .level
            case "text": return .text
            case "name": return .name
            default:
                let fields = ["index", "level", "text", "name"]
                error(
                    .invalidName,
                    "unknown tag field '\(id.name)'\(Spelling.hint(id.name, fields)) (a condition tests index, level, text or name)",
                    file, id.span)
                return nil
            }
        case .element(let attributes):
            switch id.name {
            case "index": return .index
            case "text": return .text
            case "name": return .name
            default:
                if attributes.contains(lower) { return .attribute(lower) }
                let declared =
                    attributes.isEmpty
                    ? "no attributes are declared: list them as 'tag <a href>'" : "declared: \(attributes.joined(separator: ", "))"
                let tests = "an element's condition tests index, text, name or a declared attribute; \(declared)"
                if id.name == "level" {
                    error(.invalidName, "an element has no level, only a tag family's tags do (\(tests))", file, id.span)
                } else {
                    let hint = Spelling.hint(id.name, ["index", "text", "name"] + attributes)
                    error(.invalidName, "unknown field or attribute '\(id.name)'\(hint) (\(tests))", file, id.span)
                }
                return nil
            }
        }
    }

    /// Rules and tag families share one namespace.
    mutating func declareRule(_ id: Identifier, in file: SourceFile) -> Bool {
        var names = ruleNames
        defer { ruleNames = names }
        return declare(id, in: file, kind: "rule", table: &names)
    }

    /// Items by keyword; a repeated statement is an error (with a note at the first).
    mutating func uniqueItems(_ items: [Item], owner: String, in file: SourceFile) -> [String: Item] {
        var result: [String: Item] = [:]
        for item in items {
            if case .allowOverlap = item { continue }
            if case .tag = item { continue }
            if case .layout(let word) = item {
                // One layout: `block` and `hide` are two answers to one question.
                if case .layout(let first)? = result["layout"] {
                    error(
                        .duplicate, "\(owner) has two layouts ('\(first.name)' and '\(word.name)'); choose one", file, word.span,
                        notes: [.init("'\(first.name)' here", at: ref(file, first.span))])
                } else {
                    result["layout"] = item
                }
                continue
            }
            if let first = result[item.keyword] {
                error(
                    .duplicate, "\(owner) has two '\(item.keyword)' statements", file, item.span,
                    notes: [.init("first '\(item.keyword)' here", at: ref(file, first.span))])
                continue
            }
            result[item.keyword] = item
        }
        // One display: a replacement, an image or a widget; an image or widget may stand
        // beside a replacement (`replace "网页链接" image "link" position before`).
        let content = ["replace", "image", "widget"].compactMap { result[$0] }.sorted { $0.span.start < $1.span.start }
        let attachments = content.filter { $0.keyword != "replace" }
        if attachments.count > 1 {
            error(
                .conflictingContent, "\(owner) shows both '\(attachments[0].keyword)' and '\(attachments[1].keyword)'; choose one",
                file, attachments[1].span, notes: [.init("'\(attachments[0].keyword)' here", at: ref(file, attachments[0].span))])
        } else if content.count > 1, let attachment = attachments.first {
            let position: Identifier?
            switch attachment {
            case .image(let decl): position = decl.options.position
            case .widget(let decl): position = decl.options.position
            default: position = nil
            }
            if position == nil || position?.name == "replace" {
                error(
                    .conflictingContent,
                    "\(owner) shows both '\(content[0].keyword)' and '\(content[1].keyword)'; choose one, or put the \(attachment.keyword) beside the replacement with 'position before' or 'position after'",
                    file, content[1].span, notes: [.init("'\(content[0].keyword)' here", at: ref(file, content[0].span))])
            }
        }
        return result
    }

    mutating func checkPriority(_ item: Item?, in file: SourceFile) -> Int {
        guard case .priority(let n, _)? = item else { return 0 }
        guard n.isInteger, Self.priorityRange.contains(Int(exactly: n.value.rounded()) ?? Int.max), n.value.rounded() == n.value else {
            error(
                .invalidValue, "priority must be an integer from \(Self.priorityRange.lowerBound) to \(Self.priorityRange.upperBound)",
                file, n.span)
            return 0
        }
        return Int(n.value)
    }

    mutating func collectAllows(_ items: [Item], rule: String, in file: SourceFile) {
        for case .allowOverlap(let other, _) in items { allowSites.append((rule, other, file)) }
    }

    func allows(_ items: [Item]) -> [Identifier] {
        var others: [Identifier] = []
        for case .allowOverlap(let other, _) in items { others.append(other) }
        return others
    }
}
